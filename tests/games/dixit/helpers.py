"""Helpers for Dixit tests: a small table deck, rigged hands, scripted rounds, a word ranker."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from referee.games.dixit import GAME, DixitCard, DixitConfig, DixitState
from referee.games.dixit.actions import Action, Clue, Submit, Vote
from referee.games.dixit.bot import ClueRanker, bot_action
from referee.games.dixit.view import waiting_for

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]

_SUBJECTS = [
    "lantern",
    "owl",
    "boat",
    "key",
    "tower",
    "whale",
    "mirror",
    "ladder",
    "feather",
    "clock",
    "bridge",
    "crown",
]
_PLACES = ["snow", "sea", "forest", "desert", "sky"]


def _a(noun: str) -> str:
    return f"{'An' if noun[0] in 'aeiou' else 'A'} {noun}"


def deck(size: int = 60) -> list[DixitCard]:
    """A table deck of ``size`` cards ``c01``, ``c02``... with distinct two-word pictures."""
    return [
        DixitCard(
            id=f"c{i + 1:02d}",
            description=f"{_a(_SUBJECTS[i % len(_SUBJECTS)])} in the "
            f"{_PLACES[(i // len(_SUBJECTS)) % len(_PLACES)]}.",
        )
        for i in range(size)
    ]


def table(count: int = 4, first: str | None = "Ana", seed: int = 0, **options: Any) -> DixitState:
    """A new game for the first ``count`` names, on the 60-card table deck unless given one."""
    options.setdefault("deck", deck())
    config = DixitConfig(players=NAMES[:count], first_storyteller=first, **options)
    return GAME.new_game(config, seed)


def rig(state: DixitState, hands: dict[str, list[str]]) -> DixitState:
    """Give players exactly these cards, keeping every card somewhere once.

    Cards listed are taken from wherever they are (pile or another hand); the cards they
    replace go onto the pile.
    """
    state = state.model_copy(deep=True)
    wanted = {card for cards in hands.values() for card in cards}
    for player in state.players:
        state.hands[player] = [c for c in state.hands[player] if c not in wanted]
    state.pile = [c for c in state.pile if c not in wanted]
    for player, cards in hands.items():
        state.pile.extend(state.hands[player])
        state.hands[player] = list(cards)
    size = state.config.hand_size
    for player in state.players:
        while len(state.hands[player]) < size:
            state.hands[player].append(state.pile.pop(0))
    return state


def run(state: DixitState, *actions: Action) -> DixitState:
    """Apply actions in order."""
    for action in actions:
        state = GAME.apply(state, action).state
    return state


def clue_and_submit(
    state: DixitState, card: str, submissions: dict[str, list[str]], text: str = "A clue"
) -> DixitState:
    """The storyteller's clue with ``card``, then each listed submission, in order."""
    state = run(state, Clue(player=state.storyteller, card=card, text=text))
    for player, cards in submissions.items():
        state = run(state, Submit(player=player, cards=cards))
    return state


def position(state: DixitState, card: str) -> int:
    """Where ``card`` lies in the layout (1-based)."""
    return state.layout.index(card) + 1


def vote_for(state: DixitState, votes: dict[str, str]) -> DixitState:
    """Each listed player votes for the laid-out card given by id."""
    for player, card in votes.items():
        state = run(state, Vote(player=player, position=position(state, card)))
    return state


def all_cards(state: DixitState) -> list[str]:
    """Every card id wherever it is: pile, hands, this round's cards, box."""
    cards = list(state.pile) + list(state.box)
    for player in state.players:
        cards += state.hands[player]
    if state.layout:
        cards += state.layout
    else:
        if state.storyteller_card is not None:
            cards.append(state.storyteller_card)
        for submitted in state.submissions.values():
            cards += submitted
    return cards


_WORD = re.compile(r"[a-z]+")
_SMALL = frozenset({"a", "an", "the", "in", "on", "of", "and", "with", "at", "is", "under"})


@lru_cache(maxsize=65536)
def _words(text: str) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(text.lower()) if w not in _SMALL)


class WordOverlap:
    """A tiny ranker for tests: how many of the clue's words the description shares."""

    def scores(self, clue: str, descriptions: Sequence[str]) -> list[float]:
        words = _words(clue)
        return [float(len(words & _words(d))) for d in descriptions]


def bot_move(state: DixitState, ranker: ClueRanker, seed: int, chooser: random.Random) -> Action:
    """What one of the seats the game waits for (a seeded pick) does, as the referee's bot."""
    seat = chooser.choice(waiting_for(state))
    action = bot_action(GAME.view(state, seat), ranker, seed)
    assert action is not None, f"the bot in seat {seat} has nothing to do in {state.phase}"
    return action
