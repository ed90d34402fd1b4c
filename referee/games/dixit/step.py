"""A working copy of the state for one ``apply``, with the moves every rule shares.

``apply`` copies the state once, changes the copy only after every check has passed,
and records events as it goes; the caller's state is never touched.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.events import EventLog
from referee.games.dixit.cards import DixitCard, shown
from referee.games.dixit.state import DixitState


def copy_state(state: DixitState) -> DixitState:
    """A full, independent copy of ``state``, made without revalidating it.

    The configuration, the finished rounds and the strings are immutable, so the copy
    shares them; every list, dict and the RNG are copied. Many times faster than a
    validated dump, which matters: ``apply`` copies the state every time.

    >>> from referee.games.dixit import GAME, DixitConfig
    >>> state = GAME.new_game(DixitConfig(players=["Ana", "Ben", "Cy"]), seed=1)
    >>> copy = copy_state(state)
    >>> copy == state, copy.hands["Ana"] is state.hands["Ana"], copy.config is state.config
    (True, False, True)
    """
    return state.model_copy(
        update={
            "players": list(state.players),
            "rng": state.rng.model_copy(),
            "pile": list(state.pile),
            "hands": {player: list(cards) for player, cards in state.hands.items()},
            "box": list(state.box),
            "scores": dict(state.scores),
            "submissions": {player: list(cards) for player, cards in state.submissions.items()},
            "layout": list(state.layout),
            "votes": dict(state.votes),
            "rounds": list(state.rounds),
            "opening": dict(state.opening),
        }
    )


SHARED_FIELDS = frozenset({"config", "storyteller", "round", "clue", "storyteller_card", "over"})
"""Fields ``copy_state`` shares rather than copies: immutable values (checked by the tests)."""


class Step(EventLog):
    """The state being changed by one action, and the events it causes."""

    def __init__(self, state: DixitState, cards: Mapping[str, DixitCard]) -> None:
        super().__init__()
        self.state = copy_state(state)
        self.cards = cards

    def describe(self, card: str) -> str:
        """The description of ``card``."""
        return self.cards[card].description

    def shown(self, cards: list[str]) -> list[dict[str, Any]]:
        """Cards as a player is shown them: id, description, image."""
        return [shown(self.cards[card]) for card in cards]

    def draw(self, player: str, count: int) -> None:
        """``player`` takes ``count`` cards from the top of the pile (known to hold them)."""
        pile = self.state.pile
        drawn = [pile.pop() for _ in range(count)]
        self.state.hands[player].extend(drawn)
        self.emit(
            "draw",
            f"{player} draws {count} card{'' if count == 1 else 's'}.",
            player=player,
            count=count,
            pile=len(pile),
        )
        self.emit(
            "drew",
            "You drew: " + "; ".join(self.describe(card) for card in drawn),
            player=player,
            to=player,
            cards=self.shown(drawn),
        )
