"""``REFEREE_JUDGE`` picks the judge of the served app: model (default), lexical or none."""

import pytest
from fastapi.testclient import TestClient

from api.judges import judge_factory_from_env
from api.main import create_app
from referee.cli import main
from referee.judge import LexicalJudge


@pytest.mark.parametrize("value", [None, "", "model"])
def test_the_model_judge_by_default(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("REFEREE_JUDGE", raising=False)
    else:
        monkeypatch.setenv("REFEREE_JUDGE", value)
    factory = judge_factory_from_env()
    assert factory.__module__ == "api.judges" and factory.__name__ == "_model_judge"


def test_lexical_and_none(monkeypatch):
    monkeypatch.setenv("REFEREE_JUDGE", "lexical")
    assert judge_factory_from_env() is LexicalJudge
    monkeypatch.setenv("REFEREE_JUDGE", "none")
    assert judge_factory_from_env() is None


def test_an_unknown_judge_stops_start_up(monkeypatch, capsys):
    monkeypatch.setenv("REFEREE_JUDGE", "oracle")
    with pytest.raises(ValueError, match=r"REFEREE_JUDGE='oracle' names no judge.*model, lexical"):
        judge_factory_from_env()
    assert main(["serve"]) == 2
    assert "REFEREE_JUDGE='oracle' names no judge" in capsys.readouterr().err


def test_the_judge_is_on_the_app_state():
    with TestClient(create_app(":memory:", judge_factory=LexicalJudge)) as client:
        assert isinstance(client.app.state.judge, LexicalJudge)
