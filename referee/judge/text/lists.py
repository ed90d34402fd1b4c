"""The list cue: is a word one item of a list of scenery (a passing mention)?"""

from __future__ import annotations

import re
from itertools import takewhile

from referee.judge.text.clauses import OPENING_SUBORDINATORS, subject_and_verb
from referee.judge.text.tokens import Token, words
from referee.judge.text.vocabulary import (
    BE_FORMS,
    CLAUSE_VERBS,
    DETERMINERS,
    IRREGULAR_PAST,
    NOUN_LIKE_PAST,
    NUMBER_WORDS,
    OPENING_PREPOSITIONS,
    PERSONAL_SUBJECTS,
    PLACE_PREPOSITIONS,
    PRONOUNS,
    QUALITY_ADJECTIVES,
    SENTENCE_BREAKS,
    SUBJECT_PRONOUNS,
    TIME_WORDS,
    looks_plural,
    reads_past,
)

FIXED_PAIRS = frozenset(
    {("day", "night"), ("night", "day"), ("far", "wide"), ("up", "down"), ("back", "forth")}
    | {("again", "again"), ("here", "there"), ("now", "then"), ("more", "more")}
    | {("over", "over"), ("safe", "sound"), ("by", "by"), ("to", "fro"), ("high", "low")}
    | {("round", "round"), ("on", "on"), ("sooner", "later"), ("once", "all")}
    | {("man", "wife"), ("long", "hard")}
)
"""Word pairs joined by "and" or "or" that make one phrase, never two list items."""

_OPENING_ADVERBS = frozenset(
    {"then", "later", "meanwhile", "once", "soon", "afterwards", "afterward", "again", "now"}
    | {"today", "tonight", "tomorrow", "yesterday", "still", "instead", "besides", "however"}
    | {"alas", "indeed", "anyway", "outside", "inside", "there", "here", "finally", "next"}
)
"""Adverbs that open a sentence before its comma ("Then, the king and the queen rode out")."""

_NOT_ADVERBS_IN_LY = frozenset(
    {"family", "lily", "belly", "jelly", "bully", "holly", "ally", "folly", "fly", "butterfly"}
    | {"dragonfly", "firefly", "melancholy", "rally", "gully", "jolly", "sly", "wily", "ugly"}
)
"""Words in "-ly" that are not adverbs: things and qualities that may open a list."""

_TIME_COUNTERS = (
    frozenset({"one", "that", "this", "the", "next", "every", "each", "some", "a", "few"})
    | frozenset({"many", "following", "same", "very", "long", "at", "by", "years", "days"})
    | NUMBER_WORDS
)
"""Words that count or point to a time before its word ("the next day", "three years later")."""

_CLAUSE_MARKS = SUBJECT_PRONOUNS | {"there", "was", "were", "is", "are", "had", "has", "been"}
"""Words that make an opening phrase a clause ("Along the river there were mills")."""

_ADVERBIAL_WORDS = 6
"""At most this many words in an opening phrase read as an adverbial ("In the middle of the
night"); a longer one holds more than the adverbial ("Along the gallery hung portraits...")."""

_FEELINGS_AT_OPENING = frozenset(
    {"surprise", "astonishment", "amazement", "delight", "horror", "dismay", "relief", "joy"}
)
"""After "to" and a possessive, these open a sentence as an aside ("To her surprise, ...")."""

_LIST_ITEM_WORDS = 4

UNJOINED_LIST_ITEMS = 4
"""Items set off by commas alone that make a list with no "and" (``_unjoined_list``)."""

_WHERE_OPENERS = OPENING_PREPOSITIONS | PLACE_PREPOSITIONS | {"even", "everywhere"}
"""Opening an item after a comma, these tell where the word before is ("mice everywhere, in
the grain, even in his boots"), not another item of a list."""

_LIST_HEAD_WORDS = 3

_SINGLE_QUOTES = frozenset({"'", "‘", "’"})

_LIST_BOUNDS = SENTENCE_BREAKS | {'"', "“", "”"} | _SINGLE_QUOTES
"""A list lies within one sentence and on one side of a quotation mark."""

_NOT_WORDS = frozenset({"-", "–", "—", "(", ")"})

_ITEM_SEPARATORS = frozenset({",", "and", "or"})

SPOKEN_FILLERS = frozenset(
    {("like",), ("um",), ("uh",), ("er",), ("erm",), ("basically",), ("literally",)}
    | {("honestly",), ("seriously",), ("actually",), ("you", "know"), ("i", "mean"), ("right",)}
)
"""Words a speaker drops between commas that say nothing ("pops open, like, fifty bottles"):
set off alone, they are no list item, and their commas part nothing."""

LIST_CLOSERS = frozenset(
    {("whatever",), ("everything",), ("etc",), ("etcetera",), ("all", "that")}
    | {("the", "works"), ("the", "lot"), ("the", "whole", "lot"), ("the", "whole", "deal")}
    | {("the", "whole", "thing"), ("you", "name", "it"), ("the", "usual"), ("all", "of", "it")}
    | {("the", "whole", "nine", "yards"), ("that", "kind", "of", "thing")}
    | {("stuff", "like", "that")}
)
"""What a speaker ends a list with, set off by a comma where an "and" would open its last item
("they pass swamps, meadows, a ruined windmill, some sheep, whatever, the usual countryside"):
the item before it is the list's last."""

SUBORDINATORS_ENDING_LISTS = frozenset(
    {"until", "till", "before", "after", "when", "while", "because", "unless", "though"}
    | {"although", "since", "whereupon"}
)
"""After an item joined by "and" or "or", these open a clause of time or cause that the list
does not run into ("barley fields, windmills, sleepy villages and grazing cattle until he
reached the king's city")."""


_CLAUSE_WORDS = frozenset(
    {"when", "while", "which", "who", "whom", "whose", "that", "until", "because", "if", "as"}
)

_AUXILIARIES = BE_FORMS | {"be", "had", "has", "have", "did", "would", "could", "should", "been"}
"""Opening an item, these make it a predicate of the sentence's subject ("and were married")."""

_VERB_OBJECT_OPENERS = DETERMINERS | PRONOUNS | {"away", "up", "down", "off", "out", "back"}
"""Words that follow a verb opening a predicate ("stirred her pot", "threw away the core")."""

INTRODUCED_REACH = 3
"""How many words before the word speech's introducing "this" or "these" may stand ("this
really odd old man")."""

RELATIVE_PRONOUNS = frozenset({"who", "whom", "whose", "which"})
"""Words that open a clause telling more of a noun before them ("boys, ..., who climbed")."""

EXISTENTIAL_OPENINGS = frozenset({"there's", "there're", "here's"})
"""Words that open a clause saying what is there ("and there's merchants and wagons")."""

INTRODUCING = frozenset({"this", "these"})
"""Speech's words that bring a newcomer in ("there's this old mariner", "come these
buccaneers")."""

NOT_INTRODUCED_AFTER = OPENING_PREPOSITIONS | PLACE_PREPOSITIONS | {"with", "for"}
"""A preposition after "this" ends the newcomer's noun before the word ("this forest with
squirrels")."""

INTRODUCED_NOUN_WORDS = 2
"""How many words may follow the word to its item's end, the newcomer's noun ("this really
odd old man")."""

BIDDEN_VERBS = frozenset(
    {"come", "go", "sit", "stand", "take", "give", "bring", "look", "listen", "wait", "stay"}
    | {"hurry", "tell", "let", "get", "fetch", "put", "follow", "open", "shut", "find", "lie"}
)
"""Verbs a speaker bids with, which open a predicate before an object or a place ("come in",
"bring him home"), never a list's item."""

_INTENSIFIERS = frozenset({"very", "so", "too", "rather", "quite", "all"})

_ADJECTIVE_COMPLEMENTS = frozenset({"of", "with", "from", "as", "in", "to", "for"})
"""Words that open what follows an adjective ("full of birds", "white as snow")."""

_PARTICIPLE_PREPOSITIONS = frozenset({"with", "in", "by", "from"})
"""After a past participle, these open what it was done with ("stained with salt")."""

_PRESENT_OBJECT_OPENERS = frozenset(
    {"the", "a", "an", "his", "her", "their", "its", "my", "your", "our", "him", "them", "it"}
    | {"me", "us", "away", "up", "down", "off", "out", "back"}
)
"""After a word in "-s", these make it a verb told in the present ("stirs her pot"); not "that"
or "which", which follow plurals in lists ("pumpkins that turned into coaches")."""


def in_list(
    tokens: list[Token], index: int, width: int = 1, implied: frozenset[int] = frozenset()
) -> bool:
    """Whether the word is one item of a list of three or more short items ("X, Y, Z and W").

    Items are the stretches between commas, "and" and "or" around the word, the
    last joined by "and" or "or". Each item is short and no clause of its
    own ("he laughed"), but the first may run long before its last word ("they
    passed villages with horses, ...") and, after three items joined by commas (two where
    a spoken closer ends the list), the last may run long after its first words ("...
    banners and the antlers of a hundred stags"). The word right after a subject pronoun is
    its verb, and an item opened by a bidding verb a predicate ("come in"): no items.
    A list stays on one side of a quotation mark; dashes and brackets are not words here.
    ``implied`` holds the positions of words before which a comma is read though none is
    written (``spoken.implied_commas``). A list ends before a clause of time or cause opening
    after its last item (``SUBORDINATORS_ENDING_LISTS``) and at a spoken closer in place of
    its "and" (``LIST_CLOSERS``).

    >>> from referee.judge.text.tokens import tokenize
    >>> sentence = tokenize("He sang of weddings, battles, harvests and shipwrecks until dawn.")
    >>> in_list(sentence, 3), in_list(sentence, 9)
    (True, True)
    >>> in_list(tokenize("She took the sword, and he laughed at the king."), 3)
    False
    >>> in_list(tokenize("He added carrots, barley and a bone, and the soup smelled so good."), 11)
    False
    >>> in_list(tokenize("She held her nose and kissed his ugly, slimy head."), 7)
    False
    >>> in_list(tokenize("In the hill lived a clan of trolls, mining gold day and night."), 7)
    False
    >>> in_list(tokenize("The king ate apples, pears and plums."), 1)
    False
    >>> in_list(tokenize("The castle, with its towers and gates, rose above the town."), 1)
    False
    >>> in_list(tokenize("At last he escaped, squeezing through a gap and running off."), 3)
    False
    >>> in_list(tokenize("They pass swamps, meadows, some sheep, whatever, the usual."), 4)
    True
    >>> in_list(tokenize("They pass swamps, meadows, some sheep, whatever, the usual."), 2)
    True
    >>> in_list(tokenize("He threw this massive banquet, roast boar, pies, the works."), 4)
    False
    >>> in_list(tokenize("Later he returns, tanned and bearded, and walks right in."), 2)
    False
    """
    texts = words(tokens)
    bounds = {k for k in range(len(tokens)) if _bounds_list(tokens, k)}
    unsaid = _fillers_set_off(texts)
    if index in unsaid or texts[index] in _ITEM_SEPARATORS:
        return False  # a filler, or a card whose word joins items ("And", "Or"): no item
    if index > 0 and texts[index - 1] in PERSONAL_SUBJECTS:
        return False  # the verb of "he returns, tanned and bearded, and walks up": no item
    clause_start, clause_end = index, index + width
    while clause_start > 0 and clause_start - 1 not in bounds:
        clause_start -= 1
    while clause_end < len(texts) and clause_end not in bounds:
        clause_end += 1
    items: list[list[str]] = [[]]
    joined_before: list[bool] = [False]
    holder = 0
    offset = 0
    ends_item = False
    after_comma = False
    for position in range(clause_start, clause_end):
        word = texts[position]
        if position in unsaid:
            continue
        if position in implied and items[-1]:
            items.append([])
            joined_before.append(False)
        if (
            word in SUBORDINATORS_ENDING_LISTS
            and position >= index + width
            and (holder > 0 or len(items[0]) <= _LIST_ITEM_WORDS)
            and not after_comma
            and _ends_last_item(items[-1], joined_before[-1])
        ):
            break
        if word in _ITEM_SEPARATORS and not _pairs_words(texts, position):
            if items[-1]:
                items.append([])
                joined_before.append(word != ",")
                after_comma = False
            else:
                joined_before[-1] = joined_before[-1] or word != ","
                after_comma = word != ","  # ", and" opens a clause as often as a last item
            continue
        if position == index:
            holder = len(items) - 1
            offset = len(items[-1])
        if position == index + width - 1:
            following = next(
                (
                    texts[k]
                    for k in range(position + 1, clause_end)
                    if texts[k] not in _NOT_WORDS and k not in unsaid
                ),
                ",",
            )
            ends_item = (
                following in _ITEM_SEPARATORS
                or position + 1 in implied
                or _described_in_passing(_rest_of_item(texts, position + 1, clause_end))
            )
        if word not in _NOT_WORDS:
            if _hyphenated(tokens, position) and items[-1]:
                items[-1][-1] += f"-{word}"  # "dried-up figs": one word, not "dried up"
            else:
                items[-1].append(word)
    if not items[-1]:
        items.pop()
        joined_before.pop()
    if _said_again_with_one(items, joined_before, holder, offset + width):
        del items[holder + 1], joined_before[holder + 1]  # "berries, red ones,": one item
    if _examples_follow(items, joined_before, holder, offset + width):
        return False  # "the swamp is super dangerous, like crocodiles, quicksand, ...": no item
    closer = _closer_after(items, joined_before, holder)
    if closer is not None:
        if (
            holder == 0
            and (len(items[0]) > _LIST_ITEM_WORDS or _is_clause(items[0]))
            and not (offset + width == len(items[0]) and looks_plural(items[0][-1]))
        ):
            # "He threw this massive banquet, roast boar, pies, the works": what follows
            # the clause's last word tells what it held; it is no item with them. A plural
            # there is the first of them ("they pass swamps, meadows, ..., whatever").
            return False
        items, joined_before = items[:closer], joined_before[:closer]
        joined_before[-1] = True
    while len(items) > 1 and not joined_before[1]:
        # "Then, the king and the queen rode out": the opening says when, it is no item; nor
        # is a second one ("Under the firs, to her surprise, the girl found ..."), nor a clause
        # before the word's item ("When he drew it in, there sat two tiny boys, dripping wet
        # and laughing"; speech may run such a clause into its main one, which holds the list).
        if _adverbial_opening(items[0]):
            if holder == 0:
                return False
        elif holder == 0 or not _subordinate_opening(items[0]):
            break
        items, joined_before, holder = items[1:], [False, *joined_before[2:]], holder - 1
    if holder == 1 and _main_subject_after_opening(items, joined_before):
        return False
    if _restated(items, holder, offset, width) or (
        holder == 0 and _introduced_newcomer(items[0], offset, width)
    ):
        return False
    if holder == 0 and (
        _clause_follows(items, joined_before)
        or _subject_of_objects(items, offset + width)
        or _subject_before_aside(items, joined_before)
        or _described_after(items, joined_before, offset + width)
        or _summed_up_after(items, offset + width)
        or _doing_after(items, offset + width)
    ):
        return False
    clause = [_is_clause(item) for item in items]
    # A past form alone is a predicate where the sentence has predicates ("..., jumped, and bit
    # the hunter"), or ends it ("The dwarfs worked, ate, and slept"); else it may be a thing.
    backed = any(_predicate(item) for item in items)
    clause = [
        clause[k] or ((backed or k == len(items) - 1) and _lone_past(item))
        for k, item in enumerate(items)
    ]
    if clause[holder] and offset + width == len(items[holder]) and _ends_on_verb(items[holder]):
        # The word is the past verb its clause ends on ("he finally escaped, squeezing through
        # the window and dropping into the moat"): what follows tells how, no list holds it.
        return False
    short = [len(item) <= _LIST_ITEM_WORDS and not clause[k] for k, item in enumerate(items)]
    if _in_parallel_run(items, joined_before, short, holder, offset):
        return True
    # A long item may close a list whose items so far were joined by commas only.
    closing = [
        k > 0 and joined_before[k] and not short[k] and not clause[k] and not joined_before[k - 1]
        for k in range(len(items))
    ]
    closed_by_word = closing[holder] and offset + width <= _LIST_HEAD_WORDS
    left = holder - 1 if closed_by_word else holder
    while left > 0 and short[left]:
        left -= 1
    if closed_by_word:
        return holder - left >= 3
    if not short[holder] and (holder != left or not ends_item):
        # A long item only counts when the word closes it ("villages with horses, ...").
        return False
    right = holder
    while right < len(items) - 1 and short[right + 1]:
        right += 1
    # two short items do too where a spoken closer ends the list ("jugglers, fire-eaters, a
    # guy with a dancing bear, all that")
    short_run = 2 if closer is not None else 3
    if right - left + 1 >= short_run and right < len(items) - 1 and closing[right + 1]:
        right += 1
    if _unjoined_list(items[left : right + 1], joined_before[left : right + 1], holder - left):
        return True
    # The list ends with its "and" or "or": "X and Y, Z" is no list, nor is what
    # trails after one ("frogs and giants, all asleep").
    while right > holder and not joined_before[right]:
        right -= 1
    return right - left + 1 >= 3 and joined_before[right]


def _closer_after(items: list[list[str]], joined_before: list[bool], holder: int) -> int | None:
    """The first item after the holder's that is a spoken closer (``LIST_CLOSERS``) set off by
    a comma, with two items or more before it: the list ends on the item before it.

    >>> items = [["they", "pass", "swamps"], ["meadows"], ["some", "sheep"], ["whatever"]]
    >>> _closer_after(items, [False] * 4, 0)
    3
    >>> _closer_after(items, [False, False, False, True], 0) is None
    True
    """
    for k in range(max(2, holder + 1), len(items)):
        if tuple(items[k]) in LIST_CLOSERS and not any(joined_before[k - 2 : k + 1]):
            return k
    return None


def _ends_last_item(item: list[str], joined: bool) -> bool:
    """Whether a subordinate clause opening after ``item`` ends a list there: the item is
    joined by "and" or "or", opens with no subordinating word ("and after a while ..."), and
    no verb of its own makes it a clause ("and grazing cattle until ...", not "and the
    children fell asleep before ...").

    >>> _ends_last_item(["grazing", "cattle"], True)
    True
    >>> _ends_last_item(["the", "children", "fell"], True)
    False
    """
    if not joined or not item or item[0] in SUBORDINATORS_ENDING_LISTS:
        return False
    return not _has_verb(item) and not _predicate(item)


def _fillers_set_off(texts: list[str]) -> frozenset[int]:
    """Positions of the spoken fillers (``SPOKEN_FILLERS``) that stand alone between two
    commas, with those commas: what a list reads as if never said.

    >>> texts = ["he", "pops", "open", ",", "like", ",", "fifty", "bottles"]
    >>> sorted(_fillers_set_off(texts))
    [3, 4, 5]
    >>> _fillers_set_off(["she", "was", "like", "a", "cat", ",", "and"])
    frozenset()
    """
    unsaid: set[int] = set()
    for start, word in enumerate(texts):
        if word != "," or start in unsaid:
            continue
        for filler in SPOKEN_FILLERS:
            end = start + 1 + len(filler)
            spoken = tuple(texts[start + 1 : end])  # tokens are lower case
            if spoken == filler and end < len(texts) and texts[end] == ",":
                unsaid.update(range(start, end + 1))
    return frozenset(unsaid)


def _in_parallel_run(
    items: list[list[str]], joined_before: list[bool], short: list[bool], holder: int, offset: int
) -> bool:
    """Whether the holder's item is one of three or more short items in a row, joined by commas
    only and each opened by the same determiner: a list told without its "and" ("the same
    church, the same inn, the same lime trees"; "he took his sword, his shield, his old
    horse", the first item from its determiner on, if the word at ``offset`` is in it).

    >>> items = [["the", "same", "church"], ["the", "same", "inn"], ["the", "same", "well"]]
    >>> _in_parallel_run(items, [False, False, False], [True] * 3, 1, 2)
    True
    >>> _in_parallel_run(items[:2], [False, False], [True] * 2, 1, 2)
    False
    >>> items = [["he", "took", "his", "sword"], ["his", "shield"], ["his", "old", "horse"]]
    >>> _in_parallel_run(items, [False, False, False], [False, True, True], 0, 3)
    True
    >>> _in_parallel_run(items, [False, False, False], [False, True, True], 0, 0)
    False
    >>> items = [["the", "king"], ["a", "proud", "man"], ["the", "crown"]]
    >>> _in_parallel_run(items, [False, False, False], [True] * 3, 0, 1)
    False
    """
    first = items[0]
    tail = range(max(0, len(first) - _LIST_ITEM_WORDS), len(first))
    starts = [j for j in tail if first[j] in DETERMINERS]

    def opening(k: int) -> str | None:
        """The determiner that opens item ``k``; the first item's last short phrase's."""
        if k > 0:
            return items[k][0] if short[k] and items[k][0] in DETERMINERS else None
        if not starts or (holder == 0 and offset < starts[-1]):
            return None
        return first[starts[-1]]

    shared = opening(holder)
    if shared is None:
        return False
    left = holder
    while left > 0 and not joined_before[left] and opening(left - 1) == shared:
        left -= 1
    right = holder
    while right < len(items) - 1 and not joined_before[right + 1] and opening(right + 1) == shared:
        right += 1
    return right - left + 1 >= 3


def _main_subject_after_opening(items: list[list[str]], joined_before: list[bool]) -> bool:
    """Whether the second item opens the main clause with its subject and verb after an
    opening subordinate clause and its comma: "Because she cried so loudly, a fisherman rowed
    over and cut her free" (not "When dawn came, geese, ducks and hens were shouting").

    >>> opening = ["because", "she", "cried", "so", "loudly"]
    >>> _main_subject_after_opening([opening, ["a", "fisherman", "rowed", "over"], ["cut"]],
    ...                             [False, False, True])
    True
    >>> _main_subject_after_opening([["when", "dawn", "came"], ["geese"], ["ducks"]],
    ...                             [False, False, False])
    False
    """
    return (
        len(items) > 1
        and not joined_before[1]
        and items[0][0] in OPENING_SUBORDINATORS
        and subject_and_verb(items[1], 0)
    )


def _unjoined_list(items: list[list[str]], joined_before: list[bool], holder: int) -> bool:
    """Whether short items set off by commas alone make a list, as speech runs one on with no
    "and" ("jugglers, villagers, pickpockets, goats, music everywhere"): at least
    ``UNJOINED_LIST_ITEMS`` of them, none after the first opened by a preposition, which tells
    where ("mice everywhere, in the grain, in the walls, in his boots"), and not all of them
    qualities, which describe the word before them ("by the fire, silent, cold, dark"). A first
    item with a verb counts only where it holds the word (``holder``): "There's a market, a
    fountain, ..." but not "the square was packed, jugglers, beggars, goats".

    >>> _unjoined_list([["fields"], ["cows"], ["sheep"], ["a", "scarecrow"]], [False] * 4, 1)
    True
    >>> _unjoined_list([["fields"], ["cows"], ["sheep"]], [False] * 3, 1)
    False
    >>> items = [["the", "square", "was", "packed"], ["jugglers"], ["beggars"], ["goats"]]
    >>> _unjoined_list(items, [False] * 4, 2)
    False
    >>> items = [["mice", "everywhere"], ["in", "the", "grain"], ["in", "the", "walls"]]
    >>> _unjoined_list([*items, ["in", "his", "boots"]], [False] * 4, 0)
    False
    >>> _unjoined_list([["by", "the", "fire"], ["silent"], ["cold"], ["dark"]], [False] * 4, 0)
    False
    """
    counted = len(items) - (holder > 0 and _has_verb(items[0]))
    return (
        counted >= UNJOINED_LIST_ITEMS
        and not any(joined_before[1:])
        and not any(item[0] in _WHERE_OPENERS for item in items[1:])
        and not all(_adjective_phrase(item) for item in items[1:])
    )


def _examples_follow(
    items: list[list[str]], joined_before: list[bool], holder: int, after: int
) -> bool:
    """Whether the word ends its item and the next one, set off by a comma, opens with "like":
    what follows gives examples of what the word says ("the pass is super treacherous, like
    rockslides every hour, ice, sheer drops"; "full of junk, like dusty trunks, ..."), so the
    word is what they elaborate, not one of them.

    >>> _examples_follow([["full", "of", "junk"], ["like", "trunks"]], [False, False], 0, 3)
    True
    >>> _examples_follow([["junk"], ["trunks"]], [False, False], 0, 1)
    False
    """
    return _next_item_set_off(items, joined_before, holder, after)[:1] == ["like"]


RESTATING_PRONOUNS = frozenset({"one", "ones"})
"""Ending the item after the word's, these say again what it was ("berries, red ones")."""


def _said_again_with_one(
    items: list[list[str]], joined_before: list[bool], holder: int, after: int
) -> bool:
    """Whether the item after the word's, set off by a comma, says again what the word was
    with "one" or "ones" ("covered in berries, red ones", "a horse, a grey one"): part of the
    word's item, not another.

    >>> _said_again_with_one([["berries"], ["red", "ones"], ["pears"]], [False, False, True], 0, 1)
    True
    >>> _said_again_with_one([["berries"], ["pears"]], [False, False], 0, 1)
    False
    """
    said = _next_item_set_off(items, joined_before, holder, after)
    return len(said) >= 2 and said[-1] in RESTATING_PRONOUNS


def _next_item_set_off(
    items: list[list[str]], joined_before: list[bool], holder: int, after: int
) -> list[str]:
    """The item after the word's where the word ends its item and a comma, not "and" or
    "or", sets the next one off; else no words.

    >>> _next_item_set_off([["junk"], ["like", "trunks"]], [False, False], 0, 1)
    ['like', 'trunks']
    >>> _next_item_set_off([["junk"], ["trunks"]], [False, True], 0, 1)
    []
    """
    if holder + 1 >= len(items) or joined_before[holder + 1] or after != len(items[holder]):
        return []
    return items[holder + 1]


def _restated(items: list[list[str]], holder: int, offset: int, width: int) -> bool:
    """Whether the word's item or the next one says it again, for stress, not as another
    item: "an island that's just jungle, like total jungle, vines everywhere".

    >>> _restated([["just", "jungle"], ["total", "jungle"], ["vines"]], 0, 1, 1)
    True
    >>> _restated([["swords"], ["shields"], ["spears"]], 0, 0, 1)
    False
    """
    word = items[holder][offset : offset + width]
    neighbours = items[holder + 1 : holder + 2] + items[max(0, holder - 1) : holder]
    return any(
        item[k : k + width] == word for item in neighbours for k in range(len(item) - width + 1)
    )


def _introduced_newcomer(item: list[str], offset: int, width: int) -> bool:
    """Whether the first item ends on, or a few words after, the word brought in by speech's
    "this" or "these" ("there's this old mariner, salty guy, one leg and a pipe"; "come these
    buccaneers, black flag, cutlasses"): one newcomer, whom the items after it describe.

    >>> _introduced_newcomer(["there's", "this", "old", "mariner"], 3, 1)
    True
    >>> _introduced_newcomer(["this", "bread"], 1, 1)
    False
    >>> _introduced_newcomer("it's this really odd old man".split(), 3, 1)
    True
    >>> _introduced_newcomer("out come these buccaneers".split(), 3, 1)
    True
    >>> _introduced_newcomer("she walks through this forest with squirrels".split(), 6, 1)
    False
    """
    opened = item[max(1, offset - INTRODUCED_REACH) : offset]  # after a word: "there's this"
    introducing = [k for k, word in enumerate(opened) if word in INTRODUCING]
    if not introducing or set(opened[introducing[-1] :]) & NOT_INTRODUCED_AFTER:
        return False  # "this forest with squirrels and deer": the forest is the newcomer
    return len(item) - (offset + width) <= INTRODUCED_NOUN_WORDS  # "odd old man"


def _subordinate_opening(item: list[str]) -> bool:
    """Whether the first stretch of a sentence, before its comma, is a clause opened by a
    subordinating word, its subject and one verb: it says when or why, it is no list's item
    ("When he drew it in, ..."; not "When the soldiers, the farmers and ...", whose item has no
    verb, nor speech's "when the doors opened there were pies cakes ...", which runs on into the
    main clause).

    >>> _subordinate_opening("when he drew it in".split()), _subordinate_opening(["when"])
    (True, False)
    >>> _subordinate_opening("when the soldiers".split())
    False
    >>> _subordinate_opening("before them stood bread".split())
    False
    >>> _subordinate_opening("when the doors opened there were pies".split())
    False
    """
    return (
        len(item) > 2
        and item[0] in OPENING_SUBORDINATORS
        and (item[1] in SUBJECT_PRONOUNS or item[1] in DETERMINERS)
        and _verb_count(item[2:]) == 1
    )


def _clause_follows(items: list[list[str]], joined_before: list[bool]) -> bool:
    """Whether the first item is a clause and the next, after its "and", opens a clause of
    its own, where any list begins ("they hit the highway, and there's merchants and wagons
    and everything").

    >>> items = [["they", "hit", "the", "highway"], ["there's", "merchants"], ["wagons"]]
    >>> _clause_follows(items, [False, True, True])
    True
    >>> _clause_follows([["bread"], ["there's", "cheese"], ["wine"]], [False, True, True])
    False
    """
    if len(items) < 2 or not joined_before[1] or not _is_clause(items[0]):
        return False
    following = items[1]
    return following[0] in EXISTENTIAL_OPENINGS or subject_and_verb(following, 0)


def _subject_of_objects(items: list[list[str]], after: int) -> bool:
    """Whether the first item's word (ending before ``after``) is the subject of a verb
    whose objects the other items are, or of the predicates they are: a verb follows it in
    its item and no other item has one ("The king ate apples, pears and plums"), or the next
    item opens with a verb ("the king leaned forward and said speak and tell no lies", as
    speech without quotes sends it); not "Horses pulled carts, dogs barked and women sang",
    a list of scenes.

    >>> _subject_of_objects([["the", "king", "ate", "apples"], ["pears"], ["plums"]], 2)
    True
    >>> _subject_of_objects([["the", "farmer", "loaded", "apples"], ["pears"], ["plums"]], 2)
    True
    >>> _subject_of_objects([["horses", "pulled", "carts"], ["dogs", "barked"]], 1)
    False
    >>> _subject_of_objects([["the", "king", "leaned", "forward"], ["said", "speak"]], 2)
    True
    """
    if not _has_verb(items[0][after:]):
        return False
    later = items[1:]
    predicates = bool(later) and (later[0][0] in CLAUSE_VERBS or reads_past(later[0][0]))
    return predicates or not any(_has_verb(item) for item in later)


def _has_verb(item: list[str]) -> bool:
    """Whether an item holds an auxiliary or any past form. Right after its subject,
    "loaded apples" is the verb, though ``clauses.finite`` reads an "-ed" form before a noun as
    a participle ("the painted door"), which would put the farmer in "The farmer loaded
    apples, ..."."""
    return _verb_count(item) > 0


def _verb_count(item: list[str]) -> int:
    """How many of an item's words are auxiliaries or past forms (``_has_verb``'s verbs)."""
    return sum(word in CLAUSE_VERBS or reads_past(word) for word in item)


def _subject_before_aside(items: list[list[str]], joined_before: list[bool]) -> bool:
    """Whether the first item is the subject of a verb that opens a later item after a comma,
    with the items between an aside whose last item is joined by "and" or "or": "The old
    mill, a ruin of stone and timber, stood by the river"; "A dragon, huge and red and angry,
    landed". Not a verb after some other item ("Of all the boats, barges and fishing smacks,
    the children chose one, untied it": "untied" is the children's).

    >>> items = [["the", "old", "mill"], ["a", "ruin", "of", "stone"], ["timber"], ["stood"]]
    >>> _subject_before_aside(items, [False, False, True, False])
    True
    >>> _subject_before_aside([["swords"], ["shields"], ["spears"]], [False, False, True])
    False
    """
    return any(
        not joined_before[k]
        and joined_before[k - 1]
        and (items[k][0] in CLAUSE_VERBS or reads_past(items[k][0]))
        for k in range(2, len(items))
    )


def _described_after(items: list[list[str]], joined_before: list[bool], after: int) -> bool:
    """Whether the first item ends with a noun brought in with a determiner (ending at
    ``after``) and the items after it, up to one joined by "and" or "or", are adjectives that
    describe it: "They reached an island, green and full of birds"; "a castle, dark and cold
    and silent". Not "a castle, old houses and a mill", whose items are things.

    >>> items = [["they", "reached", "an", "island"], ["green"], ["full", "of", "birds"]]
    >>> _described_after(items, [False, False, True], 4)
    True
    >>> items = [["he", "saw", "a", "castle"], ["old", "houses"], ["a", "mill"]]
    >>> _described_after(items, [False, False, True], 4)
    False
    >>> _described_after([["she", "was", "tired"], ["cold"], ["hungry"]], [False, False, True], 3)
    False
    >>> items = [["she", "found", "wild", "berries"], ["ripe"], ["sweet"]]
    >>> _described_after(items, [False, False, True], 4)
    True
    """
    first = items[0]
    if after != len(first):
        return False
    # the noun comes with a determiner, or after a verb and an adjective ("found wild berries")
    if not set(first[max(0, after - 4) : after - 1]) & DETERMINERS and not (
        after >= 3 and first[after - 2] in QUALITY_ADJECTIVES
    ):
        return False
    if len(items) > 1 and _participle_phrase(items[1]):
        return True  # "A map, stained with salt and blood": the "and" is the phrase's own
    for k in range(1, len(items)):
        if not _adjective_phrase(items[k]):
            return False
        if k >= 2 and joined_before[k]:
            return True
    return False


SUMMING_UP = frozenset({"all", "nothing"})
"""Opening the item after a word, these sum up what the word says ("so skinny, all elbows and
knees"; "dying of hunger, nothing but skin and bones"): the "and" after is theirs."""


def _summed_up_after(items: list[list[str]], after: int) -> bool:
    """Whether the first item ends on the word (ending at ``after``) and the next one sums it
    up (``SUMMING_UP``), so the items after it describe the word and are no list with it.

    >>> _summed_up_after([["he", "was", "so", "skinny"], ["all", "elbows"], ["knees"]], 4)
    True
    >>> _summed_up_after([["they", "passed", "villages"], ["farms"], ["mills"]], 3)
    False
    """
    return after == len(items[0]) and len(items) > 1 and items[1][0] in SUMMING_UP


_NOUNS_IN_ING = frozenset(
    {"morning", "evening", "wedding", "pudding", "ceiling", "feeling", "clothing", "building"}
    | {"painting", "offering", "stocking", "darling", "earring", "sibling", "herring", "nothing"}
    | {"lightning", "something", "anything", "everything", "blessing", "beginning", "ending"}
    | {"gathering", "meeting", "opening", "clearing", "dwelling", "duckling", "gosling"}
    | {"sapling", "shilling", "farthing", "railing", "dumpling", "yearling", "stuffing"}
    | {"bedding", "icing", "lodging", "washing", "wing", "thing", "string", "spring", "king"}
)
"""Words in "-ing" that are things, not what someone is doing ("a wedding, a funeral and a
christening" stays a list)."""

_DOING_FOLLOWERS = (
    _VERB_OBJECT_OPENERS
    | PLACE_PREPOSITIONS
    | {"with", "for", "like", "as", "from", "across", "along", "around", "about", "after"}
)
"""Words that follow an "-ing" verb opening what it does ("stretching her arms", "running
along the wall"), where a thing follows an "-ing" word that describes it ("sleeping cats")."""


def _doing_after(items: list[list[str]], after: int) -> bool:
    """Whether the first item ends on the word (ending at ``after``) and every item after it
    tells in "-ing" what was being done: "a girl no bigger than a thumb, yawning and
    stretching her arms". The "and" is the doing's own; no list holds the word, nor does a
    clause after them that tells more of it ("..., laughing, who climbed into his boat").
    Each item opens with a doing, and one at least is plainly one (alone, or before what it
    does or where): "an old hag, spinning thread from nettles and muttering to herself". Not
    "singing, dancing and laughing", whose first item is a doing too, nor "the mill, sleeping
    cats and barking dogs", whose items are things.

    >>> items = [["sat", "a", "girl", "no", "bigger", "than", "a", "thumb"], ["yawning"]]
    >>> _doing_after([*items, ["stretching", "her", "arms"]], 8)
    True
    >>> items = [["sat", "an", "old", "hag"], ["spinning", "thread", "from", "nettles"]]
    >>> _doing_after([*items, ["muttering", "to", "herself"]], 4)
    True
    >>> items = [["sat", "two", "tiny", "boys"], ["dripping", "wet"], ["laughing"]]
    >>> _doing_after([*items, ["who", "climbed", "into", "his", "boat"]], 4)
    True
    >>> _doing_after([["he", "loved", "singing"], ["dancing"], ["laughing"]], 3)
    False
    >>> _doing_after([["they", "passed", "the", "mill"], ["sleeping", "cats"], ["dogs"]], 4)
    False
    >>> _doing_after([["past", "the", "mill"], ["sleeping", "cats"], ["barking", "dogs"]], 3)
    False
    """
    later = list(takewhile(lambda item: item[0] not in RELATIVE_PRONOUNS, items[1:]))
    if after != len(items[0]) or not later or _doing(items[0][-1]):
        return False
    return all(_doing(item[0]) for item in later) and any(
        len(item) == 1 or item[1] in _DOING_FOLLOWERS or item[1].endswith("ly") for item in later
    )


def _doing(word: str) -> bool:
    """Whether a word reads as a verb's "-ing" form ("yawning"), not a thing ("wedding").

    >>> _doing("yawning"), _doing("wedding"), _doing("king")
    (True, False, False)
    """
    return len(word) >= 6 and word.endswith("ing") and word not in _NOUNS_IN_ING


def _rest_of_item(texts: list[str], start: int, end: int) -> list[str]:
    """The words from ``start`` to the next comma, "and" or "or" (or ``end``)."""
    rest: list[str] = []
    for word in texts[start:end]:
        if word in _ITEM_SEPARATORS:
            break
        if word not in _NOT_WORDS:
            rest.append(word)
    return rest


def _described_in_passing(rest: list[str]) -> bool:
    """Whether the words after a list's first noun, up to its comma, only say what it looked
    like: a participle and where or with what ("wagons heaped with hay, ...", "pebbles
    glittering in the brooks, ..."), so the noun still ends its item.

    >>> _described_in_passing(["heaped", "with", "hay"])
    True
    >>> _described_in_passing(["glittering", "in", "the", "brooks"])
    True
    >>> _described_in_passing(["and", "rode", "off"]), _described_in_passing([])
    (False, False)
    >>> _described_in_passing(["glittering", "in", "the", "light", "of", "the", "moon"])
    False
    """
    if not 2 <= len(rest) <= _LIST_ITEM_WORDS:
        return False
    doing = _doing(rest[0]) and rest[1] in _PARTICIPLE_PREPOSITIONS | PLACE_PREPOSITIONS
    return doing or _participle_phrase(rest)


def _participle_phrase(item: list[str]) -> bool:
    """Whether an item is a past participle and the preposition of what it was done with
    ("stained with salt", "wrapped in silk", "carved by elves"): it describes the noun before
    it, and what follows belongs to it.

    >>> _participle_phrase(["stained", "with", "salt"]), _participle_phrase(["dried", "figs"])
    (True, False)
    """
    return (
        len(item) >= 2
        and reads_past(item[0])
        and item[0] not in NOUN_LIKE_PAST
        and item[1] in _PARTICIPLE_PREPOSITIONS
    )


def _adjective_phrase(item: list[str]) -> bool:
    """Whether an item is an adjective, perhaps after "very" and before what completes it
    ("quiet", "very small", "full of birds", "white as snow").

    >>> _adjective_phrase(["full", "of", "birds"]), _adjective_phrase(["old", "houses"])
    (True, False)
    """
    start = 1 if item and item[0] in _INTENSIFIERS else 0
    return (
        len(item) > start
        and item[start] in QUALITY_ADJECTIVES
        and (len(item) == start + 1 or item[start + 1] in _ADJECTIVE_COMPLEMENTS)
    )


def _adverbial_opening(item: list[str]) -> bool:
    """Whether the first stretch of a sentence, before its comma, says when, where or how
    rather than naming a list's first item: an adverb ("Then", "Sadly"), a time ("One day",
    "Years later", "At last") or a phrase opened by a preposition ("Inside the cave").

    >>> _adverbial_opening(["then"]), _adverbial_opening(["that", "night"])
    (True, True)
    >>> _adverbial_opening(["inside", "the", "cave"]), _adverbial_opening(["sadly"])
    (True, True)
    >>> _adverbial_opening(["swords"]), _adverbial_opening(["spring"])
    (False, False)
    >>> _adverbial_opening(["lily"]), _adverbial_opening(["the", "old", "mill"])
    (False, False)
    >>> _adverbial_opening("the sea at sunset".split())
    False
    >>> _adverbial_opening("on the dresser lay a comb".split())
    False
    >>> _adverbial_opening("to her astonishment".split())
    True
    """
    if len(item) == 1:
        word = item[0]
        return word in _OPENING_ADVERBS or (
            len(word) >= 5 and word.endswith("ly") and word not in _NOT_ADVERBS_IN_LY
        )
    if item[-1] in TIME_WORDS and all(word in _TIME_COUNTERS for word in item[:-1]):
        return True
    if len(item) == 3 and item[0] == "to" and item[2] in _FEELINGS_AT_OPENING:
        return True  # "To her surprise,"
    return (
        item[0] in OPENING_PREPOSITIONS
        and len(item) <= _ADVERBIAL_WORDS
        and not any(reads_past(word) or word in _CLAUSE_MARKS for word in item)
    )


def _pairs_words(texts: list[str], position: int) -> bool:
    """Whether the "and" or "or" at ``position`` joins a fixed pair ("day and night", "far
    and wide"), a word repeated ("weeks and weeks", "higher and higher") or two numbers ("three
    or four crocodiles", "a hundred and fifty"): one phrase, not two list items.

    >>> _pairs_words("a trip of weeks and weeks on foot".split(), 4)
    True
    >>> _pairs_words("like three or four crocodiles".split(), 2)
    True
    >>> _pairs_words("he took it and it broke".split(), 3)
    False
    """
    if texts[position] not in {"and", "or"} or position == 0:
        return False
    pair = (texts[position - 1], *texts[position + 1 : position + 2])
    first, *second = pair
    repeated = [first] == second and first.isalpha() and first not in PRONOUNS | DETERMINERS
    return repeated or pair in FIXED_PAIRS or (len(pair) == 2 and all(map(_number, pair)))


def _number(word: str) -> bool:
    """Whether ``word`` is a number, in words or figures ("four", "40")."""
    return word in NUMBER_WORDS or word.isdigit()


def _bounds_list(tokens: list[Token], index: int) -> bool:
    """Whether the token ends a sentence or is a quotation mark (not the apostrophe of
    a plural possessive: "swallows' nests")."""
    token = tokens[index]
    if token.text in _SINGLE_QUOTES and index > 0:
        before = tokens[index - 1]
        if before.end == token.start and before.is_word and before.text.endswith("s"):
            return False
    return token.text in _LIST_BOUNDS


def _hyphenated(tokens: list[Token], position: int) -> bool:
    """Whether the word at ``position`` ends a hyphenated word ("dried-up")."""
    if position < 2 or tokens[position - 1].text != "-":
        return False
    hyphen, before = tokens[position - 1], tokens[position - 2]
    return before.is_word and before.end == hyphen.start and hyphen.end == tokens[position].start


def _is_clause(item: list[str]) -> bool:
    """Whether a list item is a clause of its own: it opens with a subject pronoun or
    a subordinating word, has a subject pronoun in it ("when he reached it"), or is a
    predicate of the sentence's subject ("The wolf ran, jumped, and bit the hunter"; "stood
    before the priest and were married").
    """
    bare = [re.split("['’]", word)[0] for word in item]
    return (
        bare[0] in SUBJECT_PRONOUNS
        or bare[0] in _CLAUSE_WORDS
        or bare[0] in _AUXILIARIES
        or any(word in PERSONAL_SUBJECTS for word in bare)
        or _predicate(bare)
    )


def _predicate(item: list[str]) -> bool:
    """Whether an item opens with a verb in the past, or a bidding verb (``BIDDEN_VERBS``),
    before its object or particle ("stirred her pot", "threw away the core", "slept in the
    mine", "come in", "bring him home"); not a participle before a noun or a place, as in
    a list of things ("carved chests, painted screens", "bears stewed in pots").

    >>> _predicate(["stirred", "her", "pot"]), _predicate(["carved", "chests"])
    (True, False)
    >>> _predicate(["stirs", "her", "pot"]), _predicate(["painted", "screens"])
    (True, False)
    >>> _predicate(["come", "in"]), _predicate(["bring", "him", "home"])
    (True, True)
    """
    if len(item) < 2:
        return False
    if reads_past(item[0]):
        return item[1] in _VERB_OBJECT_OPENERS or (
            item[0] in IRREGULAR_PAST and item[1] in PLACE_PREPOSITIONS
        )
    if item[0] in BIDDEN_VERBS:
        return item[1] in _VERB_OBJECT_OPENERS or item[1] in PLACE_PREPOSITIONS
    # told in the present: "stirs her pot", "runs away"; a plural before "the" is rare
    return len(item[0]) >= 4 and item[0].endswith("s") and item[1] in _PRESENT_OBJECT_OPENERS


_LINKING_VERBS = BE_FORMS | {"be", "been", "being", "felt", "looked", "seemed", "became", "grew"}
"""Before a past form, these make it a quality ("she was tired"), not the clause's verb."""


def _ends_on_verb(item: list[str]) -> bool:
    """Whether a clause ends on its verb in the past ("he finally escaped"), not on a quality
    ("she was tired", "so very tired").

    >>> _ends_on_verb(["he", "finally", "escaped"]), _ends_on_verb(["she", "was", "tired"])
    (True, False)
    """
    before = item[-2] if len(item) > 1 else ""
    return _lone_past(item[-1:]) and before not in _LINKING_VERBS and before not in _INTENSIFIERS


def _lone_past(item: list[str]) -> bool:
    """Whether the item is a past form alone ("jumped"), not one often a thing ("saw").

    >>> _lone_past(["seaweed"]), _lone_past(["jumped"]), _lone_past(["saw"])
    (False, True, False)
    """
    return len(item) == 1 and reads_past(item[0]) and item[0] not in NOUN_LIKE_PAST
