"""Shared helpers of the judge tests."""

from collections.abc import Callable
from typing import Any

import torch

from referee.judge.text import Token, tokenize


def cue_at(cue: Callable[[list[Token], int], bool], sentence: str, word: str) -> bool:
    """The cue read at the first occurrence of ``word`` (lower case) in ``sentence``."""
    tokens = tokenize(sentence)
    return cue(tokens, [t.text for t in tokens].index(word))


def tiny_bert(kind: Any = None, **settings: Any) -> Any:
    """A two-layer BERT, small, with seeded random weights, in evaluation mode: a model of
    ``kind`` (default ``BertModel``), ``settings`` added to its config."""
    from transformers import BertConfig, BertModel

    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=50,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=64,
        **settings,
    )
    return (kind or BertModel)(config).eval()
