"""Features of one (sentence, card) pair: lexical matches, the cues around them, similarities.

Each feature is a number with a name, so the calibrated model's weights can
be read, and the reason for a verdict can be written from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from referee.judge import text as cues
from referee.judge.base import CardRef
from referee.judge.counterparts import counterpart_alone
from referee.judge.lexicon import (
    KIND,
    NAMING,
    NEGATIVE,
    NOUN_CATEGORIES,
    CardForms,
    PhraseIndex,
    card_forms,
    lexicon_entry,
    lexicon_key,
)
from referee.judge.precedents import Precedent, signal
from referee.judge.spoken import implied_commas
from referee.judge.text import Token

MODIFIERS = ("negated", "hypothetical", "in_list", "figurative", "verb_use")
CUE_FEATURES = {
    "exclamation": "verb_use",
    "season": "verb_use",
    "noun_use": "verb_use",
    "given_name": "verb_use",
}
"""Cues weighed as another's feature: an exclamation ("Well, ..."), a season ("in the fall"),
an adjective used as a noun ("her first patient") and a name given ("a dog called Lucky")
are, like a verb use, another sense of the card's word."""
FEATURES = (
    *(f"clean_{r}" for r in NAMING),
    "troubled",
    *MODIFIERS,
    "quoted",
    "near_broader",
    "near_cohyponym",
    "in_context",
    "back_reference",
    "span_sim",
    "match_sim",
    "sentence_sim",
)
SIMILARITIES = frozenset({"span_sim", "match_sim", "sentence_sim"})
MATCH_KINDS = tuple(name for name in FEATURES if name not in SIMILARITIES | {"in_context"})
"""The yes/no features that say how the card is matched: which relation, which cues."""
NEAR_FEATURES = {
    "broader": "near_broader",
    "cohyponym": "near_cohyponym",
    "compound": "near_cohyponym",
}
"""The feature a near miss of each relation sets: another thing whose name holds the card's
word ("fairy tale" for *Fairy*) is weighed as a related but different thing."""
PRECEDENT_REACH = 3
"""Words on each side of a match that precedents are compared by."""


@dataclass(frozen=True)
class Match:
    """One occurrence of a card form in the sentence, and the cues around it."""

    start: int
    width: int
    relation: str
    cues: frozenset[str] = frozenset()

    def words(self, tokens: list[Token], sentence: str) -> str:
        """The matched words as written in the sentence."""
        return sentence[tokens[self.start].start : tokens[self.start + self.width - 1].end]


@dataclass
class Analysis:
    """What the judge found for one card: the best match, near misses, features."""

    card: CardRef
    best: Match | None
    near_miss: Match | None
    values: dict[str, float] = field(default_factory=dict)
    best_span: tuple[int, int] | None = None
    near_misses: tuple[Match, ...] = ()
    """Every occurrence in the sentence of a broader or related term for the card."""
    near_miss_described: bool = False
    """Whether the sentence describes the near miss, by whose it is or by what follows it
    ("the king's son", "a building with a steeple", "a woman who brews curses":
    ``described_noun``)."""
    gloss_similarity: float = 0.0
    """How like the card's definition (``lexicon.card_glosses``) the sentence's closest
    phrase reads (cosine; stage two weighs it); 0 where no phrase may be compared."""
    gloss_span: tuple[int, int] | None = None
    """That phrase's tokens [start, end)."""
    closest_gloss: str = ""
    """The definition it reads most like."""
    precedents: tuple[Precedent, ...] = ()
    """The labelled cases of this card most like the sentence (stage two weighs them)."""
    counterpart_alone: bool = False
    """Whether the sentence's only word for a person card is its counterpart of the other sex
    ("her uncle" for *Aunt*: ``counterparts.counterpart_alone``), which stage two rejects."""

    def vector(self) -> np.ndarray:
        """The features in ``FEATURES`` order."""
        return np.array([self.values.get(name, 0.0) for name in FEATURES], dtype=np.float64)

    @property
    def match_kind(self) -> tuple[str, ...]:
        """How the card is matched: the relation and cues found, or a near miss, or nothing.

        Precedents are only drawn from cases matched the same way.
        """
        return tuple(name for name in MATCH_KINDS if self.values.get(name, 0.0) > 0.5)

    @property
    def bare_near_miss(self) -> Match | None:
        """The near miss when nothing describes it ("a bird"; not "a building with a
        steeple", which is how a description begins: ``described_noun``)."""
        return None if self.near_miss_described else self.near_miss

    @property
    def closeness(self) -> float:
        """How close the sentence's closest phrase comes to the card: the better of its
        similarity to the card's name and to one of its definitions (cosines)."""
        return max(self.values.get("span_sim", 0.0), self.gloss_similarity)

    @property
    def has_words_for_card(self) -> bool:
        """Whether the sentence has any words for the card: a form of it, a near miss (a
        broader or related term) that nothing describes, or a bare back-reference. Without
        any, only a reader can tell whether it describes the card ("a deep stone shaft the
        villagers drew water from" for *Well*, "a white horse with a single spiral horn"
        for *Unicorn*), so stage one never rejects it alone.
        """
        kinds = set(self.match_kind)
        if self.bare_near_miss is None:
            kinds -= set(NEAR_FEATURES.values())
        return bool(kinds)

    def precedent_window(self, tokens: list[Token]) -> tuple[int, int] | None:
        """The tokens [start, end) precedents are compared by: the card's match and up to
        ``PRECEDENT_REACH`` tokens on each side; None when nothing matches (the whole
        sentence is compared).

        A use of a word shows in its neighbours ("the crown of the hill"), which a
        long sentence's vector dilutes.
        """
        match = self.best or self.near_miss
        if match is None:
            return None
        start = max(0, match.start - PRECEDENT_REACH)
        return start, min(len(tokens), match.start + match.width + PRECEDENT_REACH)

    @property
    def precedent_signal(self) -> float:
        """What the precedents say (``precedents.signal``), 0 without any."""
        return signal(self.precedents)


def find_matches(
    tokens: list[Token], sentence: str, card: CardRef, forms: CardForms
) -> list[Match]:
    """Every occurrence of a form of ``card``, longest first, without overlaps.

    Looks up each n-gram of the sentence in the card's forms, so the cost
    grows with the sentence, not with the size of the lexicon. A kind of the card
    (``lexicon.KIND``) written with a capital inside the sentence is a name, not a match:
    "Molly", a fish, is a girl in "In the night Molly swapped their necklaces."
    """
    read = _word_positions(tokens)
    texts = [tokens[k].text for k in read]
    found: list[tuple[int, int, str]] = []
    for width in forms.widths:
        for start in range(len(texts) - width + 1):
            relation = forms.relations.get(tuple(texts[start : start + width]))
            if relation == KIND and start > 0 and sentence[tokens[read[start]].start].isupper():
                continue  # a capitalised kind inside the sentence is a name ("Molly")
            if relation is not None:
                first, last = read[start], read[start + width - 1]
                found.append((first, last - first + 1, relation))
    taken: set[int] = set()
    matches: list[Match] = []
    for start, width, relation in found:
        covered = set(range(start, start + width))
        if covered & taken:
            continue
        taken |= covered
        cues_here = _cues_at(tokens, sentence, start, width, card, relation)
        matches.append(Match(start=start, width=width, relation=relation, cues=cues_here))
    return matches


IN_WORD_MARKS = frozenset({"-", "'"})
"""Marks inside a word ("cat-o'-nine-tails", "man-of-war"): a card's forms are kept without
them, so the sentence's words are read without them too."""


def _word_positions(tokens: list[Token]) -> list[int]:
    """The positions of ``tokens`` that forms are matched over: all but the hyphens and
    apostrophes written inside a word, with no space on either side.

    >>> from referee.judge.text import tokenize
    >>> tokens = tokenize("a cat-o'-nine-tails - and more")
    >>> [tokens[k].text for k in _word_positions(tokens)]
    ['a', 'cat', 'o', 'nine', 'tails', '-', 'and', 'more']
    """
    return [
        k
        for k, token in enumerate(tokens)
        if not (
            token.text in IN_WORD_MARKS
            and 0 < k < len(tokens) - 1
            and tokens[k - 1].end == token.start
            and token.end == tokens[k + 1].start
        )
    ]


def _inflected_name(tokens: list[Token], start: int, width: int, card: CardRef) -> bool:
    """Whether the match ends on a verb's "-ed" or "-ing" form of the card's own word or an
    alias ("hammered" for *Hammer*)."""
    last = tokens[start + width - 1].text
    bases = {lexicon_key(card.name).split()[-1], *(a.split()[-1] for a in card.aliases if a)}
    return (
        last not in bases
        and last.endswith(("ed", "ing"))
        and any(last.startswith(base[: max(3, len(base) - 1)]) for base in bases)
    )


def _cues_at(
    tokens: list[Token], sentence: str, start: int, width: int, card: CardRef, relation: str
) -> frozenset[str]:
    found = set()
    if cues.negated(tokens, start, width, event=card.category == "event"):
        found.add("negated")
    if cues.hypothetical(
        tokens, start, place=card.category == "place", event=card.category == "event", width=width
    ):
        found.add("hypothetical")
    if cues.in_list(tokens, start, width, implied_commas(tuple(t.text for t in tokens))):
        found.add("in_list")
    entry = lexicon_entry(card.name, card.category)
    holder = bool(entry.get("holds"))
    named_by_meaning = card.category not in NOUN_CATEGORIES
    if cues.figurative(
        tokens,
        start,
        width,
        character=card.category == "character",
        holder=holder,
        idiom_names=named_by_meaning,
    ):
        found.add("figurative")
    if card.category in NOUN_CATEGORIES and relation in NAMING:
        # Every naming word of a noun card is read for a verb's use ("began to forge" is no
        # forge for *Workshop*); only its own words are matched in their verb forms at all.
        inflected_verb = relation in ("name", "synonym") and _inflected_name(
            tokens, start, width, card
        )
        if inflected_verb or cues.verb_use(tokens, start, card.category == "place"):
            found.add("verb_use")
    if relation == "name" and entry.get("noun_elsewhere") and cues.noun_use(tokens, start, width):
        found.add("noun_use")
    if relation in ("name", "synonym"):
        if cues.exclamation(tokens, start):
            found.add("exclamation")
        if cues.season(tokens, start):
            found.add("season")
        if cues.given_name(sentence, tokens, start):
            found.add("given_name")
    if cues.quoted(sentence, tokens[start]):
        found.add("quoted")
    return frozenset(found)


def _rank(match: Match) -> tuple[int, int]:
    troubles = len(match.cues - {"quoted"})
    return (troubles, NAMING.index(match.relation))


def analyse(
    tokens: list[Token],
    sentence: str,
    story: PhraseIndex,
    card: CardRef,
    similarities: dict[str, float],
) -> Analysis:
    """Features of ``card`` against the sentence; ``story`` indexes the context's words,
    ``similarities`` come from the embedder."""
    forms = card_forms(card)
    matches = find_matches(tokens, sentence, card, forms)
    positives = sorted((m for m in matches if m.relation in NAMING), key=_rank)
    noun_card = card.category in NOUN_CATEGORIES
    # a noun card's near miss used as a verb is no thing ("hands it to her" for *Glove*)
    negatives = [
        m
        for m in matches
        if m.relation in NEGATIVE
        and not (noun_card and cues.before_object(tokens, m.start, m.width))
    ]
    best = positives[0] if positives else None
    near = negatives[0] if negatives and best is None else None
    values: dict[str, float] = dict(similarities)
    if best is not None:
        troubles = best.cues - {"quoted"}
        values[f"clean_{best.relation}" if not troubles else "troubled"] = 1.0
        for cue in best.cues:
            values[CUE_FEATURES.get(cue, cue)] = 1.0
    elif near is not None:
        values[NEAR_FEATURES[near.relation]] = 1.0
    in_context = story.has_any(forms, NAMING)
    values["in_context"] = float(in_context)
    values["back_reference"] = float(best is None and in_context and cues.refers_back(tokens))
    return Analysis(
        card=card,
        best=best,
        near_miss=near,
        values=values,
        near_misses=tuple(negatives),
        near_miss_described=near is not None and described_noun(tokens, near),
        counterpart_alone=(
            near is not None
            and card.category == "character"
            and counterpart_alone(tokens, lexicon_key(card.name), [m.start for m in negatives])
        ),
    )


DESCRIBING_AFTER = frozenset(
    {"with", "where", "who", "whom", "whose", "that", "which", "of"}
    | {"beneath", "under", "underneath", "below"}
)
"""Right after a noun, these open what describes it ("a building with a steeple", "the vault
beneath the church")."""


def described_noun(tokens: list[Token], match: Match) -> bool:
    """Whether the matched noun is described: a possessor before it ("the king's son"), a
    phrase or clause right after it ("a building with a steeple", "a woman who brews curses"),
    or a thing it possesses, which it describes ("her stepmother's two daughters").

    >>> from referee.judge.text import tokenize
    >>> described_noun(tokenize("A building with a steeple stood there."), Match(1, 1, "broader"))
    True
    >>> described_noun(tokenize("Then the king's son rode by."), Match(3, 1, "broader"))
    True
    >>> described_noun(tokenize("A big bird landed on the roof."), Match(2, 1, "broader"))
    False
    >>> described_noun(tokenize("Her stepmother's daughters laughed."), Match(1, 1, "cohyponym"))
    True
    >>> described_noun(tokenize("Into the vault beneath the church."), Match(2, 1, "cohyponym"))
    True
    """
    end = match.start + match.width
    after = tokens[end].text if end < len(tokens) else ""  # tokens are lower case
    before = tokens[match.start - 1].text if match.start > 0 else ""
    possessor = tokens[end - 1].text.endswith("'s") and end < len(tokens) and tokens[end].is_word
    return after in DESCRIBING_AFTER or before.endswith("'s") or possessor
