"""Dixit clues: which card on the table is a clue about, and is the clue too plain or too loose?

A scorer turns a clue and each card's picture description into a few
features; a listwise calibration (softmax over the table's cards, fitted on
``datasets/judge/clue_calibration.jsonl``, never on the dev set) turns them into the
probability that each card is the storyteller's. The same probabilities give
the storyteller a private tip: a clue whose card nearly every player would
pick is too literal (the storyteller scores 0), one that points to other
cards at least as well is too loose (also 0).

>>> judge = ClueJudge.lexical()
>>> ranking = judge.rank("a sleeping moon", ["A moon asleep in a hammock", "A red boat"])
>>> ranking.ranking
[0, 1]
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal, Protocol

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from referee.judge.inflection import forms
from referee.judge.script import in_latin_script
from referee.judge.text import content_words
from referee.paths import models_dir

TipKind = Literal["too_literal", "too_loose"]
LITERAL_AT = 0.75
"""A clue whose card players are expected to find at least this often is too literal."""
LOOSE_FACTOR = 0.75
"""A clue whose card is found less often than this share of chance (1/N) is too loose."""
SIMULATED_TABLES = 200
"""Layouts drawn from the deck to estimate how often players would find a card."""


class ClueTip(BaseModel):
    """Advice to the storyteller, privately and as a tip only: the rules never enforce it."""

    model_config = ConfigDict(frozen=True)

    kind: TipKind
    find_rate: float = Field(ge=0.0, le=1.0)
    """The estimated share of players who would find the storyteller's card."""
    message: str


class ClueRanking(BaseModel):
    """The cards ranked for a clue: a probability per card (in the cards' order) and the order."""

    model_config = ConfigDict(frozen=True)

    clue: str
    scores: list[float]
    """Probability that each card is the storyteller's; they sum to 1."""
    ranking: list[int]
    """Indices of the cards, best fit first (ties: lower index first)."""
    judge: str
    version: str
    tip: ClueTip | None = None


class ClueScorer(Protocol):
    """Features of how well a clue fits each picture description."""

    @property
    def id(self) -> str:
        """The scorer's name, as cited in the clue judge's id."""
        ...

    @property
    def version(self) -> str:
        """The scorer's version."""
        ...

    @property
    def feature_names(self) -> tuple[str, ...]:
        """Every feature the scorer can compute, in its order."""
        ...

    def features(
        self, clue: str, descriptions: Sequence[str], names: Sequence[str] | None = None
    ) -> np.ndarray:
        """One row per description of the features ``names`` (default: all ``feature_names``)."""
        ...


@lru_cache(maxsize=16384)
def _word_forms(text: str) -> frozenset[str]:
    """Every inflection of every content word of ``text``."""
    return frozenset(form for word in content_words(text) for form in forms(word))


@lru_cache(maxsize=65536)
def _forms(word: str) -> frozenset[str]:
    return frozenset(forms(word))


def shared_words(clue: str, description: str) -> list[str]:
    """The clue's content words that the description also uses, in any inflection.

    >>> shared_words("The moons sleep", "A moon sleeps in a hammock")
    ['moons', 'sleep']
    """
    described = content_words(description)
    inflected = _word_forms(description)
    return [
        word
        for word in content_words(clue)
        if word in inflected or any(other in _forms(word) for other in described)
    ]


def word_overlap(clue: str, description: str) -> float:
    """The share of the clue's content words that the description also uses (0 to 1)."""
    words = content_words(clue)
    return len(shared_words(clue, description)) / len(words) if words else 0.0


def wanted_features(names: Sequence[str] | None, known: Sequence[str]) -> tuple[str, ...]:
    """``names`` (default: all of ``known``), refused if it asks for a feature not in ``known``.

    >>> wanted_features(None, ("whole", "overlap"))
    ('whole', 'overlap')
    >>> wanted_features(["colour"], ("whole",))
    Traceback (most recent call last):
    ...
    ValueError: unknown clue features ['colour'] (known: ['whole'])
    """
    wanted = tuple(names) if names else tuple(known)
    unknown = [name for name in wanted if name not in known]
    if unknown:
        raise ValueError(f"unknown clue features {unknown} (known: {list(known)})")
    return wanted


class LexicalClueScorer:
    """Shared words only: fast and model-free, for bots and the lexical judge."""

    id = "clue-lexical"
    version = "1"
    feature_names = ("overlap",)

    def features(
        self, clue: str, descriptions: Sequence[str], names: Sequence[str] | None = None
    ) -> np.ndarray:
        """The share of the clue's content words each description uses."""
        wanted_features(names, self.feature_names)
        return np.array([[word_overlap(clue, d)] for d in descriptions]).reshape(-1, 1)


@dataclass
class ListwiseCalibration:
    """Weights over named features; a table's probabilities are the softmax of the weighted sum."""

    features: list[str]
    weights: list[float]

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        """Softmax over the rows (one row per card of one table)."""
        logits = rows @ np.array(self.weights)
        logits = logits - logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()

    def save(self, path: Path) -> None:
        """Write as stable, readable JSON."""
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(asdict(self), indent=1, sort_keys=True) + "\n"
        path.write_text(text, encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> ListwiseCalibration:
        """Read what ``save`` wrote."""
        return cls(**json.loads(path.read_text(encoding="utf-8")))


def fit_listwise(
    tables: list[np.ndarray], targets: list[int], names: Sequence[str], l2: float = 0.01
) -> ListwiseCalibration:
    """Weights maximising the log-probability of each table's target card (softmax, L2).

    Deterministic: full-batch gradient ascent from zero, a fixed number of steps, every
    table at once (padded to the largest; padding gets no probability).

    >>> tables = [np.array([[0.9], [0.1]]), np.array([[0.2], [0.8]])]
    >>> fit_listwise(tables, [0, 1], ["f"]).weights[0] > 0
    True
    """
    count, width = len(tables), max(len(rows) for rows in tables)
    padded = np.zeros((count, width, len(names)))
    absent = np.full((count, width), -np.inf)  # padding never gets probability
    for index, rows in enumerate(tables):
        padded[index, : len(rows)] = rows
        absent[index, : len(rows)] = 0.0
    chosen = padded[np.arange(count), targets]
    weights = np.zeros(len(names))
    rate = 0.5
    for _ in range(3000):
        logits = padded @ weights + absent
        exp = np.exp(logits - logits.max(axis=1, keepdims=True))
        probabilities = exp / exp.sum(axis=1, keepdims=True)
        expected = np.einsum("tc,tcf->tf", probabilities, padded)
        weights = weights + rate * ((chosen - expected).mean(axis=0) - l2 * weights)
    return ListwiseCalibration(features=list(names), weights=[round(float(w), 6) for w in weights])


def select_features(
    tables: list[np.ndarray], targets: list[int], names: Sequence[str], folds: int = 5
) -> tuple[list[str], float]:
    """The prefix of ``names`` whose listwise fit ranks held-out targets first most often.

    Each prefix (the first feature, the first two, ...) is scored by ``folds``-fold
    cross-validation (a fixed permutation, seed 0); a tie goes to the shorter prefix.
    Returns the chosen names and their cross-validated top-1 rate.
    """
    order = np.random.RandomState(0).permutation(len(tables))
    parts = np.array_split(order, folds)
    best: tuple[list[str], float] = ([names[0]], -1.0)
    for size in range(1, len(names) + 1):
        hits = 0
        for held in parts:
            kept = sorted(set(order.tolist()) - set(held.tolist()))
            fitted = fit_listwise(
                [tables[i][:, :size] for i in kept], [targets[i] for i in kept], names[:size]
            )
            hits += sum(
                int(np.argmax(fitted.probabilities(tables[i][:, :size])) == targets[i])
                for i in held
            )
        rate = hits / len(tables)
        if rate > best[1]:
            best = (list(names[:size]), rate)
    return best


CALIBRATIONS_SETTING = "REFEREE_CLUE_CALIBRATIONS"


def calibration_path(scorer_id: str) -> Path:
    """Where the calibration of the scorer ``scorer_id`` lives (``REFEREE_CLUE_CALIBRATIONS``
    names another folder)."""
    folder = os.environ.get(CALIBRATIONS_SETTING)
    base = Path(folder) if folder else models_dir() / "judge"
    return base / f"{scorer_id}_calibration.json"


class ClueJudge:
    """Ranks a table's cards for a clue, and tips the storyteller about their clue."""

    def __init__(self, scorer: ClueScorer, calibration: ListwiseCalibration | None = None) -> None:
        self.scorer = scorer
        self.calibration = calibration or ListwiseCalibration.load(calibration_path(scorer.id))
        unknown = [f for f in self.calibration.features if f not in scorer.feature_names]
        if unknown:
            raise ValueError(
                f"the calibration of {scorer.id} weighs features {unknown} that the scorer does "
                f"not compute ({list(scorer.feature_names)}): run `referee build judge`"
            )
        self.id = scorer.id
        self.version = scorer.version

    @classmethod
    def lexical(cls) -> ClueJudge:
        """The model-free judge (shared words)."""
        return cls(LexicalClueScorer())

    def scores(self, clue: str, descriptions: Sequence[str]) -> list[float]:
        """The probability that each description is the storyteller's card (sum 1); all
        alike for a clue mostly in another script than Latin, which the judge cannot read."""
        if not descriptions:
            return []
        if not in_latin_script(clue):
            return [1 / len(descriptions)] * len(descriptions)
        rows = self.scorer.features(clue, descriptions, self.calibration.features)
        return [float(p) for p in self.calibration.probabilities(rows)]

    def rank(self, clue: str, cards: Sequence[str], target: int | None = None) -> ClueRanking:
        """``cards`` ranked for ``clue``; with ``target`` (the storyteller's card), a tip if due."""
        scores = self.scores(clue, cards)
        ranking = sorted(range(len(cards)), key=lambda i: (-scores[i], i))
        tip = None
        if target is not None and in_latin_script(clue):
            tip = tip_for(scores[target], len(cards), shared_words(clue, cards[target]))
        return ClueRanking(
            clue=clue,
            scores=[round(s, 6) for s in scores],
            ranking=ranking,
            judge=self.id,
            version=self.version,
            tip=tip,
        )

    def find_rate(
        self, clue: str, card: str, deck: Sequence[str], layout: int, hand: int, seed: int = 0
    ) -> float:
        """How often a player would pick ``card`` among ``layout`` cards for ``clue``, estimated.

        The other ``layout - 1`` cards are simulated as each other player's best
        fit from a hand of ``hand`` cards drawn from ``deck`` (the cards the
        storyteller does not hold), over a fixed number of seeded layouts.
        """
        scores = np.array(self.scorer_logits(clue, [card, *deck]))
        own, others = scores[0], scores[1:]
        rng = np.random.default_rng(seed)
        needed = (layout - 1) * hand
        if len(others) < needed:
            raise ValueError(f"the deck has {len(others)} cards, {needed} needed to simulate")
        rates = []
        for _ in range(SIMULATED_TABLES):
            drawn = rng.choice(len(others), size=needed, replace=False).reshape(layout - 1, hand)
            rivals = others[drawn].max(axis=1)
            logits = np.concatenate([[own], rivals])
            exp = np.exp(logits - logits.max())
            rates.append(exp[0] / exp.sum())
        return float(np.mean(rates))

    def scorer_logits(self, clue: str, descriptions: Sequence[str]) -> list[float]:
        """The calibrated logit of each description (comparable across tables of one clue)."""
        rows = self.scorer.features(clue, descriptions, self.calibration.features)
        return [float(v) for v in rows @ np.array(self.calibration.weights)]

    def tip(
        self, clue: str, card: str, deck: Sequence[str], layout: int, hand: int, seed: int = 0
    ) -> ClueTip | None:
        """A tip for the storyteller of ``card``, before the layout exists (see ``find_rate``);
        none for a clue the judge cannot read."""
        if not in_latin_script(clue):
            return None
        rate = self.find_rate(clue, card, deck, layout, hand, seed)
        return tip_for(rate, layout, shared_words(clue, card))


def tip_for(find_rate: float, layout: int, shared: list[str]) -> ClueTip | None:
    """The tip for a clue whose card players find at ``find_rate`` among ``layout`` cards.

    >>> tip_for(0.9, 5, ["moon"]).kind
    'too_literal'
    >>> tip_for(0.05, 5, []).kind
    'too_loose'
    >>> tip_for(0.4, 5, []) is None
    True
    """
    rate = round(float(find_rate), 4)
    if rate >= LITERAL_AT:
        said = (
            f" it repeats {', '.join(repr(w) for w in shared)} from the picture;" if shared else ""
        )
        return ClueTip(
            kind="too_literal",
            find_rate=rate,
            message=(
                f"Tip: your clue points so plainly to your card that about {rate:.0%} of players "
                f"would find it;{said} if everyone finds it you score 0."
            ),
        )
    if rate < LOOSE_FACTOR / layout:
        return ClueTip(
            kind="too_loose",
            find_rate=rate,
            message=(
                f"Tip: other cards may fit your clue better than yours; only about {rate:.0%} of "
                "players would find it, and if nobody does you score 0."
            ),
        )
    return None


_LOCK = threading.Lock()


@lru_cache(maxsize=2)
def _load(kind: str) -> ClueJudge:
    if kind == "lexical":
        return ClueJudge.lexical()
    from referee.judge.clue_embedding import EmbeddingClueScorer

    return ClueJudge(EmbeddingClueScorer())


def get_clue_judge(kind: Literal["model", "lexical"] = "model") -> ClueJudge:
    """The process-wide clue judge of ``kind``, loaded once."""
    with _LOCK:
        return _load(kind)
