"""The games the referee knows, with the JSON schemas of their configurations and actions."""

from __future__ import annotations

from fastapi import APIRouter

from api.schemas import GameInfo
from referee.core.registry import game_names, get_game

router = APIRouter(prefix="/v1/games", tags=["games"])


@router.get("", response_model=list[GameInfo])
def list_games() -> list[GameInfo]:
    """Every game, with the JSON schemas a client can validate configs and actions against."""
    infos = []
    for name in game_names():
        game = get_game(name)
        infos.append(
            GameInfo(
                name=name,
                config_schema=game.config_type.model_json_schema(),
                action_schema=game.action_adapter.json_schema(),
            )
        )
    return infos
