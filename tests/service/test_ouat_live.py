"""OUAT live: after each sentence told, each seat hears privately which of its cards it names."""

from referee.games.ouat import GAME
from referee.games.ouat.actions import Interrupt, Pass, Tell
from referee.judge import LexicalJudge
from referee.service.judging import JudgeHooks
from tests.games.ouat.helpers import card, rig, table
from tests.service.scripted_judge import ScriptedJudge

HANDS = {"Ana": ["King", "Forest"], "Ben": ["Wolf", "Sword"], "Cy": ["Ring"]}


def start():
    return rig(table(["Ana", "Ben", "Cy"], first="Ana", seed=3), HANDS)


def apply(hooks, state, action):
    """The state after ``action`` and the events the hooks add."""
    after = GAME.apply(state, hooks.prepare("ouat", state, action)).state
    return after, hooks.annotate("ouat", state, action, after)


def tell(hooks, state, text, at=None):
    return apply(hooks, state, Tell(player=state.storyteller, text=text, at=at))


def test_each_seat_hears_only_of_its_own_cards():
    text = "The king sent a wolf into the forest."
    _, events = tell(JudgeHooks(LexicalJudge()), start(), text)
    assert [(event.kind, event.to, event.player) for event in events] == [
        ("mentions", "Ana", "Ana"),
        ("mentions", "Ben", "Ben"),
    ], "Cy's Ring is not named, so Cy hears nothing"
    ana, ben = events
    assert [entry["card"] for entry in ana.data["cards"]] == [card("King"), card("Forest")]
    assert ana.message == "This line names your King and Forest; you may claim one of them."
    assert ben.data == {
        "sentence": text,
        "cards": [
            {
                "card": card("Wolf"),
                "name": "Wolf",
                "decision": "accept",
                "score": 0.9,
                "evidence": ["wolf"],
                "reason": "'wolf' names Wolf",
            }
        ],
    }
    assert ben.message == "This line names your Wolf; you may claim it."


def test_unclear_cards_are_told_too_best_score_first():
    judge = ScriptedJudge("reject", by_name={"Wolf": "vote", "Sword": "accept"})
    _, events = tell(JudgeHooks(judge), start(), "Something happened.")
    [ben] = events
    assert ben.to == "Ben"
    assert [(e["name"], e["decision"]) for e in ben.data["cards"]] == [
        ("Sword", "accept"),
        ("Wolf", "vote"),
    ]
    assert ben.message == (
        "This line names your Sword and may name your Wolf (unclear: the table would vote); "
        "you may claim one of them."
    )


def test_the_judge_is_asked_once_per_line_with_the_story_so_far():
    judge = ScriptedJudge("reject")
    hooks = JudgeHooks(judge)
    state, events = tell(hooks, start(), "Once upon a time.")
    state, _ = tell(hooks, state, "There was a road.")
    every_card = [card(name) for hand in HANDS.values() for name in hand]
    assert events == [] and judge.calls == [
        ("Once upon a time.", [], every_card),
        ("There was a road.", ["Once upon a time."], every_card),
    ]


def test_no_hint_after_a_pause_or_for_other_actions():
    judge = ScriptedJudge("accept")
    hooks = JudgeHooks(judge)
    state, events = tell(hooks, start(), "Once upon a time.", at=100.0)
    assert len(events) == 3 and len(judge.calls) == 1
    state, events = apply(hooks, state, Interrupt(player="Cy", card=card("Ring")))
    assert state.storyteller == "Cy" and events == []
    assert len(judge.calls) == 2, "the claim was judged (prepare), no hint was given"
    state, events = tell(hooks, state, "The ring glowed.", at=101.0)
    state, events = tell(hooks, state, "Too late.", at=106.5)
    assert state.storyteller == "Ana", "Cy was silent over 5 s and lost the turn"
    assert events == [] and len(judge.calls) == 3
    state, events = apply(hooks, state, Pass(player="Ana"))
    assert events == [] and len(judge.calls) == 3


def test_other_games_are_left_alone():
    hooks = JudgeHooks(ScriptedJudge())
    action = Pass(player="Ana")
    assert hooks.prepare("chess", start(), action) is action
    assert hooks.annotate("chess", start(), action, start()) == []
