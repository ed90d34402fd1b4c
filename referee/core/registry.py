"""Games by name.

>>> from referee.core.registry import get_game
>>> get_game("ouat").name
'ouat'
"""

from __future__ import annotations

from typing import Any

from referee.core.errors import UnknownGameError
from referee.core.game import Game

_GAMES: dict[str, Game[Any, Any, Any]] = {}


def register(game: Game[Any, Any, Any]) -> None:
    """Make ``game`` available under ``game.name``; a name can be taken once."""
    if game.name in _GAMES and _GAMES[game.name] is not game:
        raise ValueError(f"a game named {game.name!r} is already registered")
    _GAMES[game.name] = game


def get_game(name: str) -> Game[Any, Any, Any]:
    """The game registered under ``name``; raises UnknownGameError otherwise."""
    _load_builtin_games()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGameError(f"unknown game {name!r}; known games: {known}") from None


def game_names() -> list[str]:
    """Names of every registered game, sorted."""
    _load_builtin_games()
    return sorted(_GAMES)


def _load_builtin_games() -> None:
    # Importing a game package registers it.
    import referee.games.dixit
    import referee.games.ouat  # noqa: F401
