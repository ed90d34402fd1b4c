"""What one player (or a spectator) may see of an OUAT game.

Other players' hands and endings appear only as counts; deck order and the
RNG never leave the engine.
"""

from __future__ import annotations

from typing import Any

from referee.core.ruling import as_payload
from referee.games.ouat.cards import Deck
from referee.games.ouat.state import OuatState


def view(state: OuatState, viewer: str | None, deck: Deck) -> dict[str, Any]:
    """The game as ``viewer`` sees it; ``None`` is a spectator."""
    seat = viewer if viewer in state.players else None
    result: dict[str, Any] = {
        "game": "ouat",
        "phase": state.phase,
        "storyteller": state.storyteller,
        "turn": state.turn,
        "players": [
            {
                "name": player,
                "story_cards": len(state.hands[player]),
                "ending_cards": len(state.endings[player]),
            }
            for player in state.players
        ],
        "story": [sentence.model_dump() for sentence in state.story],
        "table": [
            {**played.model_dump(), "name": _card_name(deck, played.card)} for played in state.table
        ],
        "story_deck": len(state.story_deck),
        "story_discard": [_story(deck, card) for card in state.story_discard],
        "ending_deck": len(state.ending_deck),
        "ending_discard": len(state.ending_discard),
        "interrupt_window": state.window.model_dump() if state.window else None,
        "vote": _vote(state),
        "discarding": state.discarding,
        "winner": state.winner,
        "opening": _opening(state, deck),
        "variants": {
            "multiple_endings": state.config.multiple_endings,
            "swap_ending": state.config.swap_ending,
            "alternative_opening": state.config.previous_hand_counts is not None,
        },
    }
    if seat is not None:
        result["you"] = seat
        result["hand"] = [_story(deck, card) for card in state.hands[seat]]
        result["endings"] = [deck.endings[card].model_dump() for card in state.endings[seat]]
    return result


def _opening(state: OuatState, deck: Deck) -> dict[str, Any]:
    """How the first storyteller was chosen, with drawn cards by name (they were shown)."""
    opening = dict(state.opening)
    if "drawn" in opening:
        opening["drawn"] = {p: _card_name(deck, c) for p, c in opening["drawn"].items()}
    return opening


def _vote(state: OuatState) -> dict[str, Any] | None:
    vote = state.vote
    if vote is None:
        return None
    return {
        "kind": vote.kind,
        "subject": vote.subject,
        "card": vote.card,
        "sentence": vote.sentence,
        "voters": vote.voters,
        "votes": vote.votes,
        "ruling": as_payload(vote.ruling),
        "lead_in": vote.lead_in,
        "queued": [q.player for q in vote.queued],
    }


def _story(deck: Deck, card: str) -> dict[str, Any]:
    return deck.story[card].model_dump(exclude={"aliases"})


def _card_name(deck: Deck, card: str) -> str:
    if card in deck.story:
        return deck.story[card].en
    return deck.endings[card].en
