"""Rebuild the judge's artifacts from the repository's own data, deterministically.

``referee build judge`` (or ``make models``): rebuild the lexicon when
WordNet is installed, then fit the mention calibration on every
``datasets/judge/mention_train*.jsonl`` and its bands on
``datasets/judge/mention_calibration.jsonl``. Never reads the dev set.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

from referee.judge.calibration import Calibration, fit_bands, fit_logistic
from referee.judge.cases import Case, load_cases
from referee.judge.features import FEATURES
from referee.judge.mention import MentionJudge, calibration_path
from referee.paths import datasets_dir

TARGET_DECIDED_ACCURACY = 0.96
"""The bands are the widest whose decided accuracy on calibration data reaches this."""
L2 = 1.0


def _features(judge: MentionJudge, cases: list[Case]) -> np.ndarray:
    rows = [judge.analyse(c.sentence, c.context, [c.card_ref()])[0].vector() for c in cases]
    return np.stack(rows)


def _labels(cases: list[Case]) -> np.ndarray:
    return np.array([{"named": 1, "not_named": 0}.get(c.label or "", -1) for c in cases])


def _digest(paths: list[Path]) -> str:
    sha = hashlib.sha256()
    for path in paths:
        sha.update(path.read_bytes())
    return sha.hexdigest()[:16]


def fit_mention_calibration(train: list[Path], held: list[Path], out: Path) -> dict[str, Any]:
    """Fit weights on ``train`` and bands on ``held``; write ``out``; return a summary."""
    placeholder = Calibration(features=list(FEATURES), mean=[0.0] * len(FEATURES),
                              scale=[1.0] * len(FEATURES), weights=[0.0] * len(FEATURES),
                              bias=0.0)
    judge = MentionJudge(calibration=placeholder)
    train_cases = [c for c in load_cases(train) if c.task == "mention"]
    held_cases = [c for c in load_cases(held) if c.task == "mention"]
    x_train, y_train = _features(judge, train_cases), _labels(train_cases)
    clear = y_train >= 0
    calibration = fit_logistic(x_train[clear], y_train[clear], list(FEATURES), l2=L2)
    scores = calibration.probability(_features(judge, held_cases))
    y_held = _labels(held_cases)
    calibration.reject_at, calibration.accept_at = fit_bands(
        scores, y_held, TARGET_DECIDED_ACCURACY)
    calibration.save(out)
    decided = (scores >= calibration.accept_at) | (scores <= calibration.reject_at)
    clear_held = y_held >= 0
    return {
        "train_cases": len(train_cases),
        "calibration_cases": len(held_cases),
        "data_sha256": _digest(train + held),
        "accept_at": calibration.accept_at,
        "reject_at": calibration.reject_at,
        "calibration_coverage": round(float((decided & clear_held).sum() / clear_held.sum()), 4),
        "weights": dict(zip(FEATURES, np.round(calibration.weights, 3).tolist(), strict=True)),
    }


def build(rebuild_lexicon: bool = True) -> dict[str, Any]:
    """Rebuild every judge artifact; returns what was done."""
    summary: dict[str, Any] = {}
    if rebuild_lexicon:
        from referee.judge import lexicon_build

        summary["lexicon"] = lexicon_build.rebuild_if_possible()
    data = datasets_dir() / "judge"
    summary["mention"] = fit_mention_calibration(
        sorted(data.glob("mention_train*.jsonl")), [data / "mention_calibration.jsonl"],
        calibration_path())
    return summary


def main() -> int:
    """Print the summary of a rebuild."""
    print(json.dumps(build(), indent=1))
    return 0
