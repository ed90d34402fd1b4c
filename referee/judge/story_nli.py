"""The story NLI cross-encoder: does a later line follow from, fit with, or contradict a story?

all-MiniLM-L6-v2 fine-tuned here (``referee train story``) as a three-way
sequence-pair classifier over (premise, hypothesis): ``entailment``,
``neutral``, ``contradiction``. The coherence judge reads it on each earlier
sentence against the new one, and on the whole story; the ending judge on the
story against the ending card. A long premise keeps its end (the latest
events), so truncation drops the story's oldest words first. Only its top
layers learn, so ``models/judge/story-nli/`` keeps just those weights
(float16, in git); the model is the base model with them put in, built once
per process (``REFEREE_STORY_NLI`` names another folder).

>>> LABELS.index("contradiction")
2
"""

from __future__ import annotations

import json
import os
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import torch

from referee.judge.cross_encoder import MissingModelError
from referee.judge.embedding import default_model
from referee.judge.training import TRAINED_WEIGHTS, load_trained_weights
from referee.paths import models_dir

STORY_NLI_SETTING = "REFEREE_STORY_NLI"
LABELS = ("entailment", "neutral", "contradiction")
MAX_PAIR_TOKENS = 256
"""Premise and hypothesis together; the premise's oldest words go first when longer."""


def story_nli_path() -> Path:
    """Where the trained story NLI model lives."""
    configured = os.environ.get(STORY_NLI_SETTING)
    return Path(configured) if configured else models_dir() / "judge" / "story-nli"


def coherence_pairs(context: list[str], sentence: str) -> list[tuple[str, str]]:
    """The pairs read for a new sentence: each earlier sentence against it, then the whole story.

    >>> coherence_pairs(["A king died.", "All wept."], "He ate.")[-1]
    ('A king died. All wept.', 'He ate.')
    """
    return [*((line, sentence) for line in context), (" ".join(context), sentence)]


def ending_pair(context: list[str], lead_in: list[str], ending: str) -> tuple[str, str]:
    """The pair read for an ending: the story with its lead-in, then the ending card's text."""
    return " ".join([*context, *lead_in]), ending


def mention_pair(context: list[str], sentence: str, card: str) -> tuple[str, str]:
    """The pair read for a mention: the line (after the story's last one), then the claim.

    >>> mention_pair(["Night fell."], "Wolves howled.", "Wolf (character)")
    ('Night fell. || Wolves howled.', 'This names: Wolf (character).')
    """
    recent = f"{context[-1]} || {sentence}" if context else sentence
    return recent, f"This names: {card}."


def base_classifier(base: str | None = None) -> tuple[Any, Any]:
    """The base model with a fresh three-way classifier on top, and its tokenizer."""
    from transformers import AutoModelForSequenceClassification, AutoTokenizer
    from transformers.utils import logging as hf_logging

    name = base or default_model()
    hf_logging.set_verbosity_error()
    model = AutoModelForSequenceClassification.from_pretrained(
        name,
        num_labels=len(LABELS),
        id2label=dict(enumerate(LABELS)),
        label2id={label: index for index, label in enumerate(LABELS)},
    )
    return model, AutoTokenizer.from_pretrained(name)


CHARS_PER_TOKEN_AT_MOST = 101
"""No token spans more: the tokenizer turns a word of over 100 characters into one ``[UNK]``."""


def closing_words(text: str, limit: int) -> str:
    """``text`` if it has at most ``limit`` characters, else its last whole words within them.

    >>> closing_words("Once upon a time", 9)
    'a time'
    """
    if len(text) <= limit:
        return text
    tail = text[-limit:]
    space = tail.find(" ")
    return tail[space + 1 :] if space >= 0 else tail


def encode_pairs(
    tokenizer: Any, pairs: list[tuple[str, str]], max_tokens: int = MAX_PAIR_TOKENS
) -> dict[str, torch.Tensor]:
    """Padded model inputs for ``(premise, hypothesis)`` pairs, premises cut from the left.

    A hypothesis too long to leave its premise a token is first cut to its opening
    ``max_tokens - 4`` tokens (the tokenizer cannot cut the premise below nothing), and
    a premise of more than ``max_tokens * CHARS_PER_TOKEN_AT_MOST`` characters to its
    closing words of that many (tokenizing a 400,000-character story only to keep its
    last 128 tokens took seconds); any pair within both limits is encoded exactly as
    given.
    """
    tokenizer.truncation_side = "left"
    premises = [
        closing_words(premise, max_tokens * CHARS_PER_TOKEN_AT_MOST) for premise, _ in pairs
    ]
    budget = max_tokens - 4  # [CLS] premise [SEP] hypothesis [SEP], at least one premise token
    hypotheses = []
    for _, hypothesis in pairs:
        ids = tokenizer(hypothesis, add_special_tokens=False)["input_ids"]
        hypotheses.append(tokenizer.decode(ids[:budget]) if len(ids) > budget else hypothesis)
    return dict(
        tokenizer(
            premises,
            hypotheses,
            truncation="only_first",
            max_length=max_tokens,
            padding=True,
            return_tensors="pt",
        )
    )


class PairScorer:
    """The trained story NLI model: label probabilities for premise/hypothesis pairs."""

    def __init__(self, path: Path) -> None:
        if not (path / TRAINED_WEIGHTS).exists():
            raise MissingModelError(
                f"no trained story NLI model at {path}; run `make models` to train it"
            )
        self.path = path
        self.model, self.tokenizer = base_classifier()
        load_trained_weights(self.model, path)
        self.model.eval()
        training = path / "training.json"
        self.training = json.loads(training.read_text()) if training.exists() else {}
        self._lock = threading.Lock()

    @property
    def version(self) -> str:
        """A short id of the weights: the digest of the data and settings they came from."""
        return str(self.training.get("fingerprint", "unknown"))[:8]

    def probabilities(
        self, pairs: list[tuple[str, str]], max_tokens: int = MAX_PAIR_TOKENS
    ) -> np.ndarray:
        """One row per pair: P(entailment), P(neutral), P(contradiction), in one batched pass.

        A pair longer than ``max_tokens`` loses its premise's oldest words.
        """
        if not pairs:
            return np.zeros((0, len(LABELS)))
        with self._lock, torch.inference_mode():
            logits = self.model(**encode_pairs(self.tokenizer, pairs, max_tokens)).logits
        return torch.softmax(logits, dim=-1).numpy().astype(np.float64)


@lru_cache(maxsize=2)
def get_pair_scorer(path: str | None = None) -> PairScorer:
    """The process-wide story NLI scorer for ``path`` (default: ``story_nli_path()``)."""
    return PairScorer(Path(path) if path else story_nli_path())
