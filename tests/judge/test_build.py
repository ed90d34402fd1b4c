"""The rebuild command: deterministic, and it reproduces the committed calibration exactly."""

import json
from pathlib import Path

import numpy as np

from referee.judge.build import build, fit_mention_calibration
from referee.judge.calibration import Calibration
from referee.judge.features import FEATURES
from referee.paths import models_dir

FIXTURE = Path(__file__).parent / "fixtures" / "mention_small.jsonl"


def test_fit_is_deterministic_and_readable(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    summary = fit_mention_calibration([FIXTURE], [FIXTURE], first)
    fit_mention_calibration([FIXTURE], [FIXTURE], second)
    assert first.read_bytes() == second.read_bytes()
    calibration = Calibration.load(first)
    assert calibration.features == list(FEATURES)
    assert calibration.reject_at <= 0.5 <= calibration.accept_at
    assert summary["train_cases"] == 7 and set(summary["weights"]) == set(FEATURES)


def test_rebuild_reproduces_the_committed_calibration(tmp_path, monkeypatch):
    target = tmp_path / "mention_calibration.json"
    monkeypatch.setenv("REFEREE_MENTION_CALIBRATION", str(target))
    summary = build(rebuild_lexicon=False)
    committed = models_dir() / "judge" / "mention_calibration.json"
    rebuilt, saved = json.loads(target.read_text()), json.loads(committed.read_text())
    assert rebuilt["features"] == saved["features"]
    for key in ("mean", "scale", "weights"):
        assert np.allclose(rebuilt[key], saved[key], atol=1e-6), key
    for key in ("bias", "accept_at", "reject_at"):
        assert abs(rebuilt[key] - saved[key]) < 1e-6, key
    assert summary["mention"]["train_cases"] >= 900
