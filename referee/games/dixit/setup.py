"""Setting up a Dixit game: shuffle, choose the first storyteller, deal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.core.rng import Rng
from referee.games.dixit.cards import DixitCard, standard_deck
from referee.games.dixit.config import DixitConfig
from referee.games.dixit.state import DixitState


def new_game(config: DixitConfig, seed: int) -> DixitState:
    """A dealt game: the deck shuffled by ``seed``, the first storyteller chosen, hands dealt.

    The deck is the table's own (``config.deck``) or the standard one; the first storyteller
    is the named one, or a seeded random choice, recorded in ``opening``.

    >>> state = new_game(DixitConfig(players=["Ana", "Ben", "Cy"]), seed=3)
    >>> [len(state.hands[p]) for p in state.players], len(state.pile), state.phase
    ([7, 7, 7], 63, 'clue')
    >>> named = DixitConfig(players=["Ana", "Ben", "Cy", "Dee"], first_storyteller="Cy")
    >>> new_game(named, 3).opening
    {'method': 'named', 'storyteller': 'Cy'}
    """
    deck: Sequence[DixitCard] = standard_deck() if config.deck is None else config.deck
    rng = Rng.from_seed(seed)
    pile = [card.id for card in deck]
    rng.shuffle(pile)
    players = list(config.players)
    opening: dict[str, Any]
    if config.first_storyteller is not None:
        first = config.first_storyteller
        opening = {"method": "named", "storyteller": first}
    else:
        first = rng.choice(players)
        opening = {"method": "random", "storyteller": first}
    hands: dict[str, list[str]] = {player: [] for player in players}
    for _ in range(config.hand_size):
        for player in players:
            hands[player].append(pile.pop())
    return DixitState(
        config=config,
        players=players,
        rng=rng,
        pile=pile,
        hands=hands,
        scores={player: 0 for player in players},
        storyteller=first,
        opening=opening,
    )
