"""Reading a sentence the way the labeling guide asks: tokens, and the cues around a word.

The cues are explicit features, not hopes: negation, hypotheticals, lists of
scenery, figurative patterns, a noun used as a verb, a bare back-reference.

>>> tokens = tokenize("There was no dragon in that land.")
>>> [t.text for t in tokens][:4]
['there', 'was', 'no', 'dragon']
>>> negated(tokens, 3)
True
>>> in_list(tokenize("Villages with horses, shepherdesses, frogs and giants."), 2)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

_TOKEN = re.compile(r"[A-Za-z\u00C0-\u024F]+(?:['’][A-Za-z]+)?|[0-9]+|[^\sA-Za-z0-9]")

NEGATIONS = frozenset(
    {
        "no",
        "not",
        "never",
        "without",
        "nor",
        "neither",
        "none",
        "nobody",
        "nothing",
        "nowhere",
        "lacked",
        "lacking",
        "absent",
    }
)
HYPOTHETICAL = frozenset(
    {
        "if",
        "unless",
        "would",
        "might",
        "could",
        "should",
        "may",
        "imagine",
        "imagined",
        "planned",
        "plan",
        "plans",
        "planning",
        "hoped",
        "hope",
        "hopes",
        "wished",
        "wish",
        "wishes",
        "wanted",
        "want",
        "wants",
        "maybe",
        "perhaps",
        "dreamed",
        "dreamt",
        "dream",
        "dreams",
        "feared",
        "afraid",
        "whether",
        "intended",
        "meant",
        "supposed",
        "pretended",
        "pretend",
        "promised",
        "expected",
        "going",
        "someday",
        "lest",
        "tomorrow",
        "wondered",
    }
)
PRONOUNS = frozenset(
    {
        "it",
        "him",
        "her",
        "them",
        "he",
        "she",
        "they",
        "its",
        "his",
        "hers",
        "their",
        "this",
        "that",
        "these",
        "those",
        "one",
    }
)
SUBJECT_PRONOUNS = frozenset({"i", "you", "he", "she", "it", "we", "they"})
NUMBER_WORDS = frozenset(
    {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
    | {"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"}
    | {"eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy"}
    | {"eighty", "ninety", "hundred", "thousand"}
)
VERB_MARKERS = frozenset(
    {
        "to",
        "will",
        "would",
        "can",
        "could",
        "shall",
        "should",
        "might",
        "must",
        "did",
        "does",
        "do",
    }
)
"""Before a noun card's word, these make it a verb ("the bells will ring"), as they do with
"not" or "never" between ("she could not bear it")."""
NEGATED_VERB_MARKERS = frozenset(
    {"don't", "doesn't", "didn't", "won't", "wouldn't", "can't", "couldn't", "shouldn't"}
    | {"mustn't", "shan't", "cannot"}
)
"""Contracted, these make the word after them a verb as well ("she couldn't bear it")."""
ASPECT_VERBS = frozenset({"began", "started", "kept"})
"""Before a verb's "-ing" form, these make it a verb ("kept clearing his throat"); before
any other word they take it as their object ("kept goats", "kept King Olaf")."""
PLACE_REACHED_BEFORE = frozenset({"and", "or", "but", "to", "every", "each", "early", "late"})
"""After a word "to" leads to, these (or a punctuation mark, or the end) show the word is
where someone went ("to market.", "to town to sell", "to church every Sunday")."""
INFINITIVE_TAKERS = frozenset(
    {"began", "begin", "begins", "started", "start", "starts", "tried", "try", "tries"}
    | {"wanted", "want", "wants", "seemed", "seem", "seems", "used", "ought", "about"}
    | {"able", "had", "has", "have", "needed", "need", "liked", "loved", "hoped", "refused"}
    | {"learned", "learnt", "forgot", "decided", "agreed", "dared", "longed", "meant"}
)
"""Before "to", these make the next word a verb: "began to ring", "tried to crown him"."""
GOING = frozenset(
    {"went", "go", "goes", "gone", "came", "come", "comes", "rode", "ride", "rides", "ran"}
    | {"run", "runs", "walked", "walk", "walks", "sailed", "sail", "sails", "drove", "flew"}
    | {"fled", "hurried", "returned", "return", "travelled", "traveled", "journeyed"}
    | {"marched", "moved", "sent", "taken", "took", "brought", "led", "carried", "way"}
    | {"back", "away", "down", "up", "off", "home", "out", "on", "straight"}
)
"""Before "to", these make it the preposition of where someone goes: "ran away to sea"."""
BARE_DESTINATIONS = frozenset(
    {"bed", "town", "church", "school", "market", "sea", "war", "court", "prison", "jail"}
    | {"heaven", "hell", "work", "sleep", "mass"}
)
"""Nouns that follow "going to" without an article: where someone goes, not a plan."""
DETERMINERS = frozenset(
    {
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "his",
        "her",
        "their",
        "its",
        "my",
        "your",
        "our",
        "some",
        "every",
        "each",
        "one",
        "two",
        "three",
        "many",
        "several",
    }
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
MATERIALS = frozenset(
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
        "oak",
        "pine",
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
FIGURATIVE_AFTER = (
    ("in", "battle"),
    ("of", "a", "man"),
    ("of", "a", "woman"),
    ("at", "heart"),
    ("in", "disguise", "as"),
)
SENTENCE_BREAKS = frozenset({".", ";", "!", "?", ":"})
CLAUSE_OPENERS = frozenset({"but", "yet", "so", "and", "then", "because"})
"""After a comma, these open a new clause: "She wanted to see the world, so she set off"."""
DOUBLE_QUOTES = frozenset({'"', "“", "”"})
CLAUSE_VERBS = frozenset({"had", "has", "was", "were", "is", "are", "did", "does"}) | (
    VERB_MARKERS - {"to", "do"}
)
"""Auxiliaries that, right after a noun, make it a clause's subject ("the king had ordered")."""
CLAUSE_BOUNDS = SENTENCE_BREAKS | CLAUSE_OPENERS | DOUBLE_QUOTES | {",", "just", "even"}
"""Words and marks after which an "as" opens a clause ("..., and as the sun rose")."""
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
ONLY_MARKERS = frozenset({"but", "except"})
"""After a negative pronoun, these lead to what is there: "nothing but a wolf"."""
COMPARING = frozenset({"as", "so", "such", "like", "more", "than"})
"""Just before a word, these compare rather than let a far negation deny it."""
EXISTENCE_DENIALS = (
    *((be, "real") for be in ("isn't", "aren't", "wasn't", "weren't")),
    *((be, "not", "real") for be in ("is", "are", "was", "were")),
    *((do, "exist") for do in ("don't", "doesn't", "didn't")),
    *((do, "not", "exist") for do in ("do", "does", "did")),
    ("never", "existed"),
)
"""Right after the word, these deny that it exists: "Ghosts aren't real", "dragons don't
exist"."""
FIXED_NEGATIONS = (("without", "a", "doubt"), ("without", "doubt"), ("no", "doubt"))
"""Phrases that assert rather than deny: "Without a doubt the key was hidden there"."""
REFUSING = frozenset({"refused", "refuse", "refuses", "refusing"})
"""Verbs of refusal: what is refused to be done does not happen ("refused to fight"), nor what
would have come of it ("refused to brew a potion"); what is refused is there ("refused the
ring"), as is what the story has ("refused to marry the witch"): ``_refusal_leaves``."""
WANTING = frozenset({"want", "wants", "wanted"})
"""Verbs of wanting: what is wanted is only hoped for ("wanted a horse"), unless it is a thing
the story already has ("wanted the crown", ``_wanted_as_it_is``)."""
STATING_VERBS = frozenset({"was", "were", "is", "are", "had", "has"})
"""After a comma and a subject pronoun, these open a clause of its own."""
NARRATIVE_MODALS = frozenset({"would", "could", "should"})
"""After these, a thing named with "the" is one the story already has ("the goat would not
cross the bridge", ``_definite_given``), unless a condition follows."""
PRESUPPOSING = frozenset(
    {"whether", "wondered", "feared", "afraid", "hoped", "hope", "maybe", "perhaps"}
)
"""Right after these (at most two words between), a thing named with "the" is one the story
already has ("she asked whether the wizard was at home", "they hoped the dragon would not
wake", "afraid of the wolf"); what is hoped for is not ("hoped for the birth of a son"), nor
what is hoped of it ("hoped the prince would find the ring")."""
CONDITIONS = frozenset({"if", "unless", "lest"})
"""After the word, these keep what a modal says hypothetical ("would sail to the island, if
the weather allowed")."""
WH_ASKERS = frozenset({"who", "whom", "what"})
"""Before "should", these make a storyteller's question that tells what came: "who should
they meet but a bear" (``_rhetorical``)."""
WISHED_FOR = frozenset({"for", "that", "to"})
"""After a wish made upon something, these lead to what is wished for ("... for a horse")."""
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
COMPLEMENT_OPENERS = frozenset({"that", "how", "where", "why", "what", "when"})
"""Words that open a clause saying what was seen, known or noticed."""
_CLAUSE_SUBJECTS = DETERMINERS | SUBJECT_PRONOUNS
NEGATING_PAIRS = frozenset({("instead", "of"), ("rather", "than")})
"""Two words that deny what follows: "instead of a sword", "rather than a horse"."""
NEVER_COMPARED = frozenset({"so", "as", "such", "more"})
"""After "never", these right before a word make a comparison, not a denial."""
STATE_VERBS = frozenset({"been", "felt", "looked", "seemed", "was", "were", "sounded", "tasted"})
"""Between "never" and a comparative, these make it one ("had never been happier")."""
FIXED_PAIRS = frozenset(
    {("day", "night"), ("night", "day"), ("far", "wide"), ("up", "down"), ("back", "forth")}
    | {("again", "again"), ("here", "there"), ("now", "then"), ("more", "more")}
    | {("over", "over"), ("safe", "sound"), ("by", "by"), ("to", "fro"), ("high", "low")}
    | {("round", "round"), ("on", "on"), ("sooner", "later"), ("once", "all")}
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
_OPENING_PREPOSITIONS = frozenset(
    {"at", "in", "on", "after", "before", "by", "during", "from", "under", "over", "inside"}
    | {"outside", "without", "across", "beyond", "behind", "near", "through", "since", "until"}
    | {"upon", "among", "around", "along", "beside", "within", "throughout", "below", "above"}
)
"""Prepositions that open an adverbial before the sentence's comma ("Inside the cave, ...")."""
TIME_WORDS = frozenset(
    {"day", "days", "night", "nights", "morning", "mornings", "evening", "evenings", "dawn"}
    | {"dusk", "noon", "midnight", "week", "weeks", "month", "months", "year", "years"}
    | {"winter", "summer", "spring", "autumn", "time", "times", "moment", "hour", "hours"}
    | {"later", "ago", "last", "afternoon", "twilight", "sunrise", "sunset", "before", "after"}
)
"""Words that end an expression of time ("one day", "that night", "years later")."""
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
_LIST_ITEM_WORDS = 4
_LIST_HEAD_WORDS = 3
_SINGLE_QUOTES = frozenset({"'", "‘", "’"})
_LIST_BOUNDS = SENTENCE_BREAKS | {'"', "“", "”"} | _SINGLE_QUOTES
"""A list lies within one sentence and on one side of a quotation mark."""
_NOT_WORDS = frozenset({"-", "–", "—", "(", ")"})
_PERSONAL_SUBJECTS = frozenset({"i", "he", "she", "we", "they"})
_CLAUSE_WORDS = frozenset(
    {"when", "while", "which", "who", "whom", "whose", "that", "until", "because", "if", "as"}
)
IRREGULAR_PAST = frozenset(
    {"ate", "bit", "broke", "brought", "caught", "drank", "drew", "fell", "fled", "flew", "found"}
    | {"gave", "got", "grew", "held", "hid", "hung", "kept", "knew", "lay", "led", "left", "made"}
    | {"met", "put", "ran", "rode", "rose", "sang", "sat", "saw", "set", "shook", "slept", "sold"}
    | {"spoke", "stole", "stood", "struck", "swam", "swore", "took", "threw", "told", "tore"}
    | {"went", "woke", "wore", "won", "wrote", "came", "said", "sent", "spun", "thought"}
)
"""Past forms of common verbs that do not end in "-ed"."""
NOT_PAST_ED = ("eed", "bed", "shed", "hundred", "hatred", "kindred", "sacred", "naked", "wicked")
"""Endings of words in "-ed" that are not verbs in the past ("seaweed", "featherbed", "wicked")."""
NOUN_LIKE_PAST = frozenset({"bit", "saw", "rose", "set", "fell", "left", "lay"})
"""Past forms that are as often things ("a saw", "a rose"): alone, never taken for a verb."""
_VERB_OBJECT_OPENERS = DETERMINERS | PRONOUNS | {"away", "up", "down", "off", "out", "back"}
"""Words that follow a verb opening a predicate ("stirred her pot", "threw away the core")."""
_PRESENT_OBJECT_OPENERS = frozenset(
    {"the", "a", "an", "his", "her", "their", "its", "my", "your", "our", "him", "them", "it"}
    | {"me", "us", "away", "up", "down", "off", "out", "back"}
)
"""After a word in "-s", these make it a verb told in the present ("stirs her pot"); not "that"
or "which", which follow plurals in lists ("pumpkins that turned into coaches")."""
_PLACE_PREPOSITIONS = frozenset({"in", "on", "into", "to", "through", "over", "under", "at"})
"""After an irregular past these go on a predicate ("slept in the mine"); after an "-ed" form
they are as often a participle's ("bears stewed in pots", "knights dressed in silver")."""
_GOVERNING = (
    _OPENING_PREPOSITIONS
    | _PLACE_PREPOSITIONS
    | {"of", "for", "with", "from", "about", "onto", "like", "than", "as"}
)
"""Words after which a noun phrase is an object, never a clause's subject."""
_AFTER_A_VERB = frozenset(
    {"beneath", "underneath", "towards", "toward", "against", "away", "back", "home", "still"}
    | {"forward", "forwards", "alone", "together", "everywhere", "nowhere", "here"}
)
"""Adverbs and prepositions that follow a verb, not a participle's noun ("lived beneath")."""


@dataclass(frozen=True)
class Token:
    """A lower-cased word or punctuation mark, with its character offsets."""

    text: str
    start: int
    end: int

    @property
    def is_word(self) -> bool:
        """Whether this token is a word (not punctuation)."""
        return self.text[0].isalnum()


def tokenize(text: str) -> list[Token]:
    """Words and punctuation, lower-cased, with offsets into ``text``."""
    normal = text.replace("’", "'")
    return [Token(m.group().lower(), m.start(), m.end()) for m in _TOKEN.finditer(normal)]


def words(tokens: list[Token]) -> list[str]:
    """The texts of ``tokens``."""
    return [t.text for t in tokens]


def _clause_before(tokens: list[Token], index: int) -> list[str]:
    """Words from the start of the clause holding ``index`` up to it.

    A clause starts after a sentence break, a double quotation mark (a dialogue tag is a
    clause of its own: '"Don't be afraid," said the dragon') or at a comma followed by a
    word that opens a new clause ("..., so she set off"); a bare comma does not end the
    clause of a condition ("If a witch came, they would run"), but a subject pronoun and a
    stating verb after it start a clause of their own ("She could not stop crying, she was
    so sad"). In a sentence without any comma (speech transcribed without punctuation), a
    word that opens a clause followed by a subject pronoun, or by a subject and its verb
    (``spoken_clause_at``), starts one ("she wanted to see the world so she set off", "there
    was no wind and the mill stood still").
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
        if (
            unpunctuated
            and token.text in CLAUSE_OPENERS
            and out
            and (out[-1] in SUBJECT_PRONOUNS or spoken_clause_at(texts, position + 1))
        ):
            break
        if token.text == "," and _opens_spliced_clause(out[::-1][:2]):
            break
        out.append(token.text)
    return list(reversed(out))


def spoken_clause_at(texts: list[str], position: int) -> bool:
    """Whether a clause starts at ``position`` of a sentence spoken without commas: a subject
    pronoun, or a phrase opened by an article or a possessive, followed by its verb within
    four words ("he was", "the castle windows glowed with"), and not after a preposition, a
    negation or a verb, which make the phrase an object.

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
    return _subject_and_verb(texts, position)


def _subject_and_verb(texts: list[str], position: int) -> bool:
    """Whether a subject pronoun, or a phrase opened by an article or a possessive, starts at
    ``position`` and its verb follows within four words, no function word between."""
    word = texts[position]
    if word in SUBJECT_PRONOUNS:
        return position + 1 < len(texts) and _finite(texts, position + 1)
    if word not in DEFINITE_DETERMINERS and word not in {"a", "an"}:
        return False
    for k in range(position + 1, min(len(texts), position + 5)):
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


def negated(tokens: list[Token], index: int, width: int = 1) -> bool:
    """Whether a negation governs the word at ``index`` (a few words before, same clause), or
    the words after it (``width`` long) deny that it exists.

    "Never ... so" and "never ... as" compare with every other time rather than
    deny: "I have never been so happy" says she is happy.

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
    >>> negated(tokenize("Without warning, the thief ran off."), 4)
    False
    >>> negated(tokenize("Nobody noticed that the wolf was there."), 4)
    False
    >>> negated(tokenize("She never went anywhere without her dog."), 6)
    False
    >>> negated(tokenize("Everyone knows dragons don't exist."), 2)
    True
    """
    if _existence_denied(tokens, index + width):
        return True
    clause = _since_spoken_clause(_clause_before(tokens, index), words(tokens), index)
    before = _after_complement(_after_last_comma(clause[-NEGATION_REACH:]))
    if before[-1:] and before[-1] in NEVER_COMPARED and "never" in before:
        return False
    if (
        before[-2:-1] == ["never"]
        and before[-1] in STATE_VERBS
        and _comparative(tokens[index].text)
    ):
        return False  # "had never been happier": happier than ever
    if _denied_instead(clause[-(NEGATION_REACH + 1) :]):
        return True
    denying = [
        word
        for k, word in enumerate(before)
        if is_negation(word) and not _denies_nothing(before, k)
    ]
    if denying == ["without"] and _denies(clause[: len(clause) - len(before)]):
        return False  # "She never went anywhere without her dog": two negations
    return bool(denying) or _denied_by_pronoun_afar(_after_last_comma(clause))


def _since_spoken_clause(clause: list[str], texts: list[str], index: int) -> list[str]:
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


def _comparative(word: str) -> bool:
    """Whether ``word`` reads as a comparative in "-er" ("happier", "braver"; not "never").

    >>> _comparative("happier"), _comparative("braver"), _comparative("never")
    (True, True, False)
    """
    return len(word) >= 5 and word.endswith("er") and word not in NEGATIONS


def _existence_denied(tokens: list[Token], end: int) -> bool:
    """Whether the words from ``end`` deny that what comes before exists
    (``EXISTENCE_DENIALS``)."""
    after = tuple(token.text.replace("’", "'") for token in tokens[end : end + 3])
    return any(after[: len(denial)] == denial for denial in EXISTENCE_DENIALS)


def _denied_by_pronoun_afar(clause: list[str]) -> bool:
    """Whether a negative pronoun opening the clause beyond ``NEGATION_REACH`` denies a
    word named indefinitely: "Nobody had ever seen a dragon in those hills" (where "nobody
    remembered the little garden" has one, and "no one had seen a face as lovely" compares).

    >>> _denied_by_pronoun_afar(["nobody", "had", "ever", "seen", "a"])
    True
    >>> _denied_by_pronoun_afar(["nobody", "had", "ever", "seen", "the"])
    False
    """
    if not clause or not (clause[0] in NEGATIVE_PRONOUNS or clause[:2] == ["no", "one"]):
        return False
    if len(clause) <= NEGATION_REACH or any(word in ONLY_MARKERS for word in clause):
        return False
    if set(clause[-3:]) & COMPARING:
        return False  # "No one had ever seen a face as lovely": a comparison, not a denial
    return _last_determiner(clause[-3:]) in ("a", "an", "any")


def is_negation(word: str) -> bool:
    """Whether ``word`` negates ("no", "never", "without", "didn't")."""
    return word in NEGATIONS or word.endswith("n't")


def _denies(words_before: list[str]) -> bool:
    """Whether ``words_before`` hold a negation other than "without"."""
    return any(is_negation(word) and word != "without" for word in words_before)


def _after_complement(words_before: list[str]) -> list[str]:
    """The words after the last complement clause opened in ``words_before`` ("that", "how",
    "where"... before a determiner or pronoun): what nobody noticed or knew is in the story
    ("Nobody noticed that the wolf was watching"), where "no one saw that dragon" denies."""
    for k in range(len(words_before) - 2, -1, -1):
        if words_before[k] in COMPLEMENT_OPENERS and words_before[k + 1] in _CLAUSE_SUBJECTS:
            return words_before[k + 1 :]
    return words_before


def _after_last_comma(words_before: list[str]) -> list[str]:
    """The words after the last comma: a negation does not reach across one ("Without
    warning, the thief ran"; "Oh no, the tree fell")."""
    if "," not in words_before:
        return words_before
    return words_before[len(words_before) - words_before[::-1].index(",") :]


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
    """Whether the negation at ``before[k]`` only measures ("not far from the castle", "no
    sooner", "not only the king"), is fixed ("without a doubt", "couldn't help admiring"),
    answers ("no it was a fox"), or is a negative pronoun that denies only itself
    (``_pronoun_denies_itself``)."""
    after = before[k + 1 :]
    if after[:1] and after[0] in NOT_DENYING.get(before[k], ()):
        return True
    if before[k] == "no" and after[:1] and after[0] in SUBJECT_PRONOUNS:
        return True  # an answer, its comma not written: "was it the wind no it was a fox"
    if after[:1] == ["help"] or any(tuple(before[k : k + len(p)]) == p for p in FIXED_NEGATIONS):
        return True
    return _pronoun_denies_itself(before, k)


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
    return _last_determiner(rest[1:]) == "the"


def hypothetical(tokens: list[Token], index: int, place: bool = False) -> bool:
    """Whether the word at ``index`` sits in a conditional, wish, plan or fear. After "would",
    "could" or "should", a thing named with "the" is one the story has (unless a condition
    follows), and "who should they meet but a bear" tells what came. "going" is a
    plan only before "to" and a verb ("going to kill the wolf"), which may be the word
    itself ("going to steal the crown"), not on the way somewhere ("going through the
    forest", "going to the forest"; a ``place`` right after "to" is where someone goes:
    "going to town").

    >>> hypothetical(tokenize("He was going to kill the wolf."), 6)
    True
    >>> hypothetical(tokenize("They were going to steal the crown."), 4)
    True
    >>> hypothetical(tokenize("He was going to town."), 4, place=True)
    False
    >>> hypothetical(tokenize("The king was going through the forest."), 6)
    False
    >>> hypothetical(tokenize("She wished upon a star."), 4)
    False
    >>> hypothetical(tokenize("The princess wanted the crown."), 4)
    False
    >>> hypothetical(tokenize("The princess wanted a crown."), 4)
    True
    >>> hypothetical(tokenize("If you ask me, the wolf was the hero."), 6)
    False
    >>> hypothetical(tokenize("If a witch came, the wolf would flee."), 6)
    True
    >>> hypothetical(tokenize("From the hill they could see the sea."), 7)
    False
    >>> hypothetical(tokenize("He swore he would never become a beggar."), 7)
    True
    """
    before = _after_opening_clause(_clause_before(tokens, index), tokens, index)
    planned = before if place else [*before, tokens[index].text]
    conditioned = any(word in CONDITIONS for word in _rest_of_sentence(tokens, index))
    return any(
        (word in HYPOTHETICAL or word in REFUSING)
        and (word != "going" or _plans(planned, k))
        and not _refusal_leaves(before, k)
        and not _wished_on(before, k)
        and not _wanted_as_it_is(before, k)
        and not (_definite_given(before, k) and not conditioned)
        and not _rhetorical(before, k)
        for k, word in enumerate(before)
    )


def _rest_of_sentence(tokens: list[Token], index: int) -> list[str]:
    """Words from ``index`` to the end of its sentence."""
    rest = []
    for token in tokens[index:]:
        if token.text in SENTENCE_BREAKS:
            break
        rest.append(token.text)
    return rest


def _after_opening_clause(before: list[str], tokens: list[Token], index: int) -> list[str]:
    """``before`` without an opening subordinate clause ("if", "unless", "as"...) that a comma
    closes (or, spoken without commas, a new clause: ``_spoken_main_clause``), when the clause
    after it tells what is rather than what would be: "If you ask me, the wolf was the hero"
    and "As luck would have it, they came upon a well" (the wolf and the well are in the
    story), not "If a witch came, the wolf would flee"."""
    if not before or before[0] not in OPENING_SUBORDINATORS:
        return before
    main = (
        _after_last_comma(before)
        if "," in before
        else _spoken_main_clause(before, words(tokens), index)
    )
    if main is None:
        return before
    rest = _rest_of_sentence(tokens, index)
    if any(word in MAIN_CLAUSE_MODALS or word.endswith(("'d", "'ll")) for word in main + rest):
        return before
    return main


def _spoken_main_clause(before: list[str], texts: list[str], index: int) -> list[str] | None:
    """In a sentence spoken without commas, the words of ``before`` (ending before ``index``)
    from the first clause that starts after the opening one's first three words, which hold
    its own subject ("if only I had", "if ever a man was"): "if you ask me | the youngest
    was the bravest". None when the sentence has a comma or no such clause starts before
    ``index``."""
    if "," in texts:
        return None
    start = index - len(before)
    for position in range(start + 3, index):
        if spoken_clause_at(texts, position):
            return before[position - start :]
    return None


def _wished_on(before: list[str], k: int) -> bool:
    """Whether the word is what the wish at ``before[k]`` is made on ("she wished upon a
    star"): the star is in the story, what is wished for ("... for a horse") is not."""
    return (
        before[k].startswith("wish")
        and before[k + 1 : k + 2] in (["upon"], ["on"])
        and not any(word in WISHED_FOR for word in before[k + 2 :])
    )


def _wanted_as_it_is(before: list[str], k: int) -> bool:
    """Whether the word is what the want at ``before[k]`` is of, named with "the" and at most
    two words between ("wanted the crown", "wanted the old cat"): a thing already there, not
    one hoped for ("wanted a horse", "wanted her own horse", "wanted to see the sea")."""
    return before[k] in WANTING and before[k + 1 : k + 2] == ["the"] and len(before) - k <= 4


def _refusal_leaves(before: list[str], k: int) -> bool:
    """Whether a refusal at ``before[k]`` leaves the word in the story: the thing refused
    itself ("refused the ring"), or a thing named as one the story has ("refused to marry
    the witch"). Not the deed refused ("refused to fight") or what it would have made
    ("refused to brew a potion").

    >>> _refusal_leaves(["she", "refused", "the"], 1)
    True
    >>> _refusal_leaves(["he", "refused", "to", "marry", "the"], 1)
    True
    >>> _refusal_leaves(["he", "refused", "to"], 1), _refusal_leaves("refused to brew a".split(), 0)
    (False, False)
    """
    if before[k] not in REFUSING:
        return False
    rest = before[k + 1 :]
    return rest[:1] != ["to"] or _last_determiner(rest) in DEFINITE_DETERMINERS


def _definite_given(before: list[str], k: int) -> bool:
    """Whether the word, named with "the", follows the modal at ``before[k]`` (with any words
    between: "would not cross the bridge", "could see the old mill") or right after the fear,
    hope or doubt there (``PRESUPPOSING``: "feared the witch"): a thing already in the story,
    as a repeated full mention is, not one only imagined ("would become a beggar", "hoped for
    the birth of a son").

    >>> _definite_given(["she", "was", "afraid", "of", "the"], 2)
    True
    >>> _definite_given(["they", "hoped", "for", "the"], 1)
    False
    >>> _definite_given(["she", "hoped", "the", "prince", "would", "find", "the"], 1)
    False
    """
    if before[k + 1 : k + 2] in (["for"], ["to"]):
        return False
    if before[k] in NARRATIVE_MODALS:
        window = before[max(k + 1, len(before) - 3) :]
    elif before[k] in PRESUPPOSING and len(before) - k <= 4:
        window = before[k + 1 :]
    else:
        return False
    return _last_determiner(window) == "the"


def _last_determiner(words_before: list[str]) -> str | None:
    """The last determiner among ``words_before``, which names the word after them.

    >>> _last_determiner(["saw", "the", "old"]), _last_determiner(["had", "a"])
    ('the', 'a')
    >>> _last_determiner(["went", "home"]) is None
    True
    """
    return next((word for word in reversed(words_before) if word in DETERMINERS), None)


def _rhetorical(before: list[str], k: int) -> bool:
    """Whether "should" at ``before[k]`` asks a storyteller's question answered with "but":
    "who should they meet but a bear" tells that they met one."""
    return (
        before[k] == "should" and k > 0 and before[k - 1] in WH_ASKERS and "but" in before[k + 1 :]
    )


def _plans(words_to: list[str], k: int) -> bool:
    """Whether "going" at ``words_to[k]`` is followed by "to" and a verb ("going to kill",
    "going off to slay", "going to the forest to hunt"), not a determiner, pronoun, a bare
    destination ("going to bed") or someone's place ("going to grandmother's")."""
    return any(
        words_to[j] == "to"
        and words_to[j + 1] not in DETERMINERS
        and words_to[j + 1] not in PRONOUNS
        and words_to[j + 1] not in BARE_DESTINATIONS
        and "'" not in words_to[j + 1]
        for j in range(k + 1, len(words_to) - 1)
    )


def in_list(
    tokens: list[Token], index: int, width: int = 1, implied: frozenset[int] = frozenset()
) -> bool:
    """Whether the word is one item of a list of three or more short items ("X, Y, Z and W").

    Items are the stretches between commas, "and" and "or" around the word, the
    last joined by "and" or "or". Each item is short and no clause of its
    own ("he laughed"), but the first may run long before its last word ("they
    passed villages with horses, ...") and, after three items joined by commas,
    the last may run long after its first words ("... banners and the antlers
    of a hundred stags"). A list stays on one side of a quotation mark; dashes and
    brackets are not words here. ``implied`` holds the positions of words before which
    a comma is read though none is written (``spoken.implied_commas``).

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
    """
    texts = words(tokens)
    bounds = {k for k in range(len(tokens)) if _bounds_list(tokens, k)}
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
    for position in range(clause_start, clause_end):
        word = texts[position]
        if position in implied and items[-1]:
            items.append([])
            joined_before.append(False)
        if word in {",", "and", "or"} and not _pairs_words(texts, position):
            if items[-1]:
                items.append([])
                joined_before.append(word != ",")
            else:
                joined_before[-1] = joined_before[-1] or word != ","
            continue
        if position == index:
            holder = len(items) - 1
            offset = len(items[-1])
        if position == index + width - 1:
            following = next(
                (t for t in texts[position + 1 : clause_end] if t not in _NOT_WORDS), ","
            )
            ends_item = following in {",", "and", "or"} or position + 1 in implied
        if word not in _NOT_WORDS:
            if _hyphenated(tokens, position) and items[-1]:
                items[-1][-1] += f"-{word}"  # "dried-up figs": one word, not "dried up"
            else:
                items[-1].append(word)
    if not items[-1]:
        items.pop()
        joined_before.pop()
    if len(items) > 1 and not joined_before[1] and _adverbial_opening(items[0]):
        # "Then, the king and the queen rode out": the opening says when, it is no item.
        if holder == 0:
            return False
        items, joined_before, holder = items[1:], [False, *joined_before[2:]], holder - 1
    if holder == 0 and _subject_of_objects(items, offset + width):
        return False
    clause = [_is_clause(item) for item in items]
    # A past form alone is a predicate where the sentence has predicates ("..., jumped, and bit
    # the hunter"), or ends it ("The dwarfs worked, ate, and slept"); else it may be a thing.
    backed = any(_predicate(item) for item in items)
    clause = [
        clause[k] or ((backed or k == len(items) - 1) and _lone_past(item))
        for k, item in enumerate(items)
    ]
    short = [len(item) <= _LIST_ITEM_WORDS and not clause[k] for k, item in enumerate(items)]
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
    if right - left + 1 >= 3 and right < len(items) - 1 and closing[right + 1]:
        right += 1
    # The list ends with its "and" or "or": "X and Y, Z" is no list, nor is what
    # trails after one ("frogs and giants, all asleep").
    while right > holder and not joined_before[right]:
        right -= 1
    return right - left + 1 >= 3 and joined_before[right]


def _subject_of_objects(items: list[list[str]], after: int) -> bool:
    """Whether the first item's word (ending before ``after``) is the subject of a verb
    whose objects the other items are, or of the predicates they are: a verb follows it in
    its item and no other item has one ("The king ate apples, pears and plums"), or the next
    item opens with a verb ("the king leaned forward and said speak and tell no lies", as
    speech without quotes sends it); not "Horses pulled carts, dogs barked and women sang",
    a list of scenes.

    >>> _subject_of_objects([["the", "king", "ate", "apples"], ["pears"], ["plums"]], 2)
    True
    >>> _subject_of_objects([["horses", "pulled", "carts"], ["dogs", "barked"]], 1)
    False
    >>> _subject_of_objects([["the", "king", "leaned", "forward"], ["said", "speak"]], 2)
    True
    """

    def has_verb(item: list[str]) -> bool:
        return any(word in CLAUSE_VERBS or reads_past(word) for word in item)

    if not has_verb(items[0][after:]):
        return False
    later = items[1:]
    predicates = bool(later) and (later[0][0] in CLAUSE_VERBS or reads_past(later[0][0]))
    return predicates or not any(has_verb(item) for item in later)


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
    """
    if len(item) == 1:
        word = item[0]
        return word in _OPENING_ADVERBS or (
            len(word) >= 5 and word.endswith("ly") and word not in _NOT_ADVERBS_IN_LY
        )
    if item[-1] in TIME_WORDS and all(word in _TIME_COUNTERS for word in item[:-1]):
        return True
    return (
        item[0] in _OPENING_PREPOSITIONS
        and len(item) <= _ADVERBIAL_WORDS
        and not any(reads_past(word) or word in _CLAUSE_MARKS for word in item)
    )


def _pairs_words(texts: list[str], position: int) -> bool:
    """Whether the "and" or "or" at ``position`` joins a fixed pair ("day and night", "far
    and wide"): one phrase, not two list items."""
    if texts[position] not in {"and", "or"} or position == 0:
        return False
    return (texts[position - 1], *texts[position + 1 : position + 2]) in FIXED_PAIRS


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
    predicate of the sentence's subject ("The wolf ran, jumped, and bit the hunter").
    """
    bare = [re.split("['’]", word)[0] for word in item]
    return (
        bare[0] in SUBJECT_PRONOUNS
        or bare[0] in _CLAUSE_WORDS
        or any(word in _PERSONAL_SUBJECTS for word in bare)
        or _predicate(bare)
    )


def _predicate(item: list[str]) -> bool:
    """Whether an item opens with a verb in the past before its object or particle
    ("stirred her pot", "threw away the core", "slept in the mine"); not a participle
    before a noun or a place, as in a list of things ("carved chests, painted screens",
    "bears stewed in pots").

    >>> _predicate(["stirred", "her", "pot"]), _predicate(["carved", "chests"])
    (True, False)
    >>> _predicate(["stirs", "her", "pot"]), _predicate(["painted", "screens"])
    (True, False)
    """
    if len(item) < 2:
        return False
    if reads_past(item[0]):
        return item[1] in _VERB_OBJECT_OPENERS or (
            item[0] in IRREGULAR_PAST and item[1] in _PLACE_PREPOSITIONS
        )
    # told in the present: "stirs her pot", "runs away"; a plural before "the" is rare
    return len(item[0]) >= 4 and item[0].endswith("s") and item[1] in _PRESENT_OBJECT_OPENERS


def _lone_past(item: list[str]) -> bool:
    """Whether the item is a past form alone ("jumped"), not one often a thing ("saw").

    >>> _lone_past(["seaweed"]), _lone_past(["jumped"]), _lone_past(["saw"])
    (False, True, False)
    """
    return len(item) == 1 and reads_past(item[0]) and item[0] not in NOUN_LIKE_PAST


def reads_past(word: str) -> bool:
    """Whether ``word`` reads as a verb in the past ("stirred", "threw")."""
    return word in IRREGULAR_PAST or (
        len(word) >= 5 and word.endswith("ed") and not word.endswith(NOT_PAST_ED)
    )


def figurative(
    tokens: list[Token], index: int, width: int = 1, character: bool = False, holder: bool = False
) -> bool:
    """Whether the word sits in a simile or idiom ("like a lion", "heart of stone").

    In "as lovely as a rose" the rose is the figure; "lovely" is said of the
    story's own thing. "A storm of applause" uses the word as a measure of something
    else, but not a character ("a boy of seven", "a prince of Persia"), a ``holder`` (a
    container, food or drink: "a basket of apples", "a cake of honey"), a thing of a
    material ("a bridge of ropes", "a cage of bones") nor a word followed by a count of its
    own units ("a hamlet of seven cottages", ``_counted``).

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
    # "a storm of applause", "a forest of spears": the card word as a measure of something else
    # but not a material: "a crown of black iron", "a bridge of ice" are literal.
    quantity = (
        not character
        and not holder
        and index > 0
        and texts[index - 1] in {"a", "an"}
        and after[:1] == ["of"]
        and len(after) > 1
        and after[1] not in DETERMINERS
        and not _counted(texts[index + width + 1 : index + width + 8])
    )
    material = bool(set(texts[index + width + 1 : index + width + 4]) & MATERIALS)
    return quantity and not material


def _no_likeness(texts: list[str], at: int) -> bool:
    """Whether the "like" or "as" at ``texts[at]`` is no likeness: "like" as a verb
    (``LIKING``, or after a contracted modal: "I'd like the sword") or "as" after a verb of a
    role (``ROLE_VERBS``: "she was hired as a cook").

    >>> _no_likeness(words(tokenize("They all like the cat.")), 2)
    True
    >>> _no_likeness(words(tokenize("He worked as a soldier.")), 2)
    True
    >>> _no_likeness(words(tokenize("He fought like a lion.")), 2)
    False
    """
    before = texts[at - 1] if at > 0 else ""
    if texts[at] == "like":
        return before in LIKING or before.endswith(("'d", "n't"))
    return texts[at] == "as" and before in ROLE_VERBS


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
        spoken = "," not in texts and at + 1 < len(texts) and _subject_and_verb(texts, at + 1)
        return at == 0 or texts[at - 1] in CLAUSE_BOUNDS or joined or spoken
    return False


ROUGHLY = frozenset({"about", "nearly", "almost", "over", "a"})
"""Words that may come before a count ("about ten", "over a hundred")."""
COUNTED_UNITS = frozenset(
    {"days", "nights", "weeks", "months", "years", "hours", "miles", "leagues", "paces"}
    | {"houses", "cottages", "huts", "farms", "families", "souls", "roofs", "chimneys"}
)
"""What a count measures when it says how long, how far or how big the thing itself is ("a
trip of forty days", "a hamlet of six houses"), not a mass of other things it stands for ("a
forest of ten thousand spears")."""


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


def verb_use(tokens: list[Token], index: int, place: bool = False) -> bool:
    """Whether a noun card's word is used as a verb here ("the bells began to ring"); after
    "to", not where "to" is the preposition (``to_reaches``: "he ran away to sea").

    >>> verb_use(tokenize("The bells began to ring."), 4)
    True
    >>> verb_use(tokenize("The miller rode to town to sell his flour."), 4, place=True)
    False
    >>> verb_use(tokenize("The old woman kept goats."), 4)
    False
    >>> verb_use(tokenize("She could not bear the thought."), 3)
    True
    """
    if index == 0:
        return False
    before = tokens[index - 1].text
    if before in NEGATED_VERB_MARKERS:
        return True
    if before in ("not", "never") and index >= 2:
        before = tokens[index - 2].text  # "could not bear", "would never ring"
    if before == "to" and to_reaches(tokens, index, place):
        return False
    if before == "you" and addressed(tokens, index):
        return False
    if before in ASPECT_VERBS:
        return _ing_form(tokens[index].text)
    return before in VERB_MARKERS or before in SUBJECT_PRONOUNS


def _ing_form(word: str) -> bool:
    """Whether ``word`` looks like a verb's "-ing" form: "clearing", "ringing", not "king".

    >>> _ing_form("clearing"), _ing_form("king"), _ing_form("spring")
    (True, False, False)
    """
    return word.endswith("ing") and len(word) >= 7


def addressed(tokens: list[Token], index: int) -> bool:
    """Whether the "you" before ``tokens[index]`` calls someone by it ("Come back, you
    thief!"): "you" opens the phrase (after a comma, a quotation mark or nothing) and the
    word closes it (a punctuation mark or the end follows), where "Do you fish?" asks.

    >>> addressed(tokenize('"Come back here, you thief!" shouted the baker.'), 6)
    True
    >>> addressed(tokenize("Do you fish?"), 2)
    False
    """
    after = tokens[index + 1].text if index + 1 < len(tokens) else "."
    opener = tokens[index - 2].text if index >= 2 else '"'
    return not after[0].isalnum() and not opener[0].isalnum()


def to_reaches(tokens: list[Token], index: int, place: bool) -> bool:
    """Whether the "to" before ``tokens[index]`` is the preposition of a place reached ("to
    market", "down to hell", "home to bed") rather than the infinitive's ("to ring").

    It is only where the word ends the phrase (a punctuation mark, the end or one of
    ``PLACE_REACHED_BEFORE`` follows: not "to crown Prince John", "to tower over them",
    "to fire at the dragon"), no verb that takes an infinitive comes before "to" ("began
    to ring"), and the card is a place (places are hardly ever verbs) or the words before
    "to" go somewhere ("went", "ran away", "home").

    >>> to_reaches(tokenize("The farmer drove his cow to market."), 6, place=True)
    True
    >>> to_reaches(tokenize("He went home to bed."), 4, place=False)
    True
    >>> to_reaches(tokenize("He went down to the river to fish."), 8, place=False)
    False
    >>> to_reaches(tokenize("The hills seemed to tower over the town."), 4, place=True)
    False
    >>> to_reaches(tokenize("She was going to bed when the wolf knocked."), 4, place=False)
    True
    """
    earlier = tokens[index - 2].text if index >= 2 else ""
    if tokens[index].text in BARE_DESTINATIONS and (earlier in GOING or earlier == "going"):
        return True  # "going to bed when ...": a destination whatever follows
    after = tokens[index + 1].text if index + 1 < len(tokens) else "."
    if after[0].isalnum() and after not in PLACE_REACHED_BEFORE:
        return False
    if earlier in INFINITIVE_TAKERS:
        return False
    return place or earlier in GOING


def quoted(text: str, token: Token) -> bool:
    """Whether ``token`` is inside quotation marks."""
    before = text[: token.start]
    return (before.count('"') + before.count("“") - before.count("”")) % 2 == 1


FUNCTION_WORDS = frozenset(
    {
        "of",
        "in",
        "on",
        "at",
        "to",
        "from",
        "by",
        "with",
        "for",
        "and",
        "or",
        "but",
        "was",
        "were",
        "is",
        "are",
        "had",
        "has",
        "have",
        "that",
        "which",
        "who",
        "whom",
        "whose",
        "as",
        "into",
        "onto",
        "over",
        "under",
        "through",
        "across",
        "behind",
        "beside",
        "near",
        "he",
        "she",
        "it",
        "they",
        "we",
        "i",
        "you",
        "him",
        "her",
        "them",
        "his",
        "its",
        "their",
        "there",
        "then",
        "when",
        "where",
        "while",
        "so",
        "if",
        "a",
        "an",
        "the",
        "up",
        "down",
        "out",
        "off",
        "away",
        "again",
        "too",
        "very",
        "all",
        "s",
        "'s",
        "be",
        "been",
        "being",
        "could",
        "would",
        "will",
        "shall",
        "should",
        "can",
        "might",
        "must",
        "did",
        "do",
        "does",
        "not",
        "no",
        "never",
        "began",
        "lay",
        "stood",
        "sat",
        "fell",
        "went",
        "came",
        "grew",
        "hung",
        "shone",
        "glowed",
    }
)


INDEFINITE_DETERMINERS = frozenset({"a", "an", "another", "some", "several", "many"}) | NUMBER_WORDS
"""Determiners that bring someone new into a story ("a prince rode by", "two knights came")."""
DEFINITE_DETERMINERS = DETERMINERS - INDEFINITE_DETERMINERS
MODIFIER_REACH = 3
"""Words (adjectives, a compound's first part) allowed between a determiner and its noun."""


def introduced_indefinitely(tokens: list[Token], index: int) -> bool:
    """Whether the noun at ``index`` comes with an indefinite article or a number, as a
    story brings in someone new ("a handsome prince", "two knights"), rather than a
    definite or possessive word, as it speaks of someone it already implies ("the palace
    guards", "her father", "the two elder brothers"). A likeness brings no one in ("lived
    like a king", ``_likened``).

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
            return not _definite(tokens[position - 1]) and not _likened(tokens, position)
        if not token.is_word or _definite(token):
            return False
        reach -= 1
        if reach == 0:
            return False
    return False


AS_JOINING = frozenset({"soon", "well", "long", "far", "much", "though", "if"})
"""Between two "as", these join clauses or add ("as soon as a prince came", "as well as a
knight"), where "as strong as a bear" compares."""
NOT_LIKER = frozenset({"other", "fewer"})
"""Words in "-er" before "than" that count or set apart ("fewer than a hundred soldiers")."""
MODALS = frozenset({"would", "should", "could", "might", "'d"})
"""Before "like", these make it a verb of wanting ("the king would like a dragon's egg")."""


def _likened(tokens: list[Token], article: int) -> bool:
    """Whether the indefinite word at ``article`` likens or exclaims rather than bringing
    someone in: "lived like a king", "as free as a bird", "stronger than a bear", "What a
    fool he was!". (Not "she watched as a knight rode by", "more than a hundred soldiers",
    "she asked what a wizard wanted"; and "the beggar was really a king" does bring a king
    in: our labelled lead-ins that reveal who someone was are endings that do not fit.)

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


@lru_cache(maxsize=16384)
def content_words(text: str) -> tuple[str, ...]:
    """The words of ``text`` that carry meaning (no function words, no one- or two-letter words).

    >>> content_words("The moon is asleep in a hammock")
    ('moon', 'asleep', 'hammock')
    """
    return tuple(
        t.text
        for t in tokenize(text)
        if t.is_word and t.text not in FUNCTION_WORDS and len(t.text) > 2
    )
