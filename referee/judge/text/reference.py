"""How a sentence names someone: brought in as new ("a handsome prince rode by"), and
whether it points back into the story ("it", "her")."""

from __future__ import annotations

from referee.judge.text.tokens import Token
from referee.judge.text.vocabulary import (
    DEFINITE_DETERMINERS,
    INDEFINITE_DETERMINERS,
    NUMBER_WORDS,
    PRONOUNS,
)

MODIFIER_REACH = 3
"""Words (adjectives, a compound's first part) allowed between a determiner and its noun."""

AS_JOINING = frozenset({"soon", "well", "long", "far", "much", "though", "if"})
"""Between two "as", these join clauses or add ("as soon as a prince came", "as well as a
knight"), where "as strong as a bear" compares."""

NOT_LIKER = frozenset({"other", "fewer"})
"""Words in "-er" before "than" that count or set apart ("fewer than a hundred soldiers")."""

MODALS = frozenset({"would", "should", "could", "might", "'d"})
"""Before "like", these make it a verb of wanting ("the king would like a dragon's egg")."""


def introduced_indefinitely(tokens: list[Token], index: int) -> bool:
    """Whether the noun at ``index`` comes with an indefinite article or a number, as a
    story brings in someone new ("a handsome prince", "two knights"), rather than a
    definite or possessive word, as it speaks of someone it already implies ("the palace
    guards", "her father", "the two elder brothers"). A likeness brings no one in ("lived
    like a king", ``_likened``).

    >>> from referee.judge.text.tokens import tokenize
    >>> introduced_indefinitely(tokenize("Then a handsome young prince rode by."), 4)
    True
    >>> introduced_indefinitely(tokenize("But the palace guards seized her."), 3)
    False
    >>> introduced_indefinitely(tokenize("A wolf and the hunter met."), 4)
    False
    >>> introduced_indefinitely(tokenize("One day two knights rode in."), 3)
    True
    >>> introduced_indefinitely(tokenize("The two elder brothers grumbled."), 3)
    False
    >>> introduced_indefinitely(tokenize("A two-headed giant came."), 4)
    True
    >>> introduced_indefinitely(tokenize("The miller lived like a king."), 5)
    False
    >>> introduced_indefinitely(tokenize("He roared like a two-headed giant."), 6)
    False
    >>> introduced_indefinitely(tokenize("The beggar was really a king."), 5)
    True
    >>> introduced_indefinitely(tokenize("He feared that a demon might come."), 5)
    True
    >>> introduced_indefinitely(tokenize("He gave her a ring."), 4)
    True
    """
    reach = MODIFIER_REACH + 1
    for position in range(index - 1, -1, -1):
        token = tokens[position]
        if token.text == "-":
            continue
        if token.text in NUMBER_WORDS and position > 0 and tokens[position - 1].text in ("a", "an"):
            continue  # "a two-headed giant": the number is a modifier
        if token.text in INDEFINITE_DETERMINERS:
            if position == 0:
                return True
            if token.text in ("a", "an"):  # no word before "a" makes it known: "that a demon"
                return not _likened(tokens, position)
            return not _definite(tokens[position - 1]) and not _likened(tokens, position)
        if not token.is_word or _definite(token):
            return False
        reach -= 1
        if reach == 0:
            return False
    return False


def _likened(tokens: list[Token], article: int) -> bool:
    """Whether the indefinite word at ``article`` likens or exclaims rather than bringing
    someone in: "lived like a king", "as free as a bird", "stronger than a bear", "What a
    fool he was!". (Not "she watched as a knight rode by", "more than a hundred soldiers",
    "she asked what a wizard wanted"; and "the beggar was really a king" does bring a king
    in: our labelled lead-ins that reveal who someone was are endings that do not fit.)

    >>> from referee.judge.text.tokens import tokenize
    >>> _likened(tokenize("He lived like a king."), 3)
    True
    >>> _likened(tokenize("She watched as a knight rode by."), 3)
    False
    >>> _likened(tokenize("He was as strong as a bear."), 5)
    True
    """
    word = tokens[article - 1].text
    before = tokens[article - 2] if article >= 2 else None
    if word == "like":
        return before is None or before.text not in MODALS
    if word == "as":  # only the comparison "as strong as a bear", not "as soon as a prince came"
        return (
            article >= 3
            and tokens[article - 3].text == "as"
            and tokens[article - 2].text not in AS_JOINING
        )
    if word == "than":
        return before is not None and before.text.endswith("er") and before.text not in NOT_LIKER
    if word == "what":  # the exclamation opens its clause
        return before is None or not before.is_word
    return False


def _definite(token: Token) -> bool:
    """A determiner or possessive that points at someone known ("the", "her", "the king's")."""
    return token.text in DEFINITE_DETERMINERS or token.text.endswith("'s")


def refers_back(tokens: list[Token]) -> bool:
    """Whether the sentence has a pronoun that can only point back into the story."""
    return any(t.text in PRONOUNS for t in tokens)
