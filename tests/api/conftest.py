"""Applications on an in-memory store, with their lifespan running: without a judge or with one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from referee.judge import LexicalJudge


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:")) as client:
        yield client


@pytest.fixture
def lexical_client() -> Iterator[TestClient]:
    """Claims are ruled by the lexical judge, which names cards from their own words."""
    with TestClient(create_app(":memory:", judge_factory=LexicalJudge)) as client:
        yield client
