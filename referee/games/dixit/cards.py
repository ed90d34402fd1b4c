"""Dixit cards: an id and a one-sentence description of the picture (pictures cannot ship).

The standard deck is data, ``datasets/dixit/cards.jsonl`` (one card per line); a table
may bring its own deck instead (``DixitConfig.deck``).

>>> card = DixitCard(id="dx01", description="A lantern glows in the snow.")
>>> card.model_dump()
{'id': 'dx01', 'description': 'A lantern glows in the snow.', 'image': None}
>>> try:
...     DixitCard(id=" ", description="A lantern.")
... except ValueError as error:
...     print(error.errors()[0]["loc"], error.errors()[0]["msg"])
('id',) Value error, must not be blank
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from referee.core.text import spoken
from referee.paths import datasets_dir


class DixitCard(BaseModel):
    """One picture card: its id, what the picture shows, and optionally where the image is."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    id: str = Field(min_length=1, max_length=200)
    description: str = Field(min_length=1, max_length=2000)
    image: str | None = None

    @field_validator("id", "description")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not spoken(value):
            raise ValueError("must not be blank")
        return value

    @field_validator("id")
    @classmethod
    def _printable(cls, value: str) -> str:
        if not value.isprintable():
            raise ValueError("a card id must not hold control characters")
        return value


def index(cards: Iterable[DixitCard]) -> dict[str, DixitCard]:
    """The cards by id, in their order.

    >>> sorted(index([DixitCard(id="b", description="B"), DixitCard(id="a", description="A")]))
    ['a', 'b']
    """
    return {card.id: card for card in cards}


def shown(card: DixitCard) -> dict[str, Any]:
    """A card as a player is shown it: a fresh dict, like ``model_dump`` but several times faster.

    >>> shown(DixitCard(id="dx01", description="A lantern.")) == DixitCard(
    ...     id="dx01", description="A lantern.").model_dump()
    True
    """
    return {"id": card.id, "description": card.description, "image": card.image}


@cache
def standard_deck() -> tuple[DixitCard, ...]:
    """The project's own 84 cards from ``datasets/dixit/cards.jsonl``, loaded once.

    >>> deck = standard_deck()
    >>> len(deck), len({card.id for card in deck})
    (84, 84)
    """
    path = datasets_dir() / "dixit" / "cards.jsonl"
    cards: list[DixitCard] = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                cards.append(DixitCard.model_validate(json.loads(line)))
            except ValueError as exc:
                raise ValueError(f"{path}:{number}: not a card: {exc}") from None
    if len({card.id for card in cards}) != len(cards):
        raise ValueError(f"{path} has duplicate card ids")
    return tuple(cards)


@cache
def standard_index() -> Mapping[str, DixitCard]:
    """The standard deck by id, built once."""
    return index(standard_deck())
