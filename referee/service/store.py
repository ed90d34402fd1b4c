"""The durable store: tables, seat token hashes, an append-only action log and snapshots.

SQLite in WAL mode with ``synchronous=FULL``: a call that writes returns
only once its transaction is committed to disk. One connection serves every
thread, guarded by a lock. Tokens are never stored, only their SHA-256.

>>> store = Store(":memory:")
>>> store.add_table(TableRow("t1", "ouat", {"players": ["A", "B"]}, 7, "now"), state="{}")
>>> store.add_seat("t1", "A", "ab12"), store.add_seat("t1", "A", "cd34")
(True, False)
>>> store.latest_snapshot("t1")
(0, '{}')
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

SNAPSHOT_EVERY = 25
"""A snapshot of the state is written with every action whose seq is a multiple of this."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat TEXT NOT NULL,
    token_sha256 TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq INTEGER NOT NULL,
    idempotency_key TEXT,
    player TEXT NOT NULL,
    action TEXT NOT NULL,
    request_sha256 TEXT NOT NULL,
    events TEXT NOT NULL,
    result TEXT NOT NULL,
    state_sha256 TEXT NOT NULL,
    at TEXT NOT NULL,
    UNIQUE (table_id, seq),
    UNIQUE (table_id, idempotency_key)
);
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""

_ACTION_COLUMNS = (
    "seq, idempotency_key, player, action, request_sha256, events, result, state_sha256, at"
)


@dataclass(frozen=True)
class TableRow:
    """A table as created: its game, validated configuration and seed."""

    id: str
    game: str
    config: dict[str, Any]
    seed: int
    created_at: str


@dataclass(frozen=True)
class ActionRow:
    """One applied action, as applied (after any preparation), with what it caused.

    ``events`` holds every event, private ones included; ``result`` is the
    answer the actor got, returned again on an idempotent retry;
    ``state_sha256`` is the digest of the state the action led to.
    """

    seq: int
    idempotency_key: str | None
    player: str
    action: dict[str, Any]
    request_sha256: str
    events: list[dict[str, Any]]
    result: dict[str, Any]
    state_sha256: str
    at: str


class Store:
    """A SQLite database of tables; ``path`` may be ``":memory:"``."""

    def __init__(self, path: str, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.snapshot_every = snapshot_every
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        with self._transaction() as db:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _query(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def close(self) -> None:
        """Close the database; the store is unusable afterwards."""
        with self._lock:
            self._db.close()

    def add_table(self, row: TableRow, state: str) -> None:
        """Record a new table and its initial state (the snapshot at seq 0)."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables (id, game, config, seed, created_at) VALUES (?, ?, ?, ?, ?)",
                (row.id, row.game, json.dumps(row.config), row.seed, row.created_at),
            )
            db.execute(
                "INSERT INTO snapshots (table_id, seq, state) VALUES (?, 0, ?)", (row.id, state)
            )

    def tables(self) -> list[TableRow]:
        """Every table, oldest first."""
        rows = self._query("SELECT id, game, config, seed, created_at FROM tables ORDER BY rowid")
        return [
            TableRow(id_, game, json.loads(config), seed, at)
            for id_, game, config, seed, at in rows
        ]

    def add_seat(self, table_id: str, seat: str, token_sha256: str) -> bool:
        """Record who holds ``seat``; False (and nothing changed) if it is already taken."""
        try:
            with self._transaction() as db:
                db.execute(
                    "INSERT INTO seats (table_id, seat, token_sha256) VALUES (?, ?, ?)",
                    (table_id, seat, token_sha256),
                )
        except sqlite3.IntegrityError:
            return False
        return True

    def seat_hashes(self, table_id: str) -> dict[str, str]:
        """The token digest of every taken seat of a table."""
        rows = self._query("SELECT seat, token_sha256 FROM seats WHERE table_id = ?", table_id)
        return dict(rows)

    def append_action(self, table_id: str, row: ActionRow, state: str) -> None:
        """Durably append an action; ``state`` (JSON) is snapshotted every ``snapshot_every``.

        Raises sqlite3.IntegrityError, storing nothing, when the seq or the
        idempotency key is already used at this table.
        """
        with self._transaction() as db:
            db.execute(
                f"INSERT INTO actions (table_id, {_ACTION_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    row.seq,
                    row.idempotency_key,
                    row.player,
                    json.dumps(row.action),
                    row.request_sha256,
                    json.dumps(row.events),
                    json.dumps(row.result),
                    row.state_sha256,
                    row.at,
                ),
            )
            if row.seq % self.snapshot_every == 0:
                db.execute(
                    "INSERT INTO snapshots (table_id, seq, state) VALUES (?, ?, ?)",
                    (table_id, row.seq, state),
                )

    def find_action(self, table_id: str, idempotency_key: str) -> ActionRow | None:
        """The action recorded under ``idempotency_key`` at this table, if any."""
        rows = self._query(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE table_id = ? AND idempotency_key = ?",
            table_id,
            idempotency_key,
        )
        return _action_row(rows[0]) if rows else None

    def actions(self, table_id: str, after: int = 0) -> list[ActionRow]:
        """The actions of a table with seq greater than ``after``, in order."""
        rows = self._query(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE table_id = ? AND seq > ? ORDER BY seq",
            table_id,
            after,
        )
        return [_action_row(row) for row in rows]

    def events(self, table_id: str, after: int = 0) -> list[tuple[int, list[dict[str, Any]]]]:
        """Each action's seq and events (private ones included) after seq ``after``, in order."""
        rows = self._query(
            "SELECT seq, events FROM actions WHERE table_id = ? AND seq > ? ORDER BY seq",
            table_id,
            after,
        )
        return [(seq, json.loads(events)) for seq, events in rows]

    def latest_snapshot(self, table_id: str) -> tuple[int, str]:
        """The seq and state JSON of a table's most recent snapshot."""
        rows = self._query(
            "SELECT seq, state FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1",
            table_id,
        )
        if not rows:
            raise KeyError(f"no snapshot of table {table_id!r}")
        seq, state = rows[0]
        return seq, state


def _action_row(row: tuple[Any, ...]) -> ActionRow:
    seq, key, player, action, digest, events, result, state_digest, at = row
    return ActionRow(
        seq=seq,
        idempotency_key=key,
        player=player,
        action=json.loads(action),
        request_sha256=digest,
        events=json.loads(events),
        result=json.loads(result),
        state_sha256=state_digest,
        at=at,
    )
