"""The FastAPI application: health, the games, API v1's tables (REST and WebSocket), the judge.

The judge, the table service and its SQLite store open when the application
starts (its lifespan) and the store closes when it stops. The module's ``app``
runs the judge that ``REFEREE_JUDGE`` names (``api.judges``).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from fastapi import Depends, FastAPI
from pydantic import BaseModel

import referee
from api import errors, ws
from api.deps import unicode_body
from api.judges import judge_factory_from_env
from api.routes import games, tables
from api.routes import judge as judge_routes
from referee.core.registry import game_names
from referee.service.bots import bot_ranker, table_bots
from referee.service.judging import JudgeHooks
from referee.service.store import Store
from referee.service.tables import TableService

if TYPE_CHECKING:
    from referee.judge.base import Judge

DEFAULT_DB = "var/referee.sqlite3"
"""Where tables are stored when neither ``db_path`` nor ``REFEREE_DB`` says (cwd-relative)."""

_DESCRIPTION = """\
An impartial referee for tabletop card games: deterministic rules engines and a language judge.

Create a table (`POST /v1/tables`), join seats (each answer carries that seat's bearer
token), then act with `Authorization: Bearer <token>`. Errors are JSON
`{"error": kind, "message": words, "rule": rule id or null}`.

**Claims are ruled by the referee.** Actions are sent without a `ruling`: a client that
sends one is refused (422). The referee's judge rules on whether a sentence names the card
of a play or an interrupt. With the story judge (`REFEREE_JUDGE=model`) it also flags a
sentence told that makes the story incoherent (an `incoherence_flagged` event, with its
evidence, opens the other players' vote: if they agree, the storyteller loses the turn),
and rules on whether an ending fits (a rejected ending sends the storyteller to draw, and
the next player tells). What it leaves unclear, and players' incoherence challenges, go to
the table's vote.

**Live storytelling (Once Upon a Time).** The storyteller's client posts each transcript
line as `{"type": "tell", "player", "text", "at": unix seconds}`; a gap of more than the
table's pause (5 s by default) ends the turn. After each line the judge tells every seat
privately, in a `mentions` event, which of its own cards the line names, so it can claim one.

**Disputes without a table.** `POST /v1/judge/mention` asks the judge whether any sentence
names cards, `POST /v1/judge/coherence` whether a sentence is coherent after a story, and
`POST /v1/judge/ending` whether an ending card fits a story and its lead-in (these two
need the story judge of `REFEREE_JUDGE=model`; other servers answer 503).

**Dixit, and seats the referee plays.** Dixit is played through the same routes. A
Dixit table's config may list `bots`: those seats are played by the referee, which moves
for them as soon as they are due (each move is stored as that seat's action; they cannot
be joined). A human storyteller whose clue looks too literal or too loose gets a private
`clue_tip` event; `POST /v1/judge/clue` ranks laid-out cards (picture descriptions) for a
clue, and with `target` gives the same tip before the clue is spoken.

**Live tables.** `GET /v1/tables/{table_id}/ws?token=<token>` (WebSocket; no token: spectator)
first sends `{"seq", "events": [], "view"}` with the caller's view, then after every applied
action `{"seq", "events", "view"}` with the events that seat may see. A bad token closes the
connection with code 4401, an unknown table with 4404.
"""


class Health(BaseModel):
    """The service is up, and which version answers."""

    status: str
    version: str
    games: list[str]


def db_path_from_env() -> str:
    """``REFEREE_DB`` if set, else ``DEFAULT_DB``."""
    return os.environ.get("REFEREE_DB") or DEFAULT_DB


def _open_store(path: str) -> Store:
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    return Store(path)


def create_app(
    db_path: str | None = None, judge_factory: Callable[[], Judge] | None = None
) -> FastAPI:
    """A new application storing tables at ``db_path`` (default: ``db_path_from_env()``).

    With ``judge_factory``, the judge it builds at start-up (``app.state.judge``)
    rules on language claims, tells each seat which of its cards a sentence
    names, and answers ``/v1/judge/mention``; a story judge also rules on each
    sentence told and each ending played, and answers ``/v1/judge/coherence``
    and ``/v1/judge/ending`` (503 otherwise). Without one claims go to the
    table's vote and every ``/v1/judge`` route answers 503.
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        judge = judge_factory() if judge_factory is not None else None
        store = _open_store(db_path or db_path_from_env())
        app.state.judge = judge
        hooks = None if judge is None else JudgeHooks(judge)
        app.state.service = TableService(store, hooks, table_bots(bot_ranker(judge)))
        try:
            yield
        finally:
            store.close()

    app = FastAPI(
        title="referee",
        version=referee.__version__,
        description=_DESCRIPTION,
        lifespan=lifespan,
    )
    errors.install(app)
    checked = [Depends(unicode_body)]
    app.include_router(games.router, dependencies=checked)
    app.include_router(tables.router, dependencies=checked)
    app.include_router(ws.router)
    app.include_router(judge_routes.router, dependencies=checked)

    @app.get("/health", response_model=Health, tags=["service"])
    def health() -> Health:
        """Liveness check: the service answers, with its version and games."""
        return Health(status="ok", version=referee.__version__, games=game_names())

    return app


app = create_app(judge_factory=judge_factory_from_env())
