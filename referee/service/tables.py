"""Running tables of any registered game: seats and tokens, actions, subscribers, replay.

A table holds its current state in memory and its history in the store. An
action is parsed, refused if it brings its own ruling (rulings come from the
referee's judge or the table's vote, never from a player), checked against
the caller's seat, prepared by the service's hooks (e.g. a judge's ruling
attached), applied, annotated by the hooks (e.g. the judge's private hints),
appended to the store durably, and only then becomes the table's state;
anything refused on the way stores nothing. On start-up every table is
rebuilt from its latest snapshot by replaying the stored actions after it
through the rules alone, which must reach the recorded state exactly.
Seats played by the referee's bots (``referee.service.bots``) move on their
own after every applied action, each move stored as that seat's action.

>>> from referee.service.store import Store
>>> service = TableService(Store(":memory:"))
>>> table = service.create_table("ouat", {"players": ["Ana", "Ben"]}, seed=1)
>>> token = service.join(table.table_id, "Ana")
>>> service.authenticate(table.table_id, token)
'Ana'
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from referee.core.errors import ConfigError, MalformedActionError, RefereeError
from referee.core.events import Event
from referee.core.game import Game, parse_action, parse_config
from referee.core.registry import get_game
from referee.service.errors import (
    AuthenticationError,
    ForbiddenError,
    IdempotencyConflictError,
    ReplayError,
    SeatTakenError,
    TableUnavailableError,
    UnknownSeatError,
    UnknownTableError,
)
from referee.service.hooks import NoHooks, TableHooks
from referee.service.store import ActionRow, Store, TableRow

if TYPE_CHECKING:
    from referee.service.bots import TableBots

SEED_LIMIT = 2**63
"""Seeds are integers in ``[0, SEED_LIMIT)`` (SQLite's signed 64-bit range)."""

MAX_BOT_MOVES = 10_000
"""Bot moves in a row after which the bots are stopped (a guard against a bot that loops)."""

_CHOSEN_SEED_LIMIT = 2**53
"""Seeds the service picks stay exact in every JSON client (JavaScript numbers)."""

_log = logging.getLogger(__name__)


class ActionResult(BaseModel):
    """What an action's author learns: its seq, the events they may see, their new view."""

    model_config = ConfigDict(frozen=True)

    seq: int
    events: list[Event]
    view: dict[str, Any]


@dataclass(frozen=True)
class Update:
    """An applied action as told to subscribers; ``seen_by`` tailors it to one viewer."""

    seq: int
    events: tuple[Event, ...]
    state: Any
    game: Game[Any, Any, Any]

    def seen_by(self, viewer: str | None) -> ActionResult:
        """The events ``viewer`` (a seat, or None for a spectator) may see, and their view."""
        return ActionResult(
            seq=self.seq,
            events=[event for event in self.events if event.visible_to(viewer)],
            view=self.game.view(self.state, viewer),
        )


Listener = Callable[[Update], None]
"""Called after each applied action, in seq order, on the thread that applied it."""


@dataclass(frozen=True)
class CreatedTable:
    """A new table; ``seed`` is echoed only when the caller chose it (else it stays secret)."""

    table_id: str
    game: str
    seats: list[str]
    seed: int | None


@dataclass(frozen=True)
class TableView:
    """A table as one viewer sees it; the seed is revealed once the game is over."""

    table_id: str
    game: str
    seq: int
    seats: dict[str, bool]
    viewer: str | None
    view: dict[str, Any]
    finished: bool
    winners: list[str]
    seed: int | None


@dataclass(frozen=True)
class EventLog:
    """Events with the seq of the action that caused each, and the latest seq they cover."""

    seq: int
    events: list[tuple[int, Event]]


@dataclass(frozen=True)
class _Head:
    seq: int
    state: Any


@dataclass
class _Table:
    id: str
    game_name: str
    game: Game[Any, Any, Any]
    seed: int
    head: _Head
    seats: dict[str, str]
    lock: threading.Lock = field(default_factory=threading.Lock)
    listeners: list[Listener] = field(default_factory=list)
    listeners_lock: threading.Lock = field(default_factory=threading.Lock)


class TableService:
    """Every table of one store; thread-safe, one lock per table for its actions."""

    def __init__(
        self, store: Store, hooks: TableHooks | None = None, bots: TableBots | None = None
    ) -> None:
        self._store = store
        self._hooks = hooks or NoHooks()
        self._bots = bots
        self._tables: dict[str, _Table] = {}
        self._unavailable: dict[str, str] = {}
        for row in store.tables():
            try:
                self._tables[row.id] = self._load(row)
            except (ReplayError, RefereeError, ValueError) as failure:
                # pydantic's ValidationError is a ValueError: a snapshot that no longer reads.
                _log.error("table %s cannot be restored and is not served: %s", row.id, failure)
                self._unavailable[row.id] = str(failure)
        for table in self._tables.values():
            with table.lock:
                self._play_bots(table)

    def _load(self, row: TableRow) -> _Table:
        game = get_game(row.game)
        seq, snapshot = self._store.latest_snapshot(row.id)
        state = game.state_type.model_validate_json(snapshot)
        for done in self._store.actions(row.id, after=seq):
            state = game.apply(state, parse_action(game, done.action)).state
            if _sha256(state.model_dump_json()) != done.state_sha256:
                raise ReplayError(
                    f"table {row.id}: replaying action {done.seq} did not reach the stored state"
                )
            seq = done.seq
        seats = self._store.seat_hashes(row.id)
        return _Table(row.id, row.game, game, row.seed, _Head(seq, state), seats)

    def _table(self, table_id: str) -> _Table:
        table = self._tables.get(table_id)
        if table_id in self._unavailable:
            raise TableUnavailableError(
                f"table {table_id!r} could not be restored from storage when the server "
                "started, so it is not served; its record is kept for the operator"
            )
        if table is None:
            raise UnknownTableError(f"no table {table_id!r}")
        return table

    def game(self, table_id: str) -> str:
        """The name of the game played at a table; UnknownTableError if there is none."""
        return self._table(table_id).game_name

    def create_table(self, game: str, config: Any, seed: int | None = None) -> CreatedTable:
        """A new table of ``game``; without ``seed`` a secret random one is chosen and recorded."""
        engine = get_game(game)
        parsed = parse_config(engine, config)
        if seed is not None and not 0 <= seed < SEED_LIMIT:
            raise ConfigError(f"seed must be an integer from 0 to {SEED_LIMIT - 1}")
        used = secrets.randbelow(_CHOSEN_SEED_LIMIT) if seed is None else seed
        state = engine.new_game(parsed, used)
        table_id = secrets.token_hex(8)
        row = TableRow(table_id, game, parsed.model_dump(mode="json"), used, _now())
        self._store.add_table(row, state.model_dump_json())
        table = _Table(table_id, game, engine, used, _Head(0, state), {})
        self._tables[table_id] = table
        with table.lock:
            self._play_bots(table)
        return CreatedTable(table_id, game, engine.players(state), seed)

    def join(self, table_id: str, seat: str) -> str:
        """Take a free seat; returns its bearer token, which is shown only this once."""
        table = self._table(table_id)
        seats = table.game.players(table.head.state)
        if seat not in seats:
            raise UnknownSeatError(
                f"table {table_id} has no seat {seat!r}; seats: " + ", ".join(seats)
            )
        if seat in self._bot_seats(table):
            raise SeatTakenError(
                f"seat {seat!r} at table {table_id} is played by the referee's bot"
            )
        token = secrets.token_urlsafe(32)
        digest = _sha256(token)
        with table.lock:
            if seat in table.seats or not self._store.add_seat(table_id, seat, digest):
                raise SeatTakenError(f"seat {seat!r} at table {table_id} is already taken")
            table.seats = {**table.seats, seat: digest}
        return token

    def authenticate(self, table_id: str, token: str) -> str:
        """The seat that ``token`` belongs to; AuthenticationError if it is no seat's token."""
        table = self._table(table_id)
        offered = _sha256(token)
        found = None
        for seat, digest in table.seats.items():
            if hmac.compare_digest(digest, offered):
                found = seat
        if found is None:
            raise AuthenticationError(f"the bearer token is not a token of table {table_id}")
        return found

    def view(self, table_id: str, viewer: str | None) -> TableView:
        """The table as ``viewer`` (a seat, or None for a spectator) may see it."""
        table = self._table(table_id)
        head = table.head
        outcome = table.game.outcome(head.state)
        players = table.game.players(head.state)
        return TableView(
            table_id=table_id,
            game=table.game_name,
            seq=head.seq,
            seats={seat: seat in table.seats for seat in players},
            viewer=viewer,
            view=table.game.view(head.state, viewer),
            finished=outcome.finished,
            winners=list(outcome.winners),
            seed=table.seed if outcome.finished else None,
        )

    def legal_actions(self, table_id: str, seat: str) -> list[dict[str, Any]]:
        """Every action ``seat`` may take now, as JSON, in the game's fixed order."""
        table = self._table(table_id)
        actions = table.game.legal_actions(table.head.state, seat)
        return [action.model_dump(mode="json") for action in actions]

    def events(self, table_id: str, since: int = 0, viewer: str | None = None) -> EventLog:
        """Events of the actions after seq ``since`` that ``viewer`` may see, with their seq."""
        table = self._table(table_id)
        latest = table.head.seq
        found = []
        for seq, events in self._store.events(table_id, after=since):
            latest = max(latest, seq)
            for data in events:
                event = Event.model_validate(data)
                if event.visible_to(viewer):
                    found.append((seq, event))
        return EventLog(seq=latest, events=found)

    def state(self, table_id: str) -> Any:
        """The whole current state, hidden information included: for operators and tests."""
        return self._table(table_id).head.state

    def act(
        self, table_id: str, seat: str, body: Any, idempotency_key: str | None = None
    ) -> ActionResult:
        """Apply the action ``body`` (JSON-like) for ``seat``, durably, and say what it did.

        A key is the seat's own (another seat's keys neither block nor answer it): seen
        before with the same request, it returns the recorded result without applying
        anything; with a different request it is refused. An action carrying a
        ``ruling`` is refused (MalformedActionError).
        """
        table = self._table(table_id)
        request = _sha256(_canonical({"seat": seat, "action": body}))
        # Seat names hold no "/", so "seat/key" names one seat's key alone.
        stored_key = None if idempotency_key is None else f"{seat}/{idempotency_key}"
        with table.lock:
            if stored_key is not None:
                done = self._store.find_action(table_id, stored_key)
                if done is not None:
                    if done.request_sha256 != request:
                        raise IdempotencyConflictError(
                            f"idempotency key {idempotency_key!r} was already used by your "
                            "seat for a different request at this table"
                        )
                    return ActionResult.model_validate(done.result)
            action = parse_action(table.game, body)
            _refuse_ruling(action)
            if action.player != seat:
                raise ForbiddenError(f"you hold seat {seat!r} and cannot act for {action.player!r}")
            if seat in self._bot_seats(table):
                raise ForbiddenError(f"seat {seat!r} is played by the referee's bot")
            result = self._commit(table, action, request, stored_key)
            self._play_bots(table)
        return result

    def _commit(
        self, table: _Table, action: Any, request: str, idempotency_key: str | None
    ) -> ActionResult:
        """Prepare, apply, annotate and durably store ``action``; the caller holds the lock.

        Returns what the action's author learns (also stored, for idempotent retries).
        """
        head = table.head
        action = self._hooks.prepare(table.game_name, head.state, action)
        applied = table.game.apply(head.state, action)
        added = self._hooks.annotate(table.game_name, head.state, action, applied.state)
        events = (*applied.events, *added)
        update = Update(head.seq + 1, events, applied.state, table.game)
        result = update.seen_by(action.player)
        state_json = applied.state.model_dump_json()
        row = ActionRow(
            seq=update.seq,
            idempotency_key=idempotency_key,
            player=action.player,
            action=action.model_dump(mode="json"),
            request_sha256=request,
            events=[event.model_dump(mode="json") for event in events],
            result=result.model_dump(mode="json"),
            state_sha256=_sha256(state_json),
            at=_now(),
        )
        self._store.append_action(table.id, row, state_json)
        table.head = _Head(update.seq, applied.state)
        self._notify(table, update)
        return result

    def _bot_seats(self, table: _Table) -> list[str]:
        return self._bots.seats(table.game_name, table.head.state) if self._bots else []

    def _play_bots(self, table: _Table) -> None:
        """Let the referee's bots move until none has a move; the caller holds the lock.

        A bot move the rules refuse is a bug in the bot: it is logged and the
        bots stop, and the table waits for its players as it stands.
        """
        if self._bots is None:
            return
        for _ in range(MAX_BOT_MOVES):
            try:
                action = self._bots.next_move(table.game_name, table.head.state, table.seed)
            except (RefereeError, ValueError):
                # A bot that cannot form a valid move (pydantic's ValidationError is a
                # ValueError) is a bug in the bot; the player whose action went before it
                # still gets their answer.
                _log.exception("table %s: a bot could not choose a move", table.id)
                return
            if action is None:
                return
            request = _sha256(_canonical({"bot": action.model_dump(mode="json")}))
            try:
                self._commit(table, action, request, None)
            except RefereeError:
                _log.exception(
                    "table %s: the bot at %s made a refused move", table.id, action.player
                )
                return
        _log.error("table %s: bots made %d moves in a row; stopped", table.id, MAX_BOT_MOVES)

    def subscribe(self, table_id: str, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after each action applied at the table; returns the unsubscriber.

        A listener must not block: it runs on the acting thread while the
        table is locked (an asyncio consumer hands the update to its loop
        with ``loop.call_soon_threadsafe``). A listener that raises is logged.
        """
        table = self._table(table_id)
        with table.listeners_lock:
            table.listeners.append(listener)

        def unsubscribe() -> None:
            with table.listeners_lock:
                if listener in table.listeners:
                    table.listeners.remove(listener)

        return unsubscribe

    def _notify(self, table: _Table, update: Update) -> None:
        with table.listeners_lock:
            listeners = list(table.listeners)
        for listener in listeners:
            try:
                listener(update)
            except Exception:
                _log.exception("a subscriber of table %s failed on seq %d", table.id, update.seq)


def _refuse_ruling(action: Any) -> None:
    if getattr(action, "ruling", None) is not None:
        raise MalformedActionError(
            "rulings are given by the referee's judge or by the table's vote, not by players: "
            "send the claim without `ruling`"
        )


def _canonical(data: Any) -> str:
    try:
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise MalformedActionError(f"the action is not JSON: {exc}") from None


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
