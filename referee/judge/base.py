"""The judge's protocol and values: cards to check, and verdicts with evidence.

A judge answers one sentence (with the story so far) against every card at
the table in one call, because that is the live-table workload.
"""

from __future__ import annotations

from typing import Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, field_validator

from referee.core.ruling import Decision, Ruling
from referee.core.text import spoken

Category = Literal["character", "thing", "place", "aspect", "event"]


class CardRef(BaseModel):
    """A card as the judge sees it: its name (and aliases), category and optional zh name."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1)
    category: Category
    id: str | None = None
    zh: str | None = None
    aliases: tuple[str, ...] = ()

    @field_validator("name")
    @classmethod
    def _not_blank(cls, name: str) -> str:
        """Refuse a name that shows nothing: spaces, control or zero-width characters only.

        >>> CardRef(name="\u200b", category="thing")
        Traceback (most recent call last):
        ...
        pydantic_core._pydantic_core.ValidationError: 1 validation error for CardRef
        name
          Value error, a card's name must not be blank ...
        """
        if not spoken(name):
            raise ValueError("a card's name must not be blank")
        return name

    @field_validator("aliases")
    @classmethod
    def _without_blanks(cls, aliases: tuple[str, ...]) -> tuple[str, ...]:
        """Drop aliases that show nothing.

        >>> CardRef(name="Boat", category="thing", aliases=(" ", "\u200b", "skiff")).aliases
        ('skiff',)
        """
        return tuple(alias for alias in aliases if spoken(alias))

    @property
    def key(self) -> str:
        """The id if the card has one, else its name."""
        return self.id or self.name


class Judgement(BaseModel):
    """A judge's answer to one question: decision, calibrated score, evidence and reason."""

    model_config = ConfigDict(frozen=True)

    decision: Decision
    score: float = Field(ge=0.0, le=1.0)
    evidence: list[str] = Field(default_factory=list)
    reason: str
    judge: str
    version: str

    def to_ruling(self) -> Ruling:
        """This judgement as a ruling the rules engine stores with the action.

        >>> Verdict(card="king", decision="accept", score=0.9, evidence=["king"],
        ...         reason="'king' names King", judge="lexical", version="1").to_ruling().decided_by
        'judge'
        """
        return Ruling(
            decided_by="judge",
            decision=self.decision,
            evidence=self.evidence,
            reason=self.reason,
            judge=f"{self.judge}@{self.version}",
            score=self.score,
        )


class Verdict(Judgement):
    """The judge's answer for one card of a mention question."""

    card: str


class Judge(Protocol):
    """Anything that can say whether a sentence names each of a table's cards."""

    @property
    def id(self) -> str:
        """The judge's name, as cited in its verdicts."""
        ...

    @property
    def version(self) -> str:
        """The judge's version, as cited in its verdicts."""
        ...

    def mentions(self, sentence: str, context: list[str], cards: list[CardRef]) -> list[Verdict]:
        """One verdict per card, in the order of ``cards``."""
        ...


@runtime_checkable
class StoryJudge(Protocol):
    """A judge of the story as a whole: is a new sentence coherent, does an ending fit?"""

    def coherence(self, context: list[str], sentence: str) -> Judgement:
        """``accept``: coherent; ``reject``: incoherent; ``vote``: unclear."""
        ...

    def ending(self, context: list[str], lead_in: list[str], ending: str) -> Judgement:
        """``accept``: the ending fits; ``reject``: it does not; ``vote``: unclear."""
        ...
