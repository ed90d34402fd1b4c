"""The nonsense probe: does a sentence read as nonsense, whatever story it is in?

The labelling guide calls a sentence incoherent when it contradicts the story *or is
nonsense* ("Then the mountain ate a Tuesday"). The story NLI model reads a sentence
against the story, and nonsense contradicts nothing in particular, so the coherence
judge also asks this probe: a logistic regression over the shared embedder's
sentence vector (all-MiniLM-L6-v2, 384 numbers), fitted on sentences we wrote,
nonsense against sense (``datasets/judge/nonsense_probe_*.jsonl``, and the
``coherence_train*.jsonl`` files' nonsense lines against their other lines and
stories). The sensible side holds the hard cases on purpose: magic, personification,
metaphor and hyperbole, and plain lines using the words nonsense likes (days,
numbers, colours, silence, names) in their ordinary sense, so that the probe does not
learn that a Tuesday is nonsense. ``referee build judge`` fits it
(``models/judge/nonsense_probe.json``); the fit is deterministic.

>>> probe = NonsenseProbe(Calibration(["v0"], [0.0], [1.0], [2.0], 0.0), embedder=None)
>>> probe.calibration.features
['v0']
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from referee.judge.calibration import Calibration, fit_logistic, logit
from referee.judge.embedding import SentenceEncoder, get_embedder
from referee.paths import datasets_dir, models_dir

PROBE_FILE = "nonsense_probe.json"
PROBE_SETTING = "REFEREE_NONSENSE_PROBE"
PROBE_DATA = "nonsense_probe_*.jsonl"
COHERENCE_TRAINING = "coherence_train*.jsonl"
L2 = 1000.0
"""The probe's L2 penalty (standardised vector components; the two classes weigh the same).
Chosen by 5-fold cross-validation of the coherence calibration with the probe as its third
input (100, 300, 1,000 and 3,000 measured; models/judge/HISTORY.md)."""
CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:and|but|because|until|while)\b", re.I)
"""Where a sentence is cut into the clauses ``read`` weighs: punctuation and the conjunctions
that join two statements (not "which", "when" or "so", whose halves read as fragments)."""
QUOTES = '"“”‘’ '
"""Stripped from the ends of a clause: quotation marks (a quote cut in two) and spaces."""


@dataclass(frozen=True)
class NonsenseReading:
    """How much a sentence reads as nonsense, and its phrase that reads most so."""

    probability: float
    phrase: str


class NonsenseProbe:
    """A linear probe over sentence vectors: the probability that a sentence is nonsense."""

    def __init__(self, calibration: Calibration, embedder: SentenceEncoder | None = None) -> None:
        self.calibration = calibration
        self._embedder = embedder

    @property
    def embedder(self) -> SentenceEncoder:
        """The process-wide embedder (the mention judge's), loaded on first use."""
        if self._embedder is None:
            self._embedder = get_embedder()
        return self._embedder

    def probabilities(self, sentences: list[str]) -> np.ndarray:
        """The probability that each sentence is nonsense."""
        return self.calibration.probability(self.embedder.encode(sentences))

    def log_odds(self, sentence: str) -> float:
        """The probe's log-odds that ``sentence`` is nonsense (the coherence judge's input)."""
        return float(logit(self.probabilities([sentence]))[0])

    def read(self, sentence: str) -> NonsenseReading:
        """The sentence's probability, and what reads most like nonsense, the evidence a
        table is shown: one of its clauses (of three words or more) where that reads so more
        than the whole sentence, else the sentence."""
        clauses = [part.strip(QUOTES) for part in CLAUSE_BREAK.split(sentence)]
        clauses = [part for part in clauses if len(part.split()) >= 3 and part != sentence]
        scores = self.probabilities([sentence, *clauses])
        phrase = [sentence, *clauses][int(np.argmax(scores))]
        return NonsenseReading(float(scores[0]), phrase)


def probe_path() -> Path:
    """``models/judge/nonsense_probe.json``, or where ``REFEREE_NONSENSE_PROBE`` points."""
    configured = os.environ.get(PROBE_SETTING)
    return Path(configured) if configured else models_dir() / "judge" / PROBE_FILE


@lru_cache(maxsize=4)
def _load(path: str) -> NonsenseProbe:
    return NonsenseProbe(Calibration.load(Path(path)))


def get_nonsense_probe() -> NonsenseProbe:
    """The process-wide probe (read once per file)."""
    return _load(str(probe_path()))


def _rows(paths: Iterable[Path]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for path in paths:
        with path.open(encoding="utf-8") as lines:
            rows.extend(json.loads(line) for line in lines if line.strip())
    return rows


def probe_files(folder: Path | None = None) -> list[Path]:
    """The data the probe is fitted on: its own files and the coherence training files."""
    folder = folder or datasets_dir() / "judge"
    return sorted(folder.glob(PROBE_DATA)) + sorted(folder.glob(COHERENCE_TRAINING))


def probe_sentences(paths: Iterable[Path]) -> tuple[list[str], list[str]]:
    """(nonsense, sensible) sentences, sorted and distinct, from probe and coherence rows.

    A probe row is ``{"sentence", "label": "nonsense" | "sensible", "style"}``. A coherence
    case gives its sentence as nonsense when its kind is ``nonsense``, else as sensible
    (a contradiction is a sensible sentence in the wrong story), and its context's
    sentences as sensible.
    """
    nonsense: set[str] = set()
    sensible: set[str] = set()
    for row in _rows(paths):
        if "label" in row and row["label"] in ("nonsense", "sensible"):
            (nonsense if row["label"] == "nonsense" else sensible).add(row["sentence"])
            continue
        (nonsense if row.get("kind") == "nonsense" else sensible).add(row["sentence"])
        sensible.update(row.get("context", []))
    return sorted(nonsense), sorted(sensible - nonsense)


def fit_nonsense_probe(
    paths: list[Path], out: Path, embedder: SentenceEncoder | None = None
) -> dict[str, Any]:
    """Fit the probe on the sentences of ``paths`` (both classes weighing the same); write
    ``out``; return a summary."""
    nonsense, sensible = probe_sentences(paths)
    vectors = (embedder or get_embedder()).encode([*nonsense, *sensible])
    labels = np.r_[np.ones(len(nonsense)), np.zeros(len(sensible))]
    weights = np.where(
        labels == 1, len(labels) / (2 * len(nonsense)), len(labels) / (2 * len(sensible))
    )
    names = [f"v{i}" for i in range(vectors.shape[1])]
    probe = fit_logistic(vectors, labels, names, l2=L2, weights=weights)
    probe.save(out)
    predicted = probe.probability(vectors) >= 0.5
    return {
        "nonsense": len(nonsense),
        "sensible": len(sensible),
        "l2": L2,
        "fitted_recall": round(float(predicted[labels == 1].mean()), 4),
        "fitted_false_alarms": round(float(predicted[labels == 0].mean()), 4),
    }
