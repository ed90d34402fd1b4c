"""A private tip to a Dixit storyteller whose clue seems too literal or too loose.

The rules score 0 for the storyteller when every player finds the card, or
none does; a clue judge can see that coming. The tip goes only to the
storyteller, after the clue (a storyteller who wants it before can ask
``POST /v1/judge/clue``), and changes nothing in the game. Bots get none.
"""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.games.dixit.actions import Clue
from referee.judge.clue import ClueJudge


def clue_tips(judge: ClueJudge, before: Any, action: Any, after: Any) -> list[Event]:
    """The tip event for the clue just given, if it is due; else nothing."""
    if not isinstance(action, Clue) or action.player in after.config.bots:
        return []
    config = after.config
    cards = config.cards()
    held = set(before.hands[action.player])
    rest = [card.description for key, card in cards.items() if key not in held]
    tip = judge.tip(
        action.text,
        cards[action.card].description,
        rest,
        layout=config.laid_out,
        hand=config.hand_size,
        seed=after.round,
    )
    if tip is None:
        return []
    return [
        Event(
            kind="clue_tip",
            player=action.player,
            to=action.player,
            message=tip.message,
            data=tip.model_dump(),
        )
    ]
