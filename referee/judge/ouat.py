"""Bridges between OUAT cards and the judge: ask about a claim, get the ruling to act on."""

from __future__ import annotations

from referee.core.ruling import Ruling
from referee.games.ouat.cards import StoryCard
from referee.games.ouat.state import OuatState
from referee.judge.base import CardRef, Judge


def card_ref(card: StoryCard) -> CardRef:
    """The judge's view of an OUAT story card."""
    return CardRef(
        name=card.en, category=card.category, id=card.id, zh=card.zh, aliases=tuple(card.aliases)
    )


def mention_ruling(judge: Judge, state: OuatState, card: StoryCard) -> Ruling:
    """The judge's ruling on whether the storyteller's latest sentence names ``card``.

    The story before that sentence is the context; raises ValueError when the
    storyteller has said nothing this turn.
    """
    sentence = state.current_sentence()
    if sentence is None:
        raise ValueError("the storyteller has said nothing this turn")
    context = [line.text for line in state.story[: sentence.index]]
    verdict = judge.mentions(sentence.text, context, [card_ref(card)])[0]
    return verdict.to_ruling()
