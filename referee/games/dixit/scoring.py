"""Scoring one Dixit round, as a pure function of who laid out what and who voted for what.

- All voters found the storyteller's card, or none did: the storyteller scores 0 and
  every other player 2.
- Otherwise the storyteller and each player who found it score 3 (``four_points``
  variant: 4 each when exactly one player found it).
- In all cases each player other than the storyteller scores 1 per vote on a card they
  submitted.

>>> owners = {"s": "Ana", "b": "Ben", "c": "Cy", "d": "Dee"}
>>> scored = score_round("Ana", owners, {"Ben": "s", "Cy": "b", "Dee": "b"})
>>> scored.case, scored.found, scored.gained
('some', ['Ben'], {'Ana': 3, 'Ben': 5, 'Cy': 0, 'Dee': 0})
>>> score_round("Ana", owners, {"Ben": "s", "Cy": "b", "Dee": "b"}, "four_points").gained
{'Ana': 4, 'Ben': 6, 'Cy': 0, 'Dee': 0}
>>> score_round("Ana", owners, {"Ben": "s", "Cy": "s", "Dee": "s"}).gained
{'Ana': 0, 'Ben': 2, 'Cy': 2, 'Dee': 2}
>>> score_round("Ana", owners, {"Ben": "c", "Cy": "d", "Dee": "c"}).gained
{'Ana': 0, 'Ben': 2, 'Cy': 4, 'Dee': 3}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.games.dixit.config import Scoring
from referee.games.dixit.state import Case

ALL_OR_NONE = 2
"""What every other player scores when all or none found the storyteller's card."""
FOUND = 3
"""What the storyteller and each finder score otherwise."""
FOUND_ALONE = 4
"""The same, in the ``four_points`` variant when exactly one player found it."""
PER_VOTE = 1
"""What a player scores for each vote on a card they submitted."""


@dataclass(frozen=True)
class RoundScore:
    """Points gained by each player this round, who found the card, and which case applied."""

    gained: dict[str, int]
    found: list[str]
    case: Case


def score_round(
    storyteller: str,
    owners: Mapping[str, str],
    votes: Mapping[str, str],
    scoring: Scoring = "standard",
) -> RoundScore:
    """Score a round: ``owners`` maps each laid-out card to who laid it out (the
    storyteller's card included), ``votes`` maps each voter to the card they voted for.

    ``gained`` has every player who laid out a card or voted, storyteller first, zeros
    included. The 3-player variant needs nothing special: a submitter's two cards both
    appear in ``owners``.

    >>> owners = {"s": "Ana", "b1": "Ben", "b2": "Ben", "c1": "Cy", "c2": "Cy"}
    >>> score_round("Ana", owners, {"Ben": "c2", "Cy": "b1"}).gained
    {'Ana': 0, 'Ben': 3, 'Cy': 3}
    >>> score_round("Ana", owners, {"Ben": "s", "Cy": "b2"}, "four_points").gained
    {'Ana': 4, 'Ben': 5, 'Cy': 0}
    """
    target = next((card for card, owner in owners.items() if owner == storyteller), None)
    if target is None:
        raise ValueError(f"no card of the storyteller {storyteller!r} among the owners")
    if storyteller in votes:
        raise ValueError("the storyteller does not vote")
    gained = {storyteller: 0}
    for player in [*owners.values(), *votes]:
        gained.setdefault(player, 0)
    found = [voter for voter, card in votes.items() if card == target]
    if len(found) in (0, len(votes)):
        case: Case = "all" if found else "none"
        for player in gained:
            if player != storyteller:
                gained[player] += ALL_OR_NONE
    else:
        case = "some"
        points = FOUND_ALONE if scoring == "four_points" and len(found) == 1 else FOUND
        for player in [storyteller, *found]:
            gained[player] += points
    for card in votes.values():
        owner = owners.get(card)
        if owner is None:
            raise ValueError(f"a vote for {card!r}, which was not laid out")
        if owner != storyteller:
            gained[owner] += PER_VOTE
    return RoundScore(gained=gained, found=found, case=case)
