"""Event records: what happened, told to everyone or to one player only.

An event with ``to=None`` is public. A private event (``to="Ana"``) carries
what only that player may learn, such as the card they drew.

>>> Event(kind="draw", player="Ana", data={"count": 1}).public
True
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Event(BaseModel):
    """One thing that happened in a game, in words and data."""

    model_config = ConfigDict(frozen=True)

    kind: str
    player: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    message: str = ""
    to: str | None = None

    @property
    def public(self) -> bool:
        """Whether every seat and spectator may see this event."""
        return self.to is None

    def visible_to(self, viewer: str | None) -> bool:
        """Whether ``viewer`` (a player, or None for a spectator) may see this event."""
        return self.to is None or self.to == viewer


class EventLog:
    """The events one action causes, in order; each game's working ``Step`` records into one.

    >>> log = EventLog()
    >>> log.emit("draw", "Ana draws a card.", player="Ana", to="Ana", card="k1")
    >>> [(e.kind, e.public, e.data) for e in log.events]
    [('draw', False, {'card': 'k1'})]
    """

    def __init__(self) -> None:
        self.events: list[Event] = []

    def emit(
        self,
        kind: str,
        message: str,
        player: str | None = None,
        to: str | None = None,
        **data: Any,
    ) -> None:
        """Record an event; ``to`` makes it private to one player."""
        self.events.append(Event(kind=kind, player=player, message=message, to=to, data=data))
