"""The figurative cue: is a word in a simile or an idiom ("like a lion", "heart of stone"), or a
measure of something else ("a storm of applause"), not the thing itself?"""

from __future__ import annotations

from itertools import pairwise

from referee.judge.text.clauses import subject_and_verb
from referee.judge.text.idioms import load_idioms, verb_phrase_forms
from referee.judge.text.tokens import Token, words
from referee.judge.text.vocabulary import (
    BE_FORMS,
    CLAUSE_OPENERS,
    CLAUSE_VERBS,
    DETERMINERS,
    DOUBLE_QUOTES,
    INDEFINITE_DETERMINERS,
    IRREGULAR_PAST,
    NOUN_LIKE_PAST,
    NUMBER_WORDS,
    SENTENCE_BREAKS,
    is_superlative,
)

FIGURATIVE_BEFORE = (
    ("like",),
    ("as",),
    ("heart", "of"),
    ("hearts", "of"),
    ("nerves", "of"),
    ("will", "of"),
    ("a", "sea", "of"),
    ("a", "mountain", "of"),
    ("sort", "of"),
    ("kind", "of"),
)

WOODS = frozenset(
    {"oak", "pine", "walnut", "cedar", "ebony", "birch", "beech", "elm", "yew", "willow"}
    | {"mahogany", "rosewood", "sandalwood", "driftwood", "bamboo", "wicker"}
)
"""Woods a thing is made of ("a cradle of carved walnut"), but trees before "tree" or "trees"
("a tunnel of beech trees")."""

MATERIALS = WOODS | frozenset(
    {
        "gold",
        "golden",
        "silver",
        "iron",
        "steel",
        "bronze",
        "copper",
        "brass",
        "tin",
        "lead",
        "glass",
        "crystal",
        "ice",
        "snow",
        "stone",
        "marble",
        "granite",
        "wood",
        "bone",
        "ivory",
        "pearl",
        "pearls",
        "diamond",
        "diamonds",
        "jewels",
        "gems",
        "wax",
        "clay",
        "straw",
        "reeds",
        "ropes",
        "planks",
        "logs",
        "sticks",
        "twigs",
        "bricks",
        "bones",
        "fur",
        "cloth",
        "wire",
        "thorns",
        "flowers",
        "roses",
        "leaves",
        "feathers",
        "silk",
        "velvet",
        "wool",
        "linen",
        "leather",
        "paper",
        "bread",
        "sugar",
        "gingerbread",
        "candy",
        "cheese",
    }
)

TIME_AND_PLACE_AS = frozenset({"soon", "long", "far", "well"})
"""Between two "as", these join a clause or add a thing ("as soon as the door opened", "as
far as the river", "as well as the knight"); "as much as a horse" still compares."""

LIKING = frozenset({"i", "you", "we", "they", "all", "to", "not", "do", "does", "did", "would"})
"""Before "like", these make it a verb ("they all like the cat", "I would like the sword")."""

ROLE_VERBS = frozenset(
    {
        "work",
        "works",
        "worked",
        "serve",
        "serves",
        "served",
        "hired",
        "employed",
        "crowned",
        "chosen",
        "appointed",
        "elected",
        "born",
        "lived",
        "began",
        "started",
    }
)
"""Before "as", these give a role rather than a likeness: "he worked as a cook", "she was
crowned as queen" (where "dressed as a witch" and "quiet as a mouse" are likenesses)."""

FIGURATIVE_SUBJECTS = frozenset(
    {"words", "voice", "heart", "tongue", "eyes", "smile", "laugh", "laughter", "life", "mind"}
    | {"temper", "love", "silence", "anger", "grief", "kiss", "touch", "gaze", "stare"}
    | {"thoughts", "promise", "promises", "lies", "hope", "fear", "sorrow", "memory"}
)
"""What a person says, feels or shows: what "is" a thing after one of these is a metaphor
("his words were poison", "her voice was music", "her heart was ice")."""

METAPHOR_OPENERS = frozenset({"a", "an", "the", "pure", "all"})
"""Between "is" and a metaphor's word, these may open its phrase ("were pure honey")."""

CALLING_NAMES = (
    ("a", "real"),
    ("a", "total"),
    ("a", "right"),
    ("a", "proper"),
    ("a", "regular"),
    ("an", "absolute"),
    ("a", "complete"),
    ("a", "bit", "of", "a"),
    ("basically", "a"),
    ("basically", "an"),
    ("basically", "the"),
    ("such", "a"),
    ("such", "an"),
)
"""After "is", these make what someone is called a name for them, not what they are: "she was a
real dragon", "the youngest is a total clown", "the king is basically a volcano"."""

CALLED_BY_BE = BE_FORMS | frozenset({"be", "been", "he's", "she's", "you're", "they're", "i'm"})
"""Forms of "to be" (with a person's contraction) before what someone is called."""

NAME_ENDERS = frozenset(
    {"who", "that", "which", "when", "before", "after", "at", "in", "on", "of", "with", "for"}
    | {"to", "and", "but", "or", "now", "once", "here", "there", "again", "today", "by", "from"}
    | {"about", "like", "as", "this", "if", "because", "all", "sometimes", "too"}
)
"""After what someone is called, these (or a mark) show its phrase has ended ("a real dragon
who let no suitor past")."""

NOT_CALLED = frozenset({"it", "this", "that", "there", "what", "which", "it's", "that's"})
"""Before "is", these make "a real dragon" a real one ("It was a real dragon!")."""

FIGURATIVE_AFTER = (
    ("in", "battle"),
    ("at", "heart"),
    ("in", "disguise", "as"),
)

LIKENED_PEOPLE = frozenset({"man", "woman", "girl", "boy", "child", "fellow", "lad", "lass"})
"""What "a giant of a man", "a sparrow of a girl" say something of: the first noun is a figure
for the person (``_likened_person``)."""

IDIOMS_READ = load_idioms()
"""The idioms of ``datasets/judge/idioms.txt`` (``idioms.py``): set phrases that use a card's
word for something else ("speak of the devil", "the elephant in the room", "poor thing" for
pity, not want), and verb phrases ("kick the bucket", "let * off the hook")."""

VERB_IDIOM_FORMS = verb_phrase_forms(IDIOMS_READ.verb_phrases)
"""The verb phrases with their verbs in every form ("kicked the bucket", "kept an eye on")."""

IDIOMS = (*IDIOMS_READ.set_phrases, *sorted(VERB_IDIOM_FORMS))
"""Every idiom: a word inside one is figurative wherever the phrase appears (``in_idiom``)."""

IDIOMS_BY_WORD: dict[str, tuple[tuple[str, ...], ...]] = {
    word: tuple(idiom for idiom in IDIOMS if word in idiom)
    for word in {word for idiom in IDIOMS for word in idiom if word != "*"}
}
"""``IDIOMS`` by each word they are written with, so only the phrases that hold a word are
tried against it."""

CLAUSE_BOUNDS = SENTENCE_BREAKS | CLAUSE_OPENERS | DOUBLE_QUOTES | {",", "just", "even"}
"""Words and marks after which an "as" opens a clause ("..., and as the sun rose")."""

ROUGHLY = frozenset({"about", "nearly", "almost", "over", "a"})
"""Words that may come before a count ("about ten", "over a hundred")."""

COUNTED_UNITS = frozenset(
    {"days", "nights", "weeks", "months", "years", "hours", "miles", "leagues", "paces"}
    | {"houses", "cottages", "huts", "farms", "families", "souls", "roofs", "chimneys"}
)
"""What a count measures when it says how long, how far or how big the thing itself is ("a
trip of forty days", "a hamlet of six houses"), not a mass of other things it stands for ("a
forest of ten thousand spears")."""


def figurative(
    tokens: list[Token],
    index: int,
    width: int = 1,
    character: bool = False,
    holder: bool = False,
    idiom_names: bool = False,
) -> bool:
    """Whether the word sits in a simile or idiom ("like a lion", "heart of stone").

    With ``idiom_names`` (an aspect's or event's form, a meaning rather than a thing), an
    idiom that is the whole match names the card: "he kicked the bucket" is *Death*.

    In "as lovely as a rose" the rose is the figure; "lovely" is said of the story's own
    thing. "A storm of applause" (or, as people tell it, "this ocean of sand") uses the word
    as a measure of something else, but not a character ("a boy of seven", "a prince of
    Persia"), a ``holder`` (a container, food or drink: "a basket of apples", "a cake of
    honey"), a thing of a material ("a bridge of ropes", "a cage of bones") nor a word
    followed by a count of its own units ("a hamlet of seven cottages", ``_counted``). "A
    giant of a man" likens a noun to a person (``_likened_person``).

    >>> from referee.judge.text.tokens import tokenize
    >>> sentence = tokenize("Her face was as lovely as a rose.")
    >>> figurative(sentence, 4), figurative(sentence, 7)
    (False, True)
    >>> figurative(tokenize("Her son, a boy of seven, ran in."), 5, character=True)
    False
    >>> figurative(tokenize("They came to a hamlet of six houses."), 4)
    False
    >>> sentence = tokenize("She carried a basket of apples.")
    >>> figurative(sentence, 3), figurative(sentence, 3, holder=True)
    (True, False)
    >>> figurative(tokenize("They crossed a bridge of ropes and planks."), 3)
    False
    >>> figurative(tokenize("As the dragon flew over the town, everyone hid."), 2)
    False
    >>> figurative(tokenize("Just like the king had ordered, the gates were shut."), 3)
    False
    """
    texts = words(tokens)
    if in_idiom(texts, index, width, whole_names=idiom_names):
        return True
    compared = texts[index + width : index + width + 1] == ["as"]
    subject = _subject_of_clause(texts, index + width)
    for pattern in FIGURATIVE_BEFORE:
        if pattern == ("as",) and (compared or _opens_clause_with_as(texts, index)):
            continue
        if pattern in {("as",), ("like",)} and subject:
            continue  # "Just like the king had ordered, ...": a clause, not a figure
        size = len(pattern)
        for gap in (0, 1):  # allow one article: "like a lion"
            stop = index - gap
            window = tuple(texts[max(0, stop - size) : stop])
            article = gap == 0 or texts[stop] in {"a", "an", "the"}
            if window == pattern and article and not _no_likeness(texts, stop - size):
                return True
    after = texts[index + width : index + width + 3]
    if any(tuple(after[: len(p)]) == p for p in FIGURATIVE_AFTER):
        return True
    if _likened_person(texts, index, width):
        return True
    if _said_of_feeling(texts, index) or _called_a_name(texts, index):
        return True
    # "a storm of applause", "a forest of spears": the card word as a measure of something else
    # but not a material: "a crown of black iron", "a bridge of ice" are literal.
    quantity = (
        not character
        and not holder
        and index > 0
        and texts[index - 1] in {"a", "an", "this"}
        and after[:1] == ["of"]
        and len(after) > 1
        and after[1] not in DETERMINERS
        and not _counted(texts[index + width + 1 : index + width + 8])
    )
    material = any(
        word in MATERIALS and not (word in WOODS and following in {"tree", "trees"})
        for word, following in pairwise([*texts[index + width + 1 : index + width + 4], ""])
    )
    return quantity and not material


def _likened_person(texts: list[str], index: int, width: int) -> bool:
    """Whether the word is the first noun of "a giant of a man", "a thin little sparrow of a
    girl": a phrase opened by "a" or "an" (at most three words before the word), then "of a"
    and one of ``LIKENED_PEOPLE``. "The daughter of a man who sold fish" is a daughter.

    >>> from referee.judge.text.tokens import tokenize
    >>> _likened_person(words(tokenize("She was a thin little sparrow of a girl.")), 5, 1)
    True
    >>> _likened_person(words(tokenize("She was the daughter of a man who sold fish.")), 3, 1)
    False
    """
    after = texts[index + width : index + width + 3]
    if after[:2] != ["of", "a"] or len(after) < 3 or after[2] not in LIKENED_PEOPLE:
        return False
    for k in range(index - 1, max(-1, index - 5), -1):
        if texts[k] in DETERMINERS:
            return texts[k] in {"a", "an"}
        if not texts[k].isalpha():
            return False
    return False


def _said_of_feeling(texts: list[str], index: int) -> bool:
    """Whether the word is what "is" one of ``FIGURATIVE_SUBJECTS``, right after the verb or
    after an article, "pure" or "all" and at most one more word: "his words were poison",
    "her heart was a frozen lake", "his words were all honey". Not "became" or "turned to":
    in a tale, tears may become pearls.

    >>> _said_of_feeling("and his words were poison".split(), 4)
    True
    >>> _said_of_feeling("her heart was a frozen lake".split(), 5)
    True
    >>> _said_of_feeling("the gate was iron".split(), 3)
    False
    """
    if texts[index].endswith("ed"):
        return False  # a participle says what was done to them: "his eyes were healed"
    for at in range(index - 1, max(0, index - 4), -1):
        between = texts[at + 1 : index]
        if between and between[0] not in METAPHOR_OPENERS:
            continue
        if texts[at] in BE_FORMS:
            return texts[at - 1] in FIGURATIVE_SUBJECTS
    return False


def _called_a_name(texts: list[str], index: int) -> bool:
    """Whether the word ends what someone "is" after ``CALLING_NAMES`` (with at most one word
    between, not after "such a"): "she was a real dragon", "he was a real night owl", "the
    youngest is a total clown"; not "It was a real dragon!", "going to be a real adventure"
    nor a quality said of them ("such a timid little mouse").

    >>> _called_a_name("she was a real dragon".split(), 4)
    True
    >>> _called_a_name("he was a real night owl".split(), 5)
    True
    >>> _called_a_name("it was a real dragon".split(), 4)
    False
    >>> _called_a_name("he was such a brave knight".split(), 4)
    False
    """
    following = texts[index + 1] if index + 1 < len(texts) else "."
    if following.isalpha() and following not in NAME_ENDERS:
        return False  # "such a timid little mouse": the word describes what follows
    for gap in (0, 1):
        for name in CALLING_NAMES:
            start = index - gap - len(name)
            if (gap and name[0] == "such") or start < 1:
                continue
            if tuple(texts[start : start + len(name)]) != name:
                continue
            verb = texts[start - 1]
            if verb not in CALLED_BY_BE or (verb in {"be", "been"} and name[-1] == "real"):
                continue
            subject = texts[start - 2] if verb in BE_FORMS and start >= 2 else verb
            return subject not in NOT_CALLED
    return False


def _no_likeness(texts: list[str], at: int) -> bool:
    """Whether the "like" or "as" at ``texts[at]`` is no likeness: "like" as a verb
    (``LIKING``, or after a contracted modal: "I'd like the sword") or "as" after a verb of a
    role (``ROLE_VERBS``: "she was hired as a cook").

    >>> from referee.judge.text.tokens import tokenize
    >>> _no_likeness(words(tokenize("They all like the cat.")), 2)
    True
    >>> _no_likeness(words(tokenize("He worked as a soldier.")), 2)
    True
    >>> _no_likeness(words(tokenize("He fought like a lion.")), 2)
    False
    """
    before = texts[at - 1] if at > 0 else ""
    if texts[at] == "like":
        return before in LIKING or before.endswith(("'d", "n't")) or _filler_like(texts, at)
    return texts[at] == "as" and before in ROLE_VERBS


HAVING = frozenset({"got", "gotten", "has", "had", "have"})
"""Before "like" and an article or a number, these make it speech's filler ("he's got like a
sword", "they had like ten horses"): what follows is had, not likened. Without one, what
follows may be a figure ("she's got like ruby lips", "like oceans of gold")."""

THERE_IS = frozenset({"there's", "there're"})
"""Before "like", these make it speech's filler ("there's like a dragon"), as "there" and a
form of "be" do: what follows is there, not likened."""


def _filler_like(texts: list[str], at: int) -> bool:
    """Whether the "like" at ``texts[at]`` is speech's filler: after "there" and a form of "be"
    (``THERE_IS``), or a form of "have" or "get" before an article or a number (``HAVING``); or
    after a form of "be", before "the" and a superlative: "she is like the brawniest girl in the
    valley" says she is the brawniest, where "she is like a lion" likens her to one.

    >>> _filler_like("she is like the brawniest girl".split(), 2)
    True
    >>> _filler_like("he's like the most beautiful prince".split(), 1)
    True
    >>> _filler_like("she's got like a".split(), 2), _filler_like("she's got like ruby".split(), 2)
    (True, False)
    >>> _filler_like("there was like a".split(), 2)
    True
    >>> _filler_like("she is like the forest".split(), 2)
    False
    >>> _filler_like("she ran like the strongest wind".split(), 2)
    False
    """
    before = texts[at - 1] if at > 0 else ""
    if before in THERE_IS or (before in BE_FORMS and texts[at - 2 : at - 1] == ["there"]):
        return True
    following = texts[at + 1] if at + 1 < len(texts) else ""
    if before in HAVING and (following in INDEFINITE_DETERMINERS or following.isdigit()):
        return True
    if not (before in BE_FORMS or before.endswith(("'s", "'re"))):
        return False
    if texts[at + 1 : at + 2] != ["the"] or at + 2 >= len(texts):
        return False
    return is_superlative(texts[at + 2])


def _subject_of_clause(texts: list[str], following: int) -> bool:
    """Whether the word before ``texts[following]`` is the subject of a verb there: an
    auxiliary or a past form that is no thing ("the king had ordered", "the wolf said"),
    so that a "like" or "as" before it opens a clause rather than a figure. "-ed" forms are
    left out: after a noun they are as often a participle ("like a bird caged")."""
    if following >= len(texts):
        return False
    word = texts[following]
    return word in CLAUSE_VERBS or (word in IRREGULAR_PAST and word not in NOUN_LIKE_PAST)


def _opens_clause_with_as(texts: list[str], index: int) -> bool:
    """Whether the word follows an "as" (and one article) that opens its sentence or a clause
    after a comma, or ends a joining "as soon as" (``TIME_AND_PLACE_AS``): a conjunction of time or
    cause ("As the dragon flew over the town, ...", "as soon as the door opened"), not a
    simile's "as" ("white as a ghost").

    >>> from referee.judge.text.tokens import tokenize
    >>> _opens_clause_with_as(words(tokenize("As soon as the door opened, he ran.")), 4)
    True
    >>> _opens_clause_with_as(words(tokenize("He was as white as a ghost.")), 6)
    False
    >>> _opens_clause_with_as("shouted the captain as a storm rolled in".split(), 5)
    True
    """
    for gap in (1, 2):
        at = index - gap
        if at < 0 or texts[at] != "as" or (gap == 2 and texts[at + 1] not in {"a", "an", "the"}):
            continue
        joined = at >= 2 and texts[at - 2] == "as" and texts[at - 1] in TIME_AND_PLACE_AS
        # spoken without commas: "as" before a subject and its verb ("as a storm rolled in")
        spoken = "," not in texts and at + 1 < len(texts) and subject_and_verb(texts, at + 1)
        return at == 0 or texts[at - 1] in CLAUSE_BOUNDS or joined or spoken
    return False


def _counted(following: list[str]) -> bool:
    """Whether ``following`` is a count of ``COUNTED_UNITS`` ("six houses", "about 40 days").

    >>> _counted(["over", "a", "hundred", "years"]), _counted(["ten", "thousand", "spears"])
    (True, False)
    >>> _counted(["twenty", "-", "three", "houses"]), _counted(["1", ",", "000", "miles"])
    (True, True)
    """
    rest = list(following)
    while rest and rest[0] in ROUGHLY:
        rest = rest[1:]
    counted = 0
    while counted < len(rest) and (
        _number(rest[counted])
        or (rest[counted] in {"-", ","} and counted + 1 < len(rest) and _number(rest[counted + 1]))
    ):
        counted += 1
    return 0 < counted < len(rest) and rest[counted] in COUNTED_UNITS


def _number(word: str) -> bool:
    """A number word or digits."""
    return word in NUMBER_WORDS or word.isdigit()


def in_idiom(texts: list[str], index: int, width: int = 1, whole_names: bool = False) -> bool:
    """Whether the words ``texts[index : index + width]`` lie inside one of ``IDIOMS`` that is
    written with one of them (``_written_at``); with ``whole_names``, an idiom that is those
    words exactly does not count (it is what names the card).

    >>> in_idiom("speak of the devil , here he comes".split(), 3)
    True
    >>> in_idiom("she was the apple of her father's eye".split(), 3)
    True
    >>> in_idiom("' poor thing , ' she said".split(), 1)
    True
    >>> in_idiom("the poor miller had no bread".split(), 1)
    False
    >>> in_idiom("the old miser kicked the bucket at last".split(), 5)
    True
    >>> in_idiom("the cow kicked the bucket of milk over".split(), 4)
    False
    >>> in_idiom("the old miser kicked the bucket at last".split(), 3, 3, whole_names=True)
    False
    """
    held = {
        idiom for word in texts[index : index + width] for idiom in IDIOMS_BY_WORD.get(word, ())
    }
    return any(
        _written_at(idiom, texts, start)
        for idiom in held
        for start in range(
            max(0, index + width - len(idiom)), min(index, len(texts) - len(idiom)) + 1
        )
        if not (whole_names and start == index and len(idiom) == width)
    )


def _written_at(idiom: tuple[str, ...], texts: list[str], start: int) -> bool:
    """Whether ``idiom`` is written at ``texts[start:]``; a verb idiom with no "of" after it
    ("the black sheep of the family" is one, "kicked the bucket of milk" is not)."""
    end = start + len(idiom)
    written = all(want in ("*", got) for want, got in zip(idiom, texts[start:end], strict=True))
    return written and (idiom not in VERB_IDIOM_FORMS or texts[end : end + 1] != ["of"])
