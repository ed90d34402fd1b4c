"""Lookups and checks that refuse an action before anything changes, shared by the rules.

>>> from referee.games.ouat.config import OuatConfig, FirstStoryteller
>>> from referee.games.ouat.setup import new_game
>>> state = new_game(OuatConfig(players=["Ana", "Ben"],
...     first_storyteller=FirstStoryteller(method="named", player="Ana")), seed=1)
>>> require_storyteller(state, "Ben", "pass")
Traceback (most recent call last):
...
referee.core.errors.NotYourTurnError: only the storyteller (Ana) may pass
"""

from __future__ import annotations

from referee.core.errors import IllegalActionError, MalformedActionError, NotYourTurnError
from referee.games.ouat.cards import StoryCard
from referee.games.ouat.state import OuatState
from referee.games.ouat.step import Step


def story_card(step: Step, card_id: str) -> StoryCard:
    """The deck's story card ``card_id``; an unknown id is malformed."""
    card = step.deck.story.get(card_id)
    if card is None:
        raise MalformedActionError(f"unknown story card {card_id!r}")
    return card


def require_held(state: OuatState, player: str, card: StoryCard) -> None:
    """Refuse a card that ``player`` does not hold."""
    if card.id not in state.hands[player]:
        raise IllegalActionError(f"{player} does not hold {card.en}", rule="own-card")


def require_storyteller(state: OuatState, player: str, doing: str) -> None:
    """Refuse ``doing`` by anyone but the storyteller."""
    if player != state.storyteller:
        raise NotYourTurnError(f"only the storyteller ({state.storyteller}) may {doing}")


def check_timestamp(state: OuatState, at: float | None) -> None:
    """Refuse a timestamp earlier than the last one spoken."""
    if at is not None and state.last_spoken_at is not None and at < state.last_spoken_at:
        raise MalformedActionError(
            f"timestamp {at} is earlier than the last one ({state.last_spoken_at})"
        )
