"""Malformed input is refused in words naming the field; OUAT states and actions round-trip JSON."""

from __future__ import annotations

import json

import pytest

from referee.core import ConfigError, MalformedActionError, parse_action, parse_config
from referee.core.ruling import Ruling
from referee.games.ouat import GAME, OuatState
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
from referee.games.ouat.config import FirstStoryteller, OuatConfig
from tests.games.ouat.helpers import accept, card, rig, run, table, unclear

FULL_RULING = Ruling(
    decided_by="judge",
    decision="accept",
    evidence=["a boy", "was born"],
    reason="'a boy' is a kind of Child",
    judge="lexical",
    score=0.875,
)

# --- parse_action / parse_config -------------------------------------------------------------


@pytest.mark.parametrize(
    "data, field",
    [
        ({"type": "tell", "player": "Ana"}, "text"),
        ({"type": "tell", "player": "Ana", "text": ""}, "text"),
        ({"type": "tell", "text": "Once upon a time"}, "player"),
        ({"type": "pass", "player": "Ana", "colour": "red"}, "colour"),
        ({"type": "vote", "player": "Ana", "agree": "maybe"}, "agree"),
        ({"type": "call_pause", "player": "Ana"}, "at"),
        ({"type": "tell", "player": "Ana", "text": "x", "at": "noon"}, "at"),
        ({"type": "interrupt", "player": "Ana", "card": "king", "by": "shouting"}, "by"),
        (
            {
                "type": "play",
                "player": "Ana",
                "card": "king",
                "ruling": {"decided_by": "judge", "decision": "maybe"},
            },
            "ruling.decision",
        ),
        (
            {
                "type": "play",
                "player": "Ana",
                "card": "king",
                "ruling": {"decided_by": "judge", "decision": "accept", "score": 2},
            },
            "ruling.score",
        ),
        ({"type": "end", "player": "Ana"}, "ending"),
        ({"type": "fly", "player": "Ana"}, "type"),
        ({"player": "Ana"}, "type"),
    ],
)
def test_parse_action_names_the_bad_field(data, field):
    with pytest.raises(MalformedActionError) as caught:
        parse_action(GAME, data)
    assert field in caught.value.message
    assert str(caught.value) == caught.value.message


@pytest.mark.parametrize("data", [None, "tell", 3, ["tell"]])
def test_parse_action_refuses_what_is_not_an_object(data):
    with pytest.raises(MalformedActionError, match="input"):
        parse_action(GAME, data)


def test_parse_action_gives_the_typed_action():
    action = parse_action(
        GAME,
        {
            "type": "interrupt",
            "player": "Ben",
            "card": "king",
            "by": "interrupt_card",
            "sentence": 3,
        },
    )
    assert action == Interrupt(player="Ben", card="king", by="interrupt_card", sentence=3)


@pytest.mark.parametrize(
    "data, field",
    [
        ({"players": ["Ana"]}, "players"),
        ({"players": ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"]}, "players"),
        ({"players": ["Ana", "Ben"], "pause_seconds": 0}, "pause_seconds"),
        ({"players": ["Ana", "Ben"], "max_lead_in": -1}, "max_lead_in"),
        ({"players": ["Ana", "Ben"], "colour": "red"}, "colour"),
        ({"players": ["Ana", "Ben"], "interrupt_tie": "coin"}, "interrupt_tie"),
        (
            {"players": ["Ana", "Ben"], "first_storyteller": {"method": "coin"}},
            "first_storyteller.method",
        ),
        (
            {"players": ["Ana", "Ben"], "first_storyteller": {"method": "named", "player": "Zed"}},
            "first_storyteller.player",
        ),
        ({"players": ["Ana", "Ben"], "first_storyteller": {"method": "oldest"}}, "age"),
        ({"players": ["Ana", "Ben"], "multiple_endings": ["Zed"]}, "multiple_endings"),
        ({"players": ["Ana", "Ben"], "previous_hand_counts": {"Ana": 3}}, "previous_hand_counts"),
        ({"players": ["Ana", "ana"]}, "player names"),
        ({"players": ["Ana", " "]}, "player names"),
    ],
)
def test_parse_config_names_the_bad_field(data, field):
    with pytest.raises(ConfigError) as caught:
        parse_config(GAME, data)
    assert field in caught.value.message


@pytest.mark.parametrize("data", [None, "ouat", ["Ana", "Ben"]])
def test_parse_config_refuses_what_is_not_an_object(data):
    with pytest.raises(ConfigError):
        parse_config(GAME, data)


def test_parse_config_gives_the_typed_config():
    config = parse_config(GAME, {"players": ["Ana", "Ben"], "swap_ending": True})
    assert config == OuatConfig(players=["Ana", "Ben"], swap_ending=True)


# --- OUAT actions through the action adapter -----------------------------------------------

ACTIONS = [
    Tell(player="Ana", text="Once upon a time there was an old woman."),
    Tell(player="Ana", text="She was sad — 她很伤心.", at=12.25),
    Play(player="Ana", card="king"),
    Play(player="Ana", card="king", sentence=4, ruling=FULL_RULING, at=13.5),
    Interrupt(player="Ben", card="journey"),
    Interrupt(
        player="Ben",
        card="door",
        by="interrupt_card",
        sentence=2,
        ruling=Ruling(decided_by="vote", decision="vote"),
        at=0.0,
    ),
    Vote(player="Cy", agree=True),
    Vote(player="Cy", agree=False, at=99.0),
    Pass(player="Ana"),
    Pass(player="Ana", swap_ending="e1", at=1e9),
    Discard(player="Ana"),
    Discard(player="Ana", card="king"),
    CallPause(player="Dee", at=123.456),
    Challenge(player="Dee"),
    Challenge(
        player="Dee",
        reason="the wolf was dead",
        ruling=Ruling(decided_by="table", decision="reject", reason="it is a fairy tale"),
    ),
    End(player="Ana", ending="e1"),
    End(player="Ana", ending="e1", lead_in=["And so,", "at last"], ruling=FULL_RULING, at=5.0),
]


def test_every_action_type_is_covered():
    kinds = {type(action) for action in ACTIONS}
    assert kinds == {Tell, Play, Interrupt, Vote, Pass, Discard, CallPause, Challenge, End}


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.type)
def test_action_round_trips_through_json(action):
    adapter = GAME.action_adapter
    text = adapter.dump_json(action)
    restored = adapter.validate_json(text)
    assert restored == action
    assert type(restored) is type(action)
    assert adapter.dump_json(restored) == text


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.type)
def test_action_round_trips_through_plain_json_data(action):
    data = json.loads(json.dumps(GAME.action_adapter.dump_python(action, mode="json")))
    assert data["type"] == action.type
    assert parse_action(GAME, data) == action
    assert type(action).model_validate_json(action.model_dump_json()) == action


# --- OUAT states ------------------------------------------------------------------------------


def _round_trip(state: OuatState) -> None:
    text = state.model_dump_json()
    restored = OuatState.model_validate_json(text)
    assert restored == state
    assert restored.model_dump_json() == text
    data = json.loads(json.dumps(state.model_dump(mode="json")))
    assert OuatState.model_validate(data) == state
    assert GAME.legal_actions(restored, restored.storyteller) == GAME.legal_actions(
        state, state.storyteller
    )


@pytest.mark.parametrize(
    "config",
    [
        OuatConfig(players=["Ana", "Ben"]),
        OuatConfig(
            players=["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"],
            multiple_endings=True,
            swap_ending=True,
        ),
        OuatConfig(
            players=["Ana", "Ben", "Cy"],
            multiple_endings=["Ben"],
            first_storyteller=FirstStoryteller(
                method="youngest", ages={"Ana": 30, "Ben": 9.5, "Cy": 70}
            ),
        ),
        OuatConfig(
            players=["Ana", "Ben", "Cy", "Dee"],
            previous_hand_counts={"Ana": 1, "Ben": 4, "Cy": 4, "Dee": 0},
            pause_seconds=2.5,
            interrupt_tie="interrupter_wins",
            ending_tie="reject",
            max_lead_in=0,
        ),
    ],
    ids=["plain", "variants", "youngest", "house-rules"],
)
def test_new_state_round_trips(config):
    state = GAME.new_game(config, seed=31)
    _round_trip(state)
    assert OuatConfig.model_validate_json(config.model_dump_json()) == config


def test_state_mid_game_round_trips_and_plays_on_identically():
    state = table(["Ana", "Ben", "Cy", "Dee"], "Ana", seed=5)
    state = rig(
        state, {"Ana": ["Old Woman", "King"], "Ben": ["Journey", "Door"], "Cy": ["Village"]}
    )
    state = run(
        state,
        Tell(player="Ana", text="Once upon a time there was an old woman.", at=1.0),
        Play(player="Ana", card=card("Old Woman"), ruling=accept("old woman")),
        Tell(player="Ana", text="She set off on a journey to the village.", at=2.0),
        Interrupt(player="Ben", card=card("Journey"), ruling=unclear()),
    )
    assert state.vote is not None and state.vote.kind == "interrupt"
    state = run(state, Interrupt(player="Cy", card=card("Village")))
    assert state.vote is not None and len(state.vote.queued) == 1
    _round_trip(state)

    restored = OuatState.model_validate_json(state.model_dump_json())
    follow_up = [
        Vote(player="Cy", agree=True),
        Vote(player="Dee", agree=True),
        Tell(player="Ben", text="The road was long.", at=3.0),
        Pass(player="Ben"),
        Discard(player="Ben"),
    ]
    original_end = run(state, *follow_up)
    restored_end = run(restored, *follow_up)
    assert restored_end == original_end
    assert restored_end.model_dump_json() == original_end.model_dump_json()
    _round_trip(original_end)


def test_state_in_every_phase_round_trips():
    state = table(["Ana", "Ben", "Cy"], "Ana", seed=2)
    state = rig(state, {"Ana": ["King"]})
    seen = {state.phase}
    _round_trip(state)
    steps = [
        Tell(player="Ana", text="There was a king."),
        Play(player="Ana", card=card("King")),  # no ruling: the table votes
        Vote(player="Ben", agree=True),
        Vote(player="Cy", agree=True),
        Tell(player="Ana", text="And they all lived happily.", at=7.0),
        End(player="Ana", ending=state.endings["Ana"][0], ruling=unclear()),
        Vote(player="Ben", agree=True),
        Vote(player="Cy", agree=True),
    ]
    for action in steps:
        state = GAME.apply(state, action).state
        seen.add(state.phase)
        _round_trip(state)
    assert seen == {"telling", "voting", "over"}

    passing = run(table(["Ana", "Ben"], "Ana", seed=3), Pass(player="Ana"))
    assert passing.phase == "discarding"
    _round_trip(passing)
