"""A table cross-encoder: MiniLM reads the sentence and every card at once, fine-tuned here.

The input is the story's last sentence of context and the new sentence, then
each card as ``name (category)`` separated by ``[SEP]``; a one-logit token
classifier scores every token, and a card's score is the mean logit over its
tokens. The attention is masked (``batch_tensors``): the story attends only to
itself, and each card to the story and to itself, with its positions starting
where the story ends, so a card is read exactly as if it were alone after the
story. A table's cards go in rows of up to ``CARDS_PER_ROW`` (a six-player
table's 30 in one), one batch, the story read once per row: a row's attention
grows with the square of its length, so 200 cards with long names took twice as
long in one row as in rows of 32. Training
reads tables of up to nine cards (the card and unrelated ones) the same way.
So no verdict depends on which other cards happen to be at the table: read
with full attention in rows of nine, 10% of a real table's plays got another
verdict than alone, and unrelated cards were left to the vote almost three
times as often, because the calibration is fitted on cards read alone
(``models/judge/HISTORY.md``).
Trained by ``referee train mention`` (see
``train_cross_encoder``); only the weights that learned are kept, in float16, in git
(``models/judge/mention-ce``; ``REFEREE_MENTION_CE`` moves it), and the model is
rebuilt from the base model and them. It loads once per process.

>>> card_text(CardRef(name="Wolf", category="character"))
'Wolf (character)'
>>> story_text(["Night fell.", "The wind rose."], "Wolves howled.")
'The wind rose. || Wolves howled.'
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import torch

from referee.judge.base import CardRef
from referee.judge.embedding import default_model
from referee.judge.encoder import encoder_states, lean_forward_supported
from referee.judge.inference import answer_in_bf16, bf16_enabled, precision_context
from referee.judge.training import TRAINED_WEIGHTS, load_trained_weights
from referee.paths import models_dir

CROSS_ENCODER_SETTING = "REFEREE_MENTION_CE"
CONTEXT_SENTENCES = 1
MAX_STORY_TOKENS = 96
MAX_CARD_TOKENS = 12
CARDS_PER_ROW = 32
"""Cards read in one row; a bigger table is split into rows of this many, read in one batch."""


class MissingModelError(RuntimeError):
    """The trained cross-encoder is not there; ``make models`` (or ``make test``) builds it."""


def cross_encoder_path() -> Path:
    """Where the trained mention cross-encoder lives."""
    configured = os.environ.get(CROSS_ENCODER_SETTING)
    return Path(configured) if configured else models_dir() / "judge" / "mention-ce"


def card_text(card: CardRef) -> str:
    """How a card is written in the model's input."""
    return f"{card.name} ({card.category})"


def story_text(context: list[str], sentence: str) -> str:
    """The sentence with the story's latest sentence before it."""
    recent = " ".join(context[-CONTEXT_SENTENCES:]) if CONTEXT_SENTENCES else ""
    return f"{recent} || {sentence}" if recent else sentence


@dataclass(frozen=True)
class TableInput:
    """Token ids of one table, and which token positions belong to each card.

    Each card's block is its tokens and the ``[SEP]`` after them; ``story_length``
    tokens (``[CLS] story [SEP]``) come first.
    """

    ids: list[int]
    token_types: list[int]
    card_spans: list[tuple[int, int]]
    story_length: int

    def blocks(self) -> list[tuple[int, int]]:
        """Each card's block: its span and the ``[SEP]`` that closes it."""
        return [(start, end + 1) for start, end in self.card_spans]


def encode_table(tokenizer: Any, story: str, cards: Iterable[str]) -> TableInput:
    """``[CLS] story [SEP] card [SEP] card [SEP] ...`` with each card's token span."""
    story_ids = tokenizer(story, add_special_tokens=False)["input_ids"][:MAX_STORY_TOKENS]
    ids = [tokenizer.cls_token_id, *story_ids, tokenizer.sep_token_id]
    token_types = [0] * len(ids)
    story_length = len(ids)
    spans = []
    for card in cards:
        card_ids = card_token_ids(tokenizer, card)
        spans.append((len(ids), len(ids) + len(card_ids)))
        ids += [*card_ids, tokenizer.sep_token_id]
        token_types += [1] * (len(card_ids) + 1)
    return TableInput(ids=ids, token_types=token_types, card_spans=spans, story_length=story_length)


@lru_cache(maxsize=4096)
def card_token_ids(tokenizer: Any, card: str) -> tuple[int, ...]:
    """A card text's word-piece ids (at most ``MAX_CARD_TOKENS``), tokenized once per process:
    a table's cards come back with every sentence."""
    return tuple(tokenizer(card, add_special_tokens=False)["input_ids"][:MAX_CARD_TOKENS])


def batch_tensors(inputs: list[TableInput]) -> dict[str, torch.Tensor]:
    """Padded ``input_ids``, ``token_type_ids``, ``position_ids`` and a 4-D attention mask.

    The story attends to itself only, and each card's block to the story and to
    itself, with its positions starting where the story ends, as if it were alone
    after the story: so no card's score depends on the other cards of its row,
    and a table of any size can share a row (the story read once).

    >>> table = TableInput(ids=[1, 2, 3, 4, 5], token_types=[0, 0, 1, 1, 1],
    ...                    card_spans=[(2, 3), (4, 4)], story_length=2)
    >>> batch = batch_tensors([table])
    >>> batch["position_ids"].tolist()
    [[0, 1, 2, 3, 2]]
    >>> batch["attention_mask"][0, 0].int().tolist()
    [[1, 1, 0, 0, 0], [1, 1, 0, 0, 0], [1, 1, 1, 1, 0], [1, 1, 1, 1, 0], [1, 1, 0, 0, 1]]
    """
    width = max(len(item.ids) for item in inputs)
    ids = torch.zeros((len(inputs), width), dtype=torch.long)
    types = torch.zeros_like(ids)
    positions = torch.zeros_like(ids)  # padding sits at position 0: a wide row may pass 512
    masks = []
    for row, item in enumerate(inputs):
        length, story = len(item.ids), item.story_length
        ids[row, :length] = torch.tensor(item.ids)
        types[row, :length] = torch.tensor(item.token_types)
        # Each position's group: 0 the story, k the k-th card's block, and a group of its
        # own for each padding position (which then attends to itself only).
        group, position = [0] * story, list(range(story))
        for number, (start, end) in enumerate(item.blocks(), start=1):
            group += [number] * (end - start)
            position += range(story, story + end - start)
        group += range(-1, -1 - (width - length), -1)
        positions[row, :length] = torch.tensor(position)
        in_row = torch.arange(width) < length
        in_story = torch.arange(width) < story
        groups = torch.tensor(group)
        masks.append((groups[:, None] == groups[None, :]) | (in_row[:, None] & in_story[None, :]))
    return {
        "input_ids": ids,
        "token_type_ids": types,
        "position_ids": positions,
        "attention_mask": torch.stack(masks)[:, None],
    }


def card_logits(token_logits: torch.Tensor, inputs: list[TableInput]) -> list[torch.Tensor]:
    """Per table, the mean token logit over each card's span."""
    return [
        torch.stack([token_logits[row, start:end].mean() for start, end in item.card_spans])
        for row, item in enumerate(inputs)
    ]


def base_table_classifier(base: str | None = None) -> tuple[Any, Any]:
    """The base model with a fresh one-logit token classifier on top, and its tokenizer."""
    from transformers import AutoModelForTokenClassification, AutoTokenizer
    from transformers.utils import logging as hf_logging

    name = base or default_model()
    hf_logging.set_verbosity_error()
    model = AutoModelForTokenClassification.from_pretrained(name, num_labels=1)
    return model, AutoTokenizer.from_pretrained(name)


class TableScorer:
    """The trained table cross-encoder: P(named) for every card of a table, each read alone."""

    def __init__(self, path: Path, bf16: bool | None = None) -> None:
        """Load the model at ``path``; ``bf16`` (default: ``bf16_enabled()``) answers in
        bfloat16, see ``inference.py``."""
        if not (path / TRAINED_WEIGHTS).exists():
            raise MissingModelError(
                f"no trained cross-encoder at {path}; run `make models` to train it"
            )
        self.path = path
        self.model, self.tokenizer = base_table_classifier()
        load_trained_weights(self.model, path)
        self.model.eval()
        training = path / "training.json"
        self.training = json.loads(training.read_text()) if training.exists() else {}
        self.bf16 = bf16_enabled() if bf16 is None else bf16
        self._autocast = answer_in_bf16(self.model) if self.bf16 else False
        self._lean = lean_forward_supported(getattr(self.model, "bert", None))
        self._lock = threading.Lock()

    @property
    def version(self) -> str:
        """A short id of the weights (the digest of the data and settings they came from),
        with ``-bf16`` when it answers in bfloat16."""
        fingerprint = str(self.training.get("fingerprint", "unknown"))[:8]
        return f"{fingerprint}-bf16" if self.bf16 else fingerprint

    def scores(self, context: list[str], sentence: str, cards: list[CardRef]) -> np.ndarray:
        """P(the sentence names the card) for each of ``cards``, in order.

        Rows of up to ``CARDS_PER_ROW`` cards, each row the story once and then its
        cards, each card seeing only the story and itself (``batch_tensors``), so a
        card's score is the same whichever other cards are at the table: to 1e-6 in
        float32; in bfloat16 the kernels' rounding still depends on the row's length and
        the card's place in it (a dev case's score 0.319 alone, 0.324 beside another card).
        """
        if not cards:
            return np.zeros(0)
        story = story_text(context, sentence)
        rows = [
            encode_table(
                self.tokenizer, story, map(card_text, cards[start : start + CARDS_PER_ROW])
            )
            for start in range(0, len(cards), CARDS_PER_ROW)
        ]
        with self._lock, torch.inference_mode():
            with precision_context(self._autocast):
                logits = self.token_logits(batch_tensors(rows))[..., 0].float()
            per_card = torch.cat(card_logits(logits, rows))
        return torch.sigmoid(per_card).numpy().astype(np.float64)

    def token_logits(self, tensors: dict[str, torch.Tensor]) -> torch.Tensor:
        """The model's logit for every token of ``batch_tensors``' rows: through
        ``encoder.encoder_states`` where it answers exactly as the model does, else the
        model's own forward."""
        if not self._lean:
            return self.model(**tensors).logits
        return self.model.classifier(encoder_states(self.model.bert, **tensors))


@lru_cache(maxsize=4)
def get_table_scorer(path: str | None = None, bf16: bool | None = None) -> TableScorer:
    """The process-wide scorer for ``path`` (default: ``cross_encoder_path()``)."""
    return TableScorer(Path(path) if path else cross_encoder_path(), bf16)
