"""Interrupts: by an element the storyteller names, or by an interrupt card; checked,
settled by a ruling or the table's vote, or queued while another vote is open.
"""

from __future__ import annotations

from referee.core.errors import IllegalActionError, MalformedActionError
from referee.core.ruling import Ruling, as_payload
from referee.games.ouat.actions import Interrupt
from referee.games.ouat.cards import StoryCard
from referee.games.ouat.refusals import require_held, story_card
from referee.games.ouat.state import OpenVote, OuatState, PlacedHow
from referee.games.ouat.step import Step


def interrupt(step: Step, action: Interrupt) -> None:
    """Take an interrupt: queued while a vote is open, else checked and settled (an interrupt
    card at once, an element by its ruling or the uninvolved players' vote)."""
    state = step.state
    if state.vote is not None:
        _queue(step, action)
        return
    check(step, action)
    if action.by == "interrupt_card":
        assert state.window is not None
        card = step.deck.story[action.card]
        succeeds(
            step,
            action.player,
            card,
            "interrupt_card",
            state.window.sentence,
            action.ruling,
            action.at,
        )
        return
    resolve_by_element(step, action)


def check(step: Step, action: Interrupt) -> None:
    """Refuse an interrupt that the rules do not allow at this moment."""
    state = step.state
    if action.player == state.storyteller:
        raise IllegalActionError("you cannot interrupt yourself", rule="no-self-interrupt")
    card = story_card(step, action.card)
    require_held(state, action.player, card)
    if action.sentence is not None:
        if action.sentence >= len(state.story) or action.sentence < 0:
            raise MalformedActionError(f"there is no sentence {action.sentence}")
        if action.sentence < state.turn_start:
            raise IllegalActionError(
                f"too late: the story changed hands after sentence {action.sentence}; "
                f"{card.en} stays in your hand without penalty",
                rule="first-interrupt-wins",
            )
    if action.by == "interrupt_card":
        _check_interrupt_card(state, action, card)
        return
    sentence = state.current_sentence()
    if sentence is None and state.turn_start > 0:
        raise IllegalActionError(
            f"{state.storyteller} has not told anything since taking the story; an interrupt "
            f"on an earlier sentence comes too late, and {card.en} stays in your hand "
            "without penalty",
            rule="interrupt-moment",
        )
    if sentence is None:
        raise IllegalActionError(
            "the storyteller has not told anything this turn to interrupt", rule="interrupt-moment"
        )
    if action.sentence is not None and action.sentence != sentence.index:
        raise IllegalActionError(
            f"an interrupt answers the sentence just told ({sentence.index}); the moment for "
            f"sentence {action.sentence} has passed",
            rule="interrupt-moment",
        )


def _check_interrupt_card(state: OuatState, action: Interrupt, card: StoryCard) -> None:
    if not card.interrupt:
        raise IllegalActionError(f"{card.en} is not an interrupt card", rule="interrupt-card")
    window = state.window
    if window is None:
        raise IllegalActionError(
            "an interrupt card may be played only right after the storyteller plays a card",
            rule="interrupt-card-moment",
        )
    if action.sentence is not None and action.sentence != window.sentence:
        raise IllegalActionError(
            f"the storyteller played a card on sentence {window.sentence}, not on sentence "
            f"{action.sentence}",
            rule="interrupt-card-moment",
        )
    if card.category != window.category:
        raise IllegalActionError(
            f"{card.en} interrupts on any {card.category}, but the storyteller just played "
            f"a {window.category}",
            rule="interrupt-card-category",
        )


def resolve_by_element(step: Step, action: Interrupt) -> None:
    """Settle an interrupt by element: by a settled ruling, else by the uninvolved players'
    vote; with nobody to vote, the storyteller goes on and the card stays without penalty."""
    state = step.state
    card = step.deck.story[action.card]
    sentence = state.current_sentence()
    assert sentence is not None
    ruling = action.ruling
    if ruling is not None and ruling.settled:
        if ruling.decision == "accept":
            succeeds(step, action.player, card, "element", sentence.index, ruling, action.at)
        else:
            fails(step, action.player, card, ruling.reason)
        return
    voters = [p for p in state.players if p not in (state.storyteller, action.player)]
    if voters:
        step.open_vote(
            OpenVote(
                kind="interrupt",
                subject=action.player,
                card=card.id,
                sentence=sentence.index,
                voters=voters,
                ruling=ruling,
            ),
            f"{action.player} interrupts with {card.en}: is it named? {', '.join(voters)} vote.",
        )
        return
    step.emit(
        "interrupt_unclear",
        f"It is unclear whether {card.en} was named and nobody is "
        f"uninvolved to vote: {state.storyteller} continues, {card.en} stays with "
        f"{action.player} without penalty.",
        player=action.player,
        card=card.id,
    )


def succeeds(
    step: Step,
    player: str,
    card: StoryCard,
    how: PlacedHow,
    sentence: int,
    ruling: Ruling | None,
    at: float | None,
) -> None:
    """A successful interrupt: the card is laid down, the storyteller draws 1, and
    ``player`` takes the story."""
    state = step.state
    old = state.storyteller
    step.lay_down(player, card, sentence, how, ruling)
    step.emit(
        "interrupt",
        f"{player} interrupts with {card.en} and takes the story.",
        player=player,
        card=card.id,
        by=how,
        sentence=sentence,
        ruling=as_payload(ruling),
    )
    step.draw_story(old, 1)
    step.hand_over(player, at, "interrupt")


def fails(step: Step, player: str, card: StoryCard, reason: str) -> None:
    """A failed interrupt: the card is discarded and ``player`` draws 2."""
    state = step.state
    state.hands[player].remove(card.id)
    state.story_discard.append(card.id)
    because = f": {reason}" if reason else ""
    step.emit(
        "interrupt_failed",
        f"{player}'s interrupt with {card.en} fails{because}; "
        f"{card.en} is discarded and {player} draws 2.",
        player=player,
        card=card.id,
    )
    step.draw_story(player, 2)


def _queue(step: Step, action: Interrupt) -> None:
    state = step.state
    vote = state.vote
    assert vote is not None
    if vote.kind == "interrupt" and action.player == vote.subject:
        raise IllegalActionError(
            "your interrupt is already being voted on", rule="one-interrupt-at-a-time"
        )
    if any(q.player == action.player for q in vote.queued):
        raise IllegalActionError(
            "you already have an interrupt waiting on this vote", rule="one-interrupt-at-a-time"
        )
    check(step, action)
    if action.by == "element" and action.sentence not in (None, vote.sentence):
        raise IllegalActionError(
            "an interrupt answers the sentence being voted on", rule="interrupt-moment"
        )
    vote.queued.append(action)
    card = step.deck.story[action.card]
    waits_on = vote.describe()
    after = f"{vote.subject}'s" if vote.kind == "interrupt" else f"the vote on {waits_on}"
    step.emit(
        "interrupt_queued",
        f"{action.player} also interrupts with {card.en}; it comes "
        f"after {after} and is settled once the vote ends.",
        player=action.player,
        card=card.id,
    )
