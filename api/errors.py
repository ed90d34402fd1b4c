"""One place mapping every error to an HTTP status and a JSON body.

Bodies are ``{"error": kind, "message": words, "rule": rule id or null}``:
422 for input that cannot be understood, 409 for a move the rules (or the
table) refuse, 404 for an unknown table or seat, 401 for a missing or bad
bearer token, 403 for acting for another seat, 503 for asking the judge a
question that the server's judge cannot answer (it runs without one, or its
judge does not rule on coherence and endings).
"""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from api.schemas import ErrorBody
from referee.core.errors import (
    ConfigError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    RefereeError,
    UnknownGameError,
)
from referee.service.errors import (
    AuthenticationError,
    ForbiddenError,
    IdempotencyConflictError,
    JudgeDisabledError,
    SeatTakenError,
    TableUnavailableError,
    UnknownSeatError,
    UnknownTableError,
)

_KINDS: tuple[tuple[type[RefereeError], int, str], ...] = (
    (NotYourTurnError, 409, "not_your_turn"),
    (IllegalActionError, 409, "illegal_action"),
    (SeatTakenError, 409, "seat_taken"),
    (IdempotencyConflictError, 409, "idempotency_conflict"),
    (MalformedActionError, 422, "malformed_action"),
    (ConfigError, 422, "invalid_config"),
    (UnknownGameError, 422, "unknown_game"),
    (UnknownTableError, 404, "unknown_table"),
    (UnknownSeatError, 404, "unknown_seat"),
    (AuthenticationError, 401, "unauthenticated"),
    (ForbiddenError, 403, "forbidden"),
    (JudgeDisabledError, 503, "judge_disabled"),
    (TableUnavailableError, 503, "table_unavailable"),
)
"""Most specific first: the first class an error is an instance of decides."""

_DESCRIPTIONS = {
    401: "Missing or bad bearer token",
    403: "The token's seat may not do this (e.g. act for another seat)",
    404: "Unknown table or seat",
    409: "Refused: an illegal move (with the rule's id), a taken seat, or a reused idempotency key",
    422: "Malformed input: bad JSON, a wrong field, an unknown card or game, a bad config, "
    "a ruling sent by a client",
    503: "The server's judge cannot answer: it runs without one (REFEREE_JUDGE=none), or "
    "its judge does not rule on coherence and endings (only REFEREE_JUDGE=model does); or "
    "the table could not be restored from storage when the server started",
}


def responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI documentation of the error responses a route can give."""
    return {code: {"model": ErrorBody, "description": _DESCRIPTIONS[code]} for code in codes}


def _body(
    status: int,
    kind: str,
    message: str,
    rule: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    sent = dict(headers or {})
    if status == 401:
        sent["WWW-Authenticate"] = "Bearer"
    content = ErrorBody(error=kind, message=message, rule=rule).model_dump()
    return JSONResponse(status_code=status, content=content, headers=sent or None)


def _referee_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RefereeError)
    status, kind = next(
        ((status, kind) for cls, status, kind in _KINDS if isinstance(exc, cls)),
        (400, "bad_request"),
    )
    return _body(status, kind, exc.message, getattr(exc, "rule", None))


def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    problems = []
    for error in exc.errors():
        if error["type"] == "json_invalid":
            position = error["loc"][-1]
            reason = error.get("ctx", {}).get("error", "")
            problems.append(f"the body is not valid JSON (at character {position}: {reason})")
            continue
        where = ".".join(str(part) for part in error["loc"])
        problems.append(f"{where}: {error['msg']}")
    return _body(422, "malformed_request", "; ".join(problems))


def _http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 400:
        # FastAPI's own refusal of a body it cannot decode (not UTF-8, nested too deep).
        return _body(422, "malformed_request", f"the body could not be read as JSON ({exc.detail})")
    kind = HTTPStatus(exc.status_code).phrase.lower().replace(" ", "_")
    # Starlette's headers are kept: a 405 must say which methods the path allows (RFC 9110).
    return _body(exc.status_code, kind, str(exc.detail), headers=exc.headers)


def install(app: FastAPI) -> None:
    """Register the error handlers on ``app``."""
    app.add_exception_handler(RefereeError, _referee_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
