"""The hypothetical cue: is a word only wished, planned, feared, refused or supposed?"""

from __future__ import annotations

from referee.judge.text.clauses import after_opening_clause, clause_before, rest_of_sentence
from referee.judge.text.negation import NEGATIVE_PRONOUNS
from referee.judge.text.reference import introduced_indefinitely
from referee.judge.text.tokens import Token
from referee.judge.text.vocabulary import (
    BARE_DESTINATIONS,
    BE_FORMS,
    DEFINITE_DETERMINERS,
    DETERMINERS,
    NEGATIONS,
    PRONOUNS,
    SUBJECT_PRONOUNS,
    TIME_WORDS,
    is_superlative,
    last_determiner,
    reads_past,
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
        "longed",
        "longing",
        "yearned",
        "yearning",
        "hoping",
        "wishing",
        "dreaming",
        "fearing",
        "imagining",
        "imagines",
        "intend",
        "intends",
        "intending",
        "expect",
        "expects",
        "expecting",
        "pretends",
        "pretending",
        "wanting",
    }
)

PROGRESSIVES = frozenset(
    {"hoping", "wishing", "dreaming", "fearing", "imagining", "intending", "expecting"}
    | {"pretending", "wanting"}
)
"""Forms in "-ing" of the verbs above, which only mark what they take (``_progressive_leaves``)."""

CONSIDERING = frozenset(
    {"consider", "considers", "considered", "considering"}
    | {"contemplate", "contemplates", "contemplated", "contemplating"}
)
"""Verbs that weigh a deed right after them ("considered selling the mill"): it is not done."""

THINKING = frozenset({"think", "thinks", "thought", "thinking"})
"""With "about" or "of" and a deed after them ("thought about going to the tavern"), the same."""

NOT_DOINGS_IN_ING = frozenset(
    {"nothing", "something", "anything", "everything", "morning", "evening", "wedding"}
    | {"building", "ceiling", "feeling", "meeting", "darling", "pudding", "clothing"}
    | {"offering", "king", "ring", "thing", "sibling", "duckling", "earring", "string"}
)
"""Words in "-ing" that name a thing or a time, not a deed."""

OBJECT_PRONOUNS = frozenset({"him", "them", "me", "us", "you", "it"})
"""Right after "expecting" or "hoping", these are who is awaited: someone the story has."""

INVERTED_CONDITIONS = frozenset({"were", "had"})
"""Opening a clause before its subject, these make it a condition ("Had there been a boat")."""
CONDITION_SUBJECTS = SUBJECT_PRONOUNS | DETERMINERS | {"there"}
CONSEQUENCE_MODALS = frozenset({"would", "could", "might", "should"})
"""Later in a sentence opened by an inverted condition, these tell what would follow."""

REFUSING = frozenset({"refused", "refuse", "refuses", "refusing"})
"""Verbs of refusal: what is refused to be done does not happen ("refused to fight"), nor what
would have come of it ("refused to brew a potion"); what is refused is there ("refused the
ring"), as is what the story has ("refused to marry the witch"): ``_refusal_leaves``."""

REQUESTING = frozenset({"asked", "asks", "begged", "begs", "offered", "offers"})
"""Verbs of asking and offering: what is asked or offered to be done has not happened ("asked
to marry her", "offered to fetch a lantern"), but what is asked of, given or named as the
story's is there ("asked the king", "offered him a ring", "asked to see the dragon"), as for
a refusal (``_refusal_leaves``)."""

PLEDGING = frozenset(
    {"agreed", "decided", "vowed", "swore", "resolved", "threatened"}
    | {"agree", "agrees", "decide", "decides", "vow", "vows", "swear", "swears", "resolve"}
    | {"resolves", "threaten", "threatens"}
)
"""Verbs of agreeing, deciding and vowing, told in the past or, as at a game table, the present:
what is agreed or vowed to be done has not happened yet ("agreed to fight a duel at dawn", "they
agree to meet at the bridge"), but what is named as the story's is there ("vowed to find the
stolen chalice"), as for a refusal (``_refusal_leaves``)."""

UNDONE = REFUSING | REQUESTING | PLEDGING
"""Verbs after which what is to be done has not happened, though the things the story has are
there (``_refusal_leaves``)."""

WANTING = frozenset({"want", "wants", "wanted", "wanting"})
"""Verbs of wanting: what is wanted is only hoped for ("wanted a horse"), unless it is a thing
the story already has ("wanted the crown", ``_wanted_as_it_is``)."""

LONGING = frozenset({"longed", "longing", "yearned", "yearning"})
"""Verbs of longing: what is longed for is only wished ("longed for a child"), unless it is a
thing the story already has ("longed for the sea", ``_wanted_as_it_is``)."""

PRAYED_FOR_WORDS = 3
"""At most this many words between "prayed for" and the word: its article and adjectives."""

PRAYING = frozenset({"pray", "prays", "prayed", "praying"})
"""Verbs of prayer: what is prayed "for" is only wished, as what is longed for ("prayed for
an oasis"); to whom or where one prays is there ("prayed to the goddess", ``_prayed_for``)."""

NARRATIVE_MODALS = frozenset({"would", "could", "should"})
"""After these, a thing named with "the" is one the story already has ("the goat would not
cross the bridge", ``_definite_given``), unless a condition follows."""

WILL_AS_NOUN_AFTER = frozenset({"free", "good", "ill", "own", "last", "iron", "strong", "against"})
"""Before "will", these make it a noun ("against her will", "his last will"), as a determiner
or a possessive does."""

WILL_AS_NOUN_BEFORE = frozenset({"of", "and", "was", "is", "to", "that", "had", "has", ",", "-"})
"""After "will", these make it a noun ("a will of iron", "the will was read", "Will, who had
been awake", "will-o'-the-wisps"), as a verb in the past does ("one day Will fell asleep")."""

MARKER_REACH = 5
"""What is to come ("will", "shall", "gonna", "was to") or almost happened ("almost", "nearly")
reaches at most this many tokens: the verb and its object ("they will fight a duel", "I'll
bring you a ring"), not what a dialogue tag or a relative clause goes on to tell ("'I will
fetch it,' said a frog")."""

PERFORMATIVES = frozenset({"bet", "wager", "swear", "promise", "vow"})
"""After "I'll" or "I will", these do what they say ("I'll bet you a bag of silver"): the bet is
made."""

DUTIES = frozenset({"job", "task", "work", "duty", "custom", "turn", "it", "proposal", "thing"})
"""Before "was to", these make it what a duty is, not what is to come ("whose job was to swing
the axe", "whose turn it was to sweep")."""

ARRANGED = frozenset({"planned", "set", "arranged", "scheduled", "fixed", "appointed"})
"""After "was" or "is" and before "for", these say when an event is to be ("the wedding was set
for midsummer"): it has not happened yet."""

NOT_QUITE = frozenset({"almost", "nearly"})
"""Before a verb, these say it did not happen ("he almost died", "they nearly had a fight")."""

PAST_NOT_IN_ED = frozenset({"had", "did", "lost", "sank", "slid", "swam", "won", "died"})
"""Verbs in the past that ``reads_past`` does not read, after "almost" or "nearly"."""

CLAUSE_JOINS = frozenset({"when", "and", "but", "as", "while", "until", "till"})
"""What comes after these is told of its own, not what almost happened ("he nearly dropped his
tray when a fairy climbed out")."""

FUTURE = frozenset({"will", "shall", "gonna"})
"""These say that what they take is only to come ("they will marry", ``_to_come``), and so is an
event named right before them ("the wedding will be at dawn", ``planned_event``)."""

FUTURE_SUBJECT_REACH = 8
"""At most this many words of an "of" phrase between an event's word and its verb ("the wedding
of the prince and the miller's daughter was to be held in spring")."""

PRESUPPOSING = frozenset(
    {"whether", "wondered", "feared", "fearing", "afraid", "hoped", "hope", "hoping", "maybe"}
    | {"perhaps"}
)
"""Right after these (at most two words between), a thing named with "the" is one the story
already has ("she asked whether the wizard was at home", "they hoped the dragon would not
wake", "afraid of the wolf"); what is hoped for is not ("hoped for the birth of a son"), nor
what is hoped of it ("hoped the prince would find the ring")."""

SEARCHING = frozenset({"look", "looks", "looked", "looking", "search", "searches", "searched"})
SEARCHING |= frozenset({"searching", "hunt", "hunts", "hunted", "hunting"})
SEARCHING |= frozenset({"wait", "waits", "waited", "waiting", "watch", "watches", "watched"})
SEARCHING |= frozenset({"watching"})
"""Verbs of searching, waiting or watching before "for": what is searched for or awaited,
brought in with "a" or "some", is not in the story yet ("looked everywhere for a cave to
shelter in", "searched for a cure", "waiting for an ambush the whole way"; ``_sought``)."""

SEARCHING_OBJECTS = frozenset({"search", "searches", "searched", "searching", "hunt", "hunts"})
SEARCHING_OBJECTS |= frozenset({"hunted", "hunting", "combed", "scoured"})
"""Verbs of searching a place for something ("searched the cliffs for a nest"); "looked" takes
no such place ("looked at him for a long time")."""

SEEKING = frozenset({"seek", "seeks", "sought", "seeking"})
"""Verbs of searching that take what is sought without "for" ("sought a wife")."""

SEARCH_REACH = 6
"""At most this many words between a verb of searching a place and the "for" of what is
sought."""

SEARCH_ADVERBS = frozenset({"everywhere", "all", "over", "high", "and", "low", "around", "about"})
SEARCH_ADVERBS |= frozenset({"in", "vain", "far", "wide", "again", "still", "now", "up"})
"""Words that may stand between a verb of searching and its "for" ("looked high and low for",
"searched in vain for")."""

SOUGHT_DETERMINERS = frozenset({"a", "an", "some", "any", "another"})
"""What is sought, named with these, is new to the story; named with "the" or "his", it is
one the story has ("looked for the lost ring")."""

NOT_SOUGHT = (
    DETERMINERS | PRONOUNS | SUBJECT_PRONOUNS | frozenset({"to", "for", "of", "about", "in"})
)
NOT_SOUGHT |= frozenset({"on", "at", "with", "than", "who", "which", "that", "all", "too", "and"})
NOT_SOUGHT |= frozenset({"or", "but", "so", "as", "into", "from", "by"})
"""Words that end the name of what is sought: what follows them is not ("a bracelet to wear",
"a boy who had hidden")."""

FINDING = frozenset({"found", "finds", "discovered", "spotted", "met"})
"""After what is sought, these say it was found, unless denied ("but never found one")."""

MISSING = frozenset({"lost", "missing", "stolen", "runaway", "vanished", "strayed"})
"""Before what is sought, these say it is in the story, only not where it should be ("went
looking for a lost kid")."""

CONDITIONS = frozenset({"if", "unless", "lest"})
"""After the word, these keep what a modal says hypothetical ("would sail to the island, if
the weather allowed")."""

WH_ASKERS = frozenset({"who", "whom", "what"})
"""Before "should", these make a storyteller's question that tells what came: "who should
they meet but a bear" (``_rhetorical``)."""

SPECULATIONS = frozenset({"might", "may"})
"""Right after a thing brought in with "a", "some" or a number, these say it only may be or
come: "a storm might come before evening" (``_only_possible``)."""

FACT_QUESTIONS = frozenset({"why", "how"})
"""Asked with "wondered", these take what follows as a fact ("wondered why there was a
hedgehog in his boot"), where "whether" and "if" leave it open (``_wonders_at_fact``)."""

WISHED_FOR = frozenset({"for", "that", "to"})
"""After a wish made upon something, these lead to what is wished for ("... for a horse")."""


def hypothetical(
    tokens: list[Token], index: int, place: bool = False, event: bool = False, width: int = 1
) -> bool:
    """Whether the word at ``index`` sits in a conditional, wish, plan or fear, in what is only
    to come ("they will marry", "he was to forge a sword": ``_to_come``) or in what almost
    happened ("he almost died": ``_not_quite``); for an ``event`` (``width`` words long), also
    when it is the subject of what is to come ("the wedding was to be held": ``planned_event``),
    and in what is guarded against ("in case goblins come": ``_in_case``). After "would",
    "could" or "should", a thing named with "the" is one the story has (unless a condition
    follows), and "who should they meet but a bear" tells what came. "going" is a
    plan only before "to" and a verb ("going to kill the wolf"), which may be the word
    itself ("going to steal the crown"), not on the way somewhere ("going through the
    forest", "going to the forest"; a ``place`` right after "to" is where someone goes:
    "going to town").

    >>> from referee.judge.text.tokens import tokenize
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
    >>> hypothetical(tokenize("A storm might come before evening, he thought."), 1)
    True
    >>> hypothetical(tokenize("Had there been a boat, he could have crossed."), 4)
    True
    >>> hypothetical(tokenize("The girl longed for a fairy godmother."), 5)
    True
    >>> hypothetical(tokenize("He asked to marry her."), 3)
    True
    >>> hypothetical(tokenize("He asked the wizard the way."), 3)
    False
    >>> hypothetical(tokenize("She keeps salt by the door in case goblins come."), 8)
    True
    """
    if _only_possible(tokens, index) or (event and planned_event(tokens, index, width)):
        return True
    if _performed(tokens, index):
        return False
    before = _excepted(
        _modals_spelt_out(after_opening_clause(clause_before(tokens, index), tokens, index))
    )
    rest = rest_of_sentence(tokens, index)
    if _inverted_condition(before, [word.lower() for word in rest]) or _too_much_to(before):
        return True
    if _sought(before, tokens[index].text, rest[1:]):
        return True
    reach = [*before, tokens[index].text]
    planned = before if place else reach
    conditioned = any(word in CONDITIONS for word in rest)
    return any(
        (
            word in HYPOTHETICAL
            or word in UNDONE
            or _to_come(before, k)
            or _not_quite(reach, k)
            or _considered(before, k)
            or _in_case(before, k)
            or _as_though(before, k)
            or _prayed_for(before, k)
        )
        and (word != "going" or _plans(planned, k))
        and not (word in PROGRESSIVES and _progressive_leaves(before, k))
        and not _refusal_leaves(before, k)
        and not _wished_on(before, k)
        and not _wanted_as_it_is(before, k)
        and not (_definite_given(before, k) and not conditioned)
        and not _rhetorical(before, k)
        and not _wonders_at_fact(before, k)
        for k, word in enumerate(before)
    )


def _excepted(before: list[str]) -> list[str]:
    """The clause after its last "except" where a negative pronoun opens what it excepts
    from: "nobody wants to go except this one kid who's brave" tells of a kid who goes, not
    of one wished for.

    >>> _excepted("nobody wants to go except this kid who is the only".split())
    ['this', 'kid', 'who', 'is', 'the', 'only']
    >>> _excepted("she wanted nothing except a".split())
    ['a']
    >>> _excepted("he wanted everything except a".split())
    ['he', 'wanted', 'everything', 'except', 'a']
    """
    if "except" not in before:
        return before
    at = len(before) - 1 - before[::-1].index("except")
    opened = before[:at]
    denied = any(w in NEGATIVE_PRONOUNS for w in opened) or _no_one(opened)
    return before[at + 1 :] if denied else before


def _no_one(words_: list[str]) -> bool:
    """Whether "no one" is among ``words_``."""
    return any(words_[k : k + 2] == ["no", "one"] for k in range(len(words_) - 1))


def _sought(before: list[str], word: str, after: list[str]) -> bool:
    """Whether ``word`` is what is searched for, named with "a" or "some" and at most two
    words before it: "looked everywhere for a cave", "searched the cliffs all summer for a
    griffin's nest", "sought a wife", "in search of a magic ring". Not a thing the story
    has ("looked for the ring", "looking for a lost kid"), nor how long ("searched for a
    month", "looked at him for a long time").

    >>> _sought("they looked everywhere for a".split(), "cave", ["to"])
    True
    >>> _sought("they searched the cliffs all summer for a".split(), "griffin's", ["nest"])
    True
    >>> _sought("the knight rode out in search of a magic".split(), "ring", ["."])
    True
    >>> _sought("she looked for the".split(), "ring", ["."])
    False
    >>> _sought("he went looking for a lost".split(), "kid", ["."])
    False
    >>> _sought("he looked at him for a".split(), "long", ["time"])
    False
    >>> _sought("she looked for a bracelet".split(), "to", ["wear"])
    False
    >>> _sought("he searched the coast for a".split(), "boat", "and found one".split())
    False
    >>> _sought("he searched the coast for a".split(), "boat", "but never found one".split())
    True
    """
    last = range(len(before) - 1, max(-1, len(before) - 4), -1)
    at = next((k for k in last if before[k] in DETERMINERS), None)
    if not at or before[at] not in SOUGHT_DETERMINERS:
        return False
    described = [*before[at + 1 :], word]
    if any(not w.replace("'", "").isalpha() or w in NOT_SOUGHT for w in described):
        return False
    if any(w in TIME_WORDS or w in MISSING for w in [*described, *after[:1]]):
        return False
    if after[:2] in (["who", "had"], ["that", "had"], ["which", "had"]):
        return False  # "looking for a boy who had hidden in the chapel": he is there
    if any(
        w in FINDING and not set(after[max(0, k - 2) : k]) & NEGATIONS for k, w in enumerate(after)
    ):
        return False  # "searched the kingdom for a girl taller than himself, and found her"
    if before[at - 1] in SEEKING:
        return True  # "sought a wife"
    if before[at - 1] == "of":
        return before[max(0, at - 3) : at - 1] == ["in", "search"]
    if before[at - 1] != "for":
        return False
    verb = at - 2
    while verb >= 0 and before[verb] in SEARCH_ADVERBS:
        verb -= 1
    if verb >= 0 and before[verb] in SEARCHING:
        return True  # "looked everywhere for a cave"
    reach = before[max(0, at - 2 - SEARCH_REACH) : at - 1]
    return any(w in SEARCHING_OBJECTS for w in reach) and "for" not in reach


def _too_much_to(before: list[str]) -> bool:
    """Whether the word follows "too <quality> to" and is what that stops ("much too old to
    fight"), not a thing named as the story's ("too weak to lift the sword").

    >>> _too_much_to("the king was much too old to".split())
    True
    >>> _too_much_to("he was too weak to lift the".split()), _too_much_to("too tired".split())
    (False, False)
    """
    for k in range(len(before) - 2):
        if before[k] == "too" and before[k + 2] == "to":
            return last_determiner(before[k + 3 :]) not in DEFINITE_DETERMINERS
    return False


def _modals_spelt_out(words: list[str]) -> list[str]:
    """The words with "would" for its short form before "rather" ("she'd rather marry the
    giant": a preference, not what happened), which "'d" alone may not be ("he'd gone"), and
    "will" for "'ll" ("they'll marry at midsummer": not yet).

    >>> _modals_spelt_out("she'd rather marry the".split()), _modals_spelt_out("he'd gone".split())
    (['would', 'rather', 'marry', 'the'], ["he'd", 'gone'])
    >>> _modals_spelt_out("they'll marry".split())
    ['will', 'marry']
    """
    return [
        "would"
        if word.endswith("'d") and words[k + 1 : k + 2] == ["rather"]
        else "will"
        if word.endswith("'ll")
        else word
        for k, word in enumerate(words)
    ]


def _progressive_leaves(before: list[str], k: int) -> bool:
    """Whether the "-ing" form at ``before[k]`` leaves the word alone: the word is right after
    it ("the dreaming milkmaid"), or after "wishing well", a comma ("Fearing for his throne, the
    sultan ..."; "the prince was dreaming, his thumb in his mouth") or the person awaited ("she
    had been expecting him for weeks, ever since his last letter").

    >>> _progressive_leaves("he was hoping for a".split(), 2)
    False
    >>> _progressive_leaves("fearing for his throne , the jealous".split(), 0)
    True
    >>> _progressive_leaves("a coin into the wishing well and closed her".split(), 4)
    True
    """
    following = before[k + 1] if k + 1 < len(before) else ""
    return (
        not following
        or "," in before[k + 1 :]
        or following in OBJECT_PRONOUNS
        or (before[k] == "wishing" and following == "well")
    )


def _not_quite(reach: list[str], k: int) -> bool:
    """Whether "almost" or "nearly" at ``reach[k]`` stands right before a verb (``_reads_verb``)
    whose deed, up to the word (the last of ``reach``), did not happen: "he almost died", "they
    nearly had a fight", "nearly fell asleep". Not a measure or a state ("nearly twenty stone",
    "almost every night", "nearly empty"), a thing the story has ("nearly dropped the tray"),
    nor what a clause joined after it tells.

    >>> _not_quite("he almost died".split(), 1), _not_quite("they nearly had a fight".split(), 1)
    (True, True)
    >>> _not_quite("he weighed nearly twenty stone".split(), 2)
    False
    >>> _not_quite("the barrels were nearly empty".split(), 3)
    False
    >>> _not_quite("he nearly dropped his tray when a fairy".split(), 1)
    False
    """
    if reach[k] not in NOT_QUITE or len(reach) - 1 - k > MARKER_REACH:
        return False
    after = reach[k + 1 : -1]
    joined = bool(CLAUSE_JOINS & set(after))
    definite = last_determiner(after) in DEFINITE_DETERMINERS
    return _reads_verb(reach[k + 1]) and not joined and not definite


def _considered(before: list[str], k: int) -> bool:
    """Whether the verb at ``before[k]`` weighs a deed in "-ing" that comes before the word:
    "considered selling the mill", "thinks about going to the tavern", "thought of visiting
    the castle". Not what is thought about itself ("thought about the dragon").

    >>> _considered("she thinks about going to the".split(), 1)
    True
    >>> _considered("he considered selling the".split(), 1)
    True
    >>> _considered("he thought about the".split(), 1)
    False
    >>> _considered("she thought of nothing but the".split(), 1)
    False
    """
    if before[k] in CONSIDERING:
        deed = k + 1
    elif before[k] in THINKING and before[k + 1 : k + 2] in (["about"], ["of"]):
        deed = k + 2
    else:
        return False
    if deed >= len(before):
        return False
    word = before[deed]
    return word.endswith("ing") and len(word) > 4 and word not in NOT_DOINGS_IN_ING


def _reads_verb(word: str) -> bool:
    """Whether ``word`` reads as a verb in the past or in "-s": "fell", "tipped", "had", "dies".

    >>> [_reads_verb(w) for w in ("fell", "had", "dies", "empty", "twenty", "famous")]
    [True, True, True, False, False, False]
    """
    third_person = len(word) >= 4 and word.endswith("s") and not word.endswith(("ss", "us"))
    return reads_past(word) or word.endswith("ed") or word in PAST_NOT_IN_ED or third_person


def _performed(tokens: list[Token], index: int) -> bool:
    """Whether the word is a verb that does what it says, said in the first person after
    "will" ("I'll bet you a bag of silver", "we shall swear it"): it is done, not to come.

    >>> from referee.judge.text.tokens import tokenize
    >>> _performed(tokenize("I'll bet you a bag of silver."), 1)
    True
    >>> _performed(tokenize("He'll bet his horse."), 1)
    False
    """
    previous = [token.text for token in tokens[max(0, index - 2) : index]]
    first_person = previous[-1:] in (["i'll"], ["we'll"]) or previous in (
        ["i", "will"],
        ["we", "will"],
        ["i", "shall"],
        ["we", "shall"],
    )
    return tokens[index].text in PERFORMATIVES and first_person


def _to_come(before: list[str], k: int) -> bool:
    """Whether ``before[k]`` says that what follows it, within ``MARKER_REACH`` tokens, is only
    to come: "will", "shall" or "gonna" (not the noun "will": ``_will_as_noun``), or "was to"
    and the like before a verb (``_to_be_done``). A thing named as one the story has ("will
    slay the dragon", "will find my treasure", "shelter in this cave") is there.

    >>> _to_come("they will".split(), 1), _to_come("i will bring you a".split(), 1)
    (True, True)
    >>> _to_come("' i will fetch it , ' said a".split(), 2)
    False
    >>> _to_come("we will sleep in this".split(), 1), _to_come("i will".split(), 1)
    (False, True)
    >>> _to_come("we're gonna throw him the biggest".split(), 1)
    True
    """
    if len(before) - k > MARKER_REACH:
        return False
    if _named_as_known(before[k + 1 :]):
        return False
    if before[k] in FUTURE:
        return not _will_as_noun(before, k)
    return _to_be_done(before, k)


def _named_as_known(words_before: list[str]) -> bool:
    """Whether the words before a word name it as one the story has: their last determiner is
    definite ("slay the dragon", "this cave"), but not "the" before a superlative, which
    grades a new one ("throw him the biggest party").

    >>> _named_as_known("slay the".split()), _named_as_known("throw him the biggest".split())
    (True, False)
    >>> _named_as_known("bring you a".split())
    False
    """
    determiner = last_determiner(words_before)
    if determiner not in DEFINITE_DETERMINERS:
        return False
    at = len(words_before) - 1 - words_before[::-1].index(determiner)
    graded = words_before[at + 1 : at + 2]
    return not (determiner == "the" and graded and is_superlative(graded[0]))


def _will_as_noun(before: list[str], k: int) -> bool:
    """Whether "will" at ``before[k]`` is a noun, not what is to come: after a determiner, a
    possessive or a word like "against" ("against her will", "the king's will", "his last
    will"), or before a word that follows a noun ("a will of iron", "the will was read").

    >>> _will_as_noun("she married him against her will".split(), 5)
    True
    >>> _will_as_noun("they will".split(), 1), _will_as_noun("a will of iron , the".split(), 1)
    (False, True)
    >>> _will_as_noun("one day will fell".split(), 2)
    True
    """
    if before[k] != "will":
        return False
    previous = before[k - 1] if k > 0 else ""
    following = before[k + 1] if k + 1 < len(before) else ""
    return (
        previous in DETERMINERS
        or previous in PRONOUNS - SUBJECT_PRONOUNS
        or previous in WILL_AS_NOUN_AFTER
        or previous.endswith("'s")
        or following in WILL_AS_NOUN_BEFORE
        or reads_past(following)
    )


def _to_be_done(before: list[str], k: int) -> bool:
    """Whether "was to", "were to", "is to" or "are to" at ``before[k]`` says what is planned or
    due ("they were to marry at midsummer", "he was to forge a sword"): "to" and a verb, not a
    place or a person ("the letter was to the king"), nor what a duty is ("whose job was to
    swing the axe") or how someone felt ("how happy he was to hold him").

    >>> _to_be_done("they were to".split(), 1), _to_be_done("he was to forge a".split(), 1)
    (True, True)
    >>> _to_be_done("the letter was to the".split(), 2)
    False
    >>> _to_be_done("whose job was to swing the".split(), 2)
    False
    """
    if before[k] not in BE_FORMS or before[k + 1 : k + 2] != ["to"]:
        return False
    following = before[k + 2] if k + 2 < len(before) else ""
    return (
        following not in DETERMINERS
        and following not in PRONOUNS
        and (k == 0 or before[k - 1] not in DUTIES)
        and "how" not in before[:k]
    )


def planned_event(tokens: list[Token], start: int, width: int) -> bool:
    """Whether the event named at ``tokens[start:start + width]`` is the subject of what is only
    to come: "will" or "shall", "was to", "is going to", "gonna", or "was set (planned,
    arranged) for", right after it or after an "of" phrase ("the wedding of the prince was to
    be held in spring"). Not what happened ("the wedding was held"), nor what went on as the
    story tells it ("the feast would go on for three days").

    >>> from referee.judge.text.tokens import tokenize
    >>> planned_event(tokenize("Her coronation was to be held in spring."), 1, 1)
    True
    >>> planned_event(tokenize("The wedding of the prince will take place at dawn."), 1, 1)
    True
    >>> planned_event(tokenize("The duel was set for dawn."), 1, 1)
    True
    >>> planned_event(tokenize("The wedding was held at midsummer."), 1, 1)
    False
    >>> planned_event(tokenize("The feast would go on for three days."), 1, 1)
    False
    """
    after = [token.text for token in tokens[start + width :] if token.is_word or token.text in ","]
    verb = 0
    if after[:1] == ["of"]:
        verbs = [
            k for k, word in enumerate(after[:FUTURE_SUBJECT_REACH]) if word in BE_FORMS | FUTURE
        ]
        if not verbs or "," in after[: verbs[0]]:
            return False
        verb = verbs[0]
    first, *rest = [*after[verb : verb + 3], "", "", ""][:3]
    if first in FUTURE:
        return True
    if first not in BE_FORMS:
        return False
    return (
        rest[0] in ("to", "gonna")
        or rest == ["going", "to"]
        or (rest[0] in ARRANGED and rest[1] == "for")
        or rest[0] == "due"
    )


def _inverted_condition(before: list[str], rest: list[str]) -> bool:
    """Whether the clause holds a condition told by inversion: "were" or "had" opening it (or
    after a comma) before its subject, with "would", "could", "might" or "should" later in
    the sentence to say what would follow ("Had there been a boat, he could have crossed";
    "were I to give you a ring, would you keep it"). Not "had it not been for the witch",
    which says the witch was there, nor a verb that shares its subject ("she came home, had
    a bath").

    >>> _inverted_condition("had there been a".split(), "boat , he could have crossed".split())
    True
    >>> _inverted_condition("she came home , had a".split(), "bath and fed the cat".split())
    False
    >>> _inverted_condition("had it not been for the".split(), "witch , they would have".split())
    False
    """
    if not any(word in CONSEQUENCE_MODALS or word.endswith("'d") for word in rest):
        return False
    return any(
        word in INVERTED_CONDITIONS
        and (k == 0 or before[k - 1] == ",")
        and before[k + 1] in CONDITION_SUBJECTS
        and before[k + 1 : k + 3] != ["it", "not"]
        for k, word in enumerate(before[:-1])
    )


def _as_though(before: list[str], k: int) -> bool:
    """Whether ``before[k]`` is the "though" of "as though", as "if" is of "as if" ("loved
    his mill as though it were his own daughter"); "though" alone concedes a fact.

    >>> _as_though(["as", "though"], 1), _as_though(["though"], 0)
    (True, False)
    """
    return before[k] == "though" and k > 0 and before[k - 1] == "as"


def _in_case(before: list[str], k: int) -> bool:
    """Whether ``before[k]`` closes "in case", which tells what is guarded against up to its
    comma, not what came ("she keeps salt by the door in case goblins come"; not the horn of
    "In case she met a bear, she took the horn"). A thing named with "the" or a possessive
    there is one the story has ("in case anyone choked on the goose").

    >>> _in_case(["salt", "in", "case"], 2), _in_case(["a", "case", "of", "wine"], 1)
    (True, False)
    >>> _in_case(["in", "case", "she", "met", "a", "bear", ",", "she", "took", "the"], 1)
    False
    >>> _in_case(["in", "case", "anyone", "choked", "on", "the"], 1)
    False
    """
    window = before[max(k + 1, len(before) - 3) :]
    return (
        before[k] == "case"
        and k > 0
        and before[k - 1] == "in"
        and "," not in before[k:]
        and last_determiner(window) not in DEFINITE_DETERMINERS
    )


def _only_possible(tokens: list[Token], index: int) -> bool:
    """Whether the word, brought in as someone or something new (``introduced_indefinitely``:
    "a", "some", "two"), is the subject of "might" or "may" right after it, or of "would
    have" and the like: a thing that only may be ("a storm might come") or would have been
    ("a little medicine would have saved him"), not one the story has ("the storm might
    pass", "a storm rose") nor one that did as it often would ("a wolf would come").

    >>> from referee.judge.text.tokens import tokenize
    >>> _only_possible(tokenize("A great storm may yet come."), 2)
    True
    >>> _only_possible(tokenize("The storm might pass."), 1)
    False
    >>> _only_possible(tokenize("A storm rose, and it might rain."), 1)
    False
    >>> _only_possible(tokenize("A little medicine would have saved him."), 2)
    True
    >>> _only_possible(tokenize("A wolf would come every night."), 1)
    False
    """
    after = [token.text for token in tokens[index + 1 : index + 3]]
    speculated = len(after) >= 1 and after[0] in SPECULATIONS
    unreal = len(after) == 2 and after[0] in CONSEQUENCE_MODALS and after[1] == "have"
    return (speculated or unreal) and introduced_indefinitely(tokens, index)


def _wished_on(before: list[str], k: int) -> bool:
    """Whether the word is what the wish at ``before[k]`` is made on ("she wished upon a
    star"): the star is in the story, what is wished for ("... for a horse") is not."""
    return (
        before[k].startswith("wish")
        and before[k + 1 : k + 2] in (["upon"], ["on"])
        and not any(word in WISHED_FOR for word in before[k + 2 :])
    )


def _prayed_for(before: list[str], k: int) -> bool:
    """Whether ``before[k]`` prays "for" what follows: a wish ("the merchants prayed for an
    oasis"), where "prayed to the goddess" or "prayed in the chapel" has her and the chapel.

    >>> _prayed_for("the merchants prayed for an".split(), 2)
    True
    >>> _prayed_for("she prayed to the".split(), 1)
    False
    >>> _prayed_for("while all were praying for them , someone".split(), 3)
    False
    """
    prayed_for = before[k + 2 :]  # the words after "for", up to the word: its own phrase only
    return (
        before[k] in PRAYING
        and before[k + 1 : k + 2] == ["for"]
        and len(prayed_for) <= PRAYED_FOR_WORDS
        and "," not in prayed_for
    )


def _wanted_as_it_is(before: list[str], k: int) -> bool:
    """Whether the word is what the want or longing at ``before[k]`` is of, named with "the"
    and at most two words between ("wanted the crown", "wanted the old cat", "longed for the
    sea"): a thing already there, not one hoped for ("wanted a horse", "wanted her own horse",
    "wanted to see the sea", "longed for a child").

    >>> _wanted_as_it_is("she longed for the".split(), 1)
    True
    >>> _wanted_as_it_is("longed for a".split(), 0)
    False
    >>> _wanted_as_it_is("she prayed for the".split(), 1)
    True
    """
    if before[k] in WANTING:
        wanted = before[k + 1 :]
    elif (before[k] in LONGING or before[k] in PRAYING) and before[k + 1 : k + 2] in (
        ["for"],
        ["after"],
    ):
        wanted = before[k + 2 :]
    else:
        return False
    return wanted[:1] == ["the"] and len(wanted) <= 3


_NOT_VERBS = DETERMINERS | PRONOUNS
"""After "to", these make it a preposition ("offered a coin to a beggar"), not a verb's mark."""


def _refusal_leaves(before: list[str], k: int) -> bool:
    """Whether a refusal at ``before[k]`` leaves the word in the story: the thing refused
    itself ("refused the ring"), or a thing named as one the story has ("refused to marry
    the witch"). Not the deed refused ("refused to fight"), what it would have made
    ("refused to brew a potion"), nor what a thing asked for is to do ("begged her for
    something to make a girl fall in love"); "to" before a determiner or a pronoun is a
    preposition ("offered a coin to a beggar").

    >>> _refusal_leaves(["she", "refused", "the"], 1)
    True
    >>> _refusal_leaves(["he", "refused", "to", "marry", "the"], 1)
    True
    >>> _refusal_leaves(["he", "refused", "to"], 1), _refusal_leaves("refused to brew a".split(), 0)
    (False, False)
    >>> _refusal_leaves("begged her for something to make a girl".split(), 0)
    False
    >>> _refusal_leaves("offered a coin to a".split(), 0)
    True
    """
    if before[k] not in UNDONE:
        return False
    rest = before[k + 1 :]
    marks = [
        at for at, word in enumerate(rest[:-1]) if word == "to" and rest[at + 1] not in _NOT_VERBS
    ]
    done = rest[marks[0] + 1 :] if marks else rest
    return (not marks and rest[:1] != ["to"]) or last_determiner(done) in DEFINITE_DETERMINERS


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
    return last_determiner(window) == "the"


def _rhetorical(before: list[str], k: int) -> bool:
    """Whether "should" at ``before[k]`` asks a storyteller's question answered with "but":
    "who should they meet but a bear" tells that they met one."""
    return (
        before[k] == "should" and k > 0 and before[k - 1] in WH_ASKERS and "but" in before[k + 1 :]
    )


def _wonders_at_fact(before: list[str], k: int) -> bool:
    """Whether "wondered" at ``before[k]`` asks why or how something is so, before it ("Why,
    he wondered, was there a hedgehog") or right after it ("wondered why the wolf howled"):
    the thing is there. Not "wondered whether a ship would come".

    >>> _wonders_at_fact("why , he wondered , was there a".split(), 3)
    True
    >>> _wonders_at_fact("he wondered how a".split(), 1)
    True
    >>> _wonders_at_fact("he wondered whether a".split(), 1)
    False
    """
    if before[k] != "wondered":
        return False
    return bool(FACT_QUESTIONS & set(before[:k])) or before[k + 1 : k + 2] in (["why"], ["how"])


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
