"""Cross-validate the mention judge's calibration on ``datasets/judge/mention_calibration.jsonl``.

``referee crossval mention [--shuffles N] [--stage-two-sure S] [--json]``: the calibration
set is split into five folds, N times over (seeded shuffles); in each split, stage two's
combination is fitted on four folds, as ``referee build judge`` fits it on the whole set,
its bands put at ``S`` either way, and the fifth is judged (stage one's bands are the
build's constants). Stage one's combination (fitted
on the training files, never on these cases), the cross-encoder and the precedent memory are
the committed ones. The figures are the mean over shuffles of coverage, decided accuracy and
forced accuracy on the clear cases, as ``referee eval judge`` reports them: the estimate the
stage-two certainty is chosen by (``build.STAGE_TWO_SURE``). Never reads the dev set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from referee.judge.build import (
    STAGE_ONE_ACCEPT_AT,
    STAGE_ONE_REJECT_AT,
    STAGE_TWO_SURE,
    case_labels,
    fit_stage_two,
    unrelated_cards,
)
from referee.judge.calibration import Calibration
from referee.judge.cases import Case, load_cases
from referee.judge.cross_encoder import get_table_scorer
from referee.judge.features import Analysis
from referee.judge.mention import (
    SECOND_STAGE_FEATURES,
    MentionJudge,
    first_stage_decision,
    first_stage_score,
    second_stage_decision,
    second_stage_rows,
)
from referee.paths import datasets_dir

FOLDS = 5


@dataclass
class _Readings:
    """Everything the folds need, read once: each case's analysis, stage-one score and
    stage-two inputs, and the same for its unrelated cards."""

    analyses: list[Analysis]
    labels: np.ndarray
    first: np.ndarray
    rows: np.ndarray
    unrelated: list[tuple[np.ndarray, np.ndarray, list[Analysis]]]


def _read(judge: MentionJudge, cases: list[Case]) -> _Readings:
    scorer = judge.scorer
    analyses = [judge.analyse(c.sentence, c.context, [c.card_ref()])[0] for c in cases]
    first = judge.calibration.probability(np.stack([a.vector() for a in analyses]))
    read = np.array([scorer.scores(c.context, c.sentence, [c.card_ref()])[0] for c in cases])
    unrelated = []
    for case, cards in zip(cases, unrelated_cards(cases), strict=True):
        own = judge.analyse(case.sentence, case.context, cards)
        scores = judge.calibration.probability(np.stack([a.vector() for a in own]))
        reads = scorer.scores(case.context, case.sentence, cards)
        unrelated.append((scores, second_stage_rows(scores, reads, own), own))
    rows = second_stage_rows(first, read, analyses)
    return _Readings(analyses, case_labels(cases), first, rows, unrelated)


def _judge_fold(
    data: _Readings, stage_one: Calibration, train: np.ndarray, test: np.ndarray, sure: float
) -> dict[int, tuple[str, float]]:
    """Fit stage two on ``train`` (its bands at ``sure``); (decision, score) for each case of
    ``test``."""
    bands = Calibration(**vars(stage_one))
    bands.reject_at, bands.accept_at = STAGE_ONE_REJECT_AT, STAGE_ONE_ACCEPT_AT

    def left(score: float, analysis: Analysis) -> bool:
        return first_stage_decision(bands, score, analysis) == "vote"

    left_train = [i for i in train if left(float(data.first[i]), data.analyses[i])]
    unrelated = [
        rows[[j for j, a in enumerate(own) if left(float(scores[j]), a)]]
        for scores, rows, own in (data.unrelated[i] for i in train)
    ]
    unrelated_rows = (
        np.concatenate(unrelated) if unrelated else np.zeros((0, len(SECOND_STAGE_FEATURES)))
    )
    stage_two, _, _ = fit_stage_two(
        data.rows[left_train], data.labels[left_train], unrelated_rows, sure
    )
    verdicts: dict[int, tuple[str, float]] = {}
    for i in test:
        score = float(data.first[i])
        decision = first_stage_decision(bands, score, data.analyses[i])
        score = first_stage_score(bands, score, decision)
        if decision == "vote":
            probability = float(stage_two.probability(data.rows[i : i + 1])[0])
            decision, score, _ = second_stage_decision(stage_two, probability, data.analyses[i])
        verdicts[int(i)] = (decision, score)
    return verdicts


def cross_validate(shuffles: int = 30, stage_two_sure: float = STAGE_TWO_SURE) -> dict[str, Any]:
    """Coverage, decided and forced accuracy of the mention judge, 5-fold cross-validated on
    the calibration set over ``shuffles`` seeded shuffles (means and standard deviations)."""
    judge = MentionJudge(scorer=get_table_scorer(bf16=False))  # fitted on float32 scores
    path = datasets_dir() / "judge" / "mention_calibration.jsonl"
    cases = [c for c in load_cases([path]) if c.task == "mention"]
    data = _read(judge, cases)
    clear = [int(i) for i in np.flatnonzero(data.labels >= 0)]
    figures = []
    for shuffle in range(shuffles):
        folds = np.array_split(np.random.RandomState(shuffle).permutation(len(cases)), FOLDS)
        verdicts: dict[int, tuple[str, float]] = {}
        for k, test in enumerate(folds):
            train = np.concatenate([fold for j, fold in enumerate(folds) if j != k])
            verdicts.update(_judge_fold(data, judge.calibration, train, test, stage_two_sure))
        decided = [i for i in clear if verdicts[i][0] != "vote"]
        right = sum((verdicts[i][0] == "accept") == (data.labels[i] == 1) for i in decided)
        forced = sum((verdicts[i][1] >= 0.5) == (data.labels[i] == 1) for i in clear)
        figures.append(
            (len(decided) / len(clear), right / max(len(decided), 1), forced / len(clear))
        )
    return {
        "cases": len(cases),
        "shuffles": shuffles,
        "stage_two_sure": stage_two_sure,
        **summarise(figures),
    }


def summarise(figures: list[tuple[float, float, float]]) -> dict[str, Any]:
    """The mean of each shuffle's (coverage, decided accuracy, forced accuracy), and ``std``.

    >>> summarise([(0.8, 0.9, 0.85), (0.9, 0.95, 0.85)])["coverage"]
    0.85
    """
    table = np.array(figures)
    names = ("coverage", "decided_accuracy", "forced_accuracy")
    return {
        **{name: round(float(table[:, k].mean()), 4) for k, name in enumerate(names)},
        "std": {name: round(float(table[:, k].std()), 4) for k, name in enumerate(names)},
    }


def format_cross_validation(result: dict[str, Any]) -> str:
    """One line for a terminal."""
    return (
        f"mention, {result['cases']} calibration cases, {FOLDS}-fold x {result['shuffles']} "
        f"(stage two sure at {result['stage_two_sure']}): {format_figures(result)}"
    )


def format_figures(result: dict[str, Any]) -> str:
    """The three means and their standard deviations, as the report lines give them.

    >>> format_figures({"coverage": 0.85, "decided_accuracy": 0.9, "forced_accuracy": 0.8,
    ...                 "std": {"coverage": 0.01, "decided_accuracy": 0.02,
    ...                         "forced_accuracy": 0.0}})
    'coverage=0.850 decided_accuracy=0.900 forced_accuracy=0.800 (std 0.010 / 0.020 / 0.000)'
    """
    std = result["std"]
    return (
        f"coverage={result['coverage']:.3f} decided_accuracy={result['decided_accuracy']:.3f} "
        f"forced_accuracy={result['forced_accuracy']:.3f} (std {std['coverage']:.3f} / "
        f"{std['decided_accuracy']:.3f} / {std['forced_accuracy']:.3f})"
    )
