"""The OUAT table asks the judge about plays and interrupts, and hands the rules a ruling.

A claim that arrives without a ruling (a storyteller's play, an interrupt by
element) is judged on the storyteller's latest sentence: ``accept`` and
``reject`` become the ruling; ``vote`` makes the rules open the uninvolved
players' vote. The ruling is stored with the action, so replays need no model.
"""

from __future__ import annotations

from referee.games.ouat.actions import Action, Interrupt, Play
from referee.games.ouat.cards import Deck
from referee.games.ouat.state import OuatState
from referee.judge.base import Judge
from referee.judge.ouat import mention_ruling


def with_judge_ruling(action: Action, state: OuatState, judge: Judge, deck: Deck) -> Action:
    """``action`` with the judge's ruling attached when it is a mention claim without one.

    Anything else (or a claim the rules will refuse anyway, such as an unknown
    card or nothing said yet) is returned unchanged for the rules to handle.
    """
    is_claim = isinstance(action, Play) or (
        isinstance(action, Interrupt) and action.by == "element"
    )
    if not is_claim or action.ruling is not None:
        return action
    assert isinstance(action, Play | Interrupt)
    card = deck.story.get(action.card)
    if card is None or state.current_sentence() is None:
        return action
    return action.model_copy(update={"ruling": mention_ruling(judge, state, card)})
