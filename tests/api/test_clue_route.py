"""``POST /v1/judge/clue``: the cards ranked for a Dixit clue, and a tip for the storyteller."""

import pytest

CLUE = "/v1/judge/clue"
CARDS = [
    "A fox in a tuxedo conducts an orchestra of frogs on a lily pond.",
    "An old man on a pier waits beside an empty mailbox as the tide goes out.",
    "A girl climbs a ladder of books up to a door in the clouds.",
]


def test_the_model_ranks_every_card_best_first(model_clue_client):
    body = {"clue": "A letter that never came", "cards": CARDS}
    response = model_clue_client.post(CLUE, json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["judge"] == "clue-embedding" and answer["version"]
    best = answer["ranking"][0]
    assert best["index"] == 1 and best["card"] == CARDS[1]
    assert sorted(row["index"] for row in answer["ranking"]) == [0, 1, 2]
    scores = [row["score"] for row in answer["ranking"]]
    assert scores == sorted(scores, reverse=True) and sum(scores) == pytest.approx(1, abs=1e-4)
    assert answer["tip"] is None  # no target, no tip


def test_a_target_asks_for_a_tip(model_clue_client):
    literal = {"clue": CARDS[0], "cards": CARDS, "target": 0}
    tip = model_clue_client.post(CLUE, json=literal).json()["tip"]
    assert tip["kind"] == "too_literal" and tip["find_rate"] >= 0.75
    assert "score 0" in tip["message"]
    loose = {"clue": "A letter that never came", "cards": CARDS, "target": 2}
    tip = model_clue_client.post(CLUE, json=loose).json()["tip"]
    assert tip["kind"] == "too_loose" and tip["find_rate"] < 0.25


def test_the_lexical_judge_ranks_by_shared_words(lexical_client):
    answer = lexical_client.post(CLUE, json={"clue": "the tuxedo", "cards": CARDS}).json()
    assert answer["judge"] == "clue-lexical" and answer["ranking"][0]["index"] == 0


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"clue": "x", "cards": CARDS, "target": 3}, "target 3 is not an index of the 3 cards"),
        ({"clue": "x", "cards": []}, "cards"),
        ({"clue": "   ", "cards": CARDS}, "clue"),
        ({"clue": "x", "cards": CARDS, "target": -1}, "target"),
        ({"clue": "x", "cards": CARDS, "extra": 1}, "extra"),
        ({"cards": CARDS}, "clue"),
    ],
)
def test_malformed_questions_get_422_naming_the_problem(lexical_client, body, problem):
    response = lexical_client.post(CLUE, json=body)
    assert response.status_code == 422
    assert problem in response.json()["message"]


def test_without_a_judge_the_route_answers_503(client):
    response = client.post(CLUE, json={"clue": "x", "cards": CARDS})
    assert response.status_code == 503
    assert "clue" in response.json()["message"]
