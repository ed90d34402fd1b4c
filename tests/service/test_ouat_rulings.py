"""A story judge rules on each sentence told and each ending played; replays need no judge."""

import pytest

from referee.games.ouat import GAME
from referee.games.ouat.actions import End, Interrupt, Pass, Play, Tell, Vote
from referee.judge import LexicalJudge
from referee.service.judging import JudgeHooks
from referee.service.store import Store
from referee.service.tables import TableService
from tests.games.ouat.helpers import card, rig, table
from tests.service.scripted_judge import ScriptedJudge, ScriptedStoryJudge

PLAYERS = ["Ana", "Ben", "Cy"]
HANDS = {"Ana": ["King"], "Ben": ["Wolf"], "Cy": ["Ring"]}


def start():
    return rig(table(PLAYERS, first="Ana", seed=3), HANDS)


def prepared(judge, state, action):
    return JudgeHooks(judge).prepare("ouat", state, action)


def told(judge, state, *lines):
    """The state after the storyteller tells ``lines``, each prepared by ``judge``'s hooks."""
    for line in lines:
        action = prepared(judge, state, Tell(player=state.storyteller, text=line))
        state = GAME.apply(state, action).state
    return state


def ready_to_end(judge):
    """Ana has told two sentences and played her only card: she may end the story."""
    state = told(judge, start(), "Once there was a king.")
    state = GAME.apply(state, prepared(judge, state, Play(player="Ana", card=card("King")))).state
    state = told(judge, state, "He was very old.")
    assert state.hands["Ana"] == [] and state.phase == "telling"
    return state


def test_each_sentence_told_gets_the_coherence_ruling_with_the_story_so_far():
    judge = ScriptedStoryJudge()
    state = told(judge, start(), "Once there was a king.")
    tell = prepared(judge, state, Tell(player="Ana", text="  He was very old.  "))
    assert tell.ruling.decided_by == "judge" and tell.ruling.decision == "accept"
    assert tell.ruling.judge == "scripted-story@2" and tell.ruling.score == 0.9
    assert judge.story_calls == [
        ("coherence", [], "Once there was a king."),
        ("coherence", ["Once there was a king."], "He was very old."),
    ]


def test_an_incoherent_sentence_opens_the_table_vote_with_the_judges_evidence():
    judge = ScriptedStoryJudge()
    judge.by_sentence["The dead king laughed."] = "reject"
    state = told(judge, start(), "Once there was a king.", "The dead king laughed.")
    assert state.vote.kind == "incoherence" and state.vote.voters == ["Ben", "Cy"]
    assert state.vote.ruling.evidence == ["Once there was a king."]
    state = GAME.apply(state, Vote(player="Ben", agree=True)).state
    state = GAME.apply(state, Vote(player="Cy", agree=True)).state
    assert state.storyteller == "Ben"


def test_tells_the_rules_would_not_add_to_the_story_are_not_judged():
    judge = ScriptedStoryJudge(decision="vote")
    state = start()
    for action in [
        Tell(player="Ben", text="Not my turn."),
        Tell(player="Ana", text="   "),
        Tell(player="Ana", text="Ruled already.", ruling=judge.coherence([], "x").to_ruling()),
    ]:
        assert prepared(judge, state, action) is action
    state = told(judge, state, "Once.")
    judge.story_calls.clear()
    state = GAME.apply(state, Tell(player="Ana", text="Hm.", at=100.0)).state
    late = Tell(player="Ana", text="Too late.", at=106.0)
    assert prepared(judge, state, late) is late, "lost to a pause: nothing is told"
    claim = prepared(judge, state, Interrupt(player="Ben", card=card("Wolf")))
    voting = GAME.apply(state, claim).state
    assert voting.vote.kind == "interrupt"
    assert prepared(judge, voting, Tell(player="Ana", text="Wait.")).ruling is None
    assert judge.story_calls == []


@pytest.mark.parametrize("judge", [ScriptedJudge("accept"), LexicalJudge()])
def test_a_mention_judge_leaves_tells_and_ends_alone(judge):
    state = start()
    tell = Tell(player="Ana", text="Once there was a king.")
    assert prepared(judge, state, tell) is tell
    end = End(player="Ana", ending=state.endings["Ana"][0])
    assert prepared(judge, state, end) is end


def test_each_ending_gets_the_ending_ruling_after_its_lead_in():
    judge = ScriptedStoryJudge(fits="accept")
    state = ready_to_end(judge)
    ending = state.endings["Ana"][0]
    end = prepared(judge, state, End(player="Ana", ending=ending, lead_in=[" At last. "]))
    assert end.ruling.decision == "accept" and end.ruling.judge == "scripted-story@2"
    assert judge.story_calls[-1] == (
        "ending",
        ["Once there was a king.", "He was very old."],
        ["At last."],
        GAME.deck.endings[ending].en,
    )
    assert GAME.apply(state, end).state.winner == "Ana"


def test_a_rejected_ending_makes_the_storyteller_draw_and_hand_over():
    judge = ScriptedStoryJudge(fits="reject")
    state = ready_to_end(judge)
    ending = state.endings["Ana"][0]
    after = GAME.apply(state, prepared(judge, state, End(player="Ana", ending=ending))).state
    assert after.winner is None and after.storyteller == "Ben"
    assert len(after.hands["Ana"]) == 1 and len(after.endings["Ana"]) == 1
    assert ending in after.ending_discard


def test_an_unclear_ending_goes_to_the_table_vote():
    judge = ScriptedStoryJudge(fits="vote")
    state = ready_to_end(judge)
    ending = state.endings["Ana"][0]
    after = GAME.apply(state, prepared(judge, state, End(player="Ana", ending=ending))).state
    assert after.vote.kind == "ending" and after.vote.voters == ["Ben", "Cy"]
    assert after.vote.ruling.decision == "vote"


def test_ends_the_rules_refuse_are_not_judged():
    judge = ScriptedStoryJudge()
    state = start()  # Ana still holds a story card
    for action in [
        End(player="Ana", ending=state.endings["Ana"][0]),
        End(player="Ana", ending="no-such-ending"),
        End(player="Ben", ending=state.endings["Ben"][0]),
        Pass(player="Ana"),
    ]:
        assert prepared(judge, state, action) is action
    assert judge.story_calls == []


def test_a_table_restarted_from_its_store_without_a_judge_reaches_the_same_state():
    store = Store(":memory:", snapshot_every=1000)
    judge = ScriptedStoryJudge(fits="vote")
    judge.by_sentence["The dead king laughed."] = "reject"
    service = TableService(store, JudgeHooks(judge))
    config = {"players": PLAYERS, "first_storyteller": {"method": "named", "player": "Ana"}}
    table_id = service.create_table("ouat", config, seed=3).table_id

    def act(seat, **action):
        service.act(table_id, seat, {"player": seat, **action})

    act("Ana", type="tell", text="Once there was a king.")
    act("Ana", type="tell", text="The dead king laughed.")
    act("Ben", type="vote", agree=False)
    act("Cy", type="vote", agree=False)
    for held in list(service.state(table_id).hands["Ana"]):
        act("Ana", type="tell", text="And so it went.")
        act("Ana", type="play", card=held)
    act("Ana", type="end", ending=service.state(table_id).endings["Ana"][0])
    state = service.state(table_id)
    assert state.vote.kind == "ending", "the judge left the ending to the table"
    stored = [row.action for row in store.actions(table_id, after=0)]
    assert (
        stored[1]["ruling"]["decision"] == "reject" and stored[-1]["ruling"]["decision"] == "vote"
    )

    restarted = TableService(store)
    assert restarted.state(table_id) == state
    assert restarted.events(table_id, viewer="Ben") == service.events(table_id, viewer="Ben")
