"""Once Upon a Time: the storytelling card game, as a deterministic rules engine.

>>> from referee.core import get_game
>>> game = get_game("ouat")
>>> state = game.new_game(game.config_type(players=["Ana", "Ben", "Cy"]), seed=42)
>>> game.outcome(state).finished
False
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from referee.core.game import Applied, Outcome
from referee.core.registry import register
from referee.games.ouat import legal, rules, setup
from referee.games.ouat import view as views
from referee.games.ouat.actions import Action
from referee.games.ouat.cards import Deck, standard_deck
from referee.games.ouat.config import OuatConfig
from referee.games.ouat.state import OuatState


class OuatGame:
    """The OUAT engine in the shape every game has."""

    name = "ouat"
    config_type = OuatConfig
    state_type = OuatState
    action_adapter: TypeAdapter[Action] = TypeAdapter(Action)

    def __init__(self, deck: Deck | None = None) -> None:
        self._deck = deck

    @property
    def deck(self) -> Deck:
        """The cards this engine plays with."""
        return self._deck or standard_deck()

    def new_game(self, config: OuatConfig, seed: int) -> OuatState:
        """Shuffle with ``seed``, choose the first storyteller, deal."""
        return setup.new_game(config, seed, self.deck)

    def players(self, state: OuatState) -> list[str]:
        """The seats in table order (play passes to the left, i.e. the next in this list)."""
        return list(state.players)

    def legal_actions(self, state: OuatState, player: str) -> list[Action]:
        """Every action ``player`` may take now, in a fixed order."""
        return legal.legal_actions(state, player, self.deck)

    def apply(self, state: OuatState, action: Action) -> Applied[OuatState]:
        """The state after ``action``, or an IllegalActionError / MalformedActionError."""
        return rules.apply(state, action, self.deck)

    def view(self, state: OuatState, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` may see: their own hand only."""
        return views.view(state, viewer, self.deck)

    def outcome(self, state: OuatState) -> Outcome:
        """Finished once an ending is accepted; details hold each player's cards in hand."""
        held = {p: len(state.hands[p]) + len(state.endings[p]) for p in state.players}
        winners = [state.winner] if state.winner else []
        return Outcome(
            finished=state.winner is not None, winners=winners, details={"cards_in_hand": held}
        )


GAME = OuatGame()
register(GAME)

__all__ = ["GAME", "Action", "OuatConfig", "OuatGame", "OuatState"]
