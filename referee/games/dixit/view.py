"""What one player (or a spectator) may see of a Dixit game.

A player sees their own hand; other hands appear as counts. Who has submitted and who
has voted is public, what they gave or chose is not until the reveal. The storyteller
sees their own card; during the vote each player learns which positions are their own.
The pile's order and the RNG never leave the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.dixit.cards import DixitCard, shown
from referee.games.dixit.state import DixitState


def waiting_for(state: DixitState) -> list[str]:
    """The players the game is waiting for now, in table order.

    >>> from referee.games.dixit import GAME, DixitConfig
    >>> state = GAME.new_game(DixitConfig(players=["Ana", "Ben", "Cy"], first_storyteller="Ben"), 1)
    >>> waiting_for(state)
    ['Ben']
    """
    phase = state.phase
    if phase == "clue":
        return [state.storyteller]
    if phase == "submitting":
        return [p for p in state.voters if p not in state.submissions]
    if phase == "voting":
        return [p for p in state.voters if p not in state.votes]
    return []


def view(state: DixitState, viewer: str | None, cards: Mapping[str, DixitCard]) -> dict[str, Any]:
    """The game as ``viewer`` sees it; ``None`` (or anyone not seated) is a spectator.

    >>> from referee.games.dixit import GAME, DixitConfig
    >>> state = GAME.new_game(DixitConfig(players=["Ana", "Ben", "Cy"], first_storyteller="Ana"), 1)
    >>> seen = view(state, "Ben", state.config.cards())
    >>> len(seen["hand"]), [p["hand"] for p in seen["players"]], "hand" in view(state, None, {})
    (7, [7, 7, 7], False)
    """
    seat = viewer if viewer in state.players else None
    phase = state.phase
    bots = state.config.bots
    result: dict[str, Any] = {
        "game": "dixit",
        "phase": phase,
        "round": state.round,
        "storyteller": state.storyteller,
        "clue": state.clue,
        "players": [
            {
                "name": player,
                "score": state.scores[player],
                "hand": len(state.hands[player]),
                "bot": player in bots,
            }
            for player in state.players
        ],
        "scores": dict(state.scores),
        "waiting": waiting_for(state),
        "submitted": [p for p in state.voters if p in state.submissions],
        "layout": [
            {"position": i + 1, **shown(cards[card])} for i, card in enumerate(state.layout)
        ],
        "voted": [p for p in state.voters if p in state.votes],
        "pile": len(state.pile),
        "box": len(state.box),
        "bots": list(bots),
        "rounds": [record.public() for record in state.rounds],
        "over": state.over,
        "winners": state.winners(),
        "opening": dict(state.opening),
        "rules": {
            "scoring": state.config.scoring,
            "target_score": state.config.target_score,
            "hand_size": state.config.hand_size,
            "submissions": state.config.submissions,
            "laid_out": state.config.laid_out,
        },
    }
    if seat is not None:
        result["you"] = seat
        result["hand"] = [shown(cards[card]) for card in state.hands[seat]]
        own_card = state.storyteller_card if seat == state.storyteller else None
        result["your_card"] = shown(cards[own_card]) if own_card is not None else None
        result["your_submission"] = [shown(cards[card]) for card in state.submissions.get(seat, [])]
        result["your_positions"] = state.positions_of(seat)
        result["your_vote"] = state.votes.get(seat)
    return result
