"""``POST /v1/judge/mention``: the judge on one sentence, without a table."""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from referee.judge.mention import MentionJudge
from tests.service.scripted_judge import ScriptedJudge

URL = "/v1/judge/mention"
CARDS: list[dict[str, Any]] = [
    {"name": "Child", "category": "character"},
    {"name": "Dragon", "category": "character", "id": "dragon", "aliases": ["Wyrm"]},
    {"name": "Forest", "category": "place"},
]


@pytest.fixture
def judge():
    return ScriptedJudge("reject", by_name={"Child": "accept", "Forest": "vote"})


@pytest.fixture
def judged(judge):
    with TestClient(create_app(":memory:", judge_factory=lambda: judge)) as client:
        yield client


def test_one_verdict_per_card_in_order(judged, judge):
    body = {"sentence": "A boy was born.", "context": ["Once upon a time."], "cards": CARDS}
    response = judged.post(URL, json=body)
    assert response.status_code == 200, response.text
    expected = [("Child", "accept", 0.9), ("dragon", "reject", 0.1), ("Forest", "vote", 0.5)]
    assert response.json() == {
        "judge": "scripted",
        "version": "1",
        "verdicts": [
            {
                "card": card,
                "decision": decision,
                "score": score,
                "evidence": ["A"],
                "reason": f"scripted: {decision}",
            }
            for card, decision, score in expected
        ],
    }
    asked = ["Child", "dragon", "Forest"]
    assert judge.calls == [("A boy was born.", ["Once upon a time."], asked)]


def test_context_is_optional(judged, judge):
    response = judged.post(URL, json={"sentence": "A boy.", "cards": CARDS[:1]})
    assert response.status_code == 200 and judge.calls[0][1] == []


@pytest.mark.parametrize(
    "body, words",
    [
        ({"context": [], "cards": CARDS}, "sentence"),
        ({"sentence": "", "cards": CARDS}, "sentence"),
        ({"sentence": "x" * 2001, "cards": CARDS}, "sentence"),
        ({"sentence": "A boy.", "cards": []}, "cards"),
        ({"sentence": "A boy.", "cards": CARDS * 67}, "cards"),
        ({"sentence": "A boy.", "context": ["Once."] * 201, "cards": CARDS}, "context"),
        ({"sentence": "A boy.", "context": "Once.", "cards": CARDS}, "context"),
        ({"sentence": "A boy.", "cards": [{"name": "Child", "category": "person"}]}, "category"),
        ({"sentence": "A boy.", "cards": [{"category": "character"}]}, "name"),
        ({"sentence": "A boy.", "cards": [{"name": "", "category": "character"}]}, "name"),
        ({"sentence": "A boy.", "cards": [CARDS[0] | {"zh": "孩子"}]}, "zh"),
        ({"sentence": "A boy.", "cards": CARDS, "judge": "me"}, "judge"),
    ],
)
def test_malformed_bodies_are_refused(judged, judge, body, words):
    response = judged.post(URL, json=body)
    assert response.status_code == 422, response.text
    error = response.json()
    assert error["error"] == "malformed_request" and words in error["message"]
    assert judge.calls == []


def test_without_a_judge_the_route_answers_503(client):
    response = client.post(URL, json={"sentence": "A boy.", "cards": CARDS})
    assert response.status_code == 503
    error = response.json()
    assert error["error"] == "judge_disabled" and error["rule"] is None
    assert "judge is not enabled" in error["message"]


def test_the_model_judge_settles_a_dispute():
    with TestClient(create_app(":memory:", judge_factory=MentionJudge)) as client:
        response = client.post(
            URL,
            json={
                "sentence": "One spring the woodcutter's wife gave birth to a boy.",
                "cards": [
                    {"name": "Child", "category": "character"},
                    {"name": "Dragon", "category": "character"},
                ],
            },
        )
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["judge"] == "minilm-mention" and answer["version"]
    child, dragon = answer["verdicts"]
    assert (child["card"], dragon["card"]) == ("Child", "Dragon")
    # A boy is a child (a hyponym); nothing names a dragon. The judge may leave either to
    # the table's vote, but it must never turn them round.
    assert dragon["decision"] != "accept" and dragon["score"] < 0.5, dragon
    assert child["decision"] != "reject" and child["score"] > 0.5, child
    assert child["evidence"] == ["boy"] and not dragon["evidence"]
    for verdict in (child, dragon):
        assert verdict["reason"] and isinstance(verdict["evidence"], list)
