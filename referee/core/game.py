"""The one shape every game engine has, and the values it exchanges.

A game is a set of pure functions over plain, serialisable values:
``new_game(config, seed)`` builds a state; ``legal_actions(state, player)``
lists, in a fixed order, the actions ``apply`` accepts from that player;
``apply(state, action)`` returns a new state and the events it caused (the
old state is never changed); ``view(state, viewer)`` is the only way state
leaves the engine towards a player; ``outcome(state)`` says who won.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from referee.core.errors import ConfigError, MalformedActionError
from referee.core.events import Event

StateT = TypeVar("StateT", bound=BaseModel)
ConfigT = TypeVar("ConfigT", bound=BaseModel)
ActionT = TypeVar("ActionT", bound=BaseModel)


class ActionBase(BaseModel):
    """Base of every action: immutable, strict about unknown fields and about types (``"yes"``
    is not a boolean, ``"1"`` not a number), finite numbers only, JSON round-trips."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True, allow_inf_nan=False)

    player: str


class Outcome(BaseModel):
    """How a game stands: finished or not, the winners, and game-specific details."""

    finished: bool
    winners: list[str] = []
    details: dict[str, Any] = {}


@dataclass(frozen=True)
class Applied(Generic[StateT]):
    """The result of applying an action: the new state and the events it caused."""

    state: StateT
    events: list[Event] = field(default_factory=list)


@runtime_checkable
class Game(Protocol[ConfigT, StateT, ActionT]):
    """The protocol every registered game implements."""

    name: str
    config_type: type[ConfigT]
    state_type: type[StateT]
    action_adapter: TypeAdapter[ActionT]

    def new_game(self, config: ConfigT, seed: int) -> StateT:
        """A fresh game for ``config``, shuffled by ``seed``."""
        ...

    def players(self, state: StateT) -> list[str]:
        """The seats, in table order."""
        ...

    def legal_actions(self, state: StateT, player: str) -> list[ActionT]:
        """Every action ``player`` may take now, in a fixed order."""
        ...

    def apply(self, state: StateT, action: ActionT) -> Applied[StateT]:
        """The state after ``action``; raises IllegalActionError or MalformedActionError."""
        ...

    def view(self, state: StateT, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` (a seat, or None for a spectator) may see."""
        ...

    def outcome(self, state: StateT) -> Outcome:
        """Whether the game is over, and who won."""
        ...


def parse_action(game: Game[Any, Any, ActionT], data: Any) -> ActionT:
    """Validate JSON-like ``data`` into one of ``game``'s actions.

    Raises MalformedActionError naming the problem when it does not fit; an action without
    its ``type`` is told the types the game has.
    """
    try:
        return game.action_adapter.validate_python(data)
    except ValidationError as exc:
        if any(error["type"] == "union_tag_not_found" for error in exc.errors()):
            types = ", ".join(repr(name) for name in action_types(game))
            message = f"type: missing; an action names its type, one of {types}"
            raise MalformedActionError(message) from None
        raise MalformedActionError(_describe(exc)) from None


def action_types(game: Game[Any, Any, Any]) -> list[str]:
    """The ``type`` of every action ``game`` takes, sorted (its actions are a union tagged
    by ``type``, as every game's are).

    >>> from referee.games.dixit import GAME
    >>> action_types(GAME)
    ['clue', 'submit', 'vote']
    """
    schema = game.action_adapter.json_schema()
    mapping: dict[str, str] = schema.get("discriminator", {}).get("mapping", {})
    return sorted(mapping)


def parse_config(game: Game[ConfigT, Any, Any], data: Any) -> ConfigT:
    """Validate JSON-like ``data`` into ``game``'s configuration, or raise ConfigError."""
    try:
        return game.config_type.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(_describe(exc)) from None


def _describe(exc: ValidationError) -> str:
    problems = []
    for error in exc.errors(include_url=False):
        where = ".".join(str(part) for part in error["loc"]) or "input"
        message = error["msg"].removeprefix("Value error, ")
        whole_object_check = error["type"] == "value_error" and not error["loc"]
        problems.append(message if whole_object_check else f"{where}: {message}")
    return "; ".join(problems)
