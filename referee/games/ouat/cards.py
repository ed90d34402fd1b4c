"""The OUAT deck: story cards (with interrupt cards among them) and ending cards.

The deck is data, in ``datasets/ouat/``; this module loads and checks it once
per process.

>>> deck = standard_deck()
>>> deck.story["king"].category
'character'
>>> deck.story["king"].name("zh")
'国王'
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from referee.paths import datasets_dir

Category = Literal["character", "thing", "place", "aspect", "event"]
CATEGORIES: tuple[Category, ...] = ("character", "thing", "place", "aspect", "event")


class StoryCard(BaseModel):
    """An element card; ``interrupt`` cards may also interrupt on any card of their category."""

    model_config = ConfigDict(frozen=True)

    id: str
    category: Category
    en: str
    zh: str
    interrupt: bool = False
    aliases: list[str] = []

    def name(self, lang: str = "en") -> str:
        """The card's name in ``lang`` (``en`` or ``zh``)."""
        return self.zh if lang == "zh" else self.en


class EndingCard(BaseModel):
    """One way the story can end."""

    model_config = ConfigDict(frozen=True)

    id: str
    en: str
    zh: str

    def text(self, lang: str = "en") -> str:
        """The ending's sentence in ``lang``."""
        return self.zh if lang == "zh" else self.en


class Deck(BaseModel):
    """All cards of one OUAT deck, by id."""

    model_config = ConfigDict(frozen=True)

    story: dict[str, StoryCard]
    endings: dict[str, EndingCard]

    def story_card(self, card_id: str) -> StoryCard | None:
        """The story card with that id, or None."""
        return self.story.get(card_id)

    def by_name(self, name: str) -> StoryCard:
        """The story card whose English name is ``name`` (any case); KeyError otherwise."""
        wanted = name.casefold()
        for card in self.story.values():
            if card.en.casefold() == wanted:
                return card
        raise KeyError(name)


@lru_cache(maxsize=1)
def standard_deck() -> Deck:
    """The project's own deck from ``datasets/ouat/``, loaded once."""
    folder = datasets_dir() / "ouat"
    story = [StoryCard.model_validate(c) for c in _load(folder / "story_cards.json")]
    endings = [EndingCard.model_validate(c) for c in _load(folder / "ending_cards.json")]
    story_ids = {card.id for card in story}
    ending_ids = {card.id for card in endings}
    if len(story_ids) != len(story) or len(ending_ids) != len(endings):
        raise ValueError("the OUAT deck has duplicate card ids")
    if story_ids & ending_ids:
        raise ValueError("a story card and an ending card share an id")
    return Deck(story={c.id: c for c in story}, endings={c.id: c for c in endings})


def _load(path: object) -> list[dict[str, object]]:
    with open(str(path), encoding="utf-8") as handle:
        data = json.load(handle)
    if not isinstance(data, list):
        raise ValueError(f"{path} must hold a JSON list of cards")
    return data
