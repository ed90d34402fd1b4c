"""What a Dixit player can do, as typed values that round-trip through JSON.

The storyteller gives a ``clue`` with one card from hand; every other player ``submit``s
a card (two with 3 players); then every other player ``vote``s with a voting token, the
1-based position of a laid-out card.

>>> from pydantic import TypeAdapter
>>> adapter = TypeAdapter(Action)
>>> adapter.validate_python({"type": "vote", "player": "Ben", "position": 2})
Vote(player='Ben', type='vote', position=2)
>>> adapter.validate_python({"type": "submit", "player": "Cy", "cards": ["dx07"]}).cards
['dx07']
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from referee.core.game import ActionBase


class Clue(ActionBase):
    """The storyteller picks ``card`` from hand (it stays hidden) and says ``text``."""

    type: Literal["clue"] = "clue"
    card: str
    text: str = Field(min_length=1, max_length=500)


class Submit(ActionBase):
    """A player other than the storyteller gives card(s) that fit the clue, face down.

    Exactly one card, or two distinct cards in the 3-player variant.
    """

    type: Literal["submit"] = "submit"
    cards: list[str] = Field(min_length=1, max_length=6)


class Vote(ActionBase):
    """A player other than the storyteller secretly votes for the card at ``position`` (1..N)."""

    type: Literal["vote"] = "vote"
    position: int = Field(ge=1)


Action = Annotated[Clue | Submit | Vote, Field(discriminator="type")]
