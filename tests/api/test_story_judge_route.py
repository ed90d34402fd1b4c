"""``POST /v1/judge/coherence`` and ``/v1/judge/ending``: the story judge, without a table."""

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from referee.judge.panel import ModelJudge
from tests.service.scripted_judge import ScriptedStoryJudge

COHERENCE = "/v1/judge/coherence"
ENDING = "/v1/judge/ending"
STORY = ["The old king died in the winter.", "His daughter took the crown."]
COHERENCE_BODY = {"context": STORY, "sentence": "The next morning the king rode out to hunt."}
ENDING_BODY = {
    "context": STORY,
    "lead_in": ["She ruled for many years."],
    "ending": "And they all lived happily ever after.",
}
FIELDS = {"judge", "version", "decision", "score", "evidence", "reason"}


@pytest.fixture
def judge():
    return ScriptedStoryJudge(coherent="reject", fits="vote")


@pytest.fixture
def judged(judge):
    with TestClient(create_app(":memory:", judge_factory=lambda: judge)) as client:
        yield client


def test_coherence_answers_the_judges_ruling(judged, judge):
    response = judged.post(COHERENCE, json=COHERENCE_BODY)
    assert response.status_code == 200, response.text
    assert response.json() == {
        "judge": "scripted-story",
        "version": "2",
        "decision": "reject",
        "score": 0.1,
        "evidence": [STORY[-1]],
        "reason": "scripted story: reject",
    }
    assert judge.story_calls == [("coherence", STORY, COHERENCE_BODY["sentence"])]


def test_ending_answers_the_judges_ruling(judged, judge):
    response = judged.post(ENDING, json=ENDING_BODY)
    assert response.status_code == 200, response.text
    assert response.json() == {
        "judge": "scripted-story",
        "version": "2",
        "decision": "vote",
        "score": 0.5,
        "evidence": ENDING_BODY["lead_in"],
        "reason": "scripted story: vote",
    }
    assert judge.story_calls == [
        ("ending", STORY, ENDING_BODY["lead_in"], ENDING_BODY["ending"]),
    ]


def test_the_story_before_is_optional(judged, judge):
    assert judged.post(COHERENCE, json={"sentence": "Once."}).status_code == 200
    assert judged.post(ENDING, json={"ending": "The end."}).status_code == 200
    assert judge.story_calls == [("coherence", [], "Once."), ("ending", [], [], "The end.")]


@pytest.mark.parametrize(
    "url, body, words",
    [
        (COHERENCE, {"context": STORY}, "sentence"),
        (COHERENCE, COHERENCE_BODY | {"sentence": ""}, "sentence"),
        (COHERENCE, COHERENCE_BODY | {"sentence": "   "}, "blank"),
        (COHERENCE, COHERENCE_BODY | {"sentence": "x" * 2001}, "sentence"),
        (COHERENCE, COHERENCE_BODY | {"context": ["Once."] * 201}, "context"),
        (COHERENCE, COHERENCE_BODY | {"context": ["x" * 2001]}, "context"),
        (COHERENCE, COHERENCE_BODY | {"context": "Once."}, "context"),
        (COHERENCE, COHERENCE_BODY | {"judge": "me"}, "judge"),
        (ENDING, {"context": STORY, "lead_in": []}, "ending"),
        (ENDING, ENDING_BODY | {"ending": " "}, "blank"),
        (ENDING, ENDING_BODY | {"lead_in": ["  "]}, "blank"),
        (ENDING, ENDING_BODY | {"lead_in": "She ruled."}, "lead_in"),
        (ENDING, ENDING_BODY | {"context": ["Once."] * 201}, "context"),
        (ENDING, ENDING_BODY | {"sentence": "Once."}, "sentence"),
    ],
)
def test_malformed_bodies_are_refused(judged, judge, url, body, words):
    response = judged.post(url, json=body)
    assert response.status_code == 422, response.text
    error = response.json()
    assert error["error"] == "malformed_request" and words in error["message"]
    assert judge.story_calls == []


@pytest.mark.parametrize("url, body", [(COHERENCE, COHERENCE_BODY), (ENDING, ENDING_BODY)])
def test_without_a_story_judge_the_routes_answer_503(client, lexical_client, url, body):
    for server, named in [(client, "REFEREE_JUDGE=none"), (lexical_client, "(lexical)")]:
        response = server.post(url, json=body)
        assert response.status_code == 503, response.text
        error = response.json()
        assert error["error"] == "judge_disabled" and error["rule"] is None
        assert named in error["message"] and "REFEREE_JUDGE=model" in error["message"]


def test_the_model_judge_rules_on_coherence_and_endings():
    with TestClient(create_app(":memory:", judge_factory=ModelJudge)) as client:
        answers = [
            client.post(COHERENCE, json=COHERENCE_BODY),
            client.post(COHERENCE, json={"context": STORY, "sentence": "She was a wise queen."}),
            client.post(ENDING, json=ENDING_BODY),
        ]
    for response in answers:
        assert response.status_code == 200, response.text
        answer = response.json()
        assert set(answer) == FIELDS and answer["judge"] and answer["version"]
        assert answer["decision"] in ("accept", "reject", "vote") and answer["reason"]
        assert 0.0 <= answer["score"] <= 1.0 and isinstance(answer["evidence"], list)


def test_the_model_judge_leaves_text_in_another_script_to_the_table():
    chinese = ["从前有一个国王，他有三个女儿。", "小女儿最善良。"]
    with TestClient(create_app(":memory:", judge_factory=ModelJudge)) as client:
        answers = [
            client.post(COHERENCE, json={"context": chinese, "sentence": "她遇到了一只狐狸。"}),
            client.post(ENDING, json={"context": chinese, "ending": "从此他们过着幸福的生活。"}),
        ]
    for response in answers:
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["decision"] == "vote" and answer["score"] == 0.5
        assert "mostly in another script" in answer["reason"]


def test_the_largest_bodies_the_schema_allows_get_an_answer_not_a_500():
    """Sentences of 2,000 characters (the limit) that tokenize to more than the model
    reads: the tokenizer refused to cut the story below nothing and the routes answered
    500; a 200-line story of such lines took seconds to tokenize."""
    longest = ("word " * 400)[:2000]
    bodies = [
        (COHERENCE, {"context": [], "sentence": longest}),
        (COHERENCE, {"context": ["-" * 2000] * 200, "sentence": "-" * 2000}),
        (ENDING, {"context": [longest] * 200, "lead_in": [longest] * 3, "ending": longest}),
    ]
    with TestClient(create_app(":memory:", judge_factory=ModelJudge)) as client:
        for url, body in bodies:
            response = client.post(url, json=body)
            assert response.status_code == 200, response.text
            assert response.json()["decision"] in ("accept", "reject", "vote")
