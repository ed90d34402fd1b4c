"""Calibration: a logistic model from features to a probability, and the three bands.

Fitted on our own labelled data (``datasets/judge/``), never on the dev set.
Scores at or above ``accept_at`` are accepted, at or below ``reject_at``
rejected, and the band between goes to the table's vote.

>>> import numpy as np
>>> model = fit_logistic(np.array([[0.0], [1.0], [0.1], [0.9]]), np.array([0, 1, 0, 1]))
>>> bool(model.probability(np.array([[1.0]]))[0] > 0.5)
True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from referee.core.ruling import Decision


@dataclass
class Calibration:
    """Weights over named features, standardisation, and the band thresholds."""

    features: list[str]
    mean: list[float]
    scale: list[float]
    weights: list[float]
    bias: float
    accept_at: float = 0.5
    reject_at: float = 0.5

    def probability(self, rows: np.ndarray) -> np.ndarray:
        """Calibrated probability that each row's card is named."""
        z = (rows - np.array(self.mean)) / np.array(self.scale)
        return 1.0 / (1.0 + np.exp(-(z @ np.array(self.weights) + self.bias)))

    def decide(self, score: float) -> Decision:
        """The band a score falls in."""
        if score >= self.accept_at:
            return "accept"
        if score <= self.reject_at:
            return "reject"
        return "vote"

    def save(self, path: Path) -> None:
        """Write as stable, readable JSON."""
        path.parent.mkdir(parents=True, exist_ok=True)
        data = asdict(self)
        path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Calibration:
        """Read what ``save`` wrote."""
        return cls(**json.loads(path.read_text(encoding="utf-8")))


def fingerprint(*calibrations: Calibration) -> str:
    """Eight hex digits naming these calibrations' features, weights and bands, so a
    verdict's version tells which calibration gave it.

    >>> one = Calibration(["x"], [0.0], [1.0], [2.0], 0.0, 0.8, 0.2)
    >>> fingerprint(one) == fingerprint(Calibration(["x"], [0.0], [1.0], [2.0], 0.0, 0.8, 0.2))
    True
    >>> fingerprint(one) == fingerprint(Calibration(["x"], [0.0], [1.0], [2.0], 0.0, 0.9, 0.2))
    False
    """
    text = json.dumps([vars(c) for c in calibrations], sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def logit(probabilities: np.ndarray) -> np.ndarray:
    """Log-odds of probabilities, clipped away from 0 and 1 so they stay finite."""
    clipped = np.clip(probabilities, 1e-4, 1 - 1e-4)
    return np.log(clipped / (1 - clipped))


def fit_logistic(
    rows: np.ndarray,
    labels: np.ndarray,
    names: list[str] | None = None,
    l2: float = 1.0,
    steps: int = 50,
    weights: np.ndarray | None = None,
) -> Calibration:
    """L2-regularised logistic regression by Newton's method: deterministic, no seed needed.
    ``weights`` weigh the rows (default 1 each), in the standardisation too."""
    names = names or [f"f{i}" for i in range(rows.shape[1])]
    weight = np.ones(len(rows)) if weights is None else np.asarray(weights, dtype=np.float64)
    mean = np.average(rows, axis=0, weights=weight)
    scale = np.sqrt(np.average((rows - mean) ** 2, axis=0, weights=weight))
    scale[scale < 1e-9] = 1.0
    z = (rows - mean) / scale
    x = np.hstack([z, np.ones((len(z), 1))])
    y = labels.astype(np.float64)
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[-1] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (weight * (p - y)) + penalty * w
        hessian = (x.T * (weight * p * (1 - p))) @ x + np.diag(penalty) + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return Calibration(
        features=list(names),
        mean=mean.tolist(),
        scale=scale.tolist(),
        weights=w[:-1].tolist(),
        bias=float(w[-1]),
    )


def fit_bands(
    scores: np.ndarray,
    labels: np.ndarray,
    target_accuracy: float,
    rejectable: np.ndarray | None = None,
) -> tuple[float, float]:
    """The widest-coverage band (reject_at, accept_at) whose decided accuracy meets the target.

    ``labels`` are 1 named, 0 not named, -1 unclear (unclear cases count as
    errors when decided, so the band learns to leave them to the vote). Every score
    (and 0 and 1) is a candidate threshold; between bands of equal coverage, the lowest
    reject threshold wins, then the lowest accept threshold. Where ``rejectable`` is
    False, a case is never rejected, whatever its score (the judge leaves it to its
    next stage), so it counts as undecided below the accept band.

    >>> fit_bands(np.array([0.1, 0.2, 0.6, 0.9]), np.array([0, 1, 1, 1]), 1.0)
    (0.1, 0.6)
    >>> fit_bands(np.array([0.1, 0.2, 0.6, 0.9]), np.array([0, 1, 0, 1]), 1.0)
    (0.1, 0.9)
    >>> fit_bands(np.array([0.1, 0.2, 0.3]), np.array([0, 1, 0]), 1.0)
    (0.1, 1.0)
    >>> fit_bands(np.array([0.1, 0.2, 0.3]), np.array([0, 1, 0]), 1.0,
    ...           rejectable=np.array([True, False, True]))
    (0.3, 1.0)
    """
    candidates = np.unique(np.concatenate([scores, [0.0, 1.0]]))
    lows, highs = candidates[candidates <= 0.5], candidates[candidates >= 0.5]
    clear = labels >= 0
    # Counts of the cases each threshold decides: rejected at or below a low, accepted at
    # or above a high; rows are lows, columns highs, both ascending.
    order = np.argsort(scores, kind="stable")
    sorted_scores = scores[order]

    def at_or_below(mask: np.ndarray) -> np.ndarray:
        cumulative = np.concatenate([[0], np.cumsum(mask[order])])
        return cumulative[np.searchsorted(sorted_scores, lows, side="right")][:, None]

    def at_or_above(mask: np.ndarray) -> np.ndarray:
        total = np.concatenate([np.cumsum(mask[order][::-1])[::-1], [0]])
        return total[np.searchsorted(sorted_scores, highs, side="left")][None, :]

    every = np.ones_like(clear)
    can_reject = every if rejectable is None else np.asarray(rejectable, dtype=bool)
    # A score of exactly 0.5 is both accepted and rejected by the band (0.5, 0.5).
    both = (lows[:, None] == 0.5) & (highs[None, :] == 0.5)
    at_half = (scores == 0.5) & can_reject
    decided = at_or_below(can_reject) + at_or_above(every) - both * at_half.sum()
    right = at_or_below((labels == 0) & can_reject) + at_or_above(labels == 1)
    decided_clear = (
        at_or_below(clear & can_reject) + at_or_above(clear) - both * (at_half & clear).sum()
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        accuracy = right / decided
    coverage = decided_clear / max(int(clear.sum()), 1)
    allowed = (decided > 0) & (accuracy >= target_accuracy)
    if not allowed.any():
        return (0.5, 0.5)
    # The widest coverage; between equals, the lowest low, then the lowest high.
    best = np.argmax(np.where(allowed, coverage, -1.0))
    low, high = np.unravel_index(best, allowed.shape)
    return (float(lows[low]), float(highs[high]))
