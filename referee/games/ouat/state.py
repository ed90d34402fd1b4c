"""The whole state of an OUAT game: plain data, JSON round-trip, nothing hidden inside."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from referee.core.rng import Rng
from referee.core.ruling import Ruling
from referee.games.ouat.actions import Interrupt
from referee.games.ouat.cards import Category
from referee.games.ouat.config import OuatConfig

Phase = Literal["telling", "voting", "discarding", "over"]
VoteKind = Literal["play", "interrupt", "incoherence", "ending"]


class Sentence(BaseModel):
    """One sentence of the story, with who said it and when."""

    index: int
    speaker: str
    text: str
    at: float | None = None
    kind: Literal["story", "lead_in"] = "story"


class PlayedCard(BaseModel):
    """A card laid down in the story, and the ruling that let it in."""

    card: str
    player: str
    sentence: int
    how: Literal["play", "element", "interrupt_card", "ending"]
    ruling: Ruling | None = None


class InterruptWindow(BaseModel):
    """Open right after the storyteller plays a card: interrupt cards of that category may act."""

    category: Category
    sentence: int


class OpenVote(BaseModel):
    """A question the table is voting on, and the claim it would settle."""

    kind: VoteKind
    subject: str
    card: str | None = None
    sentence: int | None = None
    voters: list[str]
    votes: dict[str, bool] = Field(default_factory=dict)
    ruling: Ruling | None = None
    lead_in: list[str] = Field(default_factory=list)
    queued: list[Interrupt] = Field(default_factory=list)


class OuatState(BaseModel):
    """A game of Once Upon a Time. ``view`` decides what of it a player may see."""

    config: OuatConfig
    players: list[str]
    rng: Rng
    story_deck: list[str]
    story_discard: list[str] = Field(default_factory=list)
    ending_deck: list[str]
    ending_discard: list[str] = Field(default_factory=list)
    hands: dict[str, list[str]]
    endings: dict[str, list[str]]
    story: list[Sentence] = Field(default_factory=list)
    table: list[PlayedCard] = Field(default_factory=list)
    storyteller: str
    turn: int = 1
    turn_start: int = 0
    """Index of the first sentence of the current storyteller's turn."""
    last_spoken_at: float | None = None
    window: InterruptWindow | None = None
    vote: OpenVote | None = None
    discarding: str | None = None
    winner: str | None = None
    opening: dict[str, Any] = Field(default_factory=dict)
    """How the first storyteller was chosen, for the record."""

    @property
    def phase(self) -> Phase:
        """What the game is waiting for."""
        if self.winner is not None:
            return "over"
        if self.vote is not None:
            return "voting"
        if self.discarding is not None:
            return "discarding"
        return "telling"

    def current_sentence(self) -> Sentence | None:
        """The storyteller's latest sentence in this turn, if any."""
        if len(self.story) > self.turn_start:
            last = self.story[-1]
            if last.speaker == self.storyteller and last.kind == "story":
                return last
        return None

    def next_player(self, player: str) -> str:
        """The player to the left of ``player``."""
        seat = self.players.index(player)
        return self.players[(seat + 1) % len(self.players)]
