"""The first judge: card words, their inflections and aliases, with negation caught.

It never guesses beyond the words: a card is accepted only when one of its
forms appears; negation rejects it; a hypothetical is left to the table
(``vote``). A repeated full mention names the element again (labeling guide,
section 1); a pronoun never matches, so a mere back-reference names nothing. A
sentence mostly in another script is left to the table too (``script.py``), citing
the card's Chinese name where it appears.

>>> from referee.judge.base import CardRef
>>> judge = LexicalJudge()
>>> wolf = CardRef(name="Wolf", category="character")
>>> judge.mentions("Two wolves howled at the gate.", [], [wolf])[0].decision
'accept'
>>> judge.mentions("There were no wolves in that land.", [], [wolf])[0].decision
'reject'
"""

from __future__ import annotations

from functools import lru_cache

from referee.core.ruling import Decision
from referee.judge import text as cues
from referee.judge.base import CardRef, Verdict
from referee.judge.clue import ClueJudge, get_clue_judge
from referee.judge.lexicon import GRADED_CATEGORIES, card_forms, surface_keys
from referee.judge.script import in_latin_script, unread_sentence
from referee.judge.text import Token


@lru_cache(maxsize=4096)
def _own_forms(card: CardRef) -> tuple[tuple[str, ...], ...]:
    """The card's own name and aliases with their inflections, longest first."""
    names = (form for form, relation in card_forms(card).relations.items() if relation == "name")
    graded = card.category in GRADED_CATEGORIES
    aliases = (key for alias in card.aliases for key in surface_keys(alias, degrees=graded))
    own = {*names, *aliases}
    return tuple(sorted(own, key=len, reverse=True))


def _find(tokens: list[Token], form: tuple[str, ...]) -> int:
    width = len(form)
    texts = [t.text for t in tokens]
    for start in range(len(texts) - width + 1):
        if tuple(texts[start : start + width]) == form:
            return start
    return -1


class LexicalJudge:
    """Decides mentions from the card's own words; fast, transparent, and cautious."""

    id = "lexical"
    version = "1"

    @property
    def clue_judge(self) -> ClueJudge:
        """The model-free Dixit clue judge (shared words)."""
        return get_clue_judge("lexical")

    def mentions(self, sentence: str, context: list[str], cards: list[CardRef]) -> list[Verdict]:
        """One verdict per card, in the order of ``cards``."""
        tokens = cues.tokenize(sentence)
        return [self._judge(sentence, tokens, card) for card in cards]

    def _judge(self, sentence: str, tokens: list[Token], card: CardRef) -> Verdict:
        if not in_latin_script(sentence):
            return self._unread(sentence, card)
        if card.zh and card.zh in sentence:
            return self._verdict(card, "accept", 0.9, [card.zh], f"'{card.zh}' names {card.name}")
        for form in _own_forms(card):
            start = _find(tokens, form)
            if start < 0:
                continue
            words = " ".join(form)
            if cues.negated(tokens, start, len(form), event=card.category == "event"):
                return self._verdict(
                    card,
                    "reject",
                    0.15,
                    [words],
                    f"'{words}' is negated, so {card.name} does not enter the story",
                )
            if cues.hypothetical(
                tokens,
                start,
                place=card.category == "place",
                event=card.category == "event",
                width=len(form),
            ):
                return self._verdict(
                    card,
                    "vote",
                    0.45,
                    [words],
                    f"'{words}' may be only hypothetical; the table decides",
                )
            return self._verdict(card, "accept", 0.9, [words], f"'{words}' names {card.name}")
        return self._verdict(card, "reject", 0.1, [], f"no word in the sentence names {card.name}")

    def _unread(self, sentence: str, card: CardRef) -> Verdict:
        """A sentence mostly in another script: the table's vote
        (``script.unread_sentence``)."""
        evidence, reason = unread_sentence(sentence, card.zh)
        return self._verdict(
            card, "vote", 0.5, evidence, f"Unclear, the table should vote: {reason}"
        )

    def _verdict(
        self, card: CardRef, decision: Decision, score: float, evidence: list[str], reason: str
    ) -> Verdict:
        return Verdict(
            card=card.key,
            decision=decision,
            score=score,
            evidence=evidence,
            reason=reason,
            judge=self.id,
            version=self.version,
        )
