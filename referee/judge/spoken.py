"""Speech transcribed without punctuation: where a list's commas would have been.

A table that speaks may use a transcriber that writes no commas: "along the river there
were mills cottages and little gardens". The list cue (``text.in_list``) reads a list's
items between its commas, so such a list of scenery read as a plain play. In a sentence
without a comma, ``implied_commas`` puts one where a noun ends one noun phrase and the
next word opens another: before an article, a possessive or a number ("the mill the
chapel and the old bridge", "a stove two chairs"), unless that phrase is a clause's
subject ("through the forest the children were tired"), a time ("rode his horse the
whole night") or a second object ("gave his daughter the golden ring"); after a plural
before another noun, an adjective or a participle before a noun ("jars dried frogs
bundles of herbs"), or a word in -s ("mirrors bangles"); between two words in -s, known
or not ("clouds cherubs crowns"); and before "but", "while" or "until", which close a
list's last item. A singular noun before a noun is a compound ("goat pastures", "stone
bridges") and gets none. (``text`` finds clauses the same way: without a comma, a
subject and its verb after "and", "but" or "so", or after an opening "if" or "as"
clause, start a new one, where the negation or the condition before them stops:
``text.spoken_clause_at``.)

A sentence with any comma is read as written. Our labelled cases are all written with
punctuation, and none of them changes its cues: a written sentence without a comma
seldom runs its nouns together like this. Transcribed (``as_transcribed``), the list
cue finds 0.74 of their passing mentions (0.05 without the implied commas; 0.87 as
written) and fires on 0.4% of the named cases (``tests/judge/test_spoken.py``).

Nouns are the one-word characters, things and places the card lexicons have entries
for (``known_nouns``), with their plurals.

>>> words = "along the river there were mills cottages and little gardens".split()
>>> sorted(implied_commas(tuple(words)))
[6]
>>> sorted(implied_commas(tuple("she passed the mill the chapel and the bridge".split())))
[4]
>>> implied_commas(tuple("she passed the mill, the chapel and the bridge".split()))
frozenset()
>>> implied_commas(tuple("the soldiers marched to the gate".split()))
frozenset()
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from referee.judge.inflection import forms
from referee.judge.lexicon import NOUN_CATEGORIES, load_lexicon, load_wide_lexicon
from referee.judge.text import IRREGULAR_PAST, NUMBER_WORDS, TIME_WORDS, reads_past
from referee.judge.text.clauses import subject_and_verb
from referee.judge.text.vocabulary import NOT_NOUNS, PERSONAL_SUBJECTS, looks_plural

_QUOTE_MARKS = re.compile(r"(?<![a-z])['’]|['’](?![a-z])")
_MARKS = re.compile(r"[^\w\s'’-]")
_LOOSE_HYPHENS = re.compile(r"(?<!\w)-|-(?!\w)")
PHRASE_OPENERS = frozenset(
    {"a", "an", "the", "some", "his", "her", "their", "its", "your", "our"}
    | {"these", "those", "several", "many"}
    | (NUMBER_WORDS - {"one", "hundred", "thousand"})
)
"""Words that open a noun phrase: after a noun, where a comma would have been ("my" is left
out: it is more often a call, "take the road my dear", than a list's next item)."""
OPENERS = PHRASE_OPENERS | {"my"}
"""Words that open a noun phrase, "my" too."""
GIVING = frozenset(
    {"gave", "give", "gives", "handed", "hands", "showed", "shows", "offered", "offers"}
    | {"brought", "brings", "sent", "sends", "told", "tells", "promised", "promises", "sold"}
    | {"sells", "threw", "throws", "lent", "lends", "taught", "teaches", "bought", "buys"}
    | {"owed", "owes", "asked", "asks"}
)
"""Verbs that take two objects ("gave his daughter the golden ring"): no comma between them.
Not "passed", whose objects are most often the places passed ("passed the mill the chapel
and the bridge")."""
CLAUSE_BREAKS = frozenset({"but", "yet", "while", "until", "till"})
"""Words that, after a noun, open a new clause where a comma would have closed the list before
("fields forests the sea and the blue hills but not the thing he was looking for")."""
ADJECTIVES = frozenset(
    {"little", "old", "young", "small", "big", "great", "tall", "long", "short", "tiny"}
    | {"huge", "dark", "bright", "black", "white", "red", "green", "blue", "yellow", "grey"}
    | {"gray", "brown", "golden", "silver", "wooden", "rusty", "dusty", "broken", "empty"}
    | {"fat", "thin", "fine", "rich", "poor", "strange", "wild", "tame", "fresh", "rotten"}
    | {"sweet", "sour", "heavy", "soft", "hard", "silk", "velvet", "woollen", "stone", "tin"}
    | {"copper", "iron", "glass", "clay", "leather", "painted", "carved", "dried", "sunken"}
    | {"shimmering", "veiled", "cracked", "burnt", "ancient", "pretty", "ugly", "fierce"}
)
"""Common adjectives that open a noun phrase after a plural ("beggars old soldiers")."""
SAME_IN_THE_PLURAL = frozenset({"sheep", "deer"})
"""Nouns whose plural is the word itself, read as plurals ("sheep goats gorse and heather")."""


class Nouns(NamedTuple):
    """The nouns ``implied_commas`` reads."""

    words: frozenset[str]
    """Every known noun, singular or plural."""
    plurals: frozenset[str]
    """The plurals among them, and those of our vocabulary's events."""
    after_an_article: frozenset[str]
    """Nouns that are more often something else (``NOT_NOUNS``: "well", "back"), read as
    nouns after an article, a possessive or an adjective ("an old well", "the rest")."""


@lru_cache(maxsize=1)
def known_nouns() -> Nouns:
    """The one-word characters, things and places the lexicons have entries for (our
    vocabulary and the common words of the wide lexicon, not their rarer relations:
    WordNet has a noun "came"), with their plurals; the plurals alone, with those of our
    vocabulary's events ("storms", "feasts": as a word alone, many events are verbs too,
    "fight the dragon") and the nouns whose plural is the word itself ("sheep"); and the
    nouns that are more often something else.

    >>> nouns = known_nouns()
    >>> "cottage" in nouns.words and "cottages" in nouns.words and "cottages" in nouns.plurals
    True
    >>> "geese" in nouns.plurals, "cottage" in nouns.plurals, "back" in nouns.words
    (True, False, False)
    >>> "storms" in nouns.plurals, "storm" in nouns.words, "well" in nouns.after_an_article
    (True, False, True)
    """
    lexicon = load_lexicon()
    every = {key for key, entry in lexicon.items() if entry.get("category") in NOUN_CATEGORIES}
    every |= {
        key for key, wide in load_wide_lexicon().items() if wide.get("usual") in NOUN_CATEGORIES
    }
    every = {word for word in every if word.isalpha()}
    events = {key for key, entry in lexicon.items() if entry.get("category") == "event"}
    singular = every - NOT_NOUNS
    plurals = _plurals(singular) | _plurals({word for word in events if word.isalpha()})
    # A singular noun is no plural of another word, but a word in -s may be both ("eggs").
    not_plural = {word for word in singular if not word.endswith("s")} | NOT_NOUNS
    plurals = (plurals - not_plural) | (SAME_IN_THE_PLURAL & singular)
    return Nouns(
        words=frozenset(singular | plurals - _plurals(events)),
        plurals=frozenset(plurals),
        after_an_article=frozenset(every & NOT_NOUNS),
    )


def _plurals(singular: set[str]) -> set[str]:
    """The plural forms of ``singular``'s words (among their forms, over-generated)."""
    return {
        form
        for word in singular
        for form in forms(word)
        if form != word and not form.endswith(("'s", "ed", "ing", "er", "est"))
    }


@lru_cache(maxsize=1024)
def implied_commas(texts: tuple[str, ...]) -> frozenset[int]:
    """The positions of the words before which a comma is implied, in a sentence (as
    its token texts) that has no comma; none in a sentence that has one."""
    if "," in texts:
        return frozenset()
    known = known_nouns()
    nouns = known.words
    implied: set[int] = set()
    for position in range(1, len(texts)):
        before, word = texts[position - 1], texts[position]
        # A word in -s the lexicons do not know is a plural after a comma implied before it
        # ("markets bathhouses temples").
        unknown_plural = position - 1 in implied and looks_plural(before)
        plural = before in known.plurals or unknown_plural
        noun = before in nouns or (
            before in known.after_an_article and _described(texts, position - 2)
        )
        if looks_plural(before) and looks_plural(word):
            implied.add(position)  # "clouds cherubs crowns", "rings brooches pearls"
            continue
        if not (plural or noun):
            continue
        if word in CLAUSE_BREAKS or (plural and _opens_spoken_clause(texts, position)):
            implied.add(position)
        elif noun and position - 1 in implied and looks_plural(word):
            implied.add(position)  # "needles thread buttons combs": "thread" is an item too
        elif word in PHRASE_OPENERS and (noun or unknown_plural):
            if not (
                subject_and_verb(list(texts), position)  # "the children were tired"
                or _tells_time(texts, position + 1)
                or _second_object(texts, position - 1, nouns)
            ):
                implied.add(position)
        elif plural and (looks_plural(word) or _opens_noun_phrase(texts, position, nouns)):
            implied.add(position)
    return frozenset(implied)


def _opens_spoken_clause(texts: tuple[str, ...], position: int) -> bool:
    """Whether a clause starts at ``position`` with its subject, or with "so" before one: after
    a plural, a list's last item ends there ("weddings and funerals he's played them all",
    "old wheels and busted chairs so he climbs up"); "him" or "them" there would be an object.

    >>> _opens_spoken_clause(tuple("chairs so he climbs up".split()), 1)
    True
    >>> _opens_spoken_clause(tuple("funerals he's played".split()), 1)
    True
    >>> _opens_spoken_clause(tuple("the boots so fine".split()), 2)
    False
    """
    start = position + 1 if texts[position] == "so" else position
    if start >= len(texts):
        return False
    subject = re.split("['’]", texts[start])[0]  # "he's", "they're": a subject and its verb
    return subject in PERSONAL_SUBJECTS


def _described(texts: tuple[str, ...], position: int) -> bool:
    """Whether the word at ``position`` is an article, a possessive or an adjective, so the
    word after it is a noun ("an old well")."""
    return position >= 0 and (texts[position] in OPENERS or texts[position] in ADJECTIVES)


@lru_cache(maxsize=1)
def _aspect_adjectives() -> frozenset[str]:
    """Our vocabulary's aspects of one word that are no verb form ("mad", "greedy"; not
    "lost", which may be the sentence's verb: "the soldiers lost horses and men")."""
    return frozenset(
        key
        for key, entry in load_lexicon().items()
        if entry.get("category") == "aspect"
        and key.isalpha()
        and not reads_past(key)
        and key not in IRREGULAR_PAST
    )


def _opens_noun_phrase(texts: tuple[str, ...], position: int, nouns: frozenset[str]) -> bool:
    """Whether the word at ``position`` is a noun, or an adjective or participle before one."""
    word = texts[position]
    if word in NOT_NOUNS:
        return False
    if word in nouns:
        return True
    following = texts[position + 1] if position + 1 < len(texts) else ""
    describes = (
        word in ADJECTIVES
        or word in _aspect_adjectives()
        or (word.endswith("ed") and len(word) > 4)
    )
    return describes and following in nouns


def _tells_time(texts: tuple[str, ...], position: int) -> bool:
    """Whether the phrase going on at ``position`` says when ("the next morning").

    >>> _tells_time(("the", "whole", "night", "and"), 1), _tells_time(("the", "old", "bridge"), 1)
    (True, False)
    """
    return any(word in TIME_WORDS for word in texts[position : position + 2])


def _second_object(texts: tuple[str, ...], noun: int, nouns: frozenset[str]) -> bool:
    """Whether the noun phrase ending at ``noun`` follows a verb that takes two objects,
    so the phrase after it is the second ("gave his daughter the golden ring").

    >>> nouns = known_nouns().words
    >>> _second_object(tuple("the king gave his daughter the ring".split()), 4, nouns)
    True
    >>> _second_object(tuple("she passed the mill the chapel".split()), 3, nouns)
    False
    """
    position = noun
    while position >= 0 and (
        texts[position] in nouns or texts[position] in ADJECTIVES or texts[position] in OPENERS
    ):
        position -= 1
    return position >= 0 and texts[position] in GIVING


def as_transcribed(text: str) -> str:
    """``text`` as a transcriber that writes no punctuation and no capitals would send it:
    lower case, every mark gone but the apostrophes and hyphens inside words (used to
    measure the judge on speech: ``referee eval judge --as-speech``).

    >>> as_transcribed("'Look,' she said. 'It is a three-legged stool, isn't it?'")
    "look she said it is a three-legged stool isn't it"
    """
    lowered = _QUOTE_MARKS.sub(" ", text.lower())
    unmarked = _LOOSE_HYPHENS.sub(" ", _MARKS.sub(" ", lowered))
    return " ".join(unmarked.split())
