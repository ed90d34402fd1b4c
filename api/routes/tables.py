"""Tables: create one, join a seat, see it, act, list legal actions, read its events."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Header, Query, status

from api.deps import OptionalSeat, Seat, Service
from api.errors import responses
from api.schemas import (
    ActionResponse,
    CreateTable,
    EventsPage,
    SeatStatus,
    SeatToken,
    TableCreated,
    TableEvent,
    TableState,
)

SEQ_LIMIT = 2**63 - 1
"""The largest seq the store can hold (SQLite's integer); a larger ``since`` is refused."""

router = APIRouter(prefix="/v1/tables", tags=["tables"])

_OPTIONAL_BEARER: dict[str, Any] = {"security": [{}]}
"""Added to the bearer requirement of a route that also answers anonymous callers."""

_ACTION_EXAMPLE = {"type": "tell", "player": "Ana", "text": "Once upon a time there was a king."}


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    response_model=TableCreated,
    responses=responses(422),
)
def create_table(request: CreateTable, service: Service) -> TableCreated:
    """Create a table of a game with its configuration (and optionally a seed)."""
    created = service.create_table(request.game, request.config, request.seed)
    return TableCreated(
        table_id=created.table_id, game=created.game, seats=created.seats, seed=created.seed
    )


@router.post(
    "/{table_id}/seats/{seat}",
    status_code=status.HTTP_201_CREATED,
    response_model=SeatToken,
    responses=responses(404, 409, 422),
)
def join(table_id: str, seat: str, service: Service) -> SeatToken:
    """Take a free seat; the bearer token in the answer is shown only this once."""
    return SeatToken(seat=seat, token=service.join(table_id, seat))


@router.get(
    "/{table_id}",
    response_model=TableState,
    responses=responses(401, 404, 422),
    openapi_extra=_OPTIONAL_BEARER,
)
def get_table(table_id: str, service: Service, you: OptionalSeat) -> TableState:
    """The table as the caller sees it: with a seat's token its view, else a spectator's."""
    table = service.view(table_id, you)
    return TableState(
        table_id=table.table_id,
        game=table.game,
        seq=table.seq,
        seats=[SeatStatus(seat=seat, taken=taken) for seat, taken in table.seats.items()],
        you=table.viewer,
        finished=table.finished,
        winners=table.winners,
        seed=table.seed,
        view=table.view,
    )


@router.post(
    "/{table_id}/actions",
    response_model=ActionResponse,
    responses=responses(401, 403, 404, 409, 422),
)
def act(
    table_id: str,
    service: Service,
    you: Seat,
    action: Annotated[
        dict[str, Any],
        Body(
            description="One of the game's actions (schema in GET /v1/games), for your seat.",
            examples=[_ACTION_EXAMPLE],
        ),
    ],
    idempotency_key: Annotated[
        str | None,
        Header(
            alias="Idempotency-Key",
            max_length=200,
            description="Retrying with the same key and body returns the first answer "
            "without acting again; the same key with another body is refused (409).",
        ),
    ] = None,
) -> ActionResponse:
    """Act for your seat; the answer has the events you may see and your new view."""
    result = service.act(table_id, you, action, idempotency_key)
    return ActionResponse(seq=result.seq, events=result.events, view=result.view)


@router.get(
    "/{table_id}/actions/legal",
    response_model=list[dict[str, Any]],
    responses=responses(401, 404, 422),
)
def legal_actions(table_id: str, service: Service, you: Seat) -> list[dict[str, Any]]:
    """Every action your seat may take now, in the game's fixed order."""
    return service.legal_actions(table_id, you)


@router.get(
    "/{table_id}/events",
    response_model=EventsPage,
    responses=responses(401, 404, 422),
    openapi_extra=_OPTIONAL_BEARER,
)
def events(
    table_id: str,
    service: Service,
    you: OptionalSeat,
    since: Annotated[
        int,
        Query(ge=0, le=SEQ_LIMIT, description="Only events of actions after this seq."),
    ] = 0,
) -> EventsPage:
    """Public events after ``since`` (with a seat's token, that seat's private ones too)."""
    log = service.events(table_id, since, you)
    return EventsPage(
        seq=log.seq,
        events=[TableEvent(seq=seq, **event.model_dump()) for seq, event in log.events],
    )
