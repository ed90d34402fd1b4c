"""The referee's coherence ruling on a tell: an incoherent sentence goes to the table's vote."""

import pytest

from referee.core.errors import IllegalActionError
from referee.core.ruling import Ruling
from referee.games.ouat import GAME
from referee.games.ouat.actions import Challenge, Interrupt, Play, Tell, Vote
from referee.games.ouat.rules import challenge_ruling
from tests.games.ouat.helpers import card, rig, run, table

KING_DIED = "The old king died in the winter."
KING_RIDES = "The next morning the king rode out to hunt."


def four():
    state = table(["Ana", "Ben", "Cy", "Dee"], first="Ana", seed=3)
    state = rig(state, {"Ana": ["King", "Sword"], "Ben": ["Wolf"], "Cy": ["Bird"], "Dee": ["Door"]})
    return run(state, Tell(player="Ana", text=KING_DIED))


def coherence(decision, score=0.2):
    return Ruling(
        decided_by="judge",
        decision=decision,
        evidence=[KING_DIED] if decision != "accept" else [],
        reason="It contradicts an earlier sentence",
        judge="story@1",
        score=score,
    )


def flagged(state=None):
    """Ana tells a sentence the referee rules incoherent."""
    state = state or four()
    return GAME.apply(state, Tell(player="Ana", text=KING_RIDES, ruling=coherence("reject")))


def test_an_incoherent_sentence_is_told_then_every_other_player_votes():
    applied = flagged()
    state = applied.state
    assert state.story[-1].text == KING_RIDES and state.story[-1].index == 1
    assert [e.kind for e in applied.events] == ["tell", "incoherence_flagged", "vote_opened"]
    tell, flag, opened = applied.events
    assert tell.data["ruling"] == coherence("reject").model_dump()
    assert flag.to is None, "every seat and spectator sees the flag"
    assert flag.player == "Ana" and flag.data == {
        "sentence": 1,
        "evidence": [KING_DIED],
        "reason": "It contradicts an earlier sentence",
    }
    assert flag.message == "The referee flags the story as incoherent: " + flag.data["reason"]
    vote = state.vote
    assert (vote.kind, vote.subject, vote.sentence) == ("incoherence", "Ana", 1)
    assert vote.voters == ["Ben", "Cy", "Dee"] and opened.data["voters"] == vote.voters
    # In a challenge's terms: the referee upholds the claim that the story is incoherent.
    assert vote.ruling.decision == "accept" and vote.ruling.evidence == [KING_DIED]
    assert vote.ruling.score == pytest.approx(0.8) and vote.ruling.judge == "story@1"


def test_the_table_agrees_and_the_storyteller_loses_the_turn():
    state = run(flagged().state, Vote(player="Ben", agree=True))
    result = GAME.apply(state, Vote(player="Dee", agree=True))
    state = result.state
    assert state.vote is None and state.storyteller == "Ben"
    assert len(state.hands["Ana"]) == 3, "the storyteller who lost the turn drew a card"
    assert "turn_lost" in [e.kind for e in result.events]
    assert state.story[-1].text == KING_RIDES, "what was said stays said"


@pytest.mark.parametrize("votes", [(False, False), (True, False, False)])
def test_the_table_disagrees_and_the_story_stands(votes):
    state = flagged().state
    for voter, agree in zip(["Ben", "Cy", "Dee"], votes, strict=False):
        state = run(state, Vote(player=voter, agree=agree))
    assert state.vote is None and state.storyteller == "Ana" and state.phase == "telling"
    state = run(state, Play(player="Ana", card=card("King")))
    assert state.vote.kind == "play", "Ana goes on, claiming the king of her sentence"


def test_a_tie_lets_the_story_stand():
    state = rig(table(["Ana", "Ben", "Cy"], first="Ana", seed=1), {"Ana": ["King"]})
    state = flagged(run(state, Tell(player="Ana", text=KING_DIED))).state
    assert state.vote.voters == ["Ben", "Cy"]
    state = run(state, Vote(player="Ben", agree=True), Vote(player="Cy", agree=False))
    assert state.storyteller == "Ana" and state.phase == "telling"


def test_with_two_players_the_other_one_decides():
    state = rig(table(["Ana", "Ben"], first="Ana", seed=1), {"Ana": ["King"]})
    state = flagged(run(state, Tell(player="Ana", text=KING_DIED))).state
    assert state.vote.voters == ["Ben"]
    assert run(state, Vote(player="Ben", agree=True)).storyteller == "Ben"


@pytest.mark.parametrize("decision", ["accept", "vote"])
def test_a_coherent_or_unclear_sentence_opens_nothing(decision):
    ruling = coherence(decision, score=0.9)
    applied = GAME.apply(four(), Tell(player="Ana", text=KING_RIDES, ruling=ruling))
    assert [e.kind for e in applied.events] == ["tell"]
    assert applied.events[0].data["ruling"] == ruling.model_dump()
    assert applied.state.vote is None and applied.state.story[-1].text == KING_RIDES
    assert GAME.apply(applied.state, Challenge(player="Ben")).state.vote.kind == "incoherence"


def test_while_the_table_votes_only_votes_and_interrupts_are_taken():
    state = flagged().state
    for refused in [
        Tell(player="Ana", text="And then?"),
        Play(player="Ana", card=card("King")),
        Challenge(player="Ben"),
    ]:
        with pytest.raises(IllegalActionError, match="a challenge to Ana's story") as refusal:
            GAME.apply(state, refused)
        assert refusal.value.rule == "vote-open"
    assert GAME.legal_actions(state, "Ana") == []
    for voter, held in [("Ben", "Wolf"), ("Cy", "Bird"), ("Dee", "Door")]:
        listed = GAME.legal_actions(state, voter)
        assert listed == [
            Vote(player=voter, agree=True),
            Vote(player=voter, agree=False),
            Interrupt(player=voter, card=card(held)),
        ]
        for action in listed:
            GAME.apply(state, action)


def test_an_interrupt_shown_during_the_vote_waits_and_is_too_late_if_the_turn_is_lost():
    state = run(flagged().state, Interrupt(player="Ben", card=card("Wolf")))
    assert [q.player for q in state.vote.queued] == ["Ben"]
    applied = GAME.apply(run(state, Vote(player="Cy", agree=True)), Vote(player="Dee", agree=True))
    kinds = [e.kind for e in applied.events]
    assert kinds.index("turn_lost") < kinds.index("interrupt_too_late")
    assert applied.state.storyteller == "Ben" and card("Wolf") in applied.state.hands["Ben"]


def test_an_interrupt_shown_during_the_vote_is_settled_once_the_story_stands():
    state = run(flagged().state, Interrupt(player="Ben", card=card("Wolf")))
    state = run(state, Vote(player="Cy", agree=False))
    applied = GAME.apply(state, Vote(player="Dee", agree=False))
    kinds = [e.kind for e in applied.events]
    assert kinds == ["vote", "vote_closed", "challenge_rejected", "vote_opened"]
    vote = applied.state.vote
    assert (vote.kind, vote.subject, vote.voters) == ("interrupt", "Ben", ["Cy", "Dee"])


def test_a_sentence_lost_to_a_pause_is_not_flagged():
    state = run(four(), Tell(player="Ana", text="Hm.", at=100.0))
    late = Tell(player="Ana", text=KING_RIDES, at=106.0, ruling=coherence("reject"))
    applied = GAME.apply(state, late)
    assert applied.state.storyteller == "Ben" and applied.state.vote is None
    assert "incoherence_flagged" not in [e.kind for e in applied.events]


def test_tells_round_trip_through_json_with_and_without_a_ruling():
    ruled = Tell(player="Ana", text=KING_RIDES, ruling=coherence("reject"))
    data = GAME.action_adapter.dump_python(ruled, mode="json")
    assert data["ruling"]["decision"] == "reject"
    assert GAME.action_adapter.validate_python(data) == ruled
    plain = GAME.action_adapter.dump_python(Tell(player="Ana", text="Once."), mode="json")
    assert plain == {"type": "tell", "player": "Ana", "text": "Once.", "at": None}
    assert GAME.action_adapter.validate_python(plain) == Tell(player="Ana", text="Once.")


def test_a_line_the_table_keeps_remembers_what_it_was_flagged_against():
    state = flagged().state
    assert "kept_against" not in state.model_dump_json(), "left out while empty"
    state = run(state, Vote(player="Ben", agree=False), Vote(player="Cy", agree=False))
    kept = state.story[1]
    assert state.vote is None and kept.text == KING_RIDES and kept.kept_against == [0]
    assert state.kept_run() == ({0: 1}, {1})


def test_a_line_the_table_rules_incoherent_remembers_nothing():
    state = run(flagged().state, Vote(player="Ben", agree=True), Vote(player="Cy", agree=True))
    assert state.vote is None and state.storyteller == "Ben"
    assert state.story[1].kept_against == [] and state.kept_run() == ({}, set())


def test_a_tie_keeps_the_line_and_remembers_too():
    state = rig(table(["Ana", "Ben", "Cy"], first="Ana", seed=1), {"Ana": ["King"]})
    state = flagged(run(state, Tell(player="Ana", text=KING_DIED))).state
    state = run(state, Vote(player="Ben", agree=True), Vote(player="Cy", agree=False))
    assert state.story[1].kept_against == [0]


def test_a_challenge_the_table_refuses_remembers_the_judges_evidence():
    """The judge found the line incoherent only when challenged (in the challenge's terms
    its ruling upholds the challenge); the table kept it: that conflict is weighed too."""
    state = run(four(), Tell(player="Ana", text=KING_RIDES, ruling=coherence("vote")))
    upheld = challenge_ruling(coherence("reject"))
    state = run(state, Challenge(player="Ben", ruling=upheld), Vote(player="Cy", agree=False))
    state = run(state, Vote(player="Dee", agree=False))
    assert state.story[1].kept_against == [0] and state.storyteller == "Ana"


def test_a_challenge_the_judge_found_unclear_remembers_nothing():
    """An unclear verdict cites the sentence most against the line, which need not
    contradict it: keeping the line settles nothing."""
    unclear = coherence("vote")
    state = run(four(), Tell(player="Ana", text=KING_RIDES, ruling=unclear))
    state = run(state, Challenge(player="Ben", ruling=unclear), Vote(player="Cy", agree=False))
    state = run(state, Vote(player="Dee", agree=False))
    assert state.story[1].kept_against == [] and state.storyteller == "Ana"


def test_a_challenge_without_the_judge_remembers_nothing():
    ruled = GAME.apply(four(), Tell(player="Ana", text=KING_RIDES))
    state = run(ruled.state, Challenge(player="Ben"), Vote(player="Cy", agree=False))
    state = run(state, Vote(player="Dee", agree=False))
    assert state.story[1].kept_against == [] and state.storyteller == "Ana"


def test_a_table_of_the_first_edition_replays_as_it_always_did():
    """Tables created before edition 2 had no memory of kept lines: their stored states
    (without ``edition`` in their JSON) must replay to the same states, digests included."""
    data = flagged().state.model_dump(mode="json")
    del data["edition"]
    old = GAME.state_type.model_validate(data)
    assert old.edition == 1
    state = run(old, Vote(player="Ben", agree=False), Vote(player="Cy", agree=False))
    assert state.story[1].kept_against == []
    assert (
        "edition" not in state.model_dump_json() and "kept_against" not in state.model_dump_json()
    )


def not_flagged_again(*cited):
    """A told line's ruling as the service gives it when the judge's flag is a repeat."""
    return Ruling(
        decided_by="referee",
        decision="accept",
        evidence=list(cited),
        reason="not flagged again",
        judge="story@1",
        score=0.2,
    )


def test_a_line_not_flagged_again_is_kept_against_the_settled_sentences_it_cites():
    state = run(flagged().state, Vote(player="Ben", agree=False), Vote(player="Cy", agree=False))
    later = "The king hunted all day."
    state = run(
        state, Tell(player="Ana", text=later, ruling=not_flagged_again(KING_RIDES, KING_DIED))
    )
    assert state.story[2].kept_against == [0], "the settled sentence, not the kept line"
    assert state.kept_run() == ({0: 1}, {1, 2}) and state.vote is None
    state = run(state, Tell(player="Ana", text="He slept.", ruling=not_flagged_again(later)))
    assert state.story[3].kept_against == [], "nothing settled was cited"


def test_a_first_edition_table_records_no_line_not_flagged_again():
    data = run(
        flagged().state, Vote(player="Ben", agree=False), Vote(player="Cy", agree=False)
    ).model_dump(mode="json")
    del data["edition"]
    old = GAME.state_type.model_validate(data)
    state = run(old, Tell(player="Ana", text="And so on.", ruling=not_flagged_again(KING_DIED)))
    assert state.story[2].kept_against == []
