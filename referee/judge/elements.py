"""Story elements named in a line: the lexicon's characters and things, found in one scan.

The ending judge asks which elements a lead-in or an ending brings that the
story never had. An element is any character or thing of
``datasets/judge/vocabulary.txt`` (every OUAT card among them), named by any
form the mention judge accepts (its word, inflections, synonyms, kinds of it).
A word that could name several elements counts as new only if none of them
is in the story: "the stallion" is not new in a story with a horse.

>>> new_elements(["A dragon came."], ["Once there was a king."])
[Element(words='dragon', keys=frozenset({'dragon'}), indefinite=True)]
>>> new_elements(["The dragons slept."], ["A dragon lived in the hill."])
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from referee.judge.base import CardRef
from referee.judge.lexicon import POSITIVE, card_forms, lexicon_key
from referee.judge.text import introduced_indefinitely, tokenize
from referee.paths import datasets_dir

ELEMENT_CATEGORIES = ("character", "thing")


class Element(NamedTuple):
    """An element named in a line: the words naming it, the elements they can name, and
    whether an indefinite article or a number brings it in ("a prince", "two knights", not
    "the prince")."""

    words: str
    keys: frozenset[str]
    indefinite: bool


@dataclass(frozen=True)
class ElementIndex:
    """Every form of every element, mapped to the elements it names."""

    forms: dict[tuple[str, ...], frozenset[str]]
    longest: int
    characters: frozenset[str]
    """The elements that are characters (the others are things)."""


@lru_cache(maxsize=1)
def element_index() -> ElementIndex:
    """The index over the vocabulary's characters and things (built once per process)."""
    forms: dict[tuple[str, ...], set[str]] = {}
    characters: set[str] = set()
    longest = 1
    path = datasets_dir() / "judge" / "vocabulary.txt"
    for line in path.read_text(encoding="utf-8").splitlines():
        name, _, category = line.partition("\t")
        if category not in ELEMENT_CATEGORIES:
            continue
        card = CardRef(name=name, category=category)  # type: ignore[arg-type]
        if category == "character":
            characters.add(lexicon_key(name))
        for form, relation in card_forms(card).relations.items():
            if relation in POSITIVE:
                forms.setdefault(form, set()).add(lexicon_key(name))
                longest = max(longest, len(form))
    return ElementIndex(
        {form: frozenset(keys) for form, keys in forms.items()}, longest, frozenset(characters)
    )


def is_character(keys: frozenset[str]) -> bool:
    """Whether words naming the elements ``keys`` name a character (any of them is one).

    >>> is_character(frozenset({"giant"})), is_character(frozenset({"table"}))
    (True, False)
    """
    return bool(keys & element_index().characters)


def named_elements(line: str) -> list[Element]:
    """The words of ``line`` that name elements, longest first, without overlaps."""
    index = element_index()
    tokens = tokenize(line)
    texts = [t.text for t in tokens]
    found: list[Element] = []
    taken: set[int] = set()
    for width in range(min(index.longest, len(texts)), 0, -1):
        for start in range(len(texts) - width + 1):
            keys = index.forms.get(tuple(texts[start : start + width]))
            covered = set(range(start, start + width))
            if keys is None or covered & taken:
                continue
            taken |= covered
            words = line[tokens[start].start : tokens[start + width - 1].end]
            found.append(Element(words, keys, introduced_indefinitely(tokens, start)))
    return found


def new_elements(lines: list[str], story: list[str]) -> list[Element]:
    """The elements ``lines`` name that no line of ``story`` names, each at its first naming."""
    present = {key for line in story for element in named_elements(line) for key in element.keys}
    fresh = []
    seen: set[frozenset[str]] = set()
    for line in lines:
        for element in named_elements(line):
            if not element.keys & present and element.keys not in seen:
                seen.add(element.keys)
                fresh.append(element)
    return fresh
