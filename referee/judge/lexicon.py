"""The card lexicon: every word that names a card, and the near misses that do not.

Built from the card's own name (with inflections), the committed
WordNet-derived ``datasets/judge/lexicon.json`` (synonyms, kinds of it, related
verb and adjective forms; broader terms and co-hyponyms as negative evidence),
or for a card whose name is not in our vocabulary, ``lexicon_wide.json`` (the
same relations, built more strictly, for about 4,400 other common WordNet words,
in the card's category where the word has one), the related things by meaning of
``lexicon_related.json`` (near misses the embedder finds and WordNet does not file as
relatives: "donkey" for *Mule*; ``related_things``), and the card's aliases, which count as
synonyms where the lexicon does not already relate the word to the card. So a
deck card judged with its aliases (as the OUAT table passes it) is read exactly
as when judged by name: the lexicon holds every deck alias
(``tests/judge/test_lexicon.py``), and the judge's calibration is fitted on cards
given by name.

>>> from referee.judge.base import CardRef
>>> forms = card_forms(CardRef(name="Wolf", category="character"))
>>> forms.relation(("wolves",))
'name'
>>> child = CardRef(name="Child", category="character", aliases=("boy", "little one"))
>>> plain = CardRef(name="Child", category="character")
>>> card_forms(child).relation(("boy",)) == card_forms(plain).relation(("boy",))
True
>>> card_forms(CardRef(name="Dragon", category="character", aliases=("wyrm",))).relation(("wyrm",))
'synonym'
>>> insect = card_forms(CardRef(name="Insect", category="character"))  # not in our vocabulary
>>> insect.relation(("beetle",)), insect.relation(("animal",))
('hyponym', 'broader')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from referee.judge.base import CardRef
from referee.judge.inflection import noun_forms, phrase_forms
from referee.judge.text import tokenize
from referee.paths import datasets_dir

POSITIVE = ("name", "synonym", "form", "hyponym")
"""The lexicon's relations that name the card, strongest first."""
KIND = "kind"
"""A kind of the card that ``hyponym`` leaves out for being rare or deep in WordNet ("seagull"
for *Bird*, "ducat" for *Coin*): it names the card too, but read from a word's commonest
sense where WordNet's counts are thin, so the mention judge weighs it on its own. The
cross-encoder's training tables and the story's elements keep to ``POSITIVE``."""
NAMING = (*POSITIVE, KIND)
"""Every relation that names the card, strongest first."""
NEGATIVE = ("broader", "cohyponym", "compound")
"""Relations that look close but do not name the card: a broader term, a related but
different thing, another thing whose name holds the card's word ("fairy tale")."""
_ARTICLES = ("a ", "an ", "the ")


def lexicon_key(name: str) -> str:
    """The lexicon's key for a card name: lower case, no leading article.

    >>> lexicon_key("An Argument"), lexicon_key("Old Woman"), lexicon_key("The Sea")
    ('argument', 'old woman', 'sea')
    """
    lowered = " ".join(name.lower().split())
    for article in _ARTICLES:
        if lowered.startswith(article):
            return lowered[len(article) :]
    return lowered


def _committed(name: str) -> dict[str, Any]:
    """The JSON file ``datasets/judge/<name>``, or an empty dict when it is absent."""
    path = datasets_dir() / "judge" / name
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


@lru_cache(maxsize=1)
def load_lexicon() -> dict[str, dict[str, Any]]:
    """The committed lexicon, or an empty one when the file is absent."""
    return _committed("lexicon.json")


@lru_cache(maxsize=1)
def load_related_things() -> dict[str, list[str]]:
    """The committed related things by meaning (``related_things``), by vocabulary key."""
    return _committed("lexicon_related.json")


@lru_cache(maxsize=1)
def load_wide_lexicon() -> dict[str, dict[str, Any]]:
    """The committed wide lexicon (words outside the vocabulary), or an empty one."""
    return _committed("lexicon_wide.json")


def lexicon_entry(name: str, category: str) -> dict[str, Any]:
    """What the lexicons hold for a card: its vocabulary entry, else the wide lexicon's
    entry for its category (or for the word's usual category), else nothing.

    >>> "woods" in lexicon_entry("The Forest", "place")["synonyms"]
    True
    >>> lexicon_entry("Insect", "character")["senses"], lexicon_entry("Insect", "place")["senses"]
    (['insect.n.01'], ['insect.n.01'])
    >>> lexicon_entry("Xylophonist's Umbrella", "thing")
    {}
    """
    key = lexicon_key(name)
    entry = load_lexicon().get(key)
    if entry is not None:
        return entry
    wide = load_wide_lexicon().get(key)
    if wide is None:
        return {}
    entries: dict[str, dict[str, Any]] = wide["entries"]
    return entries.get(category) or entries[wide["usual"]]


def card_glosses(name: str, category: str) -> list[str]:
    """What the card means, for comparing phrases with: the WordNet definitions of its
    senses in the lexicons, else its name alone (a card nobody has defined).

    >>> card_glosses("Well", "place")
    ['a deep hole or shaft dug or drilled to obtain water or oil or gas or brine']
    >>> card_glosses("Xylophonist's Umbrella", "thing")
    ["xylophonist's umbrella"]
    """
    glosses: list[str] = lexicon_entry(name, category).get("glosses", [])
    return glosses or [lexicon_key(name)]


def card_defined(name: str, category: str) -> bool:
    """Whether the lexicons hold definitions for a card (else ``card_glosses`` is its name).

    >>> card_defined("Well", "place"), card_defined("Xylophonist's Umbrella", "thing")
    (True, False)
    """
    return bool(lexicon_entry(name, category).get("glosses"))


@dataclass
class CardForms:
    """Token sequences for one card, each with its relation to the card."""

    relations: dict[tuple[str, ...], str] = field(default_factory=dict)
    _of: dict[tuple[str, ...], frozenset[tuple[str, ...]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @cached_property
    def widths(self) -> tuple[int, ...]:
        """The lengths in words that forms have, longest first: only runs of these can match.

        >>> CardForms(relations={("wolf",): "name", ("grey", "wolf"): "hyponym"}).widths
        (2, 1)
        """
        return tuple(sorted({len(form) for form in self.relations}, reverse=True))

    def relation(self, form: tuple[str, ...]) -> str | None:
        """How ``form`` relates to the card, or None."""
        return self.relations.get(form)

    def of(self, relations: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
        """The forms of one of ``relations`` (kept once asked: a card's forms are fixed once
        ``card_forms`` has built them).

        >>> CardForms(relations={("wolf",): "name", ("dog",): "cohyponym"}).of(("name",))
        frozenset({('wolf',)})
        """
        if relations not in self._of:
            self._of[relations] = frozenset(
                form for form, relation in self.relations.items() if relation in relations
            )
        return self._of[relations]

    def occur_in(self, words: list[str], relations: tuple[str, ...] | None = None) -> bool:
        """Whether any form (of one of ``relations``, default all) occurs in ``words``.

        >>> forms = CardForms(relations={("wolf",): "name", ("dog",): "cohyponym"})
        >>> forms.occur_in(["a", "dog"]), forms.occur_in(["a", "dog"], ("name",))
        (True, False)
        """
        for width in self.widths:
            for start in range(len(words) - width + 1):
                found = self.relations.get(tuple(words[start : start + width]))
                if found is not None and (relations is None or found in relations):
                    return True
        return False


def surface_keys(
    phrase: str, *, noun: bool = False, verb: bool = False, degrees: bool = True
) -> set[tuple[str, ...]]:
    """The word tuples of ``phrase``'s inflected forms, as card forms are keyed; with
    ``noun``, its plural and possessive only (``inflection.noun_forms``); with ``verb``, its
    first word's forms too, as a verb phrase's (``inflected_as_verb``); without ``degrees``,
    no comparative or superlative (``GRADED_CATEGORIES``).

    >>> {("old", "tree"), ("old", "trees")} <= surface_keys("old tree")
    True
    >>> ("married",) in surface_keys("marri"), ("married",) in surface_keys("marri", noun=True)
    (True, False)
    >>> grew = ("grew", "up")
    >>> grew in surface_keys("grow up"), grew in surface_keys("grow up", verb=True)
    (False, True)
    >>> ("prisoner",) in surface_keys("prison", degrees=False)
    False
    """
    text = phrase.replace("_", " ")
    surfaces = noun_forms(text) if noun else phrase_forms(text, verb=verb, degrees=degrees)
    return {key for surface in surfaces if (key := _tokens_of(surface))}


def _tokens_of(phrase: str) -> tuple[str, ...]:
    return tuple(t.text for t in tokenize(phrase) if t.is_word)


OBJECT_PARTICLES = frozenset({"across", "into", "for", "upon", "off", "back"})
"""Last words of a verb phrase that take an object, read in a tale as often as not as the verb
said literally of it: "ran across the yard" is no *Meeting*, "took off his hat" no
*Departure*, "brought back a feather" no *Return*, "was looking for his breakfast" no
*Quest*. Such phrases keep their base form only (``inflected_as_verb``)."""


def inflected_as_verb(phrase: str) -> bool:
    """Whether an aspect's or event's form of several words is matched with its first word in
    every form, as a verb phrase ("fell asleep", "grew up", "kicked the bucket"); not one
    ending in a particle that takes an object (``OBJECT_PARTICLES``).

    >>> inflected_as_verb("fall asleep"), inflected_as_verb("run across"), inflected_as_verb("gone")
    (True, False, False)
    """
    words = phrase.replace("_", " ").split()
    return len(words) > 1 and words[-1] not in OBJECT_PARTICLES


NOUN_CATEGORIES = frozenset({"character", "thing", "place"})
"""Categories of cards named by a noun (not an aspect or an event). Their near misses, and the
words that name them other than their own name, are matched as nouns only: "kept" is no
castle keep for *Dungeon*, "walked" no walk for *Road*, "farmer" no farm for *Barn*, "sowed"
no sow for *Pig*, "trailed" no trail for *Path*. Their own name (and its aliases) keeps its
verb forms, for the mention judge to read as another sense ("hammered" for *Hammer*)."""


GRADED_CATEGORIES = frozenset({"aspect"})
"""Categories of cards named by an adjective, whose comparative and superlative name them
("happier" for *Happy*). A noun's or an event's "-er" is another word: "farmer" is no
*Farm*, "prisoner" no *Prison*, "beer" no *Bee*, "hunter" no *A Hunt*."""


@lru_cache(maxsize=8192)
def card_forms(card: CardRef) -> CardForms:
    """Every form that names ``card`` or is a known near miss for it; for a card of
    ``NOUN_CATEGORIES``, every word but its own name in its singular, plural and possessive
    only.

    >>> forms = card_forms(CardRef(name="Dungeon", category="place")).relations
    >>> forms[("castle",)], forms[("castles",)], ("kept",) in forms
    ('cohyponym', 'cohyponym', False)
    >>> pig = card_forms(CardRef(name="Pig", category="character")).relations
    >>> pig[("sows",)], ("sowed",) in pig, ("sowing",) in pig
    ('hyponym', False, False)
    """
    entry = lexicon_entry(card.name, card.category)
    forms = CardForms()
    noun_card = card.category in NOUN_CATEGORIES
    own_words = {lexicon_key(card.name), *card.aliases}
    groups: list[tuple[str, list[str]]] = [
        ("name", [lexicon_key(card.name)]),
        ("synonym", list(entry.get("synonyms", []))),
        ("form", list(entry.get("forms", []))),
        ("hyponym", list(entry.get("hyponyms", []))),
        ("synonym", list(card.aliases)),
        ("broader", list(entry.get("broader", []))),
        ("cohyponym", list(entry.get("cohyponyms", []))),
        ("cohyponym", list(load_related_things().get(lexicon_key(card.name), []))),
        ("compound", list(entry.get("compounds", []))),
    ]
    graded = card.category in GRADED_CATEGORIES
    for relation, phrases in groups:
        for phrase in phrases:
            negative = relation in NEGATIVE
            verb = not noun_card and not negative and inflected_as_verb(phrase)
            noun = noun_card and (negative or phrase not in own_words)
            for key in surface_keys(phrase, noun=noun, verb=verb, degrees=graded):
                forms.relations.setdefault(key, relation)
    for phrase in entry.get("kinds", []):
        for key in surface_keys(phrase, noun=True):
            forms.relations.setdefault(key, KIND)
    return forms


class PhraseIndex:
    """The runs of words of some lines (a story), to ask whether a card's forms occur in them.

    Built once per call and shared by every card, so the cost is the story's length plus
    each card's number of forms, not their product.

    >>> story = PhraseIndex([["a", "grey", "wolf", "howled"], ["night", "fell"]])
    >>> story.has_any(card_forms(CardRef(name="Wolf", category="character")), POSITIVE)
    True
    >>> story.has_any(card_forms(CardRef(name="Dragon", category="character")), POSITIVE)
    False
    """

    def __init__(self, lines: list[list[str]]) -> None:
        self._lines = lines
        self._runs: dict[int, set[tuple[str, ...]]] = {}
        self._all_runs: dict[tuple[int, ...], set[tuple[str, ...]]] = {}

    def runs(self, width: int) -> set[tuple[str, ...]]:
        """Every run of ``width`` consecutive words within one line."""
        if width not in self._runs:
            self._runs[width] = {
                tuple(line[start : start + width])
                for line in self._lines
                for start in range(len(line) - width + 1)
            }
        return self._runs[width]

    def has_any(self, forms: CardForms, relations: tuple[str, ...]) -> bool:
        """Whether any form of one of ``relations`` occurs in some line: the card's forms
        (``CardForms.of``) and the story's runs of their widths, as sets, meet."""
        return not forms.of(relations).isdisjoint(self.all_runs(forms.widths))

    def all_runs(self, widths: tuple[int, ...]) -> set[tuple[str, ...]]:
        """Every run of each of ``widths`` words within one line, together."""
        if widths not in self._all_runs:
            self._all_runs[widths] = set().union(*(self.runs(width) for width in widths))
        return self._all_runs[widths]
