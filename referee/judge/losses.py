"""Things a story did away with, and a new sentence that has them again.

The labelling guide's own contradictions are of this shape: "the king died two
sentences ago and now sits down to dinner; the heroine lost her sword and now
draws it". The story NLI model reads each earlier sentence against the new one,
but on our labelled stories the earlier sentence it finds most contradicted is the
one the case names only about half the time. When a sentence uses again, by the
same word, a thing an earlier sentence killed, sold, gave or threw away, lost or
destroyed (or said there was none of), that earlier sentence is the evidence the
table needs, and this module finds it by reading the words alone.

It is a reading of surface words, not of meaning: a loss is found where a verb of
loss has the thing as its object ("sold his last sack of flour"), as its subject
("the queen died", "the cakes were gone") or where the sentence says there was
"no" such thing; the new sentence must name the same thing definitely ("his
tinderbox", "those same red shoes", or a name), not a new one ("a new sword").
Pronouns are not followed ("skinned it"), and nothing here says whether the story
explained the return (magic is coherent): the coherence judge decides; this only
chooses what it cites.

>>> brought_back(["He gave the beggar his tinderbox.", "He walked on."],
...              "That night he struck his tinderbox three times.")
[Loss(sentence=0, thing='tinderbox', how='gave')]
>>> brought_back(["The king died in the night."], "The new king sat down to dinner.")
[]
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.judge.inflection import forms
from referee.judge.text import (
    DEFINITE_DETERMINERS,
    DETERMINERS,
    FUNCTION_WORDS,
    NUMBER_WORDS,
    PRONOUNS,
    Token,
    tokenize,
)

TAKES_AWAY = frozenset(
    {
        "killed",
        "slew",
        "slain",
        "lost",
        "sold",
        "gave",
        "threw",
        "thrown",
        "burned",
        "burnt",
        "broke",
        "broken",
        "shattered",
        "ate",
        "eaten",
        "devoured",
        "swallowed",
        "destroyed",
        "smashed",
        "stole",
        "stolen",
        "skinned",
        "tore",
        "torn",
        "spent",
        "traded",
        "dropped",
        "wrecked",
        "ruined",
        "drowned",
    }
)
"""Past forms of verbs whose object is gone afterwards (or, in the passive, whose subject).
Not "buried": buried treasure is hidden, not gone."""
HANDS_OVER = frozenset({"gave", "sold", "traded"})
"""Verbs of handing over: "gave him a compass" brings a new thing into the story (a gift), so
only a thing the story already had ("gave the beggar his tinderbox") is lost by them."""
PUTS = frozenset({"threw", "thrown", "dropped"})
"""Verbs that put a thing somewhere: a person thrown into a cellar is still in the story."""
ENDS = frozenset(
    {"died", "perished", "vanished", "disappeared", "drowned", "sank", "crumbled", "dead"}
)
"""Past forms (and "dead") whose subject is gone afterwards."""
GONE = "gone"
"""Gone only at the end of its clause ("the cakes were gone."), not "gone to town"."""
NONE = "no"
NOT_NONE = frozenset({"longer", "one", "sooner", "matter", "doubt", "more", "less", "sign"})
"""Words after "no" that do not say a thing was missing ("no longer", "no one")."""
PASSIVE = frozenset({"was", "were", "been", "be", "is", "are", "lay", "fell", "now", "already"})
"""Words between a subject and its verb of loss ("the king was killed", "lay dead")."""
BETWEEN_SUBJECT = PASSIVE | frozenset({"had", "has", "all", "soon", "then", "suddenly", "finally"})
OBJECT_ENDS = (
    frozenset(
        {"into", "in", "to", "on", "at", "from", "for", "with", "and", "but", "or", "off"}
        | {"away", "down", "up", "over", "under", "by", "of", "that", "who", "which", "when"}
        | {"while", "had", "has", "have"}
    )
    | PASSIVE
)
"""Words that end the object of a verb of loss (its head is the last noun before them)."""
OBJECT_WORDS = 5
SUBJECT_WORDS = 3
"""How far back a subject's phrase is read, to see whether it hangs on an "of"."""
TIMES = frozenset(
    {"summer", "winter", "spring", "autumn", "night", "day", "morning", "evening", "year"}
    | {"week", "month", "time", "life", "way", "years", "days", "while", "hour", "moment"}
)
"""Words in an object's place that are not things ("lost a year", "spent the night"): an
object with one in it is no thing ("spent the summer fixing the barn")."""
NOT_THINGS = NUMBER_WORDS | {"whole", "alive", "again", "forever", "all", "both", "last", "first"}
AS_BEFORE_ADJECTIVE = DETERMINERS | {"of", "with", "and"}
"""A participle after these modifies a noun ("a broken wing", "of stolen silver")."""
DEFINITE = DEFINITE_DETERMINERS | {"same"}
ANOTHER = frozenset({"a", "an", "another", "new", "some", "other", "second", "fresh", "spare"})
MARKER_REACH = 3
"""How many words before the thing a definite word (or a word for a new one) counts."""


@dataclass(frozen=True)
class Loss:
    """A thing an earlier sentence did away with, or said there was none of.

    ``sentence`` is its index in the story, ``thing`` its word there, ``how`` the
    word that did away with it ("sold", "died", "no").
    """

    sentence: int
    thing: str
    how: str


def losses(sentence: str) -> list[tuple[str, str]]:
    """``(thing, how)`` for each thing ``sentence`` does away with, in order.

    >>> losses("On the road he gave the beggar his tinderbox and walked on.")
    [('tinderbox', 'gave')]
    >>> losses("Soon afterwards the queen died, and the king was killed in battle.")
    [('queen', 'died'), ('king', 'killed')]
    >>> losses("Now the farm had no dog at all, and no one cared.")
    [('dog', 'no')]
    >>> losses("She found a bird with a broken wing and a sack of stolen silver.")
    []
    >>> losses("When the cakes were gone, he had gone to town.")
    [('cakes', 'gone')]
    >>> losses("Her father gave her a silver whistle and threw Wat into the cellar.")
    []
    >>> losses("He spent the summer fixing the barn, and no song was heard.")
    [('song', 'no')]
    """
    tokens = tokenize(sentence)
    texts = [t.text for t in tokens]
    found: list[tuple[str, str]] = []
    for i, word in enumerate(texts):
        before = texts[i - 1] if i else ""
        thing: str | None = None
        if word in TAKES_AWAY and before in PASSIVE:
            thing = _subject(texts, i)
        elif word in TAKES_AWAY and before not in AS_BEFORE_ADJECTIVE:
            thing = _object(texts, i + 1, OBJECT_WORDS, indefinite=word not in HANDS_OVER)
            if thing and word in PUTS and _capitalised(sentence, thing):
                thing = None
        elif word in ENDS or (word == GONE and _clause_ends(texts, i + 1)):
            thing = _subject(texts, i)
        elif word == NONE and i + 1 < len(texts) and texts[i + 1] not in NOT_NONE:
            thing = _object(texts, i + 1, 3, indefinite=True)
        if thing:
            found.append((thing, word))
    return found


def brought_back(context: list[str], sentence: str) -> list[Loss]:
    """The losses in ``context`` that ``sentence`` names definitely again, latest first.

    >>> brought_back(["The farmer's dog ran off.", "Now the farm had no dog at all."],
    ...              "So his dog barked until the house woke.")
    [Loss(sentence=1, thing='dog', how='no')]
    >>> brought_back(["He sold his donkey at the fair."], "He bought a donkey.")
    []
    """
    tokens = tokenize(sentence)
    found = [
        Loss(index, thing, how)
        for index, text in enumerate(context)
        for thing, how in losses(text)
        if _named_again(thing, _capitalised(text, thing), tokens, sentence)
    ]
    return sorted(found, key=lambda loss: -loss.sentence)


def _thing(word: str) -> bool:
    return word.isalpha() and not (
        word in FUNCTION_WORDS or word in PRONOUNS or word in TIMES or word in NOT_THINGS
    )


def _object(texts: list[str], start: int, reach: int, indefinite: bool) -> str | None:
    """The last noun-like word of the phrase from ``start`` (possessives skipped); none
    for a phrase about a time, or, unless ``indefinite``, one with "a" or "an" in it."""
    heads: list[str] = []
    for word in texts[start : start + reach]:
        if word in OBJECT_ENDS or not word[0].isalnum():
            break
        if word in TIMES or (not indefinite and word in {"a", "an"}):
            return None
        if _thing(word):
            heads.append(word)
    return heads[-1] if heads else None


def _subject(texts: list[str], verb: int) -> str | None:
    """The word just before ``verb`` (over auxiliaries), unless it is itself a modifier's
    ("the palace of the queen melted")."""
    k = verb - 1
    while k >= 0 and texts[k] in BETWEEN_SUBJECT:
        k -= 1
    if k < 0 or not _thing(texts[k]):
        return None
    start = k
    while (
        start > 0
        and k - start < SUBJECT_WORDS
        and (texts[start - 1] in DETERMINERS or _thing(texts[start - 1]))
    ):
        start -= 1
    return None if start > 0 and texts[start - 1] == "of" else texts[k]


def _clause_ends(texts: list[str], start: int) -> bool:
    return start >= len(texts) or not texts[start][0].isalnum() or texts[start] == "and"


def _capitalised(text: str, thing: str) -> bool:
    """Whether ``thing`` is written with a capital in ``text``."""
    return any(t.text == thing and text[t.start].isupper() for t in tokenize(text))


def _named_again(thing: str, capitalised: bool, tokens: list[Token], sentence: str) -> bool:
    """Whether ``tokens`` name ``thing`` definitely: a name (capitalised in both sentences),
    or with a definite word before it ("the/his/that same ... thing")."""
    words = {form for form in forms(thing) if "'" not in form}
    texts = [t.text for t in tokens]
    for i, token in enumerate(tokens):
        if token.text not in words:
            continue
        before = texts[max(0, i - MARKER_REACH) : i]
        if any(word in ANOTHER for word in before):
            continue
        if i + 1 < len(texts) and texts[i + 1] == "'":
            continue
        name = capitalised and sentence[token.start].isupper()
        if name or any(word in DEFINITE for word in before):
            return True
    return False
