"""Word sets and word tests that more than one cue reads.

>>> is_negation("never"), reads_past("wandered"), reads_past("hundred")
(True, True, False)
"""

from __future__ import annotations

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
PERSONAL_SUBJECTS = frozenset({"i", "he", "she", "we", "they"})
"""The subject pronouns of people, who cannot be a list's item or its verb's object."""

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

QUALITY_ADJECTIVES = frozenset(
    {"little", "old", "young", "small", "big", "great", "tall", "long", "short", "tiny", "huge"}
    | {"dark", "bright", "black", "white", "red", "green", "blue", "yellow", "grey", "gray"}
    | {"brown", "golden", "wooden", "rusty", "dusty", "broken", "empty", "fat", "thin", "rich"}
    | {"poor", "strange", "wild", "tame", "fresh", "rotten", "sweet", "sour", "heavy", "soft"}
    | {"hard", "cracked", "ancient", "pretty", "ugly", "fierce", "quiet", "silent", "calm"}
    | {"cold", "warm", "hot", "wet", "dry", "deep", "wide", "narrow", "high", "low", "steep"}
    | {"full", "hungry", "tired", "weary", "sad", "happy", "angry", "proud", "brave", "shy"}
    | {"kind", "cruel", "wise", "foolish", "clever", "beautiful", "lovely", "handsome"}
    | {"gentle", "bare", "lonely", "sleepy", "asleep", "awake", "alive", "dead", "cheerful"}
    | {"gloomy", "grim", "bleak", "misty", "foggy", "stormy", "windy", "sunny", "shady", "damp"}
    | {"muddy", "rocky", "sandy", "grassy", "leafy", "thick", "thorny", "overgrown", "crowded"}
    | {"busy", "noisy", "peaceful", "clean", "dirty", "shabby", "splendid", "grand", "humble"}
    | {"rough", "smooth", "sharp", "bitter", "merry", "frightened", "afraid", "scared", "pale"}
    | {"sick", "weak", "strong", "mighty", "enormous", "vast", "deserted", "abandoned"}
    | {"ruined", "crumbling", "shining", "glittering", "sparkling", "gleaming", "smoking"}
    | {"ripe", "juicy"}
)
"""Adjectives that describe a thing in a story ("a village, quiet and small"): not words that
are as often a thing themselves ("silver", "stone", "plain", "fair")."""

INDEFINITE_DETERMINERS = frozenset({"a", "an", "another", "some", "several", "many"}) | NUMBER_WORDS
"""Determiners that bring someone new into a story ("a prince rode by", "two knights came")."""

DEFINITE_DETERMINERS = DETERMINERS - INDEFINITE_DETERMINERS

SENTENCE_BREAKS = frozenset({".", ";", "!", "?", ":"})

CLAUSE_OPENERS = frozenset({"but", "yet", "so", "and", "then", "because"})
"""After a comma, these open a new clause: "She wanted to see the world, so she set off"."""

DOUBLE_QUOTES = frozenset({'"', "“", "”"})

BE_FORMS = frozenset({"is", "are", "was", "were"})
"""The present and past of "be": what a thing is ("his words were poison")."""

CLAUSE_VERBS = BE_FORMS | {"had", "has", "did", "does"} | (VERB_MARKERS - {"to", "do"})
"""Auxiliaries that, right after a noun, make it a clause's subject ("the king had ordered")."""

OPENING_PREPOSITIONS = frozenset(
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

PLACE_PREPOSITIONS = frozenset({"in", "on", "into", "to", "through", "over", "under", "at"})
"""After an irregular past these go on a predicate ("slept in the mine"); after an "-ed" form
they are as often a participle's ("bears stewed in pots", "knights dressed in silver")."""


def is_negation(word: str) -> bool:
    """Whether ``word`` negates ("no", "never", "without", "didn't")."""
    return word in NEGATIONS or word.endswith("n't")


SUPERLATIVE_WORDS = frozenset({"best", "worst", "most", "least"})
"""Superlatives not in "-est" (or opening one: "the most beautiful")."""

NOT_SUPERLATIVES = frozenset(
    {"forest", "honest", "modest", "earnest", "priest", "harvest", "tempest", "conquest"}
    | {"interest", "request", "protest", "contest", "arrest", "bequest", "behest", "unrest"}
)
"""Words in "-est" of six letters or more that are no superlative."""


def is_superlative(word: str) -> bool:
    """Whether ``word`` grades to the utmost ("brawniest", "most"; not "forest").

    >>> is_superlative("brawniest"), is_superlative("most"), is_superlative("forest")
    (True, True, False)
    """
    graded = len(word) >= 6 and word.endswith("est") and word not in NOT_SUPERLATIVES
    return word in SUPERLATIVE_WORDS or graded


def last_determiner(words_before: list[str]) -> str | None:
    """The last determiner among ``words_before``, which names the word after them.

    >>> last_determiner(["saw", "the", "old"]), last_determiner(["had", "a"])
    ('the', 'a')
    >>> last_determiner(["went", "home"]) is None
    True
    """
    return next((word for word in reversed(words_before) if word in DETERMINERS), None)


def reads_past(word: str) -> bool:
    """Whether ``word`` reads as a verb in the past ("stirred", "threw")."""
    return word in IRREGULAR_PAST or (
        len(word) >= 5 and word.endswith("ed") and not word.endswith(NOT_PAST_ED)
    )


NOT_NOUNS = frozenset(
    {"was", "is", "has", "as", "us", "this", "his", "its", "always", "perhaps", "sometimes"}
    | {"across", "towards", "afterwards", "besides", "yes", "thus", "less", "unless"}
    | {"indoors", "outdoors", "upstairs", "downstairs", "overseas", "backwards", "forwards"}
    | {"sideways", "nowadays", "whereas", "ours", "yours", "theirs", "hers"}
    | {"back", "down", "well", "still", "rest", "left", "saw", "set", "fell", "bit", "can"}
    | {"mind", "mine", "tear", "fly", "rose", "watch", "drink", "bark", "fish", "ring", "bow"}
    | {"face", "hand", "head", "lead", "present", "wind", "light", "fire", "love", "fight"}
    | {"march", "play", "walk", "ride", "run", "sleep", "cry", "call", "dream", "wish"}
    | {"hope", "fear", "need", "help", "sound", "will", "kind", "last", "like", "wave"}
)
"""Words that are more often a verb, a particle or an adverb than the noun a comma would
follow ("she laid down the queen", "he came back with a cow"), and words in -s that are
no plural."""


def looks_plural(word: str) -> bool:
    """Whether ``word`` reads as a plural noun: in -s, but not in -ss, -us or -is, and
    not one of ``NOT_NOUNS``.

    >>> looks_plural("bathhouses"), looks_plural("always"), looks_plural("moss")
    (True, False, False)
    """
    return (
        len(word) >= 4
        and word.endswith("s")
        and not word.endswith(("ss", "us", "is", "'s"))
        and word not in NOT_NOUNS
    )
