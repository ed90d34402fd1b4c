"""Shared helpers of the judge tests."""

from collections.abc import Callable

from referee.judge.text import Token, tokenize


def cue_at(cue: Callable[[list[Token], int], bool], sentence: str, word: str) -> bool:
    """The cue read at the first occurrence of ``word`` (lower case) in ``sentence``."""
    tokens = tokenize(sentence)
    return cue(tokens, [t.text for t in tokens].index(word))
