"""The idioms that use a card's word for something else, read from ``datasets/judge/idioms.txt``.

>>> idioms = parse_idioms(["# a comment", "a piece of cake", "verb: kick the bucket", ""])
>>> idioms.set_phrases, idioms.verb_phrases
((('a', 'piece', 'of', 'cake'),), (('kick', 'the', 'bucket'),))
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from referee.judge.inflection import forms
from referee.paths import datasets_dir

VERB_MARK = "verb:"
"""Opens a line whose phrase starts with a verb, matched in every form."""


class Idioms(NamedTuple):
    """The phrases of an idiom file, each as a tuple of words (``*`` for any one word)."""

    set_phrases: tuple[tuple[str, ...], ...]
    """Phrases matched as written ("a piece of cake", "apple of * eye")."""
    verb_phrases: tuple[tuple[str, ...], ...]
    """Phrases whose first word is a verb ("kick the bucket")."""


def idioms_path() -> Path:
    """Where the idioms live (``datasets/judge/idioms.txt``)."""
    return datasets_dir() / "judge" / "idioms.txt"


def parse_idioms(lines: Iterable[str]) -> Idioms:
    """The phrases of an idiom file's ``lines``: one a line, ``#`` opening a comment line,
    ``verb:`` opening a verb phrase. A phrase written twice is kept once.

    >>> parse_idioms(["verb: raise hell", "verb:  raise  hell"]).verb_phrases
    (('raise', 'hell'),)
    """
    set_phrases: dict[tuple[str, ...], None] = {}
    verb_phrases: dict[tuple[str, ...], None] = {}
    for line in lines:
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if text.startswith(VERB_MARK):
            verb_phrases[tuple(text[len(VERB_MARK) :].split())] = None
        else:
            set_phrases[tuple(text.split())] = None
    return Idioms(tuple(set_phrases), tuple(verb_phrases))


@lru_cache(maxsize=1)
def load_idioms(path: Path | None = None) -> Idioms:
    """The idioms of ``path`` (default ``idioms_path()``), read once."""
    return parse_idioms((path or idioms_path()).read_text(encoding="utf-8").splitlines())


def verb_phrase_forms(phrases: Iterable[tuple[str, ...]]) -> frozenset[tuple[str, ...]]:
    """Every verb phrase with its first word in each of its forms.

    >>> sorted(verb_phrase_forms([("take", "heart")]))[:3]
    [('take', 'heart'), ("take's", 'heart'), ('taked', 'heart')]
    """
    return frozenset((form, *rest) for verb, *rest in phrases for form in forms(verb))
