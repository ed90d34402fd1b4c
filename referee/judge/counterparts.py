"""A person card and its counterpart of the other sex: "a queen is not a *King*".

The labelling guide's own example of a related but different thing. The cross-encoder reads
"her uncle" as close to *Aunt* and "her cruel stepmother" as close to *Stepfather*, so stage
two rejects a person card whose only word in the sentence is its counterpart
(``counterpart_alone``), unless the sentence has another person of the card's sex who may be
the one meant ("His daughter was seventeen, and every prince wanted to marry her" names
*Princess*), or the counterpart only says whose someone is ("the wife of the king").
"""

from __future__ import annotations

from referee.judge.inflection import irregular_base
from referee.judge.text import Token

PAIRS = (
    ("woman", "man"),
    ("girl", "boy"),
    ("lady", "lord"),
    ("mother", "father"),
    ("stepmother", "stepfather"),
    ("grandmother", "grandfather"),
    ("godmother", "godfather"),
    ("daughter", "son"),
    ("stepdaughter", "stepson"),
    ("sister", "brother"),
    ("stepsister", "stepbrother"),
    ("aunt", "uncle"),
    ("niece", "nephew"),
    ("wife", "husband"),
    ("bride", "bridegroom"),
    ("bride", "groom"),
    ("widow", "widower"),
    ("queen", "king"),
    ("princess", "prince"),
    ("empress", "emperor"),
    ("duchess", "duke"),
    ("countess", "count"),
    ("baroness", "baron"),
    ("sultana", "sultan"),
    ("tsarina", "tsar"),
    ("heroine", "hero"),
    ("goddess", "god"),
    ("sorceress", "sorcerer"),
    ("enchantress", "enchanter"),
    ("witch", "wizard"),
    ("giantess", "giant"),
    ("nun", "monk"),
    ("abbess", "abbot"),
    ("priestess", "priest"),
    ("shepherdess", "shepherd"),
    ("waitress", "waiter"),
    ("actress", "actor"),
    ("hostess", "host"),
    ("mistress", "master"),
    ("maiden", "youth"),
)
"""Person words of the other sex, female first."""

FEMALE = frozenset(female for female, _ in PAIRS) | {"maid", "damsel", "lass", "mum", "mom"}
MALE = frozenset(male for _, male in PAIRS) | {"lad", "dad", "fellow", "gentleman"}
PERSON_WORDS = FEMALE | MALE

COUNTERPARTS: dict[str, frozenset[str]] = {
    word: frozenset(other for pair in PAIRS if word in pair for other in pair if other != word)
    for pair in PAIRS
    for word in pair
}
"""Each person word's counterparts of the other sex ("bride": "bridegroom", "groom")."""


def _singular(word: str) -> str:
    """A person word without its plural ending: "uncles" → "uncle", "princesses" → "princess",
    "women" → "woman", "gentlemen" → "gentleman", "maids" → "maid".

    >>> [_singular(w) for w in ("uncles", "princesses", "witches", "women", "gentlemen")]
    ['uncle', 'princess', 'witch', 'woman', 'gentleman']
    >>> _singular("maids"), _singular("lasses"), _singular("boss"), _singular("ladder")
    ('maid', 'lass', 'boss', 'ladder')
    """
    word = irregular_base(word)
    if word.endswith("men") and word[:-3] + "man" in PERSON_WORDS:
        return word[:-3] + "man"
    for ending in ("es", "s"):
        if word.endswith(ending) and word[: -len(ending)] in PERSON_WORDS:
            return word[: -len(ending)]
    return word


def counterpart_alone(tokens: list[Token], card_key: str, near_positions: list[int]) -> bool:
    """Whether the sentence's only words for a person card (``near_positions``: its near
    misses) are its counterpart of the other sex, none after "of" ("the wife of the king"),
    and no other person word of the card's sex stands beside them.

    >>> from referee.judge.text import tokenize
    >>> tokens = tokenize("It's her uncle, with a suitcase, staying the whole winter.")
    >>> counterpart_alone(tokens, "aunt", [2])
    True
    >>> tokens = tokenize("His daughter was seventeen, and every prince came.")
    >>> counterpart_alone(tokens, "princess", [7])
    False
    >>> counterpart_alone(tokenize("The wife of the king stood there."), "queen", [4])
    False
    >>> counterpart_alone(tokenize("A dwarf came."), "giant", [1])
    False
    """
    counterparts = COUNTERPARTS.get(card_key)
    if counterparts is None or not near_positions:
        return False
    texts = [token.text for token in tokens]
    if any(_singular(texts[k]) not in counterparts for k in near_positions):
        return False
    if any("of" in texts[max(0, k - 2) : k] for k in near_positions):
        return False
    own_sex = FEMALE if card_key in FEMALE else MALE
    return not any(_singular(word) in own_sex for word in texts)
