"""The calibration's band search, against a direct search over every pair of thresholds."""

import numpy as np
import pytest

from referee.judge.calibration import fit_bands


def widest_band_by_direct_search(
    scores: np.ndarray,
    labels: np.ndarray,
    target: float,
    rejectable: np.ndarray | None = None,
) -> tuple[float, float]:
    """Every (low, high) pair tried in order, the first of the widest coverage kept."""
    candidates = np.unique(np.concatenate([scores, [0.0, 1.0]]))
    best, best_coverage = (0.5, 0.5), -1.0
    clear = labels >= 0
    can_reject = np.ones(len(scores), bool) if rejectable is None else rejectable
    for low in candidates[candidates <= 0.5]:
        for high in candidates[candidates >= 0.5]:
            accept, reject = scores >= high, (scores <= low) & can_reject
            decided = accept | reject
            if not decided.any():
                continue
            right = (accept & (labels == 1)) | (reject & (labels == 0))
            coverage = (decided & clear).sum() / max(clear.sum(), 1)
            if right[decided].sum() / decided.sum() >= target and coverage > best_coverage:
                best, best_coverage = (float(low), float(high)), coverage
    return best


@pytest.mark.parametrize("seed", range(40))
def test_the_band_is_the_widest_meeting_the_target(seed):
    rng = np.random.RandomState(seed)
    size = int(rng.randint(1, 80))
    scores = np.round(rng.rand(size), int(rng.randint(1, 3)))  # ties, sometimes at 0.5
    if seed % 4 == 0:
        scores[: size // 3] = 0.5
    labels = rng.randint(-1, 2, size)
    if seed % 5 == 0:
        labels = (scores + rng.randn(size) * 0.2 > 0.5).astype(int)
    target = float(rng.choice([0.5, 0.8, 0.9, 0.95, 1.0]))
    assert fit_bands(scores, labels, target) == widest_band_by_direct_search(scores, labels, target)


@pytest.mark.parametrize("seed", range(40))
def test_cases_that_cannot_be_rejected_are_left_to_the_next_stage(seed):
    rng = np.random.RandomState(100 + seed)
    size = int(rng.randint(1, 80))
    scores = np.round(rng.rand(size), int(rng.randint(1, 3)))
    if seed % 4 == 0:
        scores[: size // 3] = 0.5
    labels = (scores + rng.randn(size) * 0.3 > 0.5).astype(int)
    labels[rng.rand(size) < 0.1] = -1
    rejectable = rng.rand(size) < 0.7
    target = float(rng.choice([0.8, 0.9, 0.95, 1.0]))
    band = fit_bands(scores, labels, target, rejectable=rejectable)
    assert band == widest_band_by_direct_search(scores, labels, target, rejectable)


def test_no_band_meets_an_impossible_target():
    scores = np.array([0.2, 0.8])
    assert fit_bands(scores, np.array([1, 0]), 0.9) == (0.5, 0.5)


def test_unclear_cases_count_as_errors_when_decided():
    scores = np.array([0.05, 0.1, 0.9, 0.95])
    # The unclear case at 0.9 would make any accept band at or below it 2/3 right.
    low, high = fit_bands(scores, np.array([0, 0, -1, 1]), 1.0)
    assert (low, high) == (0.1, 0.95)
