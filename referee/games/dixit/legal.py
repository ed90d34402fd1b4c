"""Every action a player may take now, in a fixed order.

A ``clue`` carries placeholder text, which a client replaces; the engine accepts each
listed action as it is.
"""

from __future__ import annotations

from itertools import combinations

from referee.games.dixit.actions import Action, Clue, Submit, Vote
from referee.games.dixit.state import DixitState

PLACEHOLDER_CLUE = "Something half-hidden."


def legal_actions(state: DixitState, player: str) -> list[Action]:
    """The actions ``player`` may take in ``state``: a clue per card in hand for the
    storyteller; every card (every pair, with 3 players) to submit; every position that is
    not one's own to vote for.

    >>> from referee.games.dixit import GAME, DixitConfig
    >>> state = GAME.new_game(DixitConfig(players=["Ana", "Ben", "Cy"], first_storyteller="Ana"), 1)
    >>> len(legal_actions(state, "Ana")), legal_actions(state, "Ben")
    (7, [])
    """
    if player not in state.players:
        return []
    phase = state.phase
    hand = state.hands[player]
    if phase == "clue":
        if player != state.storyteller:
            return []
        return [Clue(player=player, card=card, text=PLACEHOLDER_CLUE) for card in hand]
    if phase == "submitting":
        if player == state.storyteller or player in state.submissions:
            return []
        return [
            Submit(player=player, cards=list(cards))
            for cards in combinations(hand, state.config.submissions)
        ]
    if phase == "voting":
        if player == state.storyteller or player in state.votes:
            return []
        own = state.positions_of(player)
        return [
            Vote(player=player, position=position)
            for position in range(1, len(state.layout) + 1)
            if position not in own
        ]
    return []
