"""The FastAPI application: health, and the games the referee knows."""

from __future__ import annotations

from fastapi import FastAPI
from pydantic import BaseModel

import referee
from referee.core.registry import game_names


class Health(BaseModel):
    """The service is up, and which version answers."""

    status: str
    version: str
    games: list[str]


def create_app() -> FastAPI:
    """A new application instance."""
    app = FastAPI(
        title="referee",
        version=referee.__version__,
        description="An impartial referee for tabletop card games: deterministic rules "
        "engines and a language judge.",
    )

    @app.get("/health", response_model=Health, tags=["service"])
    def health() -> Health:
        """Liveness check: the service answers, with its version and games."""
        return Health(status="ok", version=referee.__version__, games=game_names())

    return app


app = create_app()
