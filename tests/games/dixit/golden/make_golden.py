"""Write the Dixit golden replay: one seeded 4-player game played by the referee's bots.

Run from the repository root: ``.venv/bin/python -m tests.games.dixit.golden.make_golden``.
It writes ``game.json`` (config with its own deck, seed, the actions in order),
``events.json`` (the events of each action) and ``final_state.json``. Regenerate only when
a change is meant to alter how a recorded game plays out, and check the diff.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from referee.games.dixit import GAME, DixitConfig, DixitState
from tests.games.dixit.helpers import WordOverlap, bot_move, deck

HERE = Path(__file__).resolve().parent
GAME_FILE = HERE / "game.json"
EVENTS_FILE = HERE / "events.json"
FINAL_FILE = HERE / "final_state.json"

SEED = 30
"""Three rounds: nobody finds the first card, some find the second, all find the third; Ana
and Cy share the win."""
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
DECK_SIZE = 32
"""24 cards dealt and 8 on the pile: two refills, and the third round ends the game."""
MAX_ACTIONS = 100


def dump(data: Any) -> str:
    """The stored form of golden data: sorted keys, indent 1, trailing newline."""
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def play(
    seed: int,
) -> tuple[DixitConfig, list[dict[str, Any]], list[list[dict[str, Any]]], DixitState]:
    """Play the golden game: its config, actions and events (as JSON data), final state."""
    config = DixitConfig(players=PLAYERS, deck=deck(DECK_SIZE), bots=PLAYERS)
    state = GAME.new_game(config, seed)
    chooser = random.Random(seed)
    ranker = WordOverlap()
    actions: list[dict[str, Any]] = []
    events: list[list[dict[str, Any]]] = []
    while not state.over and len(actions) < MAX_ACTIONS:
        action = bot_move(state, ranker, seed, chooser)
        applied = GAME.apply(state, action)
        state = applied.state
        actions.append(GAME.action_adapter.dump_python(action, mode="json"))
        events.append([event.model_dump(mode="json") for event in applied.events])
    return config, actions, events, state


def main() -> None:
    config, actions, events, state = play(SEED)
    if not state.over:
        raise SystemExit(f"seed {SEED} did not finish in {MAX_ACTIONS} actions")
    GAME_FILE.write_text(
        dump({"config": config.model_dump(mode="json"), "seed": SEED, "actions": actions}),
        encoding="utf-8",
    )
    EVENTS_FILE.write_text(dump(events), encoding="utf-8")
    FINAL_FILE.write_text(dump(state.model_dump(mode="json")), encoding="utf-8")
    print(
        f"seed {SEED}: {len(actions)} actions, {len(state.rounds)} rounds, winners "
        f"{', '.join(state.winners())}; wrote {GAME_FILE.name}, {EVENTS_FILE.name}, "
        f"{FINAL_FILE.name}"
    )


if __name__ == "__main__":
    main()
