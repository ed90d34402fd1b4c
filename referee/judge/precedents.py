"""Precedents: the labelled training cases most like a sentence, for the same card.

A referee who has ruled on "the bells began to ring" for *Ring* before rules
"he made his anvil ring" the same way. The memory holds a vector of the words
around the card's match in every clear case of the training files
``datasets/judge/mention_train*.jsonl`` and of the cases written only as
precedents (``precedent_only_files``; ``Analysis.precedent_window``: up to three
tokens on each side, their contextual vectors from the mention judge's one pass
over the sentence, averaged; the sentence's vector when nothing matches),
grouped by card and by how
stage one matched the card there (``Analysis.match_kind``: the relation and the
cues found, such as a clean use of the card's word, or the word under a
hypothetical). For a new sentence and a card, the precedents are the
``PRECEDENTS`` cases of that card, matched the same way, whose texts are most
similar; stage two of the mention judge weighs their ``signal``: their
labels averaged by how far each similarity rises above ``SIMILARITY_FLOOR``,
times the nearest one's rise. Without the match kind, "Her brother was a
giant." would follow the case nearest in topic, "If a giant had lived on that
mountain...", a hypothetical; with one precedent instead of three, a single
loosely similar case decides the signal (compared by whole sentences, "...a wolf
hunted in the forest." followed "The shepherd boy cried wolf so often...",
similarity 0.46). Built by
``referee build judge`` into ``models/judge/mention-memory/``
(``REFEREE_MENTION_MEMORY`` moves it): the vectors in ``vectors.safetensors``
(float16), the cases in ``cases.json``.

>>> memory = PrecedentMemory(
...     cards=["ring", "ring"],
...     kinds=[("clean_name",), ("clean_name",)],
...     named=[True, False],
...     sentences=["She wore a gold ring.", "The bells began to ring."],
...     vectors=np.eye(2, dtype=np.float32),
...     model="test",
... )
>>> found = memory.precedents("ring", ("clean_name",), np.array([0.5, 0.9], dtype=np.float32))
>>> [(p.sentence, p.named, p.similarity) for p in found]
[('The bells began to ring.', False, 0.9), ('She wore a gold ring.', True, 0.5)]
>>> round(signal(found), 3)  # labels -1 and +1 weighed 0.6 and 0.2, times 0.6
-0.3
>>> memory.precedents("ring", ("troubled", "negated"), np.array([1.0, 0.0]))
()
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from safetensors.numpy import load_file, save_file

from referee.judge.cases import Case
from referee.judge.lexicon import lexicon_key
from referee.paths import datasets_dir, models_dir

MEMORY_SETTING = "REFEREE_MENTION_MEMORY"
VECTORS_FILE = "vectors.safetensors"
CASES_FILE = "cases.json"
PRECEDENTS = 3
"""How many of the most similar cases are weighed."""
SIMILARITY_FLOOR = 0.3
"""A case counts by how far its sentence's similarity rises above this (none at or below it).

Both chosen on 2026-12-01 by 5-fold cross-validation on the calibration set and on a real
table's plays, against one precedent and floors of 0 and 0.45 (models/judge/HISTORY.md)."""


class MemoryMismatch(ValueError):
    """The memory was built with another embedding model than the one judging."""


@dataclass(frozen=True)
class Precedent:
    """A labelled case like the sentence judged, for the same card."""

    sentence: str
    named: bool
    similarity: float


def signal(precedents: Sequence[Precedent]) -> float:
    """What the precedents say, in [-1, 1]: positive for named, 0 without any above the floor.

    Their labels (+1 named, -1 not named) averaged with weights ``similarity -
    SIMILARITY_FLOOR``, times the largest weight, so one close case says more
    than three loose ones.

    >>> signal([Precedent("A wolf howled.", named=False, similarity=0.8)])
    -0.5
    >>> signal([Precedent("Wolves ran.", named=True, similarity=0.25)])
    0.0
    """
    weights = np.array([max(0.0, p.similarity - SIMILARITY_FLOOR) for p in precedents])
    if not weights.sum():
        return 0.0
    labels = np.array([1.0 if p.named else -1.0 for p in precedents])
    return float((weights @ labels) / weights.sum() * weights.max())


class PrecedentMemory:
    """Labelled sentences and their vectors, searched card by card."""

    def __init__(
        self,
        cards: Sequence[str],
        kinds: Sequence[Sequence[str]],
        named: Sequence[bool],
        sentences: Sequence[str],
        vectors: np.ndarray,
        model: str,
        fingerprint: str = "",
    ) -> None:
        if not len(cards) == len(kinds) == len(named) == len(sentences) == len(vectors):
            raise ValueError("cards, match kinds, labels, sentences and vectors must be as many")
        self.cards = list(cards)
        self.kinds = [tuple(kind) for kind in kinds]
        self.named = [bool(label) for label in named]
        self.sentences = list(sentences)
        self.vectors = np.asarray(vectors, dtype=np.float32)
        self.model = model
        self.fingerprint = fingerprint
        """A digest of the data the memory was built from (empty when not built from files)."""
        rows: dict[tuple[str, tuple[str, ...]], list[int]] = {}
        for row, key in enumerate(zip(self.cards, self.kinds, strict=True)):
            rows.setdefault(key, []).append(row)
        self._rows = {key: np.array(found) for key, found in rows.items()}

    def __len__(self) -> int:
        return len(self.cards)

    @classmethod
    def empty(cls) -> PrecedentMemory:
        """A memory with no cases (every card then has no precedent)."""
        return cls([], [], [], [], np.zeros((0, 0), dtype=np.float32), model="")

    def precedents(
        self, card: str, kind: tuple[str, ...], vector: np.ndarray
    ) -> tuple[Precedent, ...]:
        """The ``PRECEDENTS`` cases of ``card`` (a lexicon key) matched the same way
        (``kind``) whose texts are most similar to ``vector``, most similar first."""
        rows = self._rows.get((card, kind))
        if rows is None:
            return ()
        if vector.shape[-1] != self.vectors.shape[1]:
            raise MemoryMismatch(
                f"the precedent memory holds {self.vectors.shape[1]}-dimensional vectors "
                f"of {self.model}, the embedder gives {vector.shape[-1]}: "
                "run `referee build judge` with this embedder"
            )
        similarities = self.vectors[rows] @ vector
        # Most similar first; between equals, the earlier case.
        order = sorted(range(len(rows)), key=lambda k: (-float(similarities[k]), k))
        return tuple(
            Precedent(
                sentence=self.sentences[int(rows[k])],
                named=self.named[int(rows[k])],
                similarity=round(float(similarities[k]), 6),
            )
            for k in order[:PRECEDENTS]
        )

    @classmethod
    def from_cases(
        cls,
        cases: Sequence[Case],
        kinds: Sequence[tuple[str, ...]],
        vectors: Sequence[np.ndarray],
        model: str,
        fingerprint: str = "",
    ) -> PrecedentMemory:
        """The memory of every clear mention case: ``kinds``, how stage one matched each
        case's card; ``vectors``, what it is compared by (``mention.precedent_vector``)."""
        chosen = [
            (case, kind, vector)
            for case, kind, vector in zip(cases, kinds, vectors, strict=True)
            if case.label in ("named", "not_named")
        ]
        return cls(
            cards=[lexicon_key(case.card_ref().name) for case, _, _ in chosen],
            kinds=[kind for _, kind, _ in chosen],
            named=[case.label == "named" for case, _, _ in chosen],
            sentences=[case.sentence for case, _, _ in chosen],
            vectors=np.stack([vector for _, _, vector in chosen])
            if chosen
            else np.zeros((0, 0), dtype=np.float32),
            model=model,
            fingerprint=fingerprint,
        )

    def save(self, folder: Path) -> None:
        """Write the vectors (float16) and the cases."""
        folder.mkdir(parents=True, exist_ok=True)
        save_file({"vectors": self.vectors.astype(np.float16)}, str(folder / VECTORS_FILE))
        cases = {
            "model": self.model,
            "data_sha256": self.fingerprint,
            "cases": [
                {"card": card, "match": list(kind), "named": named, "sentence": sentence}
                for card, kind, named, sentence in zip(
                    self.cards, self.kinds, self.named, self.sentences, strict=True
                )
            ],
        }
        (folder / CASES_FILE).write_text(json.dumps(cases, indent=0) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> PrecedentMemory:
        """The memory saved in ``folder``."""
        info = json.loads((folder / CASES_FILE).read_text(encoding="utf-8"))
        vectors = load_file(str(folder / VECTORS_FILE))["vectors"]
        cases = info["cases"]
        return cls(
            cards=[case["card"] for case in cases],
            kinds=[tuple(case["match"]) for case in cases],
            named=[case["named"] for case in cases],
            sentences=[case["sentence"] for case in cases],
            vectors=vectors,
            model=info["model"],
            fingerprint=info["data_sha256"],
        )


def precedent_only_files() -> list[Path]:
    """Cases kept only as precedents (``datasets/judge/mention_precedents*.jsonl``): stage
    one and the cross-encoder are not fitted on them."""
    return sorted((datasets_dir() / "judge").glob("mention_precedents*.jsonl"))


def memory_path() -> Path:
    """Where the memory lives (``models/judge/mention-memory/``)."""
    configured = os.environ.get(MEMORY_SETTING)
    return Path(configured) if configured else models_dir() / "judge" / "mention-memory"


@lru_cache(maxsize=4)
def _load(folder: str) -> PrecedentMemory:
    return PrecedentMemory.load(Path(folder))


def get_memory(folder: Path | None = None) -> PrecedentMemory:
    """The saved memory, loaded once per process."""
    return _load(str(folder or memory_path()))
