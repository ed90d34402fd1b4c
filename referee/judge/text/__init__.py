"""Reading a sentence the way the labeling guide asks: tokens, and the cues around a word.

The cues are explicit features, not hopes: negation, hypotheticals, lists of
scenery, figurative patterns, a word in another sense (a noun used as a verb, an
adjective used as a noun, an exclamation, a season, a name given), a bare back-reference.
Each cue has its own module; this package gathers what the judge reads.

>>> tokens = tokenize("There was no dragon in that land.")
>>> [t.text for t in tokens][:4]
['there', 'was', 'no', 'dragon']
>>> negated(tokens, 3)
True
>>> in_list(tokenize("Villages with horses, shepherdesses, frogs and giants."), 2)
True
"""

from referee.judge.text.clauses import spoken_clause_at
from referee.judge.text.figurative import MATERIALS, figurative
from referee.judge.text.hypothetical import hypothetical
from referee.judge.text.lists import in_list
from referee.judge.text.negation import negated
from referee.judge.text.reference import introduced_indefinitely, refers_back
from referee.judge.text.senses import (
    before_object,
    exclamation,
    given_name,
    noun_use,
    quoted,
    season,
    verb_use,
)
from referee.judge.text.tokens import FUNCTION_WORDS, Token, content_words, tokenize, words
from referee.judge.text.vocabulary import (
    CLAUSE_VERBS,
    DEFINITE_DETERMINERS,
    DETERMINERS,
    IRREGULAR_PAST,
    NUMBER_WORDS,
    PRONOUNS,
    TIME_WORDS,
    is_negation,
    reads_past,
)

__all__ = [
    "CLAUSE_VERBS",
    "DEFINITE_DETERMINERS",
    "DETERMINERS",
    "FUNCTION_WORDS",
    "IRREGULAR_PAST",
    "MATERIALS",
    "NUMBER_WORDS",
    "PRONOUNS",
    "TIME_WORDS",
    "Token",
    "before_object",
    "content_words",
    "exclamation",
    "figurative",
    "given_name",
    "hypothetical",
    "in_list",
    "introduced_indefinitely",
    "is_negation",
    "negated",
    "noun_use",
    "quoted",
    "reads_past",
    "refers_back",
    "season",
    "spoken_clause_at",
    "tokenize",
    "verb_use",
    "words",
]
