"""The rules of Once Upon a Time: what each action does, and when it is refused.

Every refusal raises before anything changes, naming the rule in words. Interrupts are
checked and settled in ``interrupts``, the lookups that refuse in ``refusals``; the table's
votes and what each settles are here.

>>> from referee.games.ouat.config import OuatConfig, FirstStoryteller
>>> from referee.games.ouat.setup import new_game
>>> from referee.games.ouat.actions import Tell, Pass
>>> state = new_game(OuatConfig(players=["Ana", "Ben"],
...     first_storyteller=FirstStoryteller(method="named", player="Ana")), seed=1)
>>> state = apply(state, Tell(player="Ana", text="Once upon a time...")).state
>>> apply(state, Tell(player="Ben", text="No, me!"))
Traceback (most recent call last):
...
referee.core.errors.NotYourTurnError: only the storyteller (Ana) may tell the story
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core.errors import IllegalActionError, MalformedActionError, NotYourTurnError
from referee.core.game import Applied
from referee.core.ruling import Ruling, as_payload
from referee.core.text import spoken
from referee.games.ouat import interrupts
from referee.games.ouat.actions import (
    Action,
    CallPause,
    Challenge,
    Discard,
    End,
    Interrupt,
    Pass,
    Play,
    Tell,
    Vote,
)
from referee.games.ouat.cards import Deck, StoryCard, standard_deck
from referee.games.ouat.refusals import (
    check_timestamp,
    require_held,
    require_storyteller,
    story_card,
)
from referee.games.ouat.state import (
    InterruptWindow,
    OpenVote,
    OuatState,
    PlayedCard,
    Sentence,
)
from referee.games.ouat.step import Step


def apply(state: OuatState, action: Action, deck: Deck | None = None) -> Applied[OuatState]:
    """The game after ``action``, with the events it caused; ``state`` is left unchanged."""
    deck = deck or standard_deck()
    if action.player not in state.players:
        raise MalformedActionError(f"unknown player {action.player!r}")
    if state.winner is not None:
        raise IllegalActionError(f"the game is over: {state.winner} won", rule="game-over")
    _check_phase(state, action)
    step = Step(state, deck)
    _HANDLERS[type(action)](step, action)
    after = step.state
    settled = after.vote is None and after.winner is None and after.turn == state.turn
    if isinstance(action, _CLAIMS) and settled:
        step.restart_clock(action.at)
    return Applied(state=step.state, events=step.events)


QUEUEING_VOTES = ("play", "interrupt", "incoherence")
"""Votes during which an interrupt may be shown: it waits, and is settled once the vote ends
(first shown, first settled). An ending's vote ends the story or the turn, so none waits on it."""


def _check_phase(state: OuatState, action: Action) -> None:
    vote = state.vote
    if vote is not None:
        queueable = isinstance(action, Interrupt) and vote.kind in QUEUEING_VOTES
        if not isinstance(action, Vote) and not queueable:
            raise IllegalActionError(
                f"the table is voting on {vote.describe()}; only votes are taken now",
                rule="vote-open",
            )
        return
    if isinstance(action, Vote):
        raise IllegalActionError("there is no vote open", rule="vote-open")
    if state.discarding is not None:
        if not isinstance(action, Discard):
            raise IllegalActionError(
                f"{state.discarding} has passed and is choosing a card to discard (or none)",
                rule="pass-discard",
            )
        if action.player != state.discarding:
            raise NotYourTurnError(f"only {state.discarding}, who passed, may discard now")
        return
    if isinstance(action, Discard):
        raise IllegalActionError(
            "a story card is discarded only right after passing", rule="pass-discard"
        )


def _silence_too_long(state: OuatState, at: float | None) -> bool:
    if at is None or state.last_spoken_at is None:
        return False
    return at - state.last_spoken_at > state.config.pause_seconds


# --- the storyteller -------------------------------------------------------------------------


def _lost_to_silence(step: Step, at: float | None) -> bool:
    """Whether the storyteller, speaking or acting at ``at``, had already been silent too long:
    then they lose the turn (draw 1, next player) instead."""
    state = step.state
    if not _silence_too_long(state, at):
        return False
    assert at is not None and state.last_spoken_at is not None
    step.lose_turn(
        at,
        "pause",
        f"{state.storyteller} was silent for {at - state.last_spoken_at:.1f}s "
        f"(more than {state.config.pause_seconds:g}s) and loses the turn.",
    )
    return True


def _tell(step: Step, action: Tell) -> None:
    state = step.state
    require_storyteller(state, action.player, "tell the story")
    text = spoken(action.text)
    if not text:
        raise MalformedActionError("text must not be blank")
    check_timestamp(state, action.at)
    if _lost_to_silence(step, action.at):
        return
    sentence = Sentence(index=len(state.story), speaker=action.player, text=text, at=action.at)
    state.story.append(sentence)
    if action.at is not None:
        state.last_spoken_at = action.at
    state.window = None
    ruling = action.ruling
    step.emit(
        "tell",
        text,
        player=action.player,
        sentence=sentence.index,
        at=action.at,
        ruling=as_payload(ruling),
    )
    if ruling is not None and ruling.decision == "reject":
        _flag_incoherence(step, sentence, ruling)
    elif ruling is not None and ruling.decided_by == "referee" and ruling.decision == "accept":
        _stands_on_weighed(state, sentence, ruling)


def _stands_on_weighed(state: OuatState, sentence: Sentence, ruling: Ruling) -> None:
    """The referee did not flag ``sentence`` again: what its judge cited is a conflict the
    table voted to keep. The line goes on from a kept one, so it is kept against the same
    sentences, and the lines after it are not flagged for that conflict either."""
    if state.edition < 2:
        return
    settled, _ = state.kept_run(before=sentence.index)
    cited = state.cited(ruling.evidence, before=sentence.index)
    sentence.kept_against = [index for index in cited if index in settled]


def _flag_incoherence(step: Step, sentence: Sentence, ruling: Ruling) -> None:
    """The referee's judge finds ``sentence`` incoherent: every other player votes on it."""
    state = step.state
    because = f": {ruling.reason}" if ruling.reason else "."
    step.emit(
        "incoherence_flagged",
        f"The referee flags the story as incoherent{because}",
        player=sentence.speaker,
        sentence=sentence.index,
        evidence=list(ruling.evidence),
        reason=ruling.reason,
    )
    voters = [p for p in state.players if p != sentence.speaker]
    step.open_vote(
        OpenVote(
            kind="incoherence",
            subject=sentence.speaker,
            voters=voters,
            sentence=sentence.index,
            ruling=challenge_ruling(ruling),
        ),
        f"Is the story incoherent? {', '.join(voters)} vote.",
    )


def challenge_ruling(coherence: Ruling) -> Ruling:
    """A coherence ruling in a challenge's terms: the challenge is upheld (``accept``) when
    the sentence is incoherent (``reject``), refused when it is coherent, voted when unclear.

    >>> coherent = Ruling(decided_by="judge", decision="accept", reason="fine", score=0.9)
    >>> refused = challenge_ruling(coherent)
    >>> refused.decision, round(refused.score, 2)
    ('reject', 0.1)
    """
    flipped = {"accept": "reject", "reject": "accept", "vote": "vote"}[coherence.decision]
    score = None if coherence.score is None else 1.0 - coherence.score
    return coherence.model_copy(update={"decision": flipped, "score": score})


def _play(step: Step, action: Play) -> None:
    state = step.state
    require_storyteller(state, action.player, "play story cards")
    card = story_card(step, action.card)
    require_held(state, action.player, card)
    sentence = state.current_sentence()
    if sentence is None:
        raise IllegalActionError(
            f"tell a sentence that names {card.en} before playing it", rule="play-on-sentence"
        )
    if action.sentence is not None and action.sentence != sentence.index:
        raise IllegalActionError(
            f"cards are played on the sentence just told ({sentence.index}), "
            f"not on sentence {action.sentence}",
            rule="play-on-sentence",
        )
    already = _played_on(state, action.player, sentence.index)
    if already is not None:
        earlier = step.deck.story[already].en
        raise IllegalActionError(
            f"one card per sentence: {earlier} was already played on this sentence; "
            f"name {card.en} in a sentence of its own",
            rule="one-card-per-sentence",
        )
    ruling = action.ruling
    if ruling is not None and ruling.decision == "reject":
        raise IllegalActionError(
            f"the sentence does not name {card.en}: {ruling.reason}", rule="element-named"
        )
    check_timestamp(state, action.at)
    if _lost_to_silence(step, action.at):
        return
    if ruling is not None and ruling.decision == "accept":
        _accept_play(step, action.player, card, sentence.index, ruling)
        return
    voters = [p for p in state.players if p != action.player]
    step.open_vote(
        OpenVote(
            kind="play",
            subject=action.player,
            card=card.id,
            sentence=sentence.index,
            voters=voters,
            ruling=ruling,
        ),
        f"Does the sentence name {card.en}? {', '.join(voters)} vote.",
    )


def _played_on(state: OuatState, player: str, sentence: int) -> str | None:
    for played in state.table:
        if played.sentence == sentence and played.player == player and played.how == "play":
            return played.card
    return None


def _accept_play(
    step: Step, player: str, card: StoryCard, sentence: int, ruling: Ruling | None
) -> None:
    step.lay_down(player, card, sentence, "play", ruling)
    step.state.window = InterruptWindow(category=card.category, sentence=sentence)
    step.emit(
        "play",
        f"{player} plays {card.en} ({card.category}).",
        player=player,
        card=card.id,
        sentence=sentence,
        ruling=as_payload(ruling),
    )


def _pass(step: Step, action: Pass) -> None:
    state = step.state
    require_storyteller(state, action.player, "pass")
    player = action.player
    if action.swap_ending is not None:
        if not state.config.swap_ending:
            raise IllegalActionError(
                "the swap-ending variant is not played at this table", rule="variant-swap-ending"
            )
        _require_ending_held(step, player, action.swap_ending)
    check_timestamp(state, action.at)
    if _lost_to_silence(step, action.at):
        return
    if action.swap_ending is None:
        step.emit("pass", f"{player} passes.", player=player)
        step.draw_story(player, 1)
        state.discarding = player
        return
    state.endings[player].remove(action.swap_ending)
    state.ending_discard.append(action.swap_ending)
    step.emit(
        "pass", f"{player} passes and swaps their ending card.", player=player, swapped_ending=True
    )
    step.draw_ending(player, 1)
    step.draw_story(player, 2)
    step.hand_over(state.next_player(player), action.at, "pass")


def _discard(step: Step, action: Discard) -> None:
    state = step.state
    player = action.player
    if action.card is not None:
        card = story_card(step, action.card)
        require_held(state, player, card)
        state.hands[player].remove(card.id)
        state.story_discard.append(card.id)
        step.emit("discard", f"{player} discards {card.en}.", player=player, card=card.id)
    else:
        step.emit("discard", f"{player} keeps their hand.", player=player, card=None)
    state.discarding = None
    step.hand_over(state.next_player(player), action.at, "pass")


def _require_ending_held(step: Step, player: str, ending: str) -> None:
    if ending not in step.deck.endings:
        raise MalformedActionError(f"unknown ending card {ending!r}")
    if ending not in step.state.endings[player]:
        raise IllegalActionError(f"{player} does not hold that ending card", rule="own-card")


def _end(step: Step, action: End) -> None:
    state = step.state
    player = action.player
    require_storyteller(state, player, "end the story")
    _require_ending_held(step, player, action.ending)
    left = len(state.hands[player])
    if left:
        raise IllegalActionError(
            f"{player} still holds {left} story card(s); play them all before ending",
            rule="ending-needs-empty-hand",
        )
    lead_in = [spoken(line) for line in action.lead_in]
    if any(not line for line in lead_in):
        raise MalformedActionError("lead-in sentences must not be blank")
    if len(lead_in) > state.config.max_lead_in:
        raise IllegalActionError(
            f"a lead-in is at most {state.config.max_lead_in} sentence(s)", rule="lead-in"
        )
    check_timestamp(state, action.at)
    if _lost_to_silence(step, action.at):
        return
    for line in lead_in:
        state.story.append(
            Sentence(
                index=len(state.story), speaker=player, text=line, at=action.at, kind="lead_in"
            )
        )
    state.endings[player].remove(action.ending)
    state.window = None
    text = step.deck.endings[action.ending].en
    step.emit(
        "ending_played",
        f"{player} plays the ending: {text}",
        player=player,
        ending=action.ending,
        lead_in=lead_in,
        ruling=as_payload(action.ruling),
    )
    ruling = action.ruling
    if ruling is not None and ruling.settled:
        _settle_ending(step, player, action.ending, ruling.decision == "accept", action.at)
        return
    voters = [p for p in state.players if p != player]
    step.open_vote(
        OpenVote(
            kind="ending",
            subject=player,
            card=action.ending,
            voters=voters,
            ruling=ruling,
            lead_in=lead_in,
        ),
        f"Does the ending fit the story? {', '.join(voters)} vote.",
    )


def _settle_ending(step: Step, player: str, ending: str, fits: bool, at: float | None) -> None:
    state = step.state
    if fits:
        state.table.append(
            PlayedCard(card=ending, player=player, sentence=len(state.story), how="ending")
        )
        state.winner = player
        step.emit("game_over", f"The ending is accepted: {player} wins.", player=player)
        return
    state.ending_discard.append(ending)
    step.emit(
        "ending_rejected",
        f"The ending is rejected; {player} draws 1 ending and 1 story card.",
        player=player,
        ending=ending,
    )
    step.draw_ending(player, 1)
    step.draw_story(player, 1)
    step.hand_over(state.next_player(player), at, "ending rejected")


# --- everybody else ----------------------------------------------------------------------------


def _call_pause(step: Step, action: CallPause) -> None:
    state = step.state
    if state.last_spoken_at is None:
        raise IllegalActionError(
            f"{state.storyteller}'s silence is not being measured (no timestamp since the "
            "story came to them, or since a vote closed without one); it is measured again "
            "from their next timestamped line",
            rule="pause",
        )
    check_timestamp(state, action.at)
    if not _lost_to_silence(step, action.at):
        raise IllegalActionError(
            f"{state.storyteller} has been silent {action.at - state.last_spoken_at:.1f}s, "
            f"not more than {state.config.pause_seconds:g}s",
            rule="pause",
        )


def _challenge(step: Step, action: Challenge) -> None:
    state = step.state
    if action.player == state.storyteller:
        raise IllegalActionError("you cannot challenge your own story", rule="no-self-challenge")
    if len(state.story) <= state.turn_start:
        raise IllegalActionError(
            "nothing has been told this turn to challenge", rule="challenge-moment"
        )
    ruling = action.ruling
    step.emit(
        "challenge",
        f"{action.player} says the story has become incoherent"
        + (f": {action.reason}" if action.reason else "."),
        player=action.player,
        reason=action.reason,
        ruling=as_payload(ruling),
    )
    if ruling is not None and ruling.settled and ruling.decided_by in ("table", "vote"):
        _settle_incoherence(step, ruling.decision == "accept", action.at)
        return
    voters = [p for p in state.players if p not in (state.storyteller, action.player)]
    if voters:
        step.open_vote(
            OpenVote(
                kind="incoherence",
                subject=state.storyteller,
                voters=voters,
                sentence=len(state.story) - 1,
                ruling=ruling,
            ),
            f"Is the story incoherent? {', '.join(voters)} vote.",
        )
        return
    _settle_incoherence(step, ruling is not None and ruling.decision == "accept", action.at)


def _settle_incoherence(step: Step, upheld: bool, at: float | None) -> None:
    state = step.state
    if upheld:
        # The line is ruled incoherent: it is no longer kept against anything (it may have
        # been a line not flagged again), so no run of kept lines goes on from it.
        state.story[-1].kept_against = []
        step.lose_turn(
            at, "incoherent", f"The story is ruled incoherent: {state.storyteller} loses the turn."
        )
    else:
        step.emit(
            "challenge_rejected",
            f"The story stands: {state.storyteller} continues.",
            player=state.storyteller,
        )


# --- votes --------------------------------------------------------------------------------------


def _vote(step: Step, action: Vote) -> None:
    state = step.state
    vote = state.vote
    assert vote is not None
    if action.player not in vote.voters:
        raise IllegalActionError(
            f"{action.player} is involved in {vote.describe()} and may not vote; "
            f"voters: {', '.join(vote.voters)}",
            rule="uninvolved-vote",
        )
    if action.player in vote.votes:
        raise IllegalActionError(f"{action.player} has already voted", rule="one-vote")
    vote.votes[action.player] = action.agree
    step.emit(
        "vote",
        f"{action.player} votes {'yes' if action.agree else 'no'}.",
        player=action.player,
        agree=action.agree,
    )
    result = _tally(vote)
    if result is None:
        return
    turn = state.turn
    state.vote = None
    if action.at is None:
        # The vote took a time nobody stamped: the storyteller's silence is measured again
        # from their next timestamped line, not across the vote.
        state.last_spoken_at = None
    step.emit(
        "vote_closed",
        f"The vote on {vote.describe()} ends: {result}.",
        player=vote.subject,
        vote=vote.kind,
        result=result,
        votes=dict(vote.votes),
    )
    _RESOLVERS[vote.kind](step, vote, result, action.at)
    _settle_queued(step, vote, turn, action.at)


def _tally(vote: OpenVote) -> str | None:
    """``agree``, ``disagree``, ``tie`` once the result can no longer change, else None."""
    voters = len(vote.voters)
    agree = sum(vote.votes.values())
    disagree = len(vote.votes) - agree
    if 2 * agree > voters:
        return "agree"
    if 2 * disagree > voters:
        return "disagree"
    if len(vote.votes) == voters:
        return "tie"
    return None


def _resolve_play(step: Step, vote: OpenVote, result: str, at: float | None) -> None:
    card = step.deck.story[vote.card or ""]
    if result == "agree":
        _accept_play(step, vote.subject, card, vote.sentence or 0, _vote_ruling(vote, result))
    else:
        step.emit(
            "play_refused",
            f"{card.en} is not played; it stays in {vote.subject}'s hand.",
            player=vote.subject,
            card=card.id,
        )


def _resolve_interrupt(step: Step, vote: OpenVote, result: str, at: float | None) -> None:
    card = step.deck.story[vote.card or ""]
    tie_wins = step.state.config.interrupt_tie == "interrupter_wins"
    if result == "agree" or (result == "tie" and tie_wins):
        interrupts.succeeds(
            step, vote.subject, card, "element", vote.sentence or 0, _vote_ruling(vote, result), at
        )
        return
    if result == "disagree":
        interrupts.fails(step, vote.subject, card, "the uninvolved players voted no")
    else:
        step.emit(
            "interrupt_tied",
            f"The vote is tied: {step.state.storyteller} keeps the "
            f"story and {card.en} goes back to {vote.subject} without penalty.",
            player=vote.subject,
            card=card.id,
        )


def _settle_queued(step: Step, vote: OpenVote, turn: int, at: float | None) -> None:
    """The interrupts shown while ``vote`` was open, first shown first: too late (no penalty)
    once the story has changed hands; waiting on a vote a queued interrupt opened; else
    checked again and settled as if shown now."""
    for queued in vote.queued:
        state = step.state
        card = step.deck.story[queued.card]
        if state.turn != turn:
            step.emit(
                "interrupt_too_late",
                f"{queued.player}'s interrupt came too late: {state.storyteller} has the "
                f"story now. {card.en} stays in {queued.player}'s hand without penalty.",
                player=queued.player,
                card=queued.card,
            )
            continue
        if state.vote is not None:
            state.vote.queued.append(queued)
            continue
        try:
            interrupts.check(step, queued)
        except IllegalActionError as refusal:
            step.emit(
                "interrupt_dropped",
                f"{queued.player}'s waiting interrupt no longer "
                f"applies ({refusal.message}): no penalty.",
                player=queued.player,
            )
            continue
        if queued.by == "interrupt_card":
            assert step.state.window is not None
            interrupts.succeeds(
                step,
                queued.player,
                step.deck.story[queued.card],
                "interrupt_card",
                step.state.window.sentence,
                queued.ruling,
                at,
            )
        else:
            # Settled now: if it takes the story, the new storyteller's clock starts now.
            interrupts.resolve_by_element(step, queued.model_copy(update={"at": at}))


def _resolve_incoherence(step: Step, vote: OpenVote, result: str, at: float | None) -> None:
    if result != "agree":
        _keep_against(step.state, vote)
    _settle_incoherence(step, result == "agree", at)


def _keep_against(state: OuatState, vote: OpenVote) -> None:
    """The table voted to keep the line ``vote`` is about although the judge found it
    incoherent: remember the earlier sentences the judge cited against it
    (``Sentence.kept_against``), from edition 2 of these rules on. An unclear verdict cites
    only the sentence most against the line, which need not contradict it: nothing is kept."""
    if state.edition < 2 or vote.sentence is None or vote.ruling is None:
        return
    if vote.ruling.decision != "accept":  # in a challenge's terms: the judge found it incoherent
        return
    kept = state.story[vote.sentence]
    against = state.cited(vote.ruling.evidence, before=vote.sentence)
    kept.kept_against = sorted(set(against).union(kept.kept_against))


def _resolve_ending(step: Step, vote: OpenVote, result: str, at: float | None) -> None:
    accept_tie = step.state.config.ending_tie == "accept"
    fits = result == "agree" or (result == "tie" and accept_tie)
    _settle_ending(step, vote.subject, vote.card or "", fits, at)


def _vote_ruling(vote: OpenVote, result: str) -> Ruling:
    evidence = list(vote.ruling.evidence) if vote.ruling else []
    yes = sum(vote.votes.values())
    return Ruling(
        decided_by="vote",
        decision="accept",
        evidence=evidence,
        reason=f"{yes} of {len(vote.voters)} voters agreed ({result})",
    )


_CLAIMS = (Interrupt, Challenge, Vote)
"""Other players' actions that hold the storyteller up: once one is settled and the storyteller
still has the story, their silence is measured again from it (``Step.restart_clock``)."""

_HANDLERS: dict[type, Callable[[Step, Any], None]] = {
    Tell: _tell,
    Play: _play,
    Interrupt: interrupts.interrupt,
    Vote: _vote,
    Pass: _pass,
    Discard: _discard,
    CallPause: _call_pause,
    Challenge: _challenge,
    End: _end,
}

_RESOLVERS: dict[str, Callable[[Step, OpenVote, str, float | None], None]] = {
    "play": _resolve_play,
    "interrupt": _resolve_interrupt,
    "incoherence": _resolve_incoherence,
    "ending": _resolve_ending,
}
