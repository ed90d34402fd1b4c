"""Every action a player may take now, in a fixed order.

Free-text and judgement fields are filled with neutral values: a ``tell``
carries placeholder text, and neither it nor any claim carries a ruling (a claim
would go to the table's vote).
A client replaces them; the engine accepts each listed action as it is.
"""

from __future__ import annotations

from referee.games.ouat.actions import (
    Action,
    Challenge,
    Discard,
    End,
    Interrupt,
    Pass,
    Play,
    Tell,
    Vote,
)
from referee.games.ouat.cards import Deck
from referee.games.ouat.rules import QUEUEING_VOTES
from referee.games.ouat.state import OuatState

PLACEHOLDER_TEXT = "And the story went on."


def legal_actions(state: OuatState, player: str, deck: Deck) -> list[Action]:
    """The actions ``player`` may take in ``state``."""
    if state.winner is not None or player not in state.players:
        return []
    if state.vote is not None:
        return _while_voting(state, player, deck)
    if state.discarding is not None:
        if player != state.discarding:
            return []
        discards: list[Action] = [Discard(player=player)]
        return discards + [Discard(player=player, card=card) for card in state.hands[player]]
    if player == state.storyteller:
        return _storyteller(state, player)
    return _listener(state, player, deck)


def _storyteller(state: OuatState, player: str) -> list[Action]:
    actions: list[Action] = [Tell(player=player, text=PLACEHOLDER_TEXT)]
    sentence = state.current_sentence()
    if sentence is not None and not any(
        p.sentence == sentence.index and p.player == player and p.how == "play" for p in state.table
    ):
        actions += [Play(player=player, card=card) for card in state.hands[player]]
    actions.append(Pass(player=player))
    if state.config.swap_ending:
        actions += [Pass(player=player, swap_ending=e) for e in state.endings[player]]
    if not state.hands[player]:
        actions += [End(player=player, ending=e) for e in state.endings[player]]
    return actions


def _listener(state: OuatState, player: str, deck: Deck) -> list[Action]:
    actions: list[Action] = []
    if state.current_sentence() is not None:
        actions += [Interrupt(player=player, card=card) for card in state.hands[player]]
    window = state.window
    if window is not None:
        actions += [
            Interrupt(player=player, card=card, by="interrupt_card")
            for card in state.hands[player]
            if deck.story[card].interrupt and deck.story[card].category == window.category
        ]
    if len(state.story) > state.turn_start:
        actions.append(Challenge(player=player))
    return actions


def _while_voting(state: OuatState, player: str, deck: Deck) -> list[Action]:
    vote = state.vote
    assert vote is not None
    actions: list[Action] = []
    if player in vote.voters and player not in vote.votes:
        actions += [Vote(player=player, agree=True), Vote(player=player, agree=False)]
    may_queue = (
        vote.kind in QUEUEING_VOTES
        and player not in (state.storyteller, vote.subject)
        and all(q.player != player for q in vote.queued)
    )
    if may_queue:
        actions += _listener(state, player, deck)
        actions = [a for a in actions if not isinstance(a, Challenge)]
    return actions
