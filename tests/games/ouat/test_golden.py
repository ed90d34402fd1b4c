"""Golden replay: the committed 4-player game replays to exactly the committed final state.

The data is made by ``python -m tests.games.ouat.golden.make_golden``. A failure here means an
engine change altered how a recorded game plays out (rules, shuffles, draws or state layout);
regenerate the data only when that change is intended, and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.core import parse_action, parse_config
from referee.games.ouat import GAME, OuatState
from tests.games.ouat.golden.make_golden import dump

GOLDEN = Path(__file__).resolve().parent / "golden"


def _load(name: str) -> Any:
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


def _replay(game: dict[str, Any]) -> OuatState:
    state = GAME.new_game(parse_config(GAME, game["config"]), game["seed"])
    for number, data in enumerate(game["actions"]):
        action = parse_action(GAME, data)
        assert GAME.action_adapter.dump_python(action, mode="json") == data, number
        state = GAME.apply(state, action).state
    return state


def test_replay_reaches_the_golden_final_state():
    final = _replay(_load("game.json"))
    assert final.model_dump(mode="json") == _load("final_state.json")


def test_golden_game_is_a_finished_four_player_game():
    game = _load("game.json")
    assert len(game["config"]["players"]) == 4
    final = OuatState.model_validate(_load("final_state.json"))
    outcome = GAME.outcome(final)
    assert outcome.finished and outcome.winners == [final.winner]
    kinds = {action["type"] for action in game["actions"]}
    assert {"tell", "play", "interrupt", "vote", "pass", "discard", "end"} <= kinds


def test_replaying_twice_gives_byte_identical_json():
    game = _load("game.json")
    first, second = _replay(game), _replay(game)
    assert first.model_dump_json() == second.model_dump_json()
    assert dump(first.model_dump(mode="json")) == dump(second.model_dump(mode="json"))


def test_golden_files_are_stored_canonically():
    for name in ["game.json", "final_state.json"]:
        text = (GOLDEN / name).read_text(encoding="utf-8")
        assert text == dump(json.loads(text)), f"{name} is not in the form make_golden writes"


def test_a_first_edition_table_replays_to_the_state_the_old_engine_wrote():
    """A table stored before edition 2 has no ``edition`` in its JSON: replayed from such a
    start, the golden game reaches the final state the engine wrote before edition 2 (the
    committed one without that key), byte for byte."""
    game = _load("game.json")
    start = GAME.new_game(parse_config(GAME, game["config"]), game["seed"])
    data = start.model_dump(mode="json")
    del data["edition"]
    state = OuatState.model_validate(data)
    for action in game["actions"]:
        state = GAME.apply(state, parse_action(GAME, action)).state
    before_edition_two = {k: v for k, v in _load("final_state.json").items() if k != "edition"}
    assert state.model_dump(mode="json") == before_edition_two
    assert dump(state.model_dump(mode="json")) == dump(before_edition_two)
