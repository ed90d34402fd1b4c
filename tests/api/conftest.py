"""Applications on an in-memory store, with their lifespan running: without a judge or with one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from referee.judge import LexicalJudge
from referee.judge.clue import ClueJudge, get_clue_judge


class LexicalMentionsModelClues(LexicalJudge):
    """The lexical mention judge with the model's clue judge: Dixit tests without the
    mention and story models' load time."""

    @property
    def clue_judge(self) -> ClueJudge:
        """The clue encoder's judge."""
        return get_clue_judge("model")


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:")) as client:
        yield client


@pytest.fixture
def lexical_client() -> Iterator[TestClient]:
    """Claims are ruled by the lexical judge, which names cards from their own words."""
    with TestClient(create_app(":memory:", judge_factory=LexicalJudge)) as client:
        yield client


@pytest.fixture(scope="module")
def model_clue_client() -> Iterator[TestClient]:
    """Clues are ranked, and storytellers tipped, by the trained clue judge."""
    app = create_app(":memory:", judge_factory=LexicalMentionsModelClues)
    with TestClient(app) as client:
        yield client
