"""The wide lexicon: entries for the common WordNet words our vocabulary lacks, built
more strictly than the checked ones (``Builder(..., checked=False)``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from referee.judge.lexicon_builder import Builder, render
from referee.judge.lexicon_sources import CATEGORIES, Sources, Word, read_vocabulary
from referee.judge.wordnet import WordNet, self_and_above

WIDE_MIN_COUNT = 3
"""Tagged uses (in senses of the category) a word needs to get a wide entry."""
#: Noun lexicographer files that give a word a wide entry in each category; stricter than
#: ``NOUN_LEXNAMES`` (a knife is not offered as a place), and a place is also a structure.
#: Adjectives are aspects too.
WIDE_LEXNAMES: dict[str, frozenset[str]] = {
    "character": frozenset({"noun.person", "noun.animal"}),
    "thing": frozenset({
        "noun.artifact", "noun.object", "noun.food", "noun.substance", "noun.plant",
        "noun.body", "noun.possession",
    }),
    "place": frozenset({"noun.location"}),
    "event": frozenset({
        "noun.act", "noun.event", "noun.phenomenon", "noun.process", "noun.time",
    }),
    "aspect": frozenset({"noun.attribute", "noun.state", "noun.feeling"}),
}  # fmt: skip
WIDE_PLACES = frozenset({"structure.n.01", "facility.n.01", "geological_formation.n.01"})
"""Artifacts and objects under these count as places for the wide lexicon (a mill, a cave)."""
_TOP_ROOTS = (
    ("character", frozenset({"person.n.01", "animal.n.01"})),
    ("event", frozenset({"event.n.01"})),
    ("thing", frozenset({"physical_entity.n.01"})),
)
"""For ``noun.Tops`` senses: the first category whose root is above the sense."""
_SINGLE_WORD = re.compile(r"^[a-z]+$")


def _top_category(synset: Any) -> str | None:
    """The category of one of WordNet's top concepts (lexicographer file ``noun.Tops``)."""
    above = self_and_above(synset)
    for category, roots in _TOP_ROOTS:
        if above & roots:
            return category
    return None


def _fits(synset: Any, category: str) -> bool:
    """Whether a noun sense fits ``category`` for the wide lexicon (``WIDE_LEXNAMES``; one
    of WordNet's top concepts by what is above it; a place may also be a structure)."""
    if synset.lexname() in WIDE_LEXNAMES[category]:
        return True
    if synset.lexname() == "noun.Tops":  # food, person, animal, event...
        return _top_category(synset) == category
    if category != "place" or synset.lexname() not in ("noun.artifact", "noun.object"):
        return False
    return any(h.name() in WIDE_PLACES for h in synset.closure(lambda s: s.hypernyms()))


def _fitting_senses(wordnet: WordNet, word: str, category: str) -> list[Any]:
    """The word's noun senses that fit ``category``, most frequent first."""
    return [s for s in wordnet.common_senses(word, "n") if _fits(s, category)]


def _tagged_uses(wordnet: WordNet, word: str, category: str) -> int:
    """How often ``word`` is tagged in WordNet's corpus in senses that fit ``category``
    (for aspects, its adjective senses too)."""
    adjective = wordnet.frequency(word, "a") if category == "aspect" else 0
    return adjective + sum(
        wordnet.count(lemma)
        for synset in _fitting_senses(wordnet, word, category)
        for lemma in synset.lemmas()
        if lemma.name().lower() == word
    )


def wide_vocabulary(wordnet: WordNet, known: set[str]) -> dict[str, dict[str, int]]:
    """The common single words WordNet has that ``known`` lacks, with their tagged uses
    in each category they fit (at least ``WIDE_MIN_COUNT``), by word.

    Nouns are offered in every category (``WIDE_LEXNAMES``); adjectives as aspects.
    """
    found: dict[str, dict[str, int]] = {}
    words = {word for word, pos in wordnet.indexed() if pos in ("n", "a")}
    for word in sorted(words - known):
        if not _SINGLE_WORD.match(word):
            continue
        for category in WIDE_LEXNAMES:
            uses = _tagged_uses(wordnet, word, category)
            if uses >= WIDE_MIN_COUNT:
                found.setdefault(word, {})[category] = uses
    return found


def build_wide(wordnet_dir: Path, vocabulary: Path) -> str:
    """The wide lexicon's text: entries for common words outside ``vocabulary``."""
    known = {word.key for word in read_vocabulary(vocabulary)}
    with WordNet(wordnet_dir) as wordnet:
        if wordnet.version != "3.0":
            raise ValueError(f"expected WordNet 3.0 in {wordnet_dir}, found {wordnet.version}")
        builder = Builder(wordnet, Sources(vocabulary=[], aliases={}), checked=False)
        wide: dict[str, dict[str, Any]] = {}
        for word, uses in wide_vocabulary(wordnet, known).items():
            entries = {}
            for category in uses:
                senses = None  # an aspect: the adjective's sense where it is one
                if category != "aspect" or not wordnet.senses(word, "a"):
                    # the sense that let the word in, not another
                    senses = _fitting_senses(wordnet, word, category)[:1]
                entry = builder.entry(Word(word, category), senses)
                if entry["senses"]:
                    del entry["category"]
                    entries[category] = entry
            if entries:
                usual = max(entries, key=lambda c: (uses[c], -CATEGORIES.index(c)))
                wide[word] = {"usual": usual, "entries": entries}
    return render(wide)
