"""Where a clause begins and ends, in written text and in unpunctuated speech.

The cues read a word within its clause: a negation or a condition reaches to
the clause's end, not across "and the mill stood still".
"""

from __future__ import annotations

from referee.judge.text.tokens import FUNCTION_WORDS, Token, words
from referee.judge.text.vocabulary import (
    BE_FORMS,
    CLAUSE_OPENERS,
    CLAUSE_VERBS,
    DETERMINERS,
    DOUBLE_QUOTES,
    IRREGULAR_PAST,
    NOUN_LIKE_PAST,
    OPENING_PREPOSITIONS,
    PLACE_PREPOSITIONS,
    PRONOUNS,
    SENTENCE_BREAKS,
    SUBJECT_PRONOUNS,
    is_negation,
    reads_past,
)

STATING_VERBS = BE_FORMS | {"had", "has"}
"""After a comma and a subject pronoun, these open a clause of its own."""

OPENING_SUBORDINATORS = frozenset(
    {"if", "unless", "as", "though", "although", "even", "when", "whenever", "while"}
    | {"since", "because", "once", "until", "before", "after", "whether"}
)
"""Words that open a subordinate clause before the sentence's main clause ("As luck would
have it, ...", "If you ask me, ...")."""

MAIN_CLAUSE_MODALS = frozenset(
    {"would", "could", "might", "should", "will", "shall", "may", "must", "can"}
)
"""After a condition, these make the main clause say what would be, not what is."""

SET_OPENINGS = (("if", "truth", "be", "told"), ("if", "need", "be"), ("if", "anything"))
"""Set phrases that open a sentence with "if" but set no condition on the clause after them
("if truth be told, the king trusted none of them"; "if anything happened" is a condition)."""

_GOVERNING = (
    OPENING_PREPOSITIONS
    | PLACE_PREPOSITIONS
    | {"of", "for", "with", "from", "about", "onto", "like", "than", "as"}
)
"""Words after which a noun phrase is an object, never a clause's subject."""

_AFTER_A_VERB = frozenset(
    {"beneath", "underneath", "towards", "toward", "against", "away", "back", "home", "still"}
    | {"forward", "forwards", "alone", "together", "everywhere", "nowhere", "here", "just"}
)
"""Adverbs and prepositions that follow a verb, not a participle's noun ("lived beneath",
"lived just across")."""


def clause_before(tokens: list[Token], index: int) -> list[str]:
    """Words from the start of the clause holding ``index`` up to it.

    A clause starts after a sentence break, a double quotation mark (a dialogue tag is a
    clause of its own: '"Don't be afraid," said the dragon') or at a comma followed by a
    word that opens a new clause ("..., so she set off"); a bare comma does not end the
    clause of a condition ("If a witch came, they would run"), but a subject pronoun and a
    stating verb after it start a clause of their own ("She could not stop crying, she was
    so sad"). In a sentence without any comma (speech transcribed without punctuation), a
    clause starts as ``_opens_spoken_clause`` finds ("she wanted to see the world so she set
    off", "there was no wind and the mill stood still").
    """
    out: list[str] = []
    texts = words(tokens)
    unpunctuated = "," not in texts
    for position in range(index - 1, -1, -1):
        token = tokens[position]
        if token.text in SENTENCE_BREAKS or token.text in DOUBLE_QUOTES:
            break
        if token.text == "," and out and out[-1] in CLAUSE_OPENERS:
            break
        if unpunctuated and out and _opens_spoken_clause(texts, position):
            break
        if token.text == "," and _opens_spliced_clause(out[::-1][:2]):
            break
        out.append(token.text)
    return list(reversed(out))


def _opens_spoken_clause(texts: list[str], position: int) -> bool:
    """Whether the word at ``position`` of a sentence without commas opens a clause: a word
    of ``CLAUSE_OPENERS`` before a subject pronoun or a subject and its verb
    (``spoken_clause_at``), or "for" before a subject and its verb within three words ("he
    would have laughed for the princess lived nearby"; not "for a horse right now groaned").

    >>> _opens_spoken_clause("there was no wind and the mill stood still".split(), 4)
    True
    >>> _opens_spoken_clause("he looked for the ring he had lost".split(), 2)
    False
    """
    word, following = texts[position], position + 1
    if following >= len(texts):
        return False
    if word in CLAUSE_OPENERS:
        return texts[following] in SUBJECT_PRONOUNS or spoken_clause_at(texts, following)
    return word == "for" and subject_and_verb(texts, following, reach=3)


def spoken_clause_at(texts: list[str], position: int) -> bool:
    """Whether a clause starts at ``position`` of a sentence spoken without commas: a subject
    pronoun, or a phrase opened by a determiner, followed by its verb within four words ("he
    was", "the castle windows glowed with"; ``subject_and_verb``), and not after a
    preposition, a negation or a verb, which make the phrase an object.

    >>> spoken_clause_at("there was no wind and the mill stood still".split(), 5)
    True
    >>> spoken_clause_at("she had not seen the painted door".split(), 4)
    False
    >>> spoken_clause_at("the man never carried a whip he talked to them".split(), 4)
    False
    """
    if position > 0 and (
        texts[position - 1] in _GOVERNING
        or is_negation(texts[position - 1])
        or _finite(texts, position - 1)
    ):
        return False  # "in the village had", "not a single bird sang", "had a child sighed"
    return subject_and_verb(texts, position)


def subject_and_verb(texts: list[str], position: int, reach: int = 4) -> bool:
    """Whether a subject pronoun, or a phrase opened by a determiner (an article, a possessive,
    a number, "some"), starts at ``position`` and its verb follows within ``reach`` words, no
    function word between.

    >>> subject_and_verb("through the forest the old children were tired".split(), 3)
    True
    >>> subject_and_verb("the mill the chapel and the bridge".split(), 2)
    False
    >>> subject_and_verb("and two knights rode out".split(), 1)
    True
    """
    word = texts[position]
    if word in SUBJECT_PRONOUNS:
        return position + 1 < len(texts) and _finite(texts, position + 1)
    if word not in DETERMINERS:
        return False
    for k in range(position + 1, min(len(texts), position + reach + 1)):
        if k >= position + 2 and _finite(texts, k):
            return True
        if texts[k] in FUNCTION_WORDS or texts[k] in OPENING_SUBORDINATORS:
            return False  # "a whip he talked": the verb is another clause's
    return False


def _finite(texts: list[str], k: int) -> bool:
    """Whether the word at ``k`` is a finite verb: an auxiliary or a modal, a past form that
    is no thing, or an "-ed" form before no noun ("glowed with", not "the painted door")."""
    word = texts[k]
    if word in CLAUSE_VERBS or word in MAIN_CLAUSE_MODALS:
        return True
    if word in IRREGULAR_PAST:
        return word not in NOUN_LIKE_PAST
    if not reads_past(word):
        return False
    following = texts[k + 1] if k + 1 < len(texts) else ""
    return (
        not following
        or following in FUNCTION_WORDS
        or following in _GOVERNING
        or following in _AFTER_A_VERB
        or following in PRONOUNS
        or following in DETERMINERS
        or following.endswith("ly")
    )


def _opens_spliced_clause(after_comma: list[str]) -> bool:
    """Whether the (first two) words after a comma start a clause of their own with a
    subject and a verb that states ("..., she was so sad"), as a storyteller joins two
    sentences.

    >>> _opens_spliced_clause(["she", "was"]), _opens_spliced_clause(["they", "would"])
    (True, False)
    """
    return (
        len(after_comma) >= 2
        and after_comma[0] in SUBJECT_PRONOUNS
        and after_comma[1] in STATING_VERBS
    )


def since_spoken_clause(clause: list[str], texts: list[str], index: int) -> list[str]:
    """``clause`` (ending before ``index``) from the last clause that starts in it, in a
    sentence spoken without commas ("as if that were not enough | a giant lived beneath its
    roots"); as it is in a sentence with a comma."""
    if "," in texts:
        return clause
    start = index - len(clause)
    for position in range(index - 1, start, -1):
        if spoken_clause_at(texts, position):
            return clause[position - start :]
    return clause


def after_last_comma(words_before: list[str]) -> list[str]:
    """The words after the last comma: a negation does not reach across one ("Without
    warning, the thief ran"; "Oh no, the tree fell")."""
    if "," not in words_before:
        return words_before
    return words_before[len(words_before) - words_before[::-1].index(",") :]


def rest_of_sentence(tokens: list[Token], index: int) -> list[str]:
    """Words from ``index`` to the end of its sentence."""
    rest = []
    for token in tokens[index:]:
        if token.text in SENTENCE_BREAKS:
            break
        rest.append(token.text)
    return rest


def after_opening_clause(before: list[str], tokens: list[Token], index: int) -> list[str]:
    """``before`` without an opening subordinate clause ("if", "unless", "as"...) that a comma
    closes (or, spoken without commas, a new clause: ``_spoken_main_clause``), when the clause
    after it tells what is rather than what would be: "If you ask me, the wolf was the hero"
    and "As luck would have it, they came upon a well" (the wolf and the well are in the
    story), not "If a witch came, the wolf would flee"."""
    if not before or before[0] not in OPENING_SUBORDINATORS:
        return before
    main = (
        after_last_comma(before)
        if "," in before
        else _spoken_main_clause(before, words(tokens), index)
    )
    if main is None:
        return before
    rest = rest_of_sentence(tokens, index)
    if any(word in MAIN_CLAUSE_MODALS or word.endswith(("'d", "'ll")) for word in main + rest):
        return before
    return main


def _spoken_main_clause(before: list[str], texts: list[str], index: int) -> list[str] | None:
    """In a sentence spoken without commas, the words of ``before`` (ending before ``index``)
    from the first clause that starts after the opening one's first three words, which hold
    its own subject ("if only I had", "if ever a man was"): "if you ask me | the youngest
    was the bravest"; or, after a set phrase (``SET_OPENINGS``), from the clause right after
    it: "if truth be told | the king trusted none of them". None when the sentence has a
    comma or no such clause starts before ``index``.

    >>> texts = "if anything the witch was even cleverer".split()
    >>> _spoken_main_clause(texts[:3], texts, 3)
    ['the']
    >>> texts = "if anything happened to the king".split()
    >>> _spoken_main_clause(texts[:5], texts, 5) is None
    True
    >>> texts = "if anything happened to him the castle was closed".split()
    >>> _spoken_main_clause(texts[:6], texts, 6)
    ['the']
    """
    if "," in texts:
        return None
    start = index - len(before)
    for opening in SET_OPENINGS:
        after = start + len(opening)
        if tuple(before[: len(opening)]) != opening or after >= index:
            continue
        if opening == ("if", "anything") and not (
            texts[after] in DETERMINERS or texts[after] in SUBJECT_PRONOUNS
        ):
            break  # "if anything happened": a condition, read as any other
        return before[len(opening) :]
    for position in range(start + 3, index):
        if spoken_clause_at(texts, position):
            return before[position - start :]
    return None
