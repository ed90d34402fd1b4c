"""How a Dixit table is set up: players, the first storyteller, the scoring, the deck, bots.

Hands hold 6 cards (7 with 3 players); each player other than the storyteller submits 1
card (2 with 3 players), so a round lays out as many cards as there are players (5 with 3).

>>> config = DixitConfig(players=["Ana", "Ben", "Cy"])
>>> config.hand_size, config.submissions, config.laid_out
(7, 2, 5)
>>> DixitConfig(players=["Ana", "Ben", "Cy", "Dee"]).hand_size
6
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.core.players import check_player_names
from referee.games.dixit.cards import DixitCard, index, standard_index

MIN_PLAYERS = 3
MAX_PLAYERS = 6
MAX_DECK = 1000
"""The largest deck a table may bring."""

Scoring = Literal["standard", "four_points"]


def hand_size(players: int) -> int:
    """Cards in each hand: 6, or 7 in the 3-player variant.

    >>> [hand_size(n) for n in range(3, 7)]
    [7, 6, 6, 6]
    """
    return 7 if players == 3 else 6


def submissions_per_player(players: int) -> int:
    """Cards each player other than the storyteller submits: 1, or 2 in the 3-player variant.

    >>> [submissions_per_player(n) for n in range(3, 7)]
    [2, 1, 1, 1]
    """
    return 2 if players == 3 else 1


def laid_out_per_round(players: int) -> int:
    """Cards laid out each round: the storyteller's and every submission.

    >>> [laid_out_per_round(n) for n in range(3, 7)]
    [5, 4, 5, 6]
    """
    return 1 + (players - 1) * submissions_per_player(players)


def minimum_deck(players: int) -> int:
    """The fewest cards a deck may have: every hand dealt, and one round's refill after it.

    >>> [minimum_deck(n) for n in range(3, 7)]
    [26, 28, 35, 42]
    """
    return players * hand_size(players) + laid_out_per_round(players)


class DixitConfig(BaseModel):
    """Everything a table chooses before the cards are dealt."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True, allow_inf_nan=False)

    players: list[str] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    first_storyteller: str | None = None
    """A named player opens; None: a seeded random choice (recorded in the state's opening)."""
    scoring: Scoring = "standard"
    """``four_points``: when exactly one player finds the card, they and the storyteller score 4."""
    target_score: int | None = Field(default=None, ge=1)
    """Published-rules option: the game also ends after the round in which someone reaches it."""
    deck: list[DixitCard] | None = Field(default=None, max_length=MAX_DECK)
    """The table's own deck; None plays the standard deck (which is never copied into a state)."""
    bots: list[str] = Field(default_factory=list)
    """Seats the referee plays; the engine only records and shows them."""

    @model_validator(mode="after")
    def _check(self) -> DixitConfig:
        seats = self.players
        check_player_names(seats)
        if self.first_storyteller is not None and self.first_storyteller not in seats:
            raise ValueError("first_storyteller must be one of the players")
        strangers = [bot for bot in self.bots if bot not in seats]
        if strangers:
            raise ValueError(f"bots must be players; not a player: {', '.join(strangers)}")
        if len(set(self.bots)) != len(self.bots):
            raise ValueError("a bot is listed twice")
        if self.deck is not None:
            ids = Counter(card.id for card in self.deck)
            doubled = sorted(card for card, count in ids.items() if count > 1)
            if doubled:
                raise ValueError(f"the deck has duplicate card ids: {', '.join(doubled)}")
            need = minimum_deck(len(seats))
            if len(self.deck) < need:
                raise ValueError(
                    f"the deck has {len(self.deck)} cards; {len(seats)} players need at least "
                    f"{need} ({len(seats)} hands of {hand_size(len(seats))} and one round's refill)"
                )
        return self

    @property
    def hand_size(self) -> int:
        """Cards in each full hand."""
        return hand_size(len(self.players))

    @property
    def submissions(self) -> int:
        """Cards each player other than the storyteller submits."""
        return submissions_per_player(len(self.players))

    @property
    def laid_out(self) -> int:
        """Cards laid out each round."""
        return laid_out_per_round(len(self.players))

    def cards(self) -> Mapping[str, DixitCard]:
        """The deck this table plays with, by id: its own, or the standard one."""
        return standard_index() if self.deck is None else index(self.deck)
