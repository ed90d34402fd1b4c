"""Related things by meaning: ``datasets/judge/lexicon_related.json``.

WordNet's siblings and cousins (``lexicon_builder.Builder.cohyponyms``) miss many of the
relatives a storyteller says in place of a card, since WordNet files them far apart or in
families too big to list: "a donkey" for *Mule*, "a duck" for *Swan*, "a manor" for
*Castle*, "an axe" for *Sword*, "the moon" for *Sun*. The guide rules them out ("a dog is
not a *Wolf*"), but the cross-encoder reads them as close to the card and accepted many.

So for every vocabulary entry of a physical category (character, thing, place), the words
of both lexicons filed in the same category whose bare word the judge's embedder reads as
close to the card's (cosine at least ``RELATED_AT``) are related things: near misses
(``lexicon.card_forms`` reads them as ``cohyponym``), which count only where the sentence
has no word that names the card. A word is left out where the lexicons tie the two by
naming, kind or broader term either way ("stallion" for *Horse*, "animal"), where one
holds the other ("serpent" and "sea serpent"), where WordNet already relates them, and
where the card's sense override drops the word as disputed ("castle" for *Palace*, which
the guide leaves to the vote).
Aspects and events are left out: the words nearest them are often synonyms WordNet
lacks ("starving" for *Hungry*).

Rebuilt by ``referee build judge`` (or ``python -m referee.judge.related_things``) from
the committed lexicons alone, with the judge's own embedder.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

from referee.judge.lexicon_sources import read_sources
from referee.paths import datasets_dir

RELATED_AT = 0.5
"""Cosine of two bare words (the judge's embedder) from which they are related things:
"donkey" and "mule" 0.50, "duck" and "swan" 0.56, "manor" and "castle" 0.52, where unrelated
words of a category sit near 0.25 ("neighbor" and "witch", "oar" and "wand")."""
PHYSICAL = frozenset({"character", "thing", "place"})
RELATED_FILE = "lexicon_related.json"

Entry = dict[str, Any]
Encode = Callable[[list[str]], np.ndarray]


def related_path() -> Path:
    """Where the related things live: ``datasets/judge/lexicon_related.json``."""
    return datasets_dir() / "judge" / RELATED_FILE


def _naming(entry: Entry) -> set[str]:
    """The words that name an entry's element in its lexicon."""
    return {*entry["synonyms"], *entry["hyponyms"], *entry.get("forms", [])}


def _entries_by_word(lexicon: dict[str, Entry], wide: dict[str, Any]) -> dict[str, list[Entry]]:
    """Every word of both lexicons with its entries (one per category it is filed in)."""
    found: dict[str, list[Entry]] = {key: [entry] for key, entry in lexicon.items()}
    for word, filed in wide.items():
        found.setdefault(word, []).extend(
            filed["entries"][category] | {"category": category}
            for category in sorted(filed["entries"])
        )
    return found


def _holds(phrase: str, word: str) -> bool:
    """Whether ``word`` is one of the words of ``phrase``, or the other way round."""
    return f" {word} " in f" {phrase} " or f" {phrase} " in f" {word} "


def is_related(card: str, entry: Entry, word: str, word_entries: Iterable[Entry]) -> bool:
    """Whether ``word`` may be a related thing of the card ``card`` (its lexicon ``entry``):
    no relation already ties them, neither holds the other, and one of the word's entries is
    filed in the card's category without naming it or being a kind of it.

    >>> mule = {"category": "character", "synonyms": [], "hyponyms": [], "broader": ["equine"],
    ...         "cohyponyms": ["horse"], "compounds": []}
    >>> donkey = {"category": "character", "synonyms": ["ass"], "hyponyms": [],
    ...           "broader": ["equine"]}
    >>> is_related("mule", mule, "donkey", [donkey]), is_related("mule", mule, "horse", [donkey])
    (True, False)
    >>> is_related("mule", mule, "equine", [donkey]), is_related("mule", mule, "mule deer", [])
    (False, False)
    """
    known = {card, *_naming(entry), *entry.get("compounds", []), *entry["broader"]}
    if word in known or word in entry["cohyponyms"] or _holds(card, word):
        return False
    return any(
        other["category"] == entry["category"]
        and card not in other["broader"]
        and card not in _naming(other)
        for other in word_entries
    )


def related_things(
    lexicon: dict[str, Entry],
    wide: dict[str, Any],
    encode: Encode,
    excluded: Callable[[str], set[str]] = lambda key: set(),
) -> dict[str, list[str]]:
    """Each physical vocabulary entry's related things (``RELATED_AT``), sorted, for the
    entries that have any; ``excluded(key)`` gives the words an override drops for ``key``.

    >>> import numpy as np
    >>> vectors = {"mule": [1.0, 0.0], "donkey": [0.8, 0.6], "oar": [0.0, 1.0]}
    >>> encode = lambda words: np.array([vectors[w] for w in words])
    >>> def entry(category):
    ...     return {"category": category, "synonyms": [], "hyponyms": [], "broader": [],
    ...             "cohyponyms": [], "compounds": []}
    >>> lexicon = {"mule": entry("character"), "donkey": entry("character"),
    ...            "oar": entry("thing")}
    >>> related_things(lexicon, {}, encode)
    {'donkey': ['mule'], 'mule': ['donkey']}
    """
    by_word = _entries_by_word(lexicon, wide)
    words = sorted(by_word)
    cards = sorted(key for key, entry in lexicon.items() if entry["category"] in PHYSICAL)
    if not cards:
        return {}
    similarities = np.asarray(encode(cards)) @ np.asarray(encode(words)).T
    related: dict[str, list[str]] = {}
    for row, card in enumerate(cards):
        close = [words[column] for column in np.flatnonzero(similarities[row] >= RELATED_AT)]
        chosen = [
            word
            for word in close
            if word not in excluded(card) and is_related(card, lexicon[card], word, by_word[word])
        ]
        if chosen:
            related[card] = chosen
    return related


def render(related: dict[str, list[str]]) -> str:
    """The file as committed: sorted keys, one word a line, trailing newline."""
    return json.dumps(related, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def rebuild() -> dict[str, Any]:
    """Write ``lexicon_related.json`` from the lexicons on disk (as just rebuilt, if they
    were), and forget any card forms read before; say how many words it holds."""
    from referee.judge.embedding import get_embedder
    from referee.judge.lexicon import card_forms, load_related_things

    folder = related_path().parent
    lexicon = json.loads((folder / "lexicon.json").read_text(encoding="utf-8"))
    wide = json.loads((folder / "lexicon_wide.json").read_text(encoding="utf-8"))
    sources = read_sources(
        folder / "vocabulary.txt",
        datasets_dir() / "ouat" / "story_cards.json",
        folder / "lexicon_senses.json",
    )
    related = related_things(lexicon, wide, get_embedder().encode, sources.excluded)
    related_path().write_text(render(related), encoding="utf-8")
    load_related_things.cache_clear()
    card_forms.cache_clear()
    return {"cards": len(related), "words": sum(len(words) for words in related.values())}


if __name__ == "__main__":
    print(json.dumps(rebuild()))
