"""Helpers for OUAT tests: a named-first-storyteller table, rigged hands, card lookups."""

from __future__ import annotations

from typing import Any

from referee.core.ruling import Ruling
from referee.games.ouat import GAME
from referee.games.ouat.actions import Action
from referee.games.ouat.config import FirstStoryteller, OuatConfig
from referee.games.ouat.state import OuatState

DECK = GAME.deck


def card(name: str) -> str:
    """The id of the story card with English name ``name``."""
    return DECK.by_name(name).id


def table(players: list[str], first: str, seed: int = 0, **options: Any) -> OuatState:
    """A new game where ``first`` opens."""
    config = OuatConfig(
        players=players,
        first_storyteller=FirstStoryteller(method="named", player=first),
        **options,
    )
    return GAME.new_game(config, seed)


def rig(state: OuatState, hands: dict[str, list[str]]) -> OuatState:
    """Give players exactly these story cards (by name), keeping every card somewhere once.

    Cards listed are taken from wherever they are (deck or another hand); the
    cards they replace go back to the deck.
    """
    state = state.model_copy(deep=True)
    for player, names in hands.items():
        wanted = [card(name) for name in names]
        for other in state.players:
            state.hands[other] = [c for c in state.hands[other] if c not in wanted]
        state.story_deck = [c for c in state.story_deck if c not in wanted]
        state.story_deck.extend(state.hands[player])
        state.hands[player] = wanted
    return state


def accept(*evidence: str) -> Ruling:
    """A judge's acceptance."""
    return Ruling(decided_by="judge", decision="accept", evidence=list(evidence), reason="named")


def reject(reason: str = "not named") -> Ruling:
    """A judge's rejection."""
    return Ruling(decided_by="judge", decision="reject", reason=reason)


def unclear() -> Ruling:
    """A judge that cannot tell: the table votes."""
    return Ruling(decided_by="judge", decision="vote", reason="unclear")


def run(state: OuatState, *actions: Action) -> OuatState:
    """Apply actions in order."""
    for action in actions:
        state = GAME.apply(state, action).state
    return state


def all_cards(state: OuatState) -> list[str]:
    """Every story and ending card id wherever it is."""
    cards = list(state.story_deck) + state.story_discard + state.ending_deck
    cards += state.ending_discard + [p.card for p in state.table]
    for player in state.players:
        cards += state.hands[player] + state.endings[player]
    if state.vote is not None and state.vote.kind == "ending" and state.vote.card:
        cards.append(state.vote.card)
    return cards
