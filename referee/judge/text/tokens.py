"""Tokens of a sentence, and its content words.

>>> [t.text for t in tokenize("The Witch's cat sat.")]
['the', "witch's", 'cat', 'sat', '.']
>>> content_words("The old king was tired of the crown.")
('old', 'king', 'tired', 'crown')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_TOKEN = re.compile(r"[A-Za-z\u00C0-\u024F]+(?:['’][A-Za-z]+)?|[0-9]+|[^\sA-Za-z0-9]")


@dataclass(frozen=True)
class Token:
    """A lower-cased word or punctuation mark, with its character offsets."""

    text: str
    start: int
    end: int

    @property
    def is_word(self) -> bool:
        """Whether this token is a word (not punctuation)."""
        return self.text[0].isalnum()


def tokenize(text: str) -> list[Token]:
    """Words and punctuation, lower-cased, with offsets into ``text``."""
    normal = text.replace("’", "'")
    return [Token(m.group().lower(), m.start(), m.end()) for m in _TOKEN.finditer(normal)]


def words(tokens: list[Token]) -> list[str]:
    """The texts of ``tokens``."""
    return [t.text for t in tokens]


FUNCTION_WORDS = frozenset(
    {
        "of",
        "in",
        "on",
        "at",
        "to",
        "from",
        "by",
        "with",
        "for",
        "and",
        "or",
        "but",
        "was",
        "were",
        "is",
        "are",
        "had",
        "has",
        "have",
        "that",
        "which",
        "who",
        "whom",
        "whose",
        "as",
        "into",
        "onto",
        "over",
        "under",
        "through",
        "across",
        "behind",
        "beside",
        "near",
        "he",
        "she",
        "it",
        "they",
        "we",
        "i",
        "you",
        "him",
        "her",
        "them",
        "his",
        "its",
        "their",
        "there",
        "then",
        "when",
        "where",
        "while",
        "so",
        "if",
        "a",
        "an",
        "the",
        "up",
        "down",
        "out",
        "off",
        "away",
        "again",
        "too",
        "very",
        "all",
        "s",
        "'s",
        "be",
        "been",
        "being",
        "could",
        "would",
        "will",
        "shall",
        "should",
        "can",
        "might",
        "must",
        "did",
        "do",
        "does",
        "not",
        "no",
        "never",
        "began",
        "lay",
        "stood",
        "sat",
        "fell",
        "went",
        "came",
        "grew",
        "hung",
        "shone",
        "glowed",
    }
)


@lru_cache(maxsize=16384)
def content_words(text: str) -> tuple[str, ...]:
    """The words of ``text`` that carry meaning (no function words, no one- or two-letter words).

    >>> content_words("The moon is asleep in a hammock")
    ('moon', 'asleep', 'hammock')
    """
    return tuple(
        t.text
        for t in tokenize(text)
        if t.is_word and t.text not in FUNCTION_WORDS and len(t.text) > 2
    )
