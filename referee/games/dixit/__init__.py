"""Dixit: the storytelling picture-card game, as a deterministic rules engine.

>>> from referee.core import get_game
>>> game = get_game("dixit")
>>> state = game.new_game(game.config_type(players=["Ana", "Ben", "Cy"]), seed=42)
>>> state.phase, game.outcome(state).finished
('clue', False)
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from referee.core.game import Applied, Outcome
from referee.core.registry import register
from referee.games.dixit import legal, rules, setup
from referee.games.dixit import view as views
from referee.games.dixit.actions import Action, Clue, Submit, Vote
from referee.games.dixit.cards import DixitCard, standard_deck
from referee.games.dixit.config import DixitConfig
from referee.games.dixit.state import DixitState, RoundRecord


class DixitGame:
    """The Dixit engine in the shape every game has."""

    name = "dixit"
    config_type = DixitConfig
    state_type = DixitState
    action_adapter: TypeAdapter[Action] = TypeAdapter(Action)

    def new_game(self, config: DixitConfig, seed: int) -> DixitState:
        """Shuffle the table's deck (or the standard one) with ``seed``, pick the first
        storyteller, deal."""
        return setup.new_game(config, seed)

    def players(self, state: DixitState) -> list[str]:
        """The seats in table order (the storyteller moves to the left: the next in this list)."""
        return list(state.players)

    def legal_actions(self, state: DixitState, player: str) -> list[Action]:
        """Every action ``player`` may take now, in a fixed order."""
        return legal.legal_actions(state, player)

    def apply(self, state: DixitState, action: Action) -> Applied[DixitState]:
        """The state after ``action``, or an IllegalActionError / MalformedActionError."""
        return rules.apply(state, action)

    def view(self, state: DixitState, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` may see: their own hand and cards only; spectators see the public."""
        return views.view(state, viewer, state.config.cards())

    def outcome(self, state: DixitState) -> Outcome:
        """Finished once the pile cannot refill the hands (or the target score is reached);
        the winners are every player with the top score."""
        return Outcome(
            finished=state.over,
            winners=state.winners(),
            details={"scores": dict(state.scores), "rounds": len(state.rounds)},
        )


GAME = DixitGame()
register(GAME)

__all__ = [
    "GAME",
    "Action",
    "Clue",
    "DixitCard",
    "DixitConfig",
    "DixitGame",
    "DixitState",
    "RoundRecord",
    "Submit",
    "Vote",
    "standard_deck",
]
