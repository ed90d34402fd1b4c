"""OUAT live: after each sentence told, every seat learns privately which of its cards it names.

The storyteller's client posts transcript lines as ``tell`` actions (with
``at``, so the rules can end the turn after too long a pause). After a tell
that adds the storyteller's current sentence, the judge is asked once about
that sentence, with the story before it as context, against every story card
in every hand. Each seat holding cards that the judge accepts, or leaves to
the table's vote while citing words of the line as evidence (a card it is
unsure about with nothing in the line to show for it is not worth a claim),
gets one private ``mentions`` event listing only its own
cards, best score first, so it can claim one: a play for the storyteller, an
interrupt for the others. The claim itself is judged again when it arrives.
"""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.games.ouat.actions import Tell
from referee.games.ouat.cards import Deck, StoryCard
from referee.games.ouat.state import OuatState
from referee.judge.base import Judge, Verdict
from referee.judge.ouat import card_ref


def mention_hints(
    judge: Judge, deck: Deck, before: OuatState, action: Any, after: OuatState
) -> list[Event]:
    """One private ``mentions`` event per seat whose cards the sentence just told may name."""
    if not isinstance(action, Tell):
        return []
    sentence = after.current_sentence()
    if sentence is None or sentence.index != len(before.story):
        return []  # the tell came after too long a pause: the turn was lost, nothing was told
    held = [(seat, deck.story[card]) for seat in after.players for card in after.hands[seat]]
    if not held:
        return []
    context = [line.text for line in after.story[: sentence.index]]
    verdicts = judge.mentions(sentence.text, context, [card_ref(card) for _, card in held])
    claimable: dict[str, list[tuple[StoryCard, Verdict]]] = {}
    for (seat, card), verdict in zip(held, verdicts, strict=True):
        if verdict.decision == "accept" or (verdict.decision == "vote" and verdict.evidence):
            claimable.setdefault(seat, []).append((card, verdict))
    return [_hint(seat, sentence.text, found) for seat, found in claimable.items()]


def _hint(seat: str, sentence: str, found: list[tuple[StoryCard, Verdict]]) -> Event:
    found = sorted(found, key=lambda pair: -pair[1].score)
    cards = [
        {
            "card": card.id,
            "name": card.en,
            "decision": verdict.decision,
            "score": verdict.score,
            "evidence": list(verdict.evidence),
            "reason": verdict.reason,
        }
        for card, verdict in found
    ]
    return Event(
        kind="mentions",
        player=seat,
        to=seat,
        message=_message(found),
        data={"sentence": sentence, "cards": cards},
    )


def _message(found: list[tuple[StoryCard, Verdict]]) -> str:
    """The hint in words, such as: This line names your Wolf; you may claim it."""
    named = [card.en for card, verdict in found if verdict.decision == "accept"]
    unclear = [card.en for card, verdict in found if verdict.decision == "vote"]
    clauses = []
    if named:
        clauses.append(f"names your {_listed(named)}")
    if unclear:
        clauses.append(f"may name your {_listed(unclear)} (unclear: the table would vote)")
    claim = "it" if len(found) == 1 else "one of them"
    return f"This line {' and '.join(clauses)}; you may claim {claim}."


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
