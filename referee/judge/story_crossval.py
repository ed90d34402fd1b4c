"""Cross-validate the story judges' calibrations on their calibration sets.

``referee crossval coherence|ending [--shuffles N] [--json]``: the calibration set
(``datasets/judge/coherence_calibration.jsonl`` or ``ending_calibration.jsonl``) is split into
five folds, N times over (seeded shuffles); in each split the judge's weights and bands are
fitted on four folds, as ``referee build judge`` fits them on the whole set
(``build.fit_story_calibration``), and the fifth is judged. The story NLI model and the
nonsense probe are the committed ones. The figures are the mean over shuffles of coverage,
decided accuracy and forced accuracy, as ``referee eval judge`` reports them: the estimate of
how the bands fitted in sample decide out of it. Never reads the dev set.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from referee.judge.build import STORY_FEATURES, fit_story_calibration, story_calibration_rows
from referee.judge.crossval import FOLDS, format_figures, summarise
from referee.paths import datasets_dir


def story_cross_validate(task: str, shuffles: int = 30) -> dict[str, Any]:
    """Coverage, decided and forced accuracy of the ``task`` judge (``coherence`` or
    ``ending``), 5-fold cross-validated on its calibration set over ``shuffles`` seeded
    shuffles (means and standard deviations)."""
    if task not in STORY_FEATURES:
        raise ValueError(f"no story judge {task!r}; one of {', '.join(STORY_FEATURES)}")
    path = datasets_dir() / "judge" / f"{task}_calibration.jsonl"
    rows, labels = story_calibration_rows(task, path)
    names = STORY_FEATURES[task]
    figures = []
    for shuffle in range(shuffles):
        folds = np.array_split(np.random.RandomState(shuffle).permutation(len(labels)), FOLDS)
        scores = np.zeros(len(labels))
        accept_at = np.zeros(len(labels))
        reject_at = np.zeros(len(labels))
        for k, test in enumerate(folds):
            train = np.concatenate([fold for j, fold in enumerate(folds) if j != k])
            calibration = fit_story_calibration(rows[train], labels[train], names)
            scores[test] = calibration.probability(rows[test])
            accept_at[test], reject_at[test] = calibration.accept_at, calibration.reject_at
        accepted = scores >= accept_at
        rejected = ~accepted & (scores <= reject_at)
        decided = accepted | rejected
        right = (accepted & (labels == 1)) | (rejected & (labels == 0))
        figures.append(
            (
                float(decided.mean()),
                float(right.sum() / max(int(decided.sum()), 1)),
                float(((scores >= 0.5) == (labels == 1)).mean()),
            )
        )
    return {"task": task, "cases": len(labels), "shuffles": shuffles, **summarise(figures)}


def format_story_cross_validation(result: dict[str, Any]) -> str:
    """One line for a terminal."""
    return (
        f"{result['task']}, {result['cases']} calibration cases, {FOLDS}-fold x "
        f"{result['shuffles']}: {format_figures(result)}"
    )
