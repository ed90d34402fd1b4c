"""Live tables: ``/v1/tables/{table_id}/ws?token=...`` pushes each seat what it may see.

After the connection is accepted the server sends the caller's current view
as ``{"seq": n, "events": [], "view": {...}}``, then, after every action
applied at the table, ``{"seq": n, "events": [events visible to the caller],
"view": {...}}``. Without ``token`` the caller is a spectator. Messages sent
by the client are ignored. A bad token closes the connection with code 4401,
an unknown table with 4404, a table the server could not restore with 4503.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket

from referee.service.errors import (
    AuthenticationError,
    TableUnavailableError,
    UnknownTableError,
)
from referee.service.tables import TableService, Update

CLOSE_BAD_TOKEN = 4401
CLOSE_UNKNOWN_TABLE = 4404
CLOSE_TABLE_UNAVAILABLE = 4503

router = APIRouter()


@router.websocket("/v1/tables/{table_id}/ws")
async def table_feed(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
    """Send the caller's view, then every applied action as the caller may see it."""
    service: TableService = websocket.app.state.service
    await websocket.accept()
    try:
        seat = None if token is None else service.authenticate(table_id, token)
        service.game(table_id)
    except UnknownTableError as exc:
        await websocket.close(CLOSE_UNKNOWN_TABLE, exc.message)
        return
    except AuthenticationError as exc:
        await websocket.close(CLOSE_BAD_TOKEN, exc.message)
        return
    except TableUnavailableError as exc:
        await websocket.close(CLOSE_TABLE_UNAVAILABLE, exc.message)
        return
    loop = asyncio.get_running_loop()
    updates: asyncio.Queue[Update | None] = asyncio.Queue()

    def hand_over(update: Update) -> None:
        loop.call_soon_threadsafe(updates.put_nowait, update)

    unsubscribe = service.subscribe(table_id, hand_over)
    listening = asyncio.create_task(_until_disconnect(websocket, updates))
    try:
        current = service.view(table_id, seat)
        await websocket.send_json({"seq": current.seq, "events": [], "view": current.view})
        while (update := await updates.get()) is not None:
            if update.seq > current.seq:
                await websocket.send_json(update.seen_by(seat).model_dump(mode="json"))
    finally:
        unsubscribe()
        listening.cancel()
        await asyncio.gather(listening, return_exceptions=True)


async def _until_disconnect(websocket: WebSocket, updates: asyncio.Queue[Update | None]) -> None:
    """Read (and ignore) client messages; once the client is gone, tell the sender to stop."""
    try:
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass
    finally:
        updates.put_nowait(None)
