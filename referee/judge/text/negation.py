"""The negation cue: is a word denied ("there was no dragon")?"""

from __future__ import annotations

from itertools import pairwise

from referee.judge.text.clauses import after_last_comma, clause_before, since_spoken_clause
from referee.judge.text.tokens import Token, words
from referee.judge.text.vocabulary import (
    BE_FORMS,
    CLAUSE_OPENERS,
    DEFINITE_DETERMINERS,
    DETERMINERS,
    INDEFINITE_DETERMINERS,
    NEGATIONS,
    OPENING_PREPOSITIONS,
    SUBJECT_PRONOUNS,
    is_negation,
    last_determiner,
    reads_past,
)

NEGATION_REACH = 4

NOT_DENYING = {
    "not": frozenset({"far", "long", "only"}),
    "no": frozenset({"sooner"}),
    "none": frozenset({"other"}),
}
"""After the negation, these measure rather than deny: "not far from the castle", "no
sooner", "none other than the wolf" (but "no long road" denies the road)."""

NEGATIVE_PRONOUNS = frozenset({"nobody", "noone", "nothing"})
"""With "no one", these deny only themselves: "nothing but a wolf" and "no one except the
witch" name the wolf and the witch, and "no one opened the door" has a door."""

NEGATIVE_SUBJECTS = (("none",), ("neither",), ("no", "one"), ("not", "one"), ("not", "a", "single"))
"""Besides the negative pronouns, these open a clause whose subject they deny, and so what
it is said to be: "Not one of its halls was ever dark", "none of them had ever seen a giant"."""

BE_ADVERBS = frozenset({"ever", "really", "truly", "quite", "even"})
"""Between a form of "be" and what the subject is said to be ("was ever dark")."""

ANYTHING_BUT = ("anything", "but")
"""After a linking verb, these deny what follows: "he was anything but lazy"."""

ONLY_MARKERS = frozenset({"but", "except"})
"""After a negative pronoun, these lead to what is there: "nothing but a wolf"."""

COMPARING = frozenset({"as", "so", "such", "like", "more", "than"})
"""Just before a word, these compare rather than let a far negation deny it."""

EXISTENCE_DENIALS = (
    *((be, "real") for be in ("isn't", "aren't", "wasn't", "weren't")),
    *((be, "not", "real") for be in sorted(BE_FORMS)),
    *((do, "exist") for do in ("don't", "doesn't", "didn't")),
    *((do, "not", "exist") for do in ("do", "does", "did")),
    ("never", "existed"),
)
"""Right after the word, these deny that it exists: "Ghosts aren't real", "dragons don't
exist"."""

NO_LONGER = ("no", "longer")
"""Right after the word, this denies that it still holds ("he was young no longer"), unless
"than" follows, which measures ("a key no longer than her finger")."""

EVENT_DENIALS = (
    *(("never", verb) for verb in ("came", "happened", "began", "started")),
    ("never", "took", "place"),
    *((be, "called", "off") for be in ("was", "were")),
    *((be, cancelled) for be in ("was", "were") for cancelled in ("cancelled", "canceled")),
    *((be, "never", done) for be in ("was", "were") for done in ("held", "fought")),
    *((be, "not", "held") for be in ("was", "were")),
    ("didn't", "happen"),
    ("did", "not", "happen"),
)
"""Right after an event's word, or after a clause that says which one it is
(``DENIAL_REACH``), these deny that it happened: "the battle never came", "the execution was
called off", "the tournament the king had promised was never held". Only for an event: "the
prince never came" still has a prince."""

NOTHING_BUT = frozenset({"but", "more", "else", "less", "short", "like", "so"})
"""After "nothing", these make an event's verb affirm rather than deny: "wanted nothing more
than", "promised nothing but trouble"."""

DENIAL_REACH = 8
"""How many words a clause saying which event it is may hold between the event's word and
what denies it ("the tournament the king had promised for midsummer was never held")."""

DENIAL_STOPS = frozenset({",", ".", ";", ":", "!", "?", "and", "but", "or", "so", "because"})
"""Words that end the event's clause before a denial could reach back to it."""

PREVENTING = frozenset(
    {"prevented", "prevents", "prevent", "averted", "averts", "avert", "foiled", "foils"}
    | {"foil", "thwarted", "thwarts", "thwart", "postponed", "postpones", "postpone"}
    | {"cancelled", "canceled", "cancels", "cancel", "forbade", "forbids", "forbid"}
)
"""Right before an event's word (a determiner or two between), these say it did not happen:
"the guard prevented the theft", "the king postponed the wedding"."""

PREVENTING_PAIRS = frozenset({("called", "off"), ("put", "off"), ("puts", "off")})
"""Two words that do the same: "they called off the wedding", "she put off the feast"."""

AVOIDING = frozenset({"avoided", "avoids", "avoid", "avoiding"})
"""These prevent an event only when it is named as a new one ("avoided a fight"); what was
avoided with "the" happened, away from them ("avoided the storm")."""

PREVENTION_REACH = 3
"""At most this many words from the verb of prevention to the event's word, the verb's own
determiner and adjectives ("prevented the daring theft")."""

FIXED_NEGATIONS = (("without", "a", "doubt"), ("without", "doubt"), ("no", "doubt"))
"""Phrases that assert rather than deny: "Without a doubt the key was hidden there"."""

COMPLEMENT_OPENERS = frozenset({"that", "how", "where", "why", "what", "when"})
"""Words that open a clause saying what was seen, known or noticed."""

TIME_AND_CAUSE_OPENERS = frozenset(
    {"until", "till", "before", "after", "since", "because", "while", "whilst"}
)
"""Words that open a clause of its own saying when or why, which a negation before them does
not reach: "No one agreed until a wizard came through the village"."""

_CLAUSE_CUTS = COMPLEMENT_OPENERS | TIME_AND_CAUSE_OPENERS

_CLAUSE_SUBJECTS = DETERMINERS | SUBJECT_PRONOUNS

NEGATING_PAIRS = frozenset({("instead", "of"), ("rather", "than")})
"""Two words that deny what follows: "instead of a sword", "rather than a horse"."""

MEASURES = frozenset(
    {"drop", "crumb", "speck", "grain", "scrap", "morsel", "sip", "shred", "ounce", "bit"}
    | {"piece", "pinch", "mouthful", "drops", "crumbs", "scraps", "bits", "pieces"}
)
"""Before "of", these measure what follows, which a negation before them denies ("not a single
drop of wine", "no crumb of bread")."""

NEVER_COMPARED = frozenset({"so", "as", "such", "more"})
"""After "never", these right before a word make a comparison, not a denial."""

STATE_VERBS = frozenset({"been", "felt", "looked", "seemed", "was", "were", "sounded", "tasted"})
"""Between "never" and a comparative, these make it one ("had never been happier")."""

LINKING_VERBS = (
    BE_FORMS
    | (STATE_VERBS - {"tasted"})
    | {"became", "grew", "went", "fell", "turned", "got", "stayed", "remained"}
)
"""Verbs after which comes what their subject is said to be or become ("went hungry", "fell
ill", "looked happy"): the state verbs and those of becoming."""


def negated(tokens: list[Token], index: int, width: int = 1, event: bool = False) -> bool:
    """Whether a negation governs the word at ``index`` (a few words before, same clause), or
    the words after it (``width`` long) deny that it exists, or for an ``event`` that it
    happened (``EVENT_DENIALS``).

    "Never ... so" and "never ... as" compare with every other time rather than
    deny: "I have never been so happy" says she is happy.

    >>> from referee.judge.text.tokens import tokenize
    >>> negated(tokenize("There was no dragon."), 3)
    True
    >>> negated(tokenize("I have never been so happy."), 5)
    False
    >>> negated(tokenize("Not far from the castle lay a lake."), 4)
    False
    >>> negated(tokenize("Instead of a sword, he took a spoon."), 3)
    True
    >>> negated(tokenize("Instead of slaying the dragon, he fed it."), 4)
    False
    >>> negated(tokenize("Oh no, the tree fell on the house!"), 5)
    False
    >>> negated(tokenize("out of nowhere there's this crone hobbling up"), 5)
    False
    >>> negated(tokenize("Without warning, the thief ran off."), 4)
    False
    >>> negated(tokenize("Nobody noticed that the wolf was there."), 4)
    False
    >>> negated(tokenize("She never went anywhere without her dog."), 6)
    False
    >>> negated(tokenize("Everyone knows dragons don't exist."), 2)
    True
    >>> negated(tokenize("There was not a single drop of wine left in the cellar."), 7)
    True
    >>> sentence = tokenize("In the end the battle never came.")
    >>> negated(sentence, 4, event=True), negated(sentence, 4)
    (True, False)
    """
    if _existence_denied(tokens, index + width, EVENT_DENIALS if event else ()):
        return True
    if event and _event_denied_later(tokens, index + width):
        return True
    if event and _prevented(words(tokens[max(0, index - PREVENTION_REACH) : index])):
        return True
    if event and _done_to_nothing(words(tokens), index, width):
        return True
    clause = _without_measure(
        since_spoken_clause(clause_before(tokens, index), words(tokens), index)
    )
    before = _after_opened_clause(after_last_comma(clause[-NEGATION_REACH:]))
    if before[-1:] and before[-1] in NEVER_COMPARED and "never" in before:
        return False
    if (
        before[-2:-1] == ["never"]
        and before[-1] in STATE_VERBS
        and _comparative(tokens[index].text)
    ):
        return False  # "had never been happier": happier than ever
    if _denied_instead(clause[-(NEGATION_REACH + 1) :]) or _anything_but(before):
        return True
    lead = len(clause) - len(before)  # ``before`` ends the clause
    denying = [
        word
        for k, word in enumerate(before)
        if is_negation(word) and not _denies_nothing(clause, lead + k)
    ]
    if denying == ["without"] and _denies(clause[:lead]):
        return False  # "She never went anywhere without her dog": two negations
    return bool(denying) or _denied_by_pronoun_afar(_after_opened_clause(after_last_comma(clause)))


def _without_measure(clause: list[str]) -> list[str]:
    """The clause before a word without a measure that ends it ("drop of", "a single crumb of"),
    so that a negation reaches the word measured as it reaches the measure.

    >>> _without_measure("there was not a single drop of".split())
    ['there', 'was', 'not', 'a']
    >>> _without_measure("there was no sign of".split())
    ['there', 'was', 'no', 'sign', 'of']
    """
    if len(clause) < 2 or clause[-1] != "of" or clause[-2] not in MEASURES:
        return clause
    kept = clause[:-2]
    return kept[:-1] if kept[-1:] == ["single"] else kept


def _comparative(word: str) -> bool:
    """Whether ``word`` reads as a comparative in "-er" ("happier", "braver"; not "never").

    >>> _comparative("happier"), _comparative("braver"), _comparative("never")
    (True, True, False)
    """
    return len(word) >= 5 and word.endswith("er") and word not in NEGATIONS


def _prevented(before: list[str]) -> bool:
    """Whether the words right before an event's word prevent it (``PREVENTING``): "prevented
    the theft", "called off the wedding", "avoided a fight"; not across a comma or "and", nor
    what was avoided as it happened ("avoided the storm").

    >>> _prevented(["guard", "prevented", "the"]), _prevented(["called", "off", "the"])
    (True, True)
    >>> _prevented(["they", "avoided", "a"]), _prevented(["they", "avoided", "the"])
    (True, False)
    >>> _prevented(["prevented", ",", "the"]), _prevented(["saw", "the"])
    (False, False)
    """
    for k, word in enumerate(before):
        between = before[k + 1 :]
        if set(between) & {",", "and", "but", "or"}:
            continue
        if word in PREVENTING or (k > 0 and (before[k - 1], word) in PREVENTING_PAIRS):
            return True
        if word in AVOIDING and last_determiner(between) in INDEFINITE_DETERMINERS:
            return True
    return False


def _event_denied_later(tokens: list[Token], end: int) -> bool:
    """Whether an event's ``EVENT_DENIALS`` come after a clause that says which event it is,
    within ``DENIAL_REACH`` words and before any of ``DENIAL_STOPS``.

    >>> from referee.judge.text.tokens import tokenize
    >>> sentence = tokenize("But the tournament the king had promised was never held.")
    >>> _event_denied_later(sentence, 3)
    True
    >>> _event_denied_later(tokenize("The feast went on, and the guests never came."), 2)
    False
    """
    for start in range(end + 1, min(len(tokens), end + DENIAL_REACH + 1)):
        if tokens[start - 1].text.lower() in DENIAL_STOPS:
            return False
        if _existence_denied(tokens, start, EVENT_DENIALS):
            return True
    return False


def _done_to_nothing(texts: list[str], index: int, width: int) -> bool:
    """Whether an event's word is a verb done to nothing: "she swore nothing at all", "her
    face betrayed nothing". Not a noun after a determiner, which "nothing" begins a clause
    about ("a promise nothing could break"), nor before ``NOTHING_BUT`` ("promised nothing
    but trouble").

    >>> _done_to_nothing("and she swore nothing at all".split(), 2, 1)
    True
    >>> _done_to_nothing("it was a promise nothing could break".split(), 3, 1)
    False
    >>> _done_to_nothing("he promised nothing but trouble".split(), 1, 1)
    False
    """
    after = texts[index + width : index + width + 2]
    before = texts[index - 1] if index > 0 else ""
    following = after[1] if len(after) > 1 else ""
    return after[:1] == ["nothing"] and following not in NOTHING_BUT and before not in DETERMINERS


def _existence_denied(
    tokens: list[Token], end: int, more: tuple[tuple[str, ...], ...] = ()
) -> bool:
    """Whether the words from ``end`` deny that what comes before exists
    (``EXISTENCE_DENIALS``, and ``more``) or still holds (``NO_LONGER``).

    >>> from referee.judge.text.tokens import tokenize
    >>> _existence_denied(tokenize("He was young no longer."), 3)
    True
    >>> _existence_denied(tokenize("It was a key no longer than a finger."), 4)
    False
    """
    after = tuple(token.text.replace("’", "'") for token in tokens[end : end + 3])
    if after[:2] == NO_LONGER:
        return after[2:] != ("than",)
    return any(after[: len(denial)] == denial for denial in (*EXISTENCE_DENIALS, *more))


def _denied_by_pronoun_afar(clause: list[str]) -> bool:
    """Whether a negative pronoun opening the clause beyond ``NEGATION_REACH`` denies a
    word named indefinitely: "Nobody had ever seen a dragon in those hills" (where "nobody
    remembered the little garden" has one, and "no one had seen a face as lovely" compares).

    >>> _denied_by_pronoun_afar(["nobody", "had", "ever", "seen", "a"])
    True
    >>> _denied_by_pronoun_afar(["nobody", "had", "ever", "seen", "the"])
    False
    >>> _denied_by_pronoun_afar(["but", "no", "one", "had", "ever", "seen", "a"])
    True
    >>> _denied_by_pronoun_afar(["nobody", "noticed", "the", "wolf", "in", "a", "borrowed"])
    False
    >>> _denied_by_pronoun_afar(["nobody", "has", "money", "for", "a"])
    True
    >>> _denied_by_pronoun_afar("not one of its halls was ever".split())
    True
    >>> _denied_by_pronoun_afar("but no one ever came to".split())
    True
    >>> _denied_by_pronoun_afar("nobody knew the way to".split())
    False
    >>> _denied_by_pronoun_afar("not one of them looked at her so that she felt quite".split())
    False
    >>> _denied_by_pronoun_afar("none of the knights in the hall saw the".split())
    False
    """
    while clause and clause[0] in CLAUSE_OPENERS:
        clause = clause[1:]  # "But no one had ever seen a unicorn"
    if not clause or not (
        clause[0] in NEGATIVE_PRONOUNS
        or any(tuple(clause[: len(opening)]) == opening for opening in NEGATIVE_SUBJECTS)
    ):
        return False
    if len(clause) <= NEGATION_REACH or any(word in ONLY_MARKERS for word in clause):
        return False
    if _said_to_be(clause) and not set(clause[1:]) & SUBJECT_PRONOUNS:
        return True  # "Not one of its halls was ever dark"; not "... so that she felt quite"
    if clause[-1] == "to" and reads_past(clause[-2]):
        return True  # "no one ever came to rescue him": what nobody came to do was not done
    if set(clause[-3:]) & COMPARING:
        return False  # "No one had ever seen a face as lovely": a comparison, not a denial
    last = range(len(clause) - 1, max(-1, len(clause) - 4), -1)
    at = next((k for k in last if clause[k] in DETERMINERS), None)
    if not at or clause[at] not in ("a", "an", "any"):
        return False
    # not a thing after a preposition: "nobody noticed the wolf in a borrowed hat" is the wolf's;
    # but with nothing definite before it, what the preposition leads to is denied too ("nobody
    # has money for a coffin")
    if clause[at - 1] not in OPENING_PREPOSITIONS | {"with", "of", "for", "to", "into"}:
        return True
    return not any(word in DEFINITE_DETERMINERS for word in clause[1:at])


def _said_to_be(clause: list[str]) -> bool:
    """Whether the clause ends on a linking verb (and perhaps "ever"), so the word after it is
    what its subject is said to be or become ("was ever dark", "went starving").

    >>> _said_to_be("none of the guests were".split()), _said_to_be("nobody saw".split())
    (True, False)
    >>> _said_to_be("not a single villager went".split())
    True
    """
    end = len(clause) - 1 if clause[-1:] and clause[-1] in BE_ADVERBS else len(clause)
    return end > 0 and clause[end - 1] in LINKING_VERBS


def _anything_but(before: list[str]) -> bool:
    """Whether the words before a word say it is "anything but" what a linking verb gives
    ("he was anything but lazy", "she looked anything but a queen"): a denial.

    >>> _anything_but("he was anything but".split()), _anything_but("was anything but a".split())
    (True, True)
    >>> _anything_but("he would eat anything but".split())
    False
    """
    words_before = before[:-1] if before[-1:] and before[-1] in DETERMINERS else before
    if len(words_before) < 3:
        return False
    return tuple(words_before[-2:]) == ANYTHING_BUT and words_before[-3] in LINKING_VERBS


def _denies(words_before: list[str]) -> bool:
    """Whether ``words_before`` hold a negation other than "without"."""
    return any(is_negation(word) and word != "without" for word in words_before)


def _after_opened_clause(words_before: list[str]) -> list[str]:
    """The words after the last clause opened in ``words_before`` by a complement's word
    ("that", "how", "where"...) or one of time or cause ("until", "because"...) before a
    determiner or pronoun: what nobody noticed or knew is in the story ("Nobody noticed that
    the wolf was watching"), where "no one saw that dragon" denies; and so is what came when
    nobody expected it ("No one agreed until a wizard came").

    >>> _after_opened_clause(["nobody", "agreed", "until", "a"])
    ['a']
    >>> _after_opened_clause(["no", "one", "saw", "that"])
    ['no', 'one', 'saw', 'that']
    """
    for k in range(len(words_before) - 2, -1, -1):
        if words_before[k] in _CLAUSE_CUTS and words_before[k + 1] in _CLAUSE_SUBJECTS:
            return words_before[k + 1 :]
    return words_before


def _denied_instead(before: list[str]) -> bool:
    """Whether "instead of" or "rather than" in ``before`` denies what ends it: not across a
    comma ("Instead of gold, stones filled the chest") nor through a verb ("instead of
    slaying the dragon": the dragon is in the story).
    """
    for k, pair in enumerate(pairwise(before)):
        if pair in NEGATING_PAIRS:
            rest = before[k + 2 :]
            return "," not in rest and not (rest and rest[0].endswith("ing"))
    return False


def _denies_nothing(before: list[str], k: int) -> bool:
    """Whether the negation at ``before[k]`` (``before``: the clause up to the word) only
    measures ("not far from the castle", "no sooner", "not only the king"), is fixed ("without
    a doubt", "couldn't help admiring", "out of nowhere"), answers ("no it was a fox"), or is a
    negative pronoun that denies only itself (``_pronoun_denies_itself``)."""
    after = before[k + 1 :]
    if after[:1] and after[0] in NOT_DENYING.get(before[k], ()):
        return True
    if before[k] == "no" and after[:1] and _subject_pronoun(after[0]):
        return True  # an answer, its comma not written: "was it the wind no it was a fox"
    if before[k] == "nowhere" and (
        before[max(0, k - 2) : k] == ["out", "of"] or before[max(0, k - 1) : k] == ["from"]
    ):
        return True  # "out of nowhere a dragon swooped down": suddenly, not nowhere
    if after[:1] == ["help"] or any(tuple(before[k : k + len(p)]) == p for p in FIXED_NEGATIONS):
        return True
    return _pronoun_denies_itself(before, k)


def _subject_pronoun(word: str) -> bool:
    """Whether ``word`` is a subject pronoun, alone or with its verb run in ("she's", "they'd").

    >>> _subject_pronoun("she"), _subject_pronoun("she's"), _subject_pronoun("they’re")
    (True, True, True)
    >>> _subject_pronoun("one's"), _subject_pronoun("wolf")
    (False, False)
    """
    return word.replace("’", "'").split("'")[0] in SUBJECT_PRONOUNS


def _pronoun_denies_itself(before: list[str], k: int) -> bool:
    """Whether the negative pronoun at ``before[k]`` ("nobody", "nothing", "no one") leaves
    the word alone: led to by "but" or "except" ("nothing but a wolf", "nothing left but a
    ring"), or named with "the" after a verb ("no one opened the door", "nobody remembered the
    little garden"), where "nobody had seen a dragon" still denies the dragon."""
    if before[k] in NEGATIVE_PRONOUNS:
        rest = before[k + 1 :]
    elif before[k : k + 2] == ["no", "one"]:
        rest = before[k + 2 :]
    else:
        return False
    if any(word in ONLY_MARKERS for word in rest):
        return True
    return last_determiner(rest[1:]) == "the"
