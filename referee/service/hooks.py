"""Hooks a table service calls around each action: prepare it, then annotate what it did.

``prepare`` may replace the parsed action before the rules see it (a judge's
ruling attached to a claim or to a sentence told); what it returns is applied
and stored. ``annotate`` may add events once the rules have applied it
(private hints from the judge); they are stored, pushed and listed with the
rules' own events, each shown only to whom its ``to`` allows. Both run under
the table's lock, so each sees the state the action is applied to.
"""

from __future__ import annotations

from typing import Any, Protocol

from referee.core.events import Event


class TableHooks(Protocol):
    """What a table service asks before and after the rules apply an action."""

    def prepare(self, game: str, state: Any, action: Any) -> Any:
        """The action to apply and store in place of ``action`` at a table of ``game``."""
        ...

    def annotate(self, game: str, before: Any, action: Any, after: Any) -> list[Event]:
        """Events to add to the rules' own, now that ``action`` led from ``before`` to ``after``."""
        ...


class NoHooks:
    """Hooks that change nothing and add nothing: a table without a judge.

    >>> NoHooks().annotate("ouat", None, None, None)
    []
    """

    def prepare(self, game: str, state: Any, action: Any) -> Any:
        """``action`` itself."""
        return action

    def annotate(self, game: str, before: Any, action: Any, after: Any) -> list[Event]:
        """No events."""
        return []
