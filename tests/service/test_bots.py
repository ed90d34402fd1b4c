"""Seats the referee plays: bots move on their own, are stored as actions and replay exactly."""

import pytest

from referee.games.dixit import GAME
from referee.games.dixit.bot import bot_action
from referee.judge.clue import ClueJudge
from referee.service.bots import TableBots, table_bots
from referee.service.errors import ForbiddenError, SeatTakenError
from referee.service.store import Store
from referee.service.tables import TableService

HUMANS = ["Ana", "Ben"]
BOTS = ["Cy", "Dee"]
CONFIG = {"players": HUMANS + BOTS, "first_storyteller": "Ana", "bots": BOTS}


@pytest.fixture
def bots() -> TableBots:
    return table_bots(ClueJudge.lexical())


@pytest.fixture
def store(tmp_path):
    store = Store(str(tmp_path / "tables.sqlite3"), snapshot_every=7)
    yield store
    store.close()


def test_a_table_of_bots_plays_itself_to_the_end_when_created(store, bots):
    service = TableService(store, bots=bots)
    config = {"players": ["Ana", "Ben", "Cy"], "bots": ["Ana", "Ben", "Cy"]}
    table = service.create_table("dixit", config, seed=3)
    seen = service.view(table.table_id, None)
    assert seen.finished and seen.winners
    state = service.state(table.table_id)
    assert state.scores == {p: sum(r.gained[p] for r in state.rounds) for p in state.players}
    # every move is stored as that seat's action, in order
    log = service.events(table.table_id)
    assert log.seq == seen.seq > 30
    assert {event.kind for _, event in log.events} >= {"clue", "layout", "reveal", "game_over"}


def test_bot_seats_cannot_be_joined_or_acted_for(store, bots):
    service = TableService(store, bots=bots)
    table = service.create_table("dixit", CONFIG, seed=1)
    with pytest.raises(SeatTakenError, match="played by the referee's bot"):
        service.join(table.table_id, "Cy")
    service.join(table.table_id, "Ana")
    with pytest.raises(ForbiddenError, match="cannot act for 'Cy'"):
        service.act(table.table_id, "Ana", {"type": "vote", "player": "Cy", "position": 1})
    assert service.view(table.table_id, None).seats == {
        "Ana": True,
        "Ben": False,
        "Cy": False,
        "Dee": False,
    }


def test_bots_answer_each_human_move_until_humans_are_due(store, bots):
    service = TableService(store, bots=bots)
    table = service.create_table("dixit", CONFIG, seed=2)
    tid = table.table_id
    state = service.state(tid)
    assert state.phase == "clue" and state.storyteller == "Ana"  # bots wait for Ana's clue
    card = state.hands["Ana"][0]
    service.act(tid, "Ana", {"type": "clue", "player": "Ana", "card": card, "text": "far away"})
    state = service.state(tid)
    assert state.phase == "submitting"
    assert set(state.submissions) == set(BOTS)  # both bots submitted at once; Ben is awaited
    hand = state.hands["Ben"]
    service.act(tid, "Ben", {"type": "submit", "player": "Ben", "cards": [hand[0]]})
    state = service.state(tid)
    assert state.phase == "voting" and set(state.votes) == set(BOTS)
    own = state.positions_of("Ben")[0]
    other = next(p for p in range(1, len(state.layout) + 1) if p != own)
    service.act(tid, "Ben", {"type": "vote", "player": "Ben", "position": other})
    state = service.state(tid)
    assert state.round == 2 and state.storyteller == "Ben" and len(state.rounds) == 1


def test_a_bots_move_is_what_its_view_decides(store, bots):
    service = TableService(store, bots=bots)
    table = service.create_table("dixit", {**CONFIG, "first_storyteller": "Cy"}, seed=4)
    stored = service.state(table.table_id)
    assert stored.phase == "submitting" and stored.storyteller == "Cy"
    # replaying the rules from the start with the bot's own decision reaches the same state
    fresh = GAME.new_game(GAME.config_type.model_validate(CONFIG | {"first_storyteller": "Cy"}), 4)
    ranker = ClueJudge.lexical()
    while (move := bot_action(GAME.view(fresh, "Cy"), ranker, 4)) or (
        move := bot_action(GAME.view(fresh, "Dee"), ranker, 4)
    ):
        fresh = GAME.apply(fresh, move).state
    assert fresh.model_dump() == stored.model_dump()


def test_a_restarted_service_replays_bot_moves_without_bots(store, bots):
    service = TableService(store, bots=bots)
    table = service.create_table("dixit", CONFIG, seed=5)
    tid = table.table_id
    card = service.state(tid).hands["Ana"][0]
    service.act(tid, "Ana", {"type": "clue", "player": "Ana", "card": card, "text": "alone"})
    before = service.state(tid).model_dump_json()
    reopened = TableService(store)  # no bots: the stored moves alone rebuild the table
    assert reopened.state(tid).model_dump_json() == before


def test_bots_due_when_the_service_stops_move_when_it_starts_again(store, bots):
    table = TableService(store).create_table("dixit", CONFIG | {"first_storyteller": "Cy"}, 6)
    assert TableService(store).state(table.table_id).phase == "clue"  # no bots: Cy waits
    resumed = TableService(store, bots=bots)
    assert resumed.state(table.table_id).phase == "submitting"
