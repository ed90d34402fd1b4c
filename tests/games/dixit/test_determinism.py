"""Same seed and same actions, same game: byte for byte. And apply never touches its input."""

import random

import pytest
from pydantic import ValidationError

from referee.core.rng import Rng
from referee.games.dixit import GAME, DixitConfig, DixitState
from referee.games.dixit.state import RoundRecord
from referee.games.dixit.step import SHARED_FIELDS, copy_state
from tests.games.dixit.helpers import NAMES, WordOverlap, bot_move, clue_and_submit, table


def bot_game(seed, count=4, actions=None):
    """A bot game; with ``actions`` it replays those instead of asking the bots."""
    state = GAME.new_game(DixitConfig(players=NAMES[:count]), seed)
    chooser, played, events = random.Random(seed), [], []
    while not state.over:
        action = actions[len(played)] if actions else bot_move(state, WordOverlap(), seed, chooser)
        applied = GAME.apply(state, action)
        state = applied.state
        played.append(action)
        events.append([event.model_dump_json() for event in applied.events])
    return state, played, events


def test_same_seed_and_actions_give_the_same_state_json():
    first, actions, events = bot_game(5)
    second, _, again = bot_game(5, actions=actions)
    assert first.model_dump_json() == second.model_dump_json()
    assert events == again
    assert bot_game(5)[0].model_dump_json() == first.model_dump_json(), "bots are deterministic"


def test_a_different_seed_gives_a_different_game():
    assert bot_game(5)[0].model_dump_json() != bot_game(6)[0].model_dump_json()


def test_apply_leaves_its_input_alone():
    state = table(4, first="Ana")
    state = clue_and_submit(state, state.hands["Ana"][0], {})
    before = state.model_dump_json()
    action = GAME.legal_actions(state, "Ben")[0]
    after = GAME.apply(state, action).state
    assert state.model_dump_json() == before
    assert after.submissions and not state.submissions
    assert after.rng == state.rng, "no shuffle yet"


def test_copy_state_copies_every_mutable_field_and_shares_only_immutable_ones():
    state, _, _ = bot_game(2, count=3)
    mid = GAME.new_game(DixitConfig(players=NAMES[:3]), 2)
    mid = clue_and_submit(mid, mid.hands[mid.storyteller][0], {})
    for sample in [state, mid]:
        copy = copy_state(sample)
        assert copy == sample
        assert copy.model_dump_json() == sample.model_dump_json()
        for name in DixitState.model_fields:
            value = getattr(sample, name)
            if name in SHARED_FIELDS:
                assert value is None or isinstance(value, str | int | bool | DixitConfig), name
            else:
                assert getattr(copy, name) is not value, f"{name} is shared, not copied"
        for player in sample.players:
            assert copy.hands[player] is not sample.hands[player]
        assert all(isinstance(r, RoundRecord) for r in copy.rounds)
        copy.rng.next_u32()
        assert copy.rng != sample.rng


def test_round_records_are_immutable():
    state, _, _ = bot_game(3)
    record = state.rounds[0]
    with pytest.raises(ValidationError, match="frozen"):
        record.clue = "changed"
    assert record.public() == record.model_dump()


def test_rng_in_state_survives_json():
    state = table(4)
    restored = DixitState.model_validate_json(state.model_dump_json())
    assert isinstance(restored.rng, Rng) and restored.rng == state.rng
    assert restored.rng.next_u32() == state.rng.model_copy().next_u32()
