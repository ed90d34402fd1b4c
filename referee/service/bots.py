"""Seats the referee plays itself: which seats are bots, and the move each bot makes next.

A bot decides only from its own seat's view, like any client, so it cannot
see what a player at that seat could not. Its moves are recorded as that
seat's actions, so a replay needs no bot.
"""

from __future__ import annotations

from typing import Any, Protocol

from referee.games.dixit import GAME as DIXIT
from referee.games.dixit.bot import ClueRanker, bot_action
from referee.judge.clue import get_clue_judge


class BotDriver(Protocol):
    """The bots of one game."""

    def seats(self, state: Any) -> list[str]:
        """The seats the referee plays at this table, in table order."""
        ...

    def next_action(self, state: Any, seat: str, seed: int) -> Any | None:
        """What the bot at ``seat`` does now (None: nothing to do)."""
        ...


class DixitBots:
    """Dixit bots: the best-fitting card for the clue, and short clues from their card's picture."""

    def __init__(self, ranker: ClueRanker) -> None:
        self.ranker = ranker

    def seats(self, state: Any) -> list[str]:
        """The seats named in the table's ``bots``."""
        return [seat for seat in state.players if seat in state.config.bots]

    def next_action(self, state: Any, seat: str, seed: int) -> Any | None:
        """The bot's move, decided from ``seat``'s view only."""
        return bot_action(DIXIT.view(state, seat), self.ranker, seed)


class TableBots:
    """The bot drivers of every game that has bots."""

    def __init__(self, drivers: dict[str, BotDriver]) -> None:
        self.drivers = drivers

    def seats(self, game: str, state: Any) -> list[str]:
        """The seats the referee plays at a table of ``game``."""
        driver = self.drivers.get(game)
        return driver.seats(state) if driver else []

    def next_move(self, game: str, state: Any, seed: int) -> Any | None:
        """The first bot seat's move, in table order, or None when no bot has one."""
        driver = self.drivers.get(game)
        if driver is None:
            return None
        for seat in driver.seats(state):
            action = driver.next_action(state, seat, seed)
            if action is not None:
                return action
        return None


def table_bots(ranker: ClueRanker) -> TableBots:
    """Bots for every game that has them, ranking Dixit cards with ``ranker``."""
    return TableBots({DIXIT.name: DixitBots(ranker)})


def bot_ranker(judge: object | None) -> ClueRanker:
    """The judge's clue judge if it has one, else the model-free one: bots play without a judge.

    >>> type(bot_ranker(None)).__name__
    'ClueJudge'
    """
    found: ClueRanker | None = getattr(judge, "clue_judge", None)
    return found if found is not None else get_clue_judge("lexical")
