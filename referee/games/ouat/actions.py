"""What an OUAT player can do, as typed values that round-trip through JSON.

Every action names its ``player``; ``at`` is an optional timestamp in
seconds (any epoch, increasing), which the 5-second pause rule reads.
Claims that hinge on language (a play, an element interrupt, an ending, an
incoherence challenge) carry a ``ruling``; without one the table votes. A
tell may carry the referee judge's coherence ruling on its sentence; one that
finds it incoherent opens the table's incoherence vote.

>>> from pydantic import TypeAdapter
>>> TypeAdapter(Action).validate_python({"type": "tell", "player": "Cliff",
...     "text": "Once upon a time there was an old woman."}).type
'tell'
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from referee.core.game import ActionBase
from referee.core.ruling import Ruling


class TimedAction(ActionBase):
    """An action with an optional timestamp."""

    at: float | None = None


def _absent(ruling: Ruling | None) -> bool:
    return ruling is None


SENTENCE_LIMIT = 2000
"""The longest line a player may tell (or lead into an ending with), in characters: a spoken
sentence, with room to spare; the judge reads every line it is given."""


class Tell(TimedAction):
    """The storyteller says one sentence of the story.

    ``ruling`` is the referee judge's ruling on the claim every sentence makes, that it
    continues the story coherently: ``accept`` coherent, ``reject`` incoherent (the other
    players vote on it, as on a challenge), ``vote`` unclear (nothing happens; anyone may
    still challenge). An absent ruling is left out of the JSON, so the tells recorded
    before rulings existed replay unchanged.
    """

    type: Literal["tell"] = "tell"
    text: str = Field(min_length=1, max_length=SENTENCE_LIMIT)
    ruling: Ruling | None = Field(default=None, exclude_if=_absent)


class Play(TimedAction):
    """The storyteller plays a story card on the sentence just told."""

    type: Literal["play"] = "play"
    card: str
    sentence: int | None = None
    ruling: Ruling | None = None


class Interrupt(TimedAction):
    """Another player interrupts: by an element just named, or with an interrupt card.

    ``sentence`` is the sentence the interrupt answers; when it is no longer
    the live moment (someone else won the race), the interrupt fails without
    penalty.
    """

    type: Literal["interrupt"] = "interrupt"
    card: str
    by: Literal["element", "interrupt_card"] = "element"
    sentence: int | None = None
    ruling: Ruling | None = None


class Vote(TimedAction):
    """An eligible player's vote on the open question: agree with the claim or not."""

    type: Literal["vote"] = "vote"
    agree: bool


class Pass(TimedAction):
    """The storyteller stops: draw 1 (then may discard 1), or swap an ending (variant)."""

    type: Literal["pass"] = "pass"
    swap_ending: str | None = None


class Discard(TimedAction):
    """After passing, discard one story card, or none (``card`` null)."""

    type: Literal["discard"] = "discard"
    card: str | None = None


class CallPause(TimedAction):
    """Anyone points out that the storyteller has been silent too long, at time ``at``."""

    type: Literal["call_pause"] = "call_pause"
    at: float


class Challenge(TimedAction):
    """A player says the story became incoherent; the uninvolved players vote.

    A ruling's ``accept`` upholds the challenge (the story is incoherent).
    """

    type: Literal["challenge"] = "challenge"
    reason: str = Field(default="", max_length=500)
    ruling: Ruling | None = None


class End(TimedAction):
    """With no story cards left, the storyteller plays an ending card after a short lead-in."""

    type: Literal["end"] = "end"
    ending: str
    lead_in: list[Annotated[str, Field(max_length=SENTENCE_LIMIT)]] = Field(default_factory=list)
    ruling: Ruling | None = None


Action = Annotated[
    Tell | Play | Interrupt | Vote | Pass | Discard | CallPause | Challenge | End,
    Field(discriminator="type"),
]
