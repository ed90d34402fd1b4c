"""The first judge: card words, their inflections and aliases, with negation caught.

It never guesses beyond the words: a card is accepted only when one of its
forms appears; negation rejects it; a hypothetical is left to the table
(``vote``). A repeated full mention names the element again (labeling guide,
section 1); a pronoun never matches, so a mere back-reference names nothing.

>>> from referee.judge.base import CardRef
>>> judge = LexicalJudge()
>>> wolf = CardRef(name="Wolf", category="character")
>>> judge.mentions("Two wolves howled at the gate.", [], [wolf])[0].decision
'accept'
>>> judge.mentions("There were no wolves in that land.", [], [wolf])[0].decision
'reject'
"""

from __future__ import annotations

import re
from functools import lru_cache

from referee.judge.base import CardRef, Verdict
from referee.judge.inflection import phrase_forms

_WORD = re.compile(r"[\w']+", re.UNICODE)
_NEGATIONS = frozenset({"no", "not", "never", "without", "nor", "neither", "none", "nobody"})
_HYPOTHETICAL = frozenset({"if", "unless", "would", "might", "could", "imagine", "imagined",
                           "planned", "plan", "hoped", "wished", "wanted", "maybe", "perhaps"})
_ARTICLES = ("a ", "an ", "the ")
_NEGATION_REACH = 3


def _strip_article(name: str) -> str:
    lowered = name.lower().strip()
    for article in _ARTICLES:
        if lowered.startswith(article):
            return lowered[len(article):]
    return lowered


@lru_cache(maxsize=4096)
def _card_forms(card: CardRef) -> tuple[tuple[str, ...], ...]:
    """Token sequences that name ``card``, longest first."""
    phrases = {_strip_article(card.name), *(a.lower() for a in card.aliases)}
    surfaces: set[str] = set()
    for phrase in phrases:
        surfaces |= phrase_forms(phrase)
    tokens = {tuple(_WORD.findall(surface)) for surface in surfaces}
    return tuple(sorted((t for t in tokens if t), key=len, reverse=True))


def _tokens(text: str) -> list[str]:
    return [token.lower() for token in _WORD.findall(text)]


def _find(tokens: list[str], form: tuple[str, ...]) -> int:
    width = len(form)
    for start in range(len(tokens) - width + 1):
        if tuple(tokens[start:start + width]) == form:
            return start
    return -1


class LexicalJudge:
    """Decides mentions from the card's own words; fast, transparent, and cautious."""

    id = "lexical"
    version = "1"

    def mentions(self, sentence: str, context: list[str], cards: list[CardRef]) -> list[Verdict]:
        """One verdict per card, in the order of ``cards``."""
        tokens = _tokens(sentence)
        return [self._judge(sentence, tokens, card) for card in cards]

    def _judge(self, sentence: str, tokens: list[str], card: CardRef) -> Verdict:
        if card.zh and card.zh in sentence:
            return self._verdict(card, "accept", 0.9, [card.zh], f"'{card.zh}' names {card.name}")
        for form in _card_forms(card):
            start = _find(tokens, form)
            if start < 0:
                continue
            words = " ".join(tokens[start:start + len(form)])
            before = tokens[max(0, start - _NEGATION_REACH):start]
            if any(t in _NEGATIONS or t.endswith("n't") for t in before):
                return self._verdict(card, "reject", 0.15, [words],
                                     f"'{words}' is negated, so {card.name} does not enter "
                                     "the story")
            if any(t in _HYPOTHETICAL for t in tokens[:start]):
                return self._verdict(card, "vote", 0.45, [words],
                                     f"'{words}' may be only hypothetical; the table decides")
            return self._verdict(card, "accept", 0.9, [words], f"'{words}' names {card.name}")
        return self._verdict(card, "reject", 0.1, [],
                             f"no word in the sentence names {card.name}")

    def _verdict(
        self, card: CardRef, decision: str, score: float, evidence: list[str], reason: str
    ) -> Verdict:
        return Verdict(card=card.key, decision=decision, score=score, evidence=evidence,
                       reason=reason, judge=self.id, version=self.version)
