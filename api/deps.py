"""Dependencies shared by the routes: the table service, the judge and the caller's seat."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.exceptions import RequestValidationError
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from referee.judge.base import Judge, StoryJudge
from referee.judge.clue import ClueJudge
from referee.service.errors import AuthenticationError, JudgeDisabledError
from referee.service.tables import TableService

_bearer = HTTPBearer(
    auto_error=False,
    description="The token returned when joining a seat: `Authorization: Bearer <token>`.",
)

Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def get_service(request: Request) -> TableService:
    """The application's table service (opened when the application starts)."""
    service: TableService = request.app.state.service
    return service


Service = Annotated[TableService, Depends(get_service)]


def get_judge(request: Request) -> Judge:
    """The application's judge; JudgeDisabledError when it runs without one."""
    judge: Judge | None = request.app.state.judge
    if judge is None:
        raise JudgeDisabledError(
            "the judge is not enabled on this server (REFEREE_JUDGE=none); "
            "claims at its tables go to the table's vote"
        )
    return judge


JudgeDep = Annotated[Judge, Depends(get_judge)]


def get_story_judge(request: Request) -> StoryJudge:
    """The application's judge if it rules on coherence and endings, else JudgeDisabledError."""
    judge: Judge | None = request.app.state.judge
    if judge is None:
        raise JudgeDisabledError(
            "the judge is not enabled on this server (REFEREE_JUDGE=none); "
            "coherence and endings are ruled by the story judge of REFEREE_JUDGE=model"
        )
    if not isinstance(judge, StoryJudge):
        raise JudgeDisabledError(
            f"this server's judge ({judge.id}) rules only on mentions; coherence and endings "
            "are ruled by the story judge of REFEREE_JUDGE=model"
        )
    return judge


StoryJudgeDep = Annotated[StoryJudge, Depends(get_story_judge)]


def get_clue_judge(request: Request) -> ClueJudge:
    """The application's Dixit clue judge, or JudgeDisabledError when it has none."""
    judge: Judge | None = request.app.state.judge
    clue_judge: ClueJudge | None = getattr(judge, "clue_judge", None)
    if clue_judge is None:
        raise JudgeDisabledError(
            "this server's judge does not rank Dixit clues (REFEREE_JUDGE=model or lexical does)"
        )
    return clue_judge


ClueJudgeDep = Annotated[ClueJudge, Depends(get_clue_judge)]


def optional_seat(table_id: str, service: Service, credentials: Credentials) -> str | None:
    """The seat of the bearer token, or None without one; a bad token is refused."""
    if credentials is None:
        service.game(table_id)
        return None
    return service.authenticate(table_id, credentials.credentials)


def required_seat(table_id: str, service: Service, credentials: Credentials) -> str:
    """The seat of the bearer token, which is required."""
    if credentials is None:
        service.game(table_id)
        raise AuthenticationError("this needs a seat's bearer token: Authorization: Bearer <token>")
    return service.authenticate(table_id, credentials.credentials)


OptionalSeat = Annotated[str | None, Depends(optional_seat)]
Seat = Annotated[str, Depends(required_seat)]


async def unicode_body(request: Request) -> None:
    """Refuse a JSON body holding a lone surrogate (``"\\ud800"``): JSON allows the escape, but
    no text can be stored or answered with one. Checked before the route reads the body."""
    body = await request.body()
    if b"\\ud" not in body.lower():
        return
    try:
        data = json.loads(body)
    except ValueError:
        return  # the route reports the broken JSON itself
    where = _lone_surrogate(data, ("body",))
    if where is not None:
        raise RequestValidationError(
            [
                {
                    "type": "string_unicode",
                    "loc": where,
                    "msg": "text must be valid Unicode (it holds a lone surrogate)",
                    "input": None,
                }
            ]
        )


def _lone_surrogate(data: Any, where: tuple[str | int, ...]) -> tuple[str | int, ...] | None:
    """Where in ``data`` a string (or key) cannot be written as UTF-8, or None."""
    if isinstance(data, str):
        try:
            data.encode("utf-8")
        except UnicodeEncodeError:
            return where
        return None
    if isinstance(data, dict):
        for key, value in data.items():
            found = _lone_surrogate(key, where) or _lone_surrogate(value, (*where, key))
            if found is not None:
                return found
    if isinstance(data, list):
        for index, value in enumerate(data):
            found = _lone_surrogate(value, (*where, index))
            if found is not None:
                return found
    return None
