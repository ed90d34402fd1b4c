"""Setting up an OUAT game: shuffle, choose the first storyteller, deal."""

from __future__ import annotations

from typing import Any

from referee.core.rng import Rng
from referee.games.ouat.cards import Deck, standard_deck
from referee.games.ouat.config import HAND_SIZES, OuatConfig
from referee.games.ouat.state import EDITION, OuatState

_ARTICLES = ("a ", "an ", "the ")


def alphabetical_key(name: str) -> str:
    """Sort key for the draw method: case-folded, a leading article ignored.

    >>> sorted(["The Wolf", "a Crown", "Bridge"], key=alphabetical_key)
    ['Bridge', 'a Crown', 'The Wolf']
    """
    folded = name.casefold().strip()
    for article in _ARTICLES:
        if folded.startswith(article):
            return folded[len(article) :]
    return folded


def new_game(config: OuatConfig, seed: int, deck: Deck | None = None) -> OuatState:
    """A dealt game: seeded shuffles, the first storyteller chosen, hands dealt.

    >>> state = new_game(OuatConfig(players=["Ana", "Ben", "Cy"]), seed=3)
    >>> [len(state.hands[p]) for p in state.players], state.phase
    ([8, 8, 8], 'telling')
    """
    deck = deck or standard_deck()
    rng = Rng.from_seed(seed)
    story = sorted(deck.story)
    rng.shuffle(story)
    endings = sorted(deck.endings)
    rng.shuffle(endings)
    players = list(config.players)
    first, opening = _first_storyteller(config, story, rng, deck)

    hands: dict[str, list[str]] = {player: [] for player in players}
    for _ in range(HAND_SIZES[len(players)]):
        for player in players:
            hands[player].append(story.pop())
    held_endings: dict[str, list[str]] = {player: [] for player in players}
    for round_ in range(2):
        for player in players:
            if round_ < config.endings_for(player):
                held_endings[player].append(endings.pop())

    return OuatState(
        config=config,
        players=players,
        rng=rng,
        story_deck=story,
        ending_deck=endings,
        hands=hands,
        endings=held_endings,
        storyteller=first,
        opening=opening,
        edition=EDITION,
    )


def _first_storyteller(
    config: OuatConfig, story: list[str], rng: Rng, deck: Deck
) -> tuple[str, dict[str, Any]]:
    players = config.players
    if config.previous_hand_counts is not None:
        counts = config.previous_hand_counts
        most = max(counts[p] for p in players)
        first = next(p for p in players if counts[p] == most)
        return first, {"method": "alternative_opening", "previous_hand_counts": counts}
    method = config.first_storyteller
    if method.method == "named":
        assert method.player is not None
        return method.player, {"method": "named"}
    if method.method in ("oldest", "youngest"):
        ages = method.ages
        pick = max if method.method == "oldest" else min
        target = pick(ages[p] for p in players)
        first = next(p for p in players if ages[p] == target)
        return first, {"method": method.method}
    drawn = {player: story.pop() for player in players}
    first = min(
        players, key=lambda p: (alphabetical_key(deck.story[drawn[p]].en), players.index(p))
    )
    story.extend(drawn[p] for p in players)
    rng.shuffle(story)
    return first, {"method": "draw", "drawn": drawn}
