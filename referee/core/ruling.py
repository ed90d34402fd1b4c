"""Rulings: how a language question behind an action was decided.

The rules never judge language. A claim such as "my card is named in that
sentence" reaches the engine with a ruling: who decided it, what they
decided, and the evidence. The engine stores the ruling with the action, so
a replay needs no model and a dispute can be re-opened later.

``decision`` is about the claim the action makes: ``accept`` upholds it,
``reject`` turns it down, ``vote`` means it is unclear and the table votes.

>>> Ruling(decided_by="judge", decision="accept", evidence=["a boy"],
...        reason="'a boy' is a kind of Child").decision
'accept'
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Decision = Literal["accept", "reject", "vote"]
DecidedBy = Literal["judge", "vote", "table", "referee"]


class Ruling(BaseModel):
    """A decision on a claim, with who made it and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    decided_by: DecidedBy
    decision: Decision
    evidence: list[str] = Field(default_factory=list)
    reason: str = ""
    judge: str | None = None
    score: float | None = Field(default=None, ge=0.0, le=1.0)

    @property
    def settled(self) -> bool:
        """Whether the ruling decides the claim (accept or reject) rather than asking for a vote."""
        return self.decision != "vote"


def as_payload(ruling: Ruling | None) -> dict[str, Any] | None:
    """A ruling as an event carries it: its fields, or None when there is none.

    >>> as_payload(None) is None
    True
    >>> as_payload(Ruling(decided_by="vote", decision="accept"))["decided_by"]
    'vote'
    """
    return ruling.model_dump() if ruling is not None else None
