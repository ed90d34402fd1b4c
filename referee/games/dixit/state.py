"""The whole state of a Dixit game: plain data, JSON round-trip, nothing hidden inside.

Cards are ids; the draw pile's top is the end of its list. During a round the
storyteller's card and the submissions are out of the hands; once every submission is in,
``layout`` holds them in their shuffled order (position ``i + 1`` is ``layout[i]``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.core.rng import Rng
from referee.games.dixit.config import DixitConfig

Phase = Literal["clue", "submitting", "voting", "over"]
Case = Literal["all", "none", "some"]


class RoundRecord(BaseModel):
    """A finished round, as revealed to everyone: who owned which card, the votes, the points."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    round: int
    storyteller: str
    clue: str
    storyteller_card: str
    layout: list[str]
    owners: dict[str, str]
    """Who laid out each card (the storyteller's card included)."""
    votes: dict[str, int]
    """Each voter's position (1-based, into ``layout``)."""
    gained: dict[str, int]
    found: list[str]
    """The voters who found the storyteller's card."""
    case: Case
    """Whether all voters, none, or some found it."""

    def public(self) -> dict[str, Any]:
        """The record as plain data (``model_dump``'s result, made faster): all of it is public."""
        return {
            "round": self.round,
            "storyteller": self.storyteller,
            "clue": self.clue,
            "storyteller_card": self.storyteller_card,
            "layout": list(self.layout),
            "owners": dict(self.owners),
            "votes": dict(self.votes),
            "gained": dict(self.gained),
            "found": list(self.found),
            "case": self.case,
        }

    def voted_card(self, voter: str) -> str:
        """The card ``voter`` voted for."""
        return self.layout[self.votes[voter] - 1]


class DixitState(BaseModel):
    """A game of Dixit. ``view`` decides what of it a player may see."""

    config: DixitConfig
    players: list[str]
    rng: Rng
    pile: list[str]
    hands: dict[str, list[str]]
    box: list[str] = Field(default_factory=list)
    """Cards out of the game (laid out in finished rounds)."""
    scores: dict[str, int]
    storyteller: str
    round: int = 1
    clue: str | None = None
    storyteller_card: str | None = None
    submissions: dict[str, list[str]] = Field(default_factory=dict)
    layout: list[str] = Field(default_factory=list)
    votes: dict[str, int] = Field(default_factory=dict)
    rounds: list[RoundRecord] = Field(default_factory=list)
    over: bool = False
    opening: dict[str, Any] = Field(default_factory=dict)
    """How the first storyteller was chosen, for the record."""

    @property
    def phase(self) -> Phase:
        """What the game is waiting for: a clue, submissions, votes, or nothing."""
        if self.over:
            return "over"
        if self.clue is None:
            return "clue"
        if not self.layout:
            return "submitting"
        return "voting"

    @property
    def voters(self) -> list[str]:
        """Everyone but the storyteller, in table order."""
        return [player for player in self.players if player != self.storyteller]

    def next_player(self, player: str) -> str:
        """The player to the left of ``player``."""
        seat = self.players.index(player)
        return self.players[(seat + 1) % len(self.players)]

    def owner(self, card: str) -> str | None:
        """Who laid out ``card`` this round (the storyteller or a submitter), if anyone."""
        if card == self.storyteller_card:
            return self.storyteller
        for player, cards in self.submissions.items():
            if card in cards:
                return player
        return None

    def positions_of(self, player: str) -> list[int]:
        """The positions (1-based) of ``player``'s own cards in the layout."""
        own = self.submissions.get(player, [])
        if player == self.storyteller and self.storyteller_card is not None:
            own = [self.storyteller_card]
        return [i + 1 for i, card in enumerate(self.layout) if card in own]

    def winners(self) -> list[str]:
        """Once the game is over: every player with the top score (ties share the win)."""
        if not self.over:
            return []
        top = max(self.scores.values())
        return [player for player in self.players if self.scores[player] == top]
