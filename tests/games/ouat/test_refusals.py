"""Every refusal: the rule is named, and nothing changes."""

import pytest

from referee.core.errors import IllegalActionError, MalformedActionError, NotYourTurnError
from referee.games.ouat import GAME
from referee.games.ouat.actions import (
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
from tests.games.ouat.helpers import accept, card, reject, rig, run, table

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]


@pytest.fixture
def state():
    state = table(PLAYERS, first="Ana", seed=5)
    return rig(
        state,
        {
            "Ana": ["King", "Sword", "Forest"],
            "Ben": ["Wolf", "Key", "Journey"],
            "Cy": ["Bird", "Witch", "Bridge"],
            "Dee": ["Door", "Fire"],
        },
    )


def refused(state, action, error=IllegalActionError, rule=None, words=""):
    before = state.model_dump_json()
    with pytest.raises(error) as caught:
        GAME.apply(state, action)
    assert state.model_dump_json() == before, "a refused action changed the state"
    if rule is not None:
        assert caught.value.rule == rule
    assert words in str(caught.value)
    return caught.value


def told(state, text="A king lived in a forest."):
    return run(state, Tell(player="Ana", text=text))


def test_card_you_do_not_hold(state):
    refused(
        told(state),
        Play(player="Ana", card=card("Wolf"), ruling=accept()),
        rule="own-card",
        words="Ana does not hold Wolf",
    )
    refused(
        told(state), Interrupt(player="Ben", card=card("King"), ruling=accept()), rule="own-card"
    )


def test_two_cards_on_one_sentence(state):
    state = run(told(state), Play(player="Ana", card=card("King"), ruling=accept()))
    refused(
        state,
        Play(player="Ana", card=card("Forest"), ruling=accept()),
        rule="one-card-per-sentence",
        words="King was already played",
    )


def test_play_before_any_sentence(state):
    refused(state, Play(player="Ana", card=card("King"), ruling=accept()), rule="play-on-sentence")


def test_play_on_an_older_sentence(state):
    state = run(told(state), Tell(player="Ana", text="Then night fell."))
    refused(
        state,
        Play(player="Ana", card=card("King"), sentence=0, ruling=accept()),
        rule="play-on-sentence",
    )


def test_play_ruled_not_named(state):
    refused(
        told(state),
        Play(player="Ana", card=card("Sword"), ruling=reject("no blade")),
        rule="element-named",
        words="no blade",
    )


def test_interrupting_yourself(state):
    refused(
        told(state),
        Interrupt(player="Ana", card=card("King"), ruling=accept()),
        rule="no-self-interrupt",
    )


def test_interrupt_card_of_the_wrong_category(state):
    # Ana plays a character (King); Ben's Key interrupts on things only.
    state = run(told(state), Play(player="Ana", card=card("King"), ruling=accept()))
    refused(
        state,
        Interrupt(player="Ben", card=card("Key"), by="interrupt_card"),
        rule="interrupt-card-category",
        words="Key interrupts on any thing",
    )


def test_interrupt_card_at_the_wrong_moment(state):
    # A thing was only mentioned, not played: no window.
    state = told(state, "She found a sword.")
    refused(
        state,
        Interrupt(player="Ben", card=card("Key"), by="interrupt_card"),
        rule="interrupt-card-moment",
    )
    # After a play, the next sentence closes the window.
    state = run(
        state,
        Play(player="Ana", card=card("Sword"), ruling=accept()),
        Tell(player="Ana", text="Then she walked on."),
    )
    refused(
        state,
        Interrupt(player="Ben", card=card("Key"), by="interrupt_card"),
        rule="interrupt-card-moment",
    )


def test_ordinary_card_used_as_interrupt_card(state):
    state = run(
        told(state, "She found a sword."), Play(player="Ana", card=card("Sword"), ruling=accept())
    )
    refused(
        state,
        Interrupt(player="Dee", card=card("Door"), by="interrupt_card"),
        rule="interrupt-card",
        words="Door is not an interrupt card",
    )


def test_interrupt_with_nothing_told(state):
    refused(
        state, Interrupt(player="Ben", card=card("Wolf"), ruling=accept()), rule="interrupt-moment"
    )


def test_ending_with_story_cards_left(state):
    ending = state.endings["Ana"][0]
    refused(
        told(state),
        End(player="Ana", ending=ending, ruling=accept()),
        rule="ending-needs-empty-hand",
        words="still holds 3 story card",
    )


def test_ending_you_do_not_hold(state):
    ending = state.endings["Ben"][0]
    refused(state, End(player="Ana", ending=ending), rule="own-card")


def test_acting_out_of_turn(state):
    refused(state, Tell(player="Ben", text="My turn!"), NotYourTurnError, rule="turn-order")
    state = told(state)
    refused(state, Play(player="Ben", card=card("Wolf"), ruling=accept()), NotYourTurnError)
    refused(state, Pass(player="Cy"), NotYourTurnError)
    ending = state.endings["Dee"][0]
    refused(state, End(player="Dee", ending=ending), NotYourTurnError)


def test_voting_when_involved(state):
    state = run(told(state, "A wolf howled."), Interrupt(player="Ben", card=card("Wolf")))
    assert state.phase == "voting"
    refused(state, Vote(player="Ana", agree=False), rule="uninvolved-vote")
    refused(state, Vote(player="Ben", agree=True), rule="uninvolved-vote")
    state = run(state, Vote(player="Cy", agree=True))
    refused(state, Vote(player="Cy", agree=True), rule="one-vote")


def test_only_votes_while_a_vote_is_open(state):
    state = run(told(state, "A wolf howled."), Interrupt(player="Ben", card=card("Wolf")))
    refused(state, Tell(player="Ana", text="And then..."), rule="vote-open")
    refused(state, Pass(player="Ana"), rule="vote-open")


def test_vote_with_no_vote_open(state):
    refused(state, Vote(player="Cy", agree=True), rule="vote-open")


def test_discard_outside_a_pass(state):
    refused(state, Discard(player="Ana", card=card("King")), rule="pass-discard")
    state = run(state, Pass(player="Ana"))
    refused(state, Discard(player="Ben", card=card("Wolf")), NotYourTurnError)
    refused(state, Tell(player="Ana", text="wait"), rule="pass-discard")


def test_swap_ending_when_the_variant_is_off(state):
    refused(
        state, Pass(player="Ana", swap_ending=state.endings["Ana"][0]), rule="variant-swap-ending"
    )


def test_pause_called_too_early(state):
    state = run(state, Tell(player="Ana", text="Once.", at=100.0))
    refused(state, CallPause(player="Ben", at=105.0), rule="pause", words="silent 5.0s")


def test_pause_with_no_timestamp_yet(state):
    refused(state, CallPause(player="Ben", at=10.0), rule="pause")


def test_challenging_your_own_story(state):
    refused(told(state), Challenge(player="Ana"), rule="no-self-challenge")


def test_challenge_with_nothing_told(state):
    refused(state, Challenge(player="Ben"), rule="challenge-moment")


def test_lead_in_too_long(state):
    state = state.model_copy(deep=True)
    state.story_deck += state.hands["Ana"]
    state.hands["Ana"] = []
    ending = state.endings["Ana"][0]
    refused(
        state, End(player="Ana", ending=ending, lead_in=["One.", "Two.", "Three."]), rule="lead-in"
    )


def test_acting_after_the_game_is_over(state):
    state = state.model_copy(deep=True)
    state.story_deck += state.hands["Ana"]
    state.hands["Ana"] = []
    state = run(state, End(player="Ana", ending=state.endings["Ana"][0], ruling=accept()))
    assert state.winner == "Ana"
    refused(state, Tell(player="Ana", text="More!"), rule="game-over")


@pytest.mark.parametrize(
    "action, words",
    [
        (Tell(player="Zed", text="hi"), "unknown player 'Zed'"),
        (Play(player="Ana", card="no-such-card"), "unknown story card 'no-such-card'"),
        (End(player="Ana", ending="no-such-ending"), "unknown ending card"),
        (Tell(player="Ana", text="   "), "must not be blank"),
    ],
)
def test_malformed_input(state, action, words):
    if isinstance(action, Play):
        state = told(state)
    refused(state, action, MalformedActionError, words=words)


def test_timestamp_going_backwards(state):
    state = run(state, Tell(player="Ana", text="Once.", at=100.0))
    refused(
        state,
        Tell(player="Ana", text="Twice.", at=99.0),
        MalformedActionError,
        words="earlier than the last one",
    )


def test_malformed_json_actions():
    from referee.core.game import parse_action

    for data, words in [
        ({"type": "tell", "player": "Ana"}, "text"),
        ({"type": "fly", "player": "Ana"}, "type"),
        ({"type": "vote", "player": "Ana", "agree": "maybe"}, "agree"),
        ({"type": "tell", "player": "Ana", "text": "x", "extra": 1}, "extra"),
    ]:
        with pytest.raises(MalformedActionError) as caught:
            parse_action(GAME, data)
        assert words in str(caught.value)
