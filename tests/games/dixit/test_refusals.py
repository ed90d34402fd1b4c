"""Every refusal: the right error, the rule named, and nothing changes."""

import pytest

from referee.core.errors import IllegalActionError, MalformedActionError, NotYourTurnError
from referee.core.game import parse_action
from referee.games.dixit import GAME
from referee.games.dixit.actions import Clue, Submit, Vote
from referee.games.ouat.actions import Pass
from tests.games.dixit.helpers import clue_and_submit, position, rig, run, table, vote_for


def refused(state, action, error=IllegalActionError, rule=None, words=""):
    before = state.model_dump_json()
    with pytest.raises(error) as caught:
        GAME.apply(state, action)
    assert type(caught.value) is error
    assert state.model_dump_json() == before, "a refused action changed the state"
    if rule is not None:
        assert caught.value.rule == rule
    assert words in str(caught.value), str(caught.value)
    return caught.value


HANDS = {
    "Ana": ["c01", "c11"],
    "Ben": ["c02", "c12"],
    "Cy": ["c03", "c13"],
    "Dee": ["c04", "c14"],
}


@pytest.fixture
def clue():
    """Four players, Ana the storyteller, waiting for her clue."""
    return rig(table(4, first="Ana"), HANDS)


@pytest.fixture
def submitting(clue):
    """Ana said her clue with c01; Ben has submitted c02."""
    return run(
        clue, Clue(player="Ana", card="c01", text="Winter"), Submit(player="Ben", cards=["c02"])
    )


@pytest.fixture
def voting(submitting):
    """Every card is laid out; Ben has voted for Ana's card."""
    state = run(submitting, Submit(player="Cy", cards=["c03"]), Submit(player="Dee", cards=["c04"]))
    return vote_for(state, {"Ben": "c01"})


@pytest.fixture
def three():
    """Three players, every card laid out: Ana's c01, Ben's c02 c12, Cy's c03 c13."""
    hands = {"Ana": ["c01"], "Ben": ["c02", "c12"], "Cy": ["c03", "c13"]}
    state = rig(table(3, first="Ana"), hands)
    return clue_and_submit(state, "c01", {"Ben": ["c02", "c12"], "Cy": ["c03", "c13"]})


# --- phase ------------------------------------------------------------------------------------


def test_clue_only_in_the_clue_phase(submitting, voting):
    refused(
        submitting, Clue(player="Ana", card="c11", text="Again"), rule="phase", words="submitting"
    )
    refused(voting, Clue(player="Ana", card="c11", text="Again"), rule="phase", words="vote")


def test_submit_only_while_submitting(clue, voting):
    refused(clue, Submit(player="Ben", cards=["c02"]), rule="phase", words="clue")
    refused(voting, Submit(player="Cy", cards=["c13"]), rule="phase", words="time to vote")


def test_vote_only_once_laid_out(clue, submitting):
    refused(clue, Vote(player="Ben", position=1), rule="phase", words="not laid out")
    refused(submitting, Vote(player="Cy", position=1), rule="phase", words="not laid out")


# --- the clue ------------------------------------------------------------------------------------


def test_only_the_storyteller_gives_the_clue(clue):
    error = refused(clue, Clue(player="Ben", card="c02", text="Mine"), error=NotYourTurnError)
    assert error.rule == "turn-order" and "Ana" in error.message


def test_clue_card_must_be_held(clue):
    refused(
        clue,
        Clue(player="Ana", card="c02", text="Hers"),
        rule="own-card",
        words="Ana does not hold",
    )


def test_clue_card_must_exist(clue):
    refused(
        clue,
        Clue(player="Ana", card="nope", text="X"),
        error=MalformedActionError,
        words="unknown card 'nope'",
    )


def test_clue_must_have_words(clue):
    refused(
        clue, Clue(player="Ana", card="c01", text="   "), error=MalformedActionError, words="blank"
    )
    with pytest.raises(MalformedActionError, match="text"):
        parse_action(GAME, {"type": "clue", "player": "Ana", "card": "c01", "text": ""})


# --- submissions ------------------------------------------------------------------------------


def test_submitted_card_must_be_held(submitting):
    refused(
        submitting, Submit(player="Cy", cards=["c04"]), rule="own-card", words="Cy does not hold"
    )
    refused(submitting, Submit(player="Cy", cards=["c01"]), rule="own-card")


def test_submitted_card_must_exist(submitting):
    refused(
        submitting,
        Submit(player="Cy", cards=["zz"]),
        error=MalformedActionError,
        words="unknown card",
    )


def test_one_card_with_four_players(submitting):
    refused(
        submitting,
        Submit(player="Cy", cards=["c03", "c13"]),
        rule="submission-count",
        words="submit exactly 1 card, not 2",
    )
    with pytest.raises(MalformedActionError, match="cards"):
        parse_action(GAME, {"type": "submit", "player": "Cy", "cards": []})


def test_two_cards_with_three_players():
    state = run(
        rig(table(3, first="Ana"), {"Ana": ["c01"], "Ben": ["c02", "c12"]}),
        Clue(player="Ana", card="c01", text="X"),
    )
    refused(
        state,
        Submit(player="Ben", cards=["c02"]),
        rule="submission-count",
        words="exactly 2 cards (the 3-player",
    )
    refused(
        state, Submit(player="Ben", cards=["c02", "c02"]), error=MalformedActionError, words="twice"
    )
    assert run(state, Submit(player="Ben", cards=["c02", "c12"])).submissions == {
        "Ben": ["c02", "c12"]
    }


def test_submit_once(submitting):
    refused(
        submitting,
        Submit(player="Ben", cards=["c12"]),
        rule="one-submission",
        words="Ben has already submitted",
    )


def test_storyteller_does_not_submit(submitting):
    refused(submitting, Submit(player="Ana", cards=["c11"]), rule="storyteller-abstains")


# --- votes ------------------------------------------------------------------------------------


def test_storyteller_does_not_vote(voting):
    refused(voting, Vote(player="Ana", position=1), rule="storyteller-abstains")


def test_vote_once(voting):
    again = Vote(player="Ben", position=position(voting, "c03"))
    refused(voting, again, rule="one-vote", words="Ben has already voted")


def test_vote_position_must_exist(voting):
    refused(
        voting, Vote(player="Cy", position=5), error=MalformedActionError, words="numbered 1 to 4"
    )
    with pytest.raises(MalformedActionError, match="position"):
        parse_action(GAME, {"type": "vote", "player": "Cy", "position": 0})


def test_no_vote_for_your_own_card(voting):
    refused(
        voting,
        Vote(player="Cy", position=position(voting, "c03")),
        rule="not-own-card",
        words="your own card",
    )


def test_no_vote_for_either_own_card_with_three_players(three):
    for card in ["c02", "c12"]:
        refused(
            three,
            Vote(player="Ben", position=position(three, card)),
            rule="not-own-card",
            words="either",
        )
    for card in ["c03", "c13"]:
        refused(three, Vote(player="Cy", position=position(three, card)), rule="not-own-card")
    assert run(three, Vote(player="Ben", position=position(three, "c13"))).votes


# --- anyone, any time ---------------------------------------------------------------------------


def test_unknown_player(clue, voting):
    refused(
        clue,
        Clue(player="Zed", card="c01", text="X"),
        error=MalformedActionError,
        words="unknown player 'Zed'",
    )
    refused(
        voting, Vote(player="ana", position=1), error=MalformedActionError, words="unknown player"
    )


def test_not_a_dixit_action(clue):
    refused(clue, Pass(player="Ana"), error=MalformedActionError, words="not a Dixit action")


def test_nothing_after_the_game_is_over(voting):
    state = voting.model_copy(update={"pile": [], "box": list(voting.pile)})
    state = vote_for(state, {"Cy": "c01", "Dee": "c02"})
    assert state.over and state.phase == "over"
    for action in [
        Clue(player=state.storyteller, card=state.hands[state.storyteller][0], text="More"),
        Submit(player="Ben", cards=[state.hands["Ben"][0]]),
        Vote(player="Cy", position=1),
    ]:
        refused(state, action, rule="game-over", words="the game is over")
    assert all(GAME.legal_actions(state, p) == [] for p in state.players)
