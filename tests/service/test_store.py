"""The SQLite store: tables, seat hashes, the append-only log, snapshots, reopening."""

import sqlite3

import pytest

from referee.service.store import ActionRow, Store, TableRow


def row(seq, key=None, player="Ana"):
    return ActionRow(
        seq=seq,
        idempotency_key=key,
        player=player,
        action={"type": "pass", "player": player},
        request_sha256=f"req{seq}",
        events=[{"kind": "pass"}],
        result={"seq": seq},
        state_sha256=f"st{seq}",
        at="2026-01-01T00:00:00Z",
    )


@pytest.fixture
def store():
    store = Store(":memory:", snapshot_every=2)
    store.add_table(TableRow("t", "ouat", {"players": ["Ana", "Ben"]}, 9, "now"), state="s0")
    yield store
    store.close()


def test_tables_and_their_first_snapshot(store):
    assert store.tables() == [TableRow("t", "ouat", {"players": ["Ana", "Ben"]}, 9, "now")]
    assert store.latest_snapshot("t") == (0, "s0")
    with pytest.raises(KeyError):
        store.latest_snapshot("nope")


def test_a_seat_is_taken_once(store):
    assert store.add_seat("t", "Ana", "hash-a")
    assert not store.add_seat("t", "Ana", "hash-b")
    assert store.seat_hashes("t") == {"Ana": "hash-a"}


def test_append_and_read_back(store):
    for seq in (1, 2, 3):
        store.append_action("t", row(seq, key=f"k{seq}"), state=f"s{seq}")
    assert store.actions("t") == [row(1, "k1"), row(2, "k2"), row(3, "k3")]
    assert store.actions("t", after=2) == [row(3, "k3")]
    assert store.find_action("t", "k2") == row(2, "k2")
    assert store.find_action("t", "k9") is None
    assert store.events("t", after=1) == [(2, [{"kind": "pass"}]), (3, [{"kind": "pass"}])]


def test_snapshots_every_n_actions(store):
    for seq in (1, 2, 3):
        store.append_action("t", row(seq), state=f"s{seq}")
    assert store.latest_snapshot("t") == (2, "s2")
    store.append_action("t", row(4), state="s4")
    assert store.latest_snapshot("t") == (4, "s4")


def test_a_key_and_a_seq_are_used_once_per_table(store):
    store.append_action("t", row(1, key="k"), state="s1")
    with pytest.raises(sqlite3.IntegrityError):
        store.append_action("t", row(2, key="k"), state="s2")
    with pytest.raises(sqlite3.IntegrityError):
        store.append_action("t", row(1, key="other"), state="s1")
    store.append_action("t", row(2), state="s2")
    store.append_action("t", row(3), state="s3")  # many actions without a key
    assert [action.seq for action in store.actions("t")] == [1, 2, 3]
    assert store.latest_snapshot("t") == (2, "s2"), "the refused seq 2 left no snapshot"


def test_the_same_key_at_another_table(store):
    store.add_table(TableRow("u", "ouat", {}, 1, "now"), state="u0")
    store.append_action("t", row(1, key="k"), state="s1")
    store.append_action("u", row(1, key="k"), state="u1")
    assert store.find_action("u", "k") == row(1, "k")


def test_unknown_table_refused(store):
    with pytest.raises(sqlite3.IntegrityError):
        store.append_action("nope", row(1), state="s1")


def test_a_file_store_reopens_with_everything(tmp_path):
    path = str(tmp_path / "db.sqlite3")
    first = Store(path)
    first.add_table(TableRow("t", "ouat", {}, 1, "now"), state="s0")
    first.add_seat("t", "Ana", "h")
    first.append_action("t", row(1, key="k"), state="s1")
    first.close()
    again = Store(path)
    assert [table.id for table in again.tables()] == ["t"]
    assert again.seat_hashes("t") == {"Ana": "h"} and again.actions("t") == [row(1, "k")]
    again.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_snapshot_interval_must_be_positive():
    with pytest.raises(ValueError):
        Store(":memory:", snapshot_every=0)
