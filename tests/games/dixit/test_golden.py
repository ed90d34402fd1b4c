"""Golden replay: the committed bot game replays to exactly the committed events and state.

The data is made by ``python -m tests.games.dixit.golden.make_golden``. A failure here means
an engine change altered how a recorded game plays out (rules, shuffles, draws, events or
state layout); regenerate the data only when that change is intended, and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.core import parse_action, parse_config
from referee.games.dixit import GAME, DixitState
from tests.games.dixit.golden.make_golden import dump

GOLDEN = Path(__file__).resolve().parent / "golden"


def _load(name: str) -> Any:
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


def _replay(game: dict[str, Any]) -> tuple[DixitState, list[list[dict[str, Any]]]]:
    state = GAME.new_game(parse_config(GAME, game["config"]), game["seed"])
    events = []
    for number, data in enumerate(game["actions"]):
        action = parse_action(GAME, data)
        assert GAME.action_adapter.dump_python(action, mode="json") == data, number
        applied = GAME.apply(state, action)
        state = applied.state
        events.append([event.model_dump(mode="json") for event in applied.events])
    return state, events


def test_replay_gives_the_golden_events_and_final_state():
    final, events = _replay(_load("game.json"))
    golden_events = _load("events.json")
    assert len(events) == len(golden_events)
    for number, (got, want) in enumerate(zip(events, golden_events, strict=True)):
        assert got == want, f"action {number} caused different events"
    assert final.model_dump(mode="json") == _load("final_state.json")


def test_golden_game_is_a_finished_four_player_game():
    game = _load("game.json")
    assert len(game["config"]["players"]) == 4 and game["config"]["deck"]
    final = DixitState.model_validate(_load("final_state.json"))
    outcome = GAME.outcome(final)
    assert outcome.finished and outcome.winners
    assert [record.case for record in final.rounds] == ["none", "some", "all"]
    assert len(outcome.winners) == 2, "a shared win"
    kinds = {event["kind"] for step in _load("events.json") for event in step}
    assert kinds == {
        "clue",
        "clue_card",
        "submitted",
        "submitted_cards",
        "layout",
        "voted",
        "your_vote",
        "reveal",
        "draw",
        "drew",
        "storyteller",
        "game_over",
    }


def test_replaying_twice_gives_byte_identical_json():
    game = _load("game.json")
    (first, first_events), (second, second_events) = _replay(game), _replay(game)
    assert first.model_dump_json() == second.model_dump_json()
    assert first_events == second_events


def test_golden_files_are_stored_canonically():
    for name in ["game.json", "events.json", "final_state.json"]:
        text = (GOLDEN / name).read_text(encoding="utf-8")
        assert text == dump(json.loads(text)), f"{name} is not in the form make_golden writes"
