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

EDITION = 2
"""The edition of these rules that new tables are created under. Edition 2 (2026-12-02)
remembers which earlier sentences a line the table voted to keep was flagged against
(``Sentence.kept_against``); a table created before it (edition 1, absent from its JSON)
replays as it always did."""


def _empty(values: list[int]) -> bool:
    return not values


def _first_edition(edition: int) -> bool:
    return edition == 1


class Sentence(BaseModel):
    """One sentence of the story, with who said it and when."""

    index: int
    speaker: str
    text: str
    at: float | None = None
    kind: Literal["story", "lead_in"] = "story"
    kept_against: list[int] = Field(default_factory=list, exclude_if=_empty)
    """The earlier sentences (by index) the judge cited when it found this line incoherent
    and the table voted to keep it: that conflict is settled, and a flag on it alone is not
    raised again on the line that goes on from this one. A line the referee did not flag
    again on that account is kept against the settled sentences it was found at odds with,
    so the line after it is judged the same way; a line that is not kept ends the run.
    Left out of the JSON when empty."""


PlacedHow = Literal["play", "element", "interrupt_card", "ending"]
"""How a card came into the story: played on a line, or by an interrupt on an element or an
interrupt card, or as the ending."""


class PlayedCard(BaseModel):
    """A card laid down in the story, and the ruling that let it in."""

    card: str
    player: str
    sentence: int
    how: PlacedHow
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

    def describe(self) -> str:
        """What the table is voting on, in words ("an interrupt by Ben")."""
        if self.kind == "incoherence":
            return f"a challenge to {self.subject}'s story"
        about = {"play": "a play", "interrupt": "an interrupt", "ending": "an ending"}[self.kind]
        return f"{about} by {self.subject}"


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
    edition: int = Field(default=1, exclude_if=_first_edition)
    """The edition of the rules the table was created under (``EDITION`` for a new one)."""

    def cited(self, evidence: list[str], before: int | None = None) -> list[int]:
        """The indices of the sentences (before sentence ``before``) whose text a ruling
        cites as ``evidence``, in story order.

        >>> state = OuatState.model_construct(story=[
        ...     Sentence(index=0, speaker="Ana", text="The king died."),
        ...     Sentence(index=1, speaker="Ana", text="The king laughed."),
        ... ])
        >>> state.cited(["The king laughed.", "The king died."]), state.cited(
        ...     ["The king laughed."], before=1)
        ([0, 1], [])
        """
        texts = set(evidence)
        end = len(self.story) if before is None else before
        return [line.index for line in self.story[:end] if line.text in texts]

    def kept_run(self, before: int | None = None) -> tuple[dict[int, int], set[int]]:
        """The run of lines kept against the judge (each with ``kept_against``) that ends with
        the latest line (or the last before sentence ``before``): the earlier sentences the
        run was kept against, each with the first line of the run kept against it, and the
        run's lines. Both are empty when that line was not kept.

        >>> state = OuatState.model_construct(story=[
        ...     Sentence(index=0, speaker="Ana", text="The king had no children."),
        ...     Sentence(index=1, speaker="Ana", text="His daughter rode out.",
        ...              kept_against=[0]),
        ...     Sentence(index=2, speaker="Ana", text="She rode home.", kept_against=[0]),
        ... ])
        >>> state.kept_run()
        ({0: 1}, {1, 2})
        >>> state.kept_run(before=1)
        ({}, set())
        """
        settled: dict[int, int] = {}
        lines: set[int] = set()
        end = len(self.story) if before is None else before
        for line in reversed(self.story[:end]):
            if not line.kept_against:
                break
            lines.add(line.index)
            for earlier in line.kept_against:
                settled[earlier] = line.index  # the run read backwards: the first line wins
        return settled, lines

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
