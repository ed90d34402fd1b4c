"""Piles of cards as lists of card ids: draw with reshuffle, and deal.

The top of a pile is the end of its list. Drawing from an empty pile first
shuffles the discard pile into it with the game's seeded RNG; when both are
empty the draw comes up short, which is the rules' "the draw is skipped".

>>> from referee.core.rng import Rng
>>> deck, discard = ["a"], ["b", "c"]
>>> result = draw(deck, discard, Rng.from_seed(1), 2)
>>> (len(result.cards), result.reshuffled, discard)
(2, True, [])
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.rng import Rng


@dataclass(frozen=True)
class Draw:
    """What a draw produced: the cards (maybe fewer than asked) and whether it reshuffled."""

    cards: list[str]
    reshuffled: bool


def draw(deck: list[str], discard: list[str], rng: Rng, count: int) -> Draw:
    """Take ``count`` cards from the top of ``deck``, reshuffling ``discard`` in when needed.

    Both lists are changed in place. Returns fewer cards than asked only when
    the deck and the discard pile together hold fewer.
    """
    drawn: list[str] = []
    reshuffled = False
    for _ in range(count):
        if not deck:
            if not discard:
                break
            deck.extend(discard)
            discard.clear()
            rng.shuffle(deck)
            reshuffled = True
        drawn.append(deck.pop())
    return Draw(cards=drawn, reshuffled=reshuffled)


def shuffled(cards: list[str], rng: Rng) -> list[str]:
    """A shuffled copy of ``cards``."""
    pile = list(cards)
    rng.shuffle(pile)
    return pile
