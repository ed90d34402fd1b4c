"""The kit every game uses: seeded RNG, decks, errors, events, the Game protocol, registry."""

from referee.core.deck import Draw, draw, shuffled
from referee.core.errors import (
    ConfigError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    RefereeError,
    UnknownGameError,
)
from referee.core.events import Event
from referee.core.game import ActionBase, Applied, Game, Outcome, parse_action, parse_config
from referee.core.registry import game_names, get_game, register
from referee.core.rng import Rng
from referee.core.ruling import Decision, Ruling

__all__ = [
    "ActionBase",
    "Applied",
    "ConfigError",
    "Decision",
    "Draw",
    "Event",
    "Game",
    "IllegalActionError",
    "MalformedActionError",
    "NotYourTurnError",
    "Outcome",
    "RefereeError",
    "Rng",
    "Ruling",
    "UnknownGameError",
    "draw",
    "game_names",
    "get_game",
    "parse_action",
    "parse_config",
    "register",
    "shuffled",
]
