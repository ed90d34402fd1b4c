"""The OUAT table asks the judge before the rules act, and hands them its ruling.

A claim that arrives without a ruling (a storyteller's play, an interrupt by
element) is judged on the storyteller's latest sentence: ``accept`` and
``reject`` become the ruling; ``vote`` makes the rules open the uninvolved
players' vote. A judge that also judges the story (a ``StoryJudge``) rules on
every sentence the storyteller adds, with the story before it as context (the
rules open the table's vote on one it finds incoherent, unless only on account of
a conflict the table voted to keep: ``not_flagged_again``), on every incoherence
challenge (the latest sentence against the story before it: the voters see its
evidence, and with nobody uninvolved to vote, in a 2-player game, its verdict
decides, unclear letting the story stand), and on every ending played, after its
lead-in (the rules settle an ending it accepts or rejects, and open the table's
vote on one it leaves unclear). The ruling is stored with the action, so replays
need no model.
"""

from __future__ import annotations

from referee.core.errors import RefereeError
from referee.core.ruling import Ruling
from referee.games.ouat.actions import Action, Challenge, End, Interrupt, Play, Tell
from referee.games.ouat.cards import Deck
from referee.games.ouat.rules import apply, challenge_ruling
from referee.games.ouat.state import OuatState, Sentence
from referee.judge.base import Judge, StoryJudge
from referee.judge.ouat import mention_ruling


def with_judge_ruling(action: Action, state: OuatState, judge: Judge, deck: Deck) -> Action:
    """``action`` with the judge's ruling attached when it is one the judge rules on.

    Anything else (an action with a ruling already, one this judge does not rule
    on, or one the rules will refuse or not act on anyway, such as an unknown card,
    a tell out of turn or after too long a pause) is returned unchanged for the
    rules to handle.
    """
    if getattr(action, "ruling", None) is not None:
        return action
    if isinstance(action, Play) or (isinstance(action, Interrupt) and action.by == "element"):
        return _mention_claim(action, state, judge, deck)
    if not isinstance(judge, StoryJudge):
        return action
    if isinstance(action, Tell):
        return _coherence(action, state, judge, deck)
    if isinstance(action, End):
        return _ending(action, state, judge, deck)
    if isinstance(action, Challenge):
        return _challenge(action, state, judge)
    return action


def _mention_claim(action: Play | Interrupt, state: OuatState, judge: Judge, deck: Deck) -> Action:
    card = deck.story.get(action.card)
    if card is None or state.current_sentence() is None:
        return action
    return action.model_copy(update={"ruling": mention_ruling(judge, state, card)})


def _coherence(action: Tell, state: OuatState, judge: StoryJudge, deck: Deck) -> Action:
    told = _added(state, action, deck)
    if not told:  # refused, or lost to a pause: no sentence joins the story
        return action
    context = [line.text for line in state.story]
    ruling = judge.coherence(context, told[0].text).to_ruling()
    return action.model_copy(update={"ruling": not_flagged_again(ruling, state)})


def _challenge(action: Challenge, state: OuatState, judge: StoryJudge) -> Action:
    if action.player == state.storyteller or len(state.story) <= state.turn_start:
        return action  # the rules refuse it
    *context, latest = [line.text for line in state.story]
    coherence = judge.coherence(context, latest).to_ruling()
    return action.model_copy(update={"ruling": challenge_ruling(coherence)})


def not_flagged_again(ruling: Ruling, state: OuatState) -> Ruling:
    """A told line's coherence ``ruling``, unless it flags the line only on account of a
    conflict the table has weighed. That is when the line goes straight on from a run of
    lines kept against the judge (a line the table voted to keep, and the lines not flagged
    again after it, which the rules keep too: ``OuatState.kept_run``), and every sentence
    the judge cites is either one the run was kept against or a line of the run, at least
    one of the first kind. The judge reads the story whole, so it would otherwise flag each
    line that goes on from the kept one for the same conflict. Such a ruling becomes the
    referee's ``accept``, keeping the judge's evidence and score, with a reason that says
    so. A flag that cites a kept line alone, or anything else, or comes after a line that
    was not kept, stands; and a player may still challenge (the challenge gets the judge's
    own verdict).

    >>> from referee.games.ouat.state import Sentence
    >>> story = [Sentence(index=0, speaker="Ana", text="The king had no children."),
    ...          Sentence(index=1, speaker="Ana", text="His daughter rode out.",
    ...                   kept_against=[0])]
    >>> state = OuatState.model_construct(story=story)
    >>> def flag(*cited):
    ...     return Ruling(decided_by="judge", decision="reject", score=0.2,
    ...                   evidence=[story[i].text for i in cited], reason="It contradicts")
    >>> again = not_flagged_again(flag(0, 1), state)
    >>> again.decided_by, again.decision, again.evidence == flag(0, 1).evidence
    ('referee', 'accept', True)
    >>> not_flagged_again(flag(1), state).decision  # the kept line alone: a new conflict
    'reject'
    >>> nonsense = flag(0).model_copy(update={"evidence": ["ate a Tuesday", story[0].text]})
    >>> not_flagged_again(nonsense, state).decision  # it cites more than earlier sentences
    'reject'
    """
    if ruling.decision != "reject" or not ruling.evidence:
        return ruling
    told = {line.text for line in state.story}
    if any(item not in told for item in ruling.evidence):
        return ruling  # it cites something else (a phrase of the line read as nonsense)
    settled, kept_lines = state.kept_run()  # empty unless the line before was kept
    cited = state.cited(ruling.evidence)
    weighed = [index for index in cited if index in settled]
    if not weighed or any(index not in settled and index not in kept_lines for index in cited):
        return ruling
    kept = sorted({settled[index] for index in weighed})  # the lines the table voted to keep
    reason = (
        f"The judge finds it at odds with {_sentences(cited)}, a conflict the table weighed "
        f"when it voted to keep {_sentences(kept)}: not flagged again."
    )
    update = {"decided_by": "referee", "decision": "accept", "reason": reason}
    return ruling.model_copy(update=update)


def _sentences(indices: list[int]) -> str:
    """Sentences by their numbers as players count them: "sentence 2", "sentences 1 and 3"."""
    numbers = [str(index + 1) for index in indices]
    if len(numbers) == 1:
        return f"sentence {numbers[0]}"
    return f"sentences {', '.join(numbers[:-1])} and {numbers[-1]}"


def _ending(action: End, state: OuatState, judge: StoryJudge, deck: Deck) -> Action:
    lead_in = _added(state, action, deck)
    if lead_in is None:
        return action
    context = [line.text for line in state.story]
    text = deck.endings[action.ending].en
    ruling = judge.ending(context, [line.text for line in lead_in], text).to_ruling()
    return action.model_copy(update={"ruling": ruling})


def _added(state: OuatState, action: Action, deck: Deck) -> list[Sentence] | None:
    """The sentences ``action`` would add to the story, or None when the rules refuse it."""
    try:
        after = apply(state, action, deck).state
    except RefereeError:
        return None
    return after.story[len(state.story) :]
