"""What the lexicon build reads besides WordNet: the vocabulary, the deck's aliases and
the sense overrides, cross-checked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.judge.lexicon import lexicon_key

CATEGORIES = ("character", "thing", "place", "aspect", "event")


@dataclass(frozen=True)
class Word:
    """One vocabulary line: the name as written and its category."""

    name: str
    category: str

    @property
    def key(self) -> str:
        """The lexicon key for this word."""
        return lexicon_key(self.name)


@dataclass
class Sources:
    """Everything the build reads besides WordNet."""

    vocabulary: list[Word]
    aliases: dict[str, list[str]]
    overrides: dict[str, list[str]] = field(default_factory=dict)

    def excluded(self, key: str) -> set[str]:
        """The words ``key``'s override drops from every list of its entry (``"-castle"``).

        >>> Sources([], {}, {"palace": ["palace.n.01", "-castle"]}).excluded("palace")
        {'castle'}
        """
        return self._marked(key, "-")

    def kept(self, key: str) -> set[str]:
        """The words ``key``'s override makes name it, whatever WordNet or the deck rule says
        (``"+sword"`` for *Weapon*: a sword is a kind of weapon, though *Sword* is a card;
        ``"+sow"`` for *Pig*, which WordNet files beside the hog).

        >>> Sources([], {}, {"weapon": ["weapon.n.01", "+sword"]}).kept("weapon")
        {'sword'}
        """
        return self._marked(key, "+")

    def siblings(self, key: str) -> set[str]:
        """The words ``key``'s override makes a related but different thing (``"~toad"`` for
        *Frog*): WordNet files them in one of the card's own senses, but a fair table tells
        them apart, so they are co-hyponyms, never words that name the card.

        >>> Sources([], {}, {"frog": ["frog.n.01", "~toad"]}).siblings("frog")
        {'toad'}
        """
        return self._marked(key, "~")

    def senses(self, key: str) -> list[str] | None:
        """The synset names ``key``'s override chooses, or None where it has no override.

        >>> Sources([], {}, {"palace": ["palace.n.01", "-castle"]}).senses("palace")
        ['palace.n.01']
        """
        override = self.overrides.get(key)
        if override is None:
            return None
        return [name for name in override if not name.startswith(("-", "+", "~"))]

    def _marked(self, key: str, mark: str) -> set[str]:
        """The words of ``key``'s override written after ``mark``."""
        override = self.overrides.get(key, [])
        return {name[1:].replace("_", " ") for name in override if name.startswith(mark)}


def read_vocabulary(path: Path) -> list[Word]:
    """Parse ``word<TAB>category`` lines; blank lines and ``#`` comments are skipped."""
    words: list[Word] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 2 or parts[1] not in CATEGORIES:
            raise ValueError(f"{path}:{number}: expected 'word<TAB>category', got {raw!r}")
        word = Word(parts[0].strip(), parts[1])
        if word.key in seen:
            raise ValueError(f"{path}:{number}: {word.key!r} repeats line {seen[word.key]}")
        seen[word.key] = number
        words.append(word)
    return words


def read_deck(path: Path) -> list[dict[str, Any]]:
    """The story cards of a deck file."""
    return list(json.loads(path.read_text(encoding="utf-8")))


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    if repeated:
        raise ValueError(f"repeated keys: {repeated}")
    return dict(pairs)


def read_sources(vocabulary: Path, deck: Path, senses: Path | None) -> Sources:
    """Load the vocabulary, the deck's aliases and the sense overrides, cross-checked."""
    words = read_vocabulary(vocabulary)
    by_key = {word.key: word for word in words}
    aliases: dict[str, list[str]] = {}
    for card in read_deck(deck):
        key = lexicon_key(card["en"])
        word = by_key.get(key)
        if word is None or word.name != card["en"] or word.category != card["category"]:
            raise ValueError(
                f"deck card {card['en']!r} ({card['category']}) is not in "
                f"{vocabulary} as written on the card"
            )
        aliases[key] = sorted({" ".join(a.lower().split()) for a in card.get("aliases", [])})
    overrides: dict[str, list[str]] = {}
    if senses is not None and senses.exists():
        overrides = json.loads(senses.read_text(encoding="utf-8"), object_pairs_hook=_unique)
        unknown = sorted(set(overrides) - set(by_key))
        if unknown:
            raise ValueError(f"{senses}: overrides for words not in the vocabulary: {unknown}")
    return Sources(words, aliases, overrides)
