"""The clue scorer with sentence embeddings: the clue against each picture and its parts.

A picture description often holds several images ("a lighthouse on a cliff,
its lamp dark, a chair facing the sea"); a clue may evoke only one of them,
so besides the whole description each of its parts is compared too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from referee.judge.clue import wanted_features, word_overlap
from referee.judge.embedding import Embedder
from referee.judge.train_clue import clue_encoder_path
from referee.judge.training import TRAINED_WEIGHTS, load_trained_weights

_PART_BREAK = re.compile(r"[,;:()]|\s(?:while|as|where|and|with|under|beneath|above)\s")
MIN_PART_WORDS = 2


def picture_parts(description: str) -> list[str]:
    """The description's parts of at least two words (the whole if it has none).

    >>> picture_parts("A lighthouse on a cliff, its lamp dark, a chair facing the sea")
    ['A lighthouse on a cliff', 'its lamp dark', 'a chair facing the sea']
    """
    parts = [p.strip() for p in _PART_BREAK.split(description)]
    kept = [p for p in parts if len(p.split()) >= MIN_PART_WORDS]
    return kept or [description]


def clue_embedder(folder: Path | None = None, base_model: str | None = None) -> Embedder:
    """The base sentence encoder with the clue encoder's fine-tuned weights loaded into it.

    Raises FileNotFoundError, naming the command that trains it, when they are missing.
    """
    found = folder or clue_encoder_path()
    if not (found / TRAINED_WEIGHTS).exists():
        raise FileNotFoundError(f"no clue encoder in {found}: run `referee train clue`")
    embedder = Embedder(base_model)
    load_trained_weights(embedder.model, found)
    embedder.model.eval()
    return embedder


def _fingerprint(folder: Path) -> str:
    info = folder / "training.json"
    if not info.exists():
        return "untrained"
    return str(json.loads(info.read_text(encoding="utf-8")).get("fingerprint", "untrained"))


class EmbeddingClueScorer:
    """Cosine of the clue to the whole description and to its best part, and shared words.

    The encoder is the clue encoder (``referee train clue``) unless another
    embedder is given.
    """

    id = "clue-embedding"
    feature_names = ("whole", "best_part", "overlap")

    def __init__(self, embedder: Embedder | None = None) -> None:
        folder = clue_encoder_path()
        self.embedder = embedder or clue_embedder(folder)
        base = self.embedder.model_name.rsplit("/", 1)[-1]
        tuned = _fingerprint(folder) if embedder is None else "given"
        self.version = f"1+{base}+{tuned}"

    def features(
        self, clue: str, descriptions: Sequence[str], names: Sequence[str] | None = None
    ) -> np.ndarray:
        """Rows of ``names`` (default: whole, best_part, overlap), one per description.

        Only what is asked for is computed: the parts are embedded only for ``best_part``.
        """
        wanted = wanted_features(names, self.feature_names)
        parts = [picture_parts(d) for d in descriptions] if "best_part" in wanted else []
        vectors = self.embedder.encode([clue, *descriptions, *(p for g in parts for p in g)])
        clue_vector = vectors[0]
        columns = {"whole": vectors[1 : 1 + len(descriptions)] @ clue_vector}
        if parts:
            part_scores = vectors[1 + len(descriptions) :] @ clue_vector
            ends = np.cumsum([len(group) for group in parts])
            starts = ends - [len(group) for group in parts]
            columns["best_part"] = np.array(
                [part_scores[start:end].max() for start, end in zip(starts, ends, strict=True)]
            )
        if "overlap" in wanted:
            columns["overlap"] = np.array([word_overlap(clue, d) for d in descriptions])
        return np.column_stack([columns[name] for name in wanted]).astype(np.float64)
