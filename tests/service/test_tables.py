"""The table service: seats and tokens, acting, idempotency, replay, subscribers, races."""

import hashlib
import logging
import sqlite3
import threading

import pytest

from referee.core.errors import (
    ConfigError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
)
from referee.core.events import Event
from referee.core.ruling import Ruling
from referee.games.ouat import GAME
from referee.games.ouat.actions import Discard, Play
from referee.service.errors import (
    AuthenticationError,
    ForbiddenError,
    IdempotencyConflictError,
    SeatTakenError,
    TableUnavailableError,
    UnknownSeatError,
    UnknownTableError,
)
from referee.service.judging import JudgeHooks
from referee.service.store import Store
from referee.service.tables import TableService
from tests.service.scripted_judge import ScriptedJudge

ACCEPT = {"decided_by": "judge", "decision": "accept", "reason": "named"}
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
CONFIG = {"players": PLAYERS, "first_storyteller": {"method": "named", "player": "Ana"}}


@pytest.fixture
def store():
    store = Store(":memory:", snapshot_every=10)
    yield store
    store.close()


@pytest.fixture
def service(store):
    return TableService(store)


@pytest.fixture
def judged(store):
    """A service whose judge accepts every claim."""
    return TableService(store, JudgeHooks(ScriptedJudge("accept")))


@pytest.fixture
def table_id(service):
    return service.create_table("ouat", CONFIG, seed=4).table_id


def tell(number, player="Ana"):
    return {"type": "tell", "player": player, "text": f"Sentence {number}."}


def hand(service, table_id, seat):
    return list(service.state(table_id).hands[seat])


def play_a_while(service, table_id, actions=23):
    """Tells and a judged play by Ana, then Ben interrupts (judged too) and passes."""
    for number in range(actions):
        service.act(table_id, "Ana", tell(number))
    card = hand(service, table_id, "Ana")[0]
    service.act(table_id, "Ana", {"type": "play", "player": "Ana", "card": card})
    service.act(table_id, "Ana", tell(99))
    ben = hand(service, table_id, "Ben")[0]
    service.act(table_id, "Ben", {"type": "interrupt", "player": "Ben", "card": ben})
    assert service.state(table_id).storyteller == "Ben"
    service.act(table_id, "Ben", {"type": "pass", "player": "Ben"}, "pass-key")


# --- creating and joining -------------------------------------------------------------------


def test_a_chosen_seed_is_echoed_a_random_one_kept_secret(service, store):
    chosen = service.create_table("ouat", CONFIG, seed=4)
    assert chosen.seats == PLAYERS and chosen.seed == 4
    secret = service.create_table("ouat", CONFIG)
    assert secret.seed is None
    recorded = {row.id: row.seed for row in store.tables()}
    assert recorded[chosen.table_id] == 4 and 0 <= recorded[secret.table_id] < 2**53
    assert service.view(secret.table_id, None).seed is None


def test_bad_seed(service):
    with pytest.raises(ConfigError):
        service.create_table("ouat", CONFIG, seed=2**63)


def test_join_gives_a_token_of_which_only_a_hash_is_stored(service, store, table_id):
    token = service.join(table_id, "Ben")
    assert len(token) >= 40
    assert service.authenticate(table_id, token) == "Ben"
    assert store.seat_hashes(table_id) == {"Ben": hashlib.sha256(token.encode()).hexdigest()}
    assert service.view(table_id, None).seats == {
        "Ana": False,
        "Ben": True,
        "Cy": False,
        "Dee": False,
    }


def test_join_refusals(service, table_id):
    service.join(table_id, "Ben")
    with pytest.raises(SeatTakenError):
        service.join(table_id, "Ben")
    with pytest.raises(UnknownSeatError):
        service.join(table_id, "Zed")
    with pytest.raises(UnknownTableError):
        service.join("nope", "Ben")
    with pytest.raises(AuthenticationError):
        service.authenticate(table_id, "not-a-token")


# --- acting ---------------------------------------------------------------------------------


def test_act_answers_with_what_the_actor_may_see(service, table_id):
    result = service.act(table_id, "Ana", {"type": "pass", "player": "Ana"})
    assert result.seq == 1
    assert [event.kind for event in result.events] == ["pass", "draw", "drew"]
    assert result.view == service.view(table_id, "Ana").view


def test_refused_actions_store_nothing(service, store, table_id):
    refusals = [
        ("Ana", {"type": "tell", "player": "Ana"}, MalformedActionError),
        ("Ben", tell(1, "Ben"), IllegalActionError),
        ("Ben", tell(1, "Ana"), ForbiddenError),
    ]
    before = service.state(table_id)
    for seat, body, error in refusals:
        with pytest.raises(error):
            service.act(table_id, seat, body, idempotency_key=f"key-{seat}")
    assert store.actions(table_id) == [] and service.state(table_id) == before
    assert service.act(table_id, "Ana", tell(1), idempotency_key="key-Ana").seq == 1


@pytest.mark.parametrize(
    "seat, body",
    [
        ("Ana", {"type": "play", "player": "Ana", "card": "king", "ruling": ACCEPT}),
        ("Ben", {"type": "interrupt", "player": "Ben", "card": "wolf", "ruling": ACCEPT}),
        ("Ana", {"type": "end", "player": "Ana", "ending": "x", "ruling": ACCEPT}),
        ("Ben", {"type": "challenge", "player": "Ben", "ruling": ACCEPT}),
    ],
)
def test_a_client_ruling_is_refused_and_changes_nothing(judged, store, seat, body):
    table_id = judged.create_table("ouat", CONFIG, seed=4).table_id
    judged.act(table_id, "Ana", tell(1))
    before = judged.state(table_id)
    with pytest.raises(MalformedActionError, match=r"judge.*vote.*without `ruling`"):
        judged.act(table_id, seat, body, idempotency_key="k")
    assert judged.state(table_id) == before and len(store.actions(table_id)) == 1
    assert store.find_action(table_id, "k") is None


def test_idempotent_retry(service, store, table_id):
    first = service.act(table_id, "Ana", tell(1), idempotency_key="k")
    service.act(table_id, "Ana", tell(2))
    assert service.act(table_id, "Ana", tell(1), idempotency_key="k") == first
    assert len(store.actions(table_id)) == 2
    with pytest.raises(IdempotencyConflictError):
        service.act(table_id, "Ana", tell(3), idempotency_key="k")
    # Keys are each seat's own: Ben's "k" is not Ana's, so his tell is judged as itself.
    with pytest.raises(NotYourTurnError):
        service.act(table_id, "Ben", tell(1, "Ben"), idempotency_key="k")


def test_events_since_and_for_whom(service, table_id):
    service.act(table_id, "Ana", tell(1))
    service.act(table_id, "Ana", {"type": "pass", "player": "Ana"})
    public = service.events(table_id)
    assert public.seq == 2 and [(s, e.kind) for s, e in public.events] == [
        (1, "tell"),
        (2, "pass"),
        (2, "draw"),
    ]
    assert [e.kind for _, e in service.events(table_id, since=1, viewer="Ana").events] == [
        "pass",
        "draw",
        "drew",
    ]
    assert service.events(table_id, since=2).events == []


# --- replay ---------------------------------------------------------------------------------


def test_a_new_service_on_the_same_store_replays_to_the_same_tables(judged, store):
    service = judged
    table_id = service.create_table("ouat", CONFIG, seed=4).table_id
    token = service.join(table_id, "Cy")
    play_a_while(service, table_id)
    other = service.create_table("ouat", CONFIG).table_id
    service.act(other, "Ana", tell(1))

    again = TableService(store)
    for table in (table_id, other):
        assert again.state(table) == service.state(table)
        assert again.view(table, "Cy") == service.view(table, "Cy")
    assert again.authenticate(table_id, token) == "Cy"
    retried = again.act(table_id, "Ben", {"type": "pass", "player": "Ben"}, "pass-key")
    assert retried.seq == 27 and again.state(table_id) == service.state(table_id)
    discard = Discard(player="Ben", card=None)
    assert again.act(table_id, "Ben", discard.model_dump()).seq == 28
    assert again.state(table_id) == GAME.apply(service.state(table_id), discard).state


def test_a_table_whose_replay_misses_the_recorded_state_is_not_served(tmp_path, caplog):
    path = str(tmp_path / "db.sqlite3")
    store = Store(path, snapshot_every=10)
    table_id = TableService(store).create_table("ouat", CONFIG, seed=4).table_id
    play_a_while(TableService(store, JudgeHooks(ScriptedJudge("accept"))), table_id)
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE actions SET state_sha256 = 'tampered' WHERE seq = 25")
    other = TableService(Store(path, snapshot_every=10)).create_table("ouat", CONFIG, seed=5)
    with caplog.at_level(logging.ERROR, logger="referee.service.tables"):
        restarted = TableService(Store(path, snapshot_every=10))
    assert f"table {table_id} cannot be restored" in caplog.text and "action 25" in caplog.text
    with pytest.raises(TableUnavailableError, match="could not be restored"):
        restarted.state(table_id)
    assert restarted.state(other.table_id).storyteller, "the other tables are served"


class RefereeHooks:
    """Accepts every play, and tells Ben privately and everyone publicly what was applied."""

    def __init__(self):
        self.seen = []

    def prepare(self, game, state, action):
        self.seen.append(("prepare", game, state.storyteller, action.type))
        if isinstance(action, Play):
            return action.model_copy(
                update={"ruling": Ruling(decided_by="referee", decision="accept")}
            )
        return action

    def annotate(self, game, before, action, after):
        self.seen.append(("annotate", game, len(before.story), action.type, len(after.story)))
        return [
            Event(kind="note", message=f"{action.type} applied"),
            Event(kind="secret", message="for Ben", to="Ben"),
        ]


def test_hooks_prepare_and_annotate_and_replay_needs_neither(store):
    hooks = RefereeHooks()
    service = TableService(store, hooks)
    table_id = service.create_table("ouat", CONFIG, seed=4).table_id
    got = []
    service.subscribe(table_id, got.append)
    told = service.act(table_id, "Ana", tell(1))
    assert [event.kind for event in told.events] == ["tell", "note"], "Ana sees no secret"
    card = hand(service, table_id, "Ana")[0]
    played = service.act(table_id, "Ana", {"type": "play", "player": "Ana", "card": card})
    assert played.view["phase"] == "telling"
    assert hooks.seen == [
        ("prepare", "ouat", "Ana", "tell"),
        ("annotate", "ouat", 0, "tell", 1),
        ("prepare", "ouat", "Ana", "play"),
        ("annotate", "ouat", 1, "play", 1),
    ]
    stored = store.actions(table_id)[-1]
    assert stored.action["ruling"]["decided_by"] == "referee"
    assert [event["kind"] for event in stored.events] == ["play", "note", "secret"]
    assert [e.kind for e in got[1].seen_by("Ben").events] == ["play", "note", "secret"]
    assert [e.kind for e in got[1].seen_by(None).events] == ["play", "note"]
    for viewer, secrets in [("Ben", 2), ("Cy", 0), (None, 0)]:
        log = service.events(table_id, viewer=viewer)
        assert sum(event.kind == "secret" for _, event in log.events) == secrets
    assert TableService(store).state(table_id) == service.state(table_id)


# --- subscribers and races ------------------------------------------------------------------


def test_subscribers_get_every_update_in_order(service, table_id):
    got = []
    unsubscribe = service.subscribe(table_id, got.append)
    service.subscribe(table_id, lambda update: 1 / 0)  # a broken subscriber changes nothing
    service.act(table_id, "Ana", tell(1))
    service.act(table_id, "Ana", {"type": "pass", "player": "Ana"})
    unsubscribe()
    unsubscribe()
    service.act(table_id, "Ana", {"type": "discard", "player": "Ana", "card": None})
    assert [update.seq for update in got] == [1, 2]
    assert [event.kind for event in got[1].events] == ["pass", "draw", "drew"]
    assert [event.kind for event in got[1].seen_by("Ben").events] == ["pass", "draw"]
    assert got[1].seen_by("Ana").view["hand"]


@pytest.mark.parametrize("seed", range(3))
def test_racing_interrupts_one_wins_the_rest_keep_their_cards(judged, store, seed):
    service = judged
    table_id = service.create_table("ouat", CONFIG, seed=seed).table_id
    service.act(table_id, "Ana", tell(1))
    racers = ["Ben", "Cy", "Dee"]
    hands = {seat: hand(service, table_id, seat) for seat in racers}
    start = threading.Barrier(len(racers))
    outcomes = {}

    def interrupt(seat):
        start.wait()
        body = {
            "type": "interrupt",
            "player": seat,
            "card": hands[seat][0],
            "sentence": 0,
        }
        try:
            outcomes[seat] = service.act(table_id, seat, body)
        except IllegalActionError as refusal:
            outcomes[seat] = refusal

    threads = [threading.Thread(target=interrupt, args=(seat,)) for seat in racers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    winners = [seat for seat, outcome in outcomes.items() if not isinstance(outcome, Exception)]
    assert len(winners) == 1
    state = service.state(table_id)
    assert state.storyteller == winners[0] and len(store.actions(table_id)) == 2
    assert state.table[-1].ruling.judge == "scripted@1", "the judge ruled on the winning claim"
    for seat in racers:
        if seat != winners[0]:
            assert outcomes[seat].rule == "first-interrupt-wins"
            assert state.hands[seat] == hands[seat]
