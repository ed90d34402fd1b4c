"""Inputs found by an adversarial review (2026-12-02): each once gave a 500, a table that
could not be played, or a server that could not start again. Each is now a clear 4xx."""

import sqlite3
import unicodedata

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from api.main import create_app
from api.ws import CLOSE_TABLE_UNAVAILABLE
from tests.api.ouat_http import OuatTable, ouat_config
from tests.api.test_dixit_http import DixitTable

PLAYERS = ["Ana", "Ben", "Cy"]


def expect_422(response, *words):
    assert response.status_code == 422, response.text
    message = response.json()["message"]
    assert all(word in message for word in words), message
    return message


def raw_post(client, path, text, headers=None):
    """POST ``text`` as it is: JSON constants and escapes a serialiser would not write."""
    headers = {"Content-Type": "application/json", **(headers or {})}
    return client.post(path, content=text.encode("utf-8"), headers=headers)


@pytest.mark.parametrize(
    "config",
    [
        '{"players": ["Ana", "Ben"], "pause_seconds": Infinity}',
        '{"players": ["Ana", "Ben"], "pause_seconds": NaN}',
        '{"players": ["Ana", "Ben"], "first_storyteller": {"method": "oldest",'
        ' "ages": {"Ana": NaN, "Ben": 30}}}',
    ],
)
def test_a_config_with_a_number_that_is_not_finite_is_refused(client, config):
    response = raw_post(client, "/v1/tables", f'{{"game": "ouat", "config": {config}}}')
    expect_422(response, "finite number")


@pytest.mark.parametrize("at", ["NaN", "Infinity", "-Infinity"])
def test_an_action_at_a_time_that_is_not_finite_is_refused(client, at):
    table = OuatTable(client, PLAYERS, first="Ana")
    body = f'{{"type": "tell", "player": "Ana", "text": "Once.", "at": {at}}}'
    response = raw_post(client, f"/v1/tables/{table.id}/actions", body, table.auth("Ana"))
    expect_422(response, "tell.at", "finite number")
    assert table.table()["seq"] == 0


@pytest.mark.parametrize(
    "action, field",
    [
        ({"type": "vote", "agree": "yes"}, "vote.agree"),
        ({"type": "tell", "text": "Once.", "at": True}, "tell.at"),
        ({"type": "tell", "text": "Once.", "at": "5"}, "tell.at"),
        ({"type": "interrupt", "card": "wolf", "sentence": "0"}, "interrupt.sentence"),
    ],
)
def test_values_of_the_wrong_type_are_refused_not_converted(client, action, field):
    table = OuatTable(client, PLAYERS, first="Ana")
    expect_422(table.act("Ana", **action), field)


@pytest.mark.parametrize("seed", ["12", True, 1.0])
def test_a_seed_must_be_an_integer(client, seed):
    config = ouat_config(PLAYERS, "Ana")
    response = client.post("/v1/tables", json={"game": "ouat", "config": config, "seed": seed})
    expect_422(response, "seed")


def test_a_lone_surrogate_is_refused_and_nothing_is_stored(client):
    table = OuatTable(client, PLAYERS, first="Ana")
    body = '{"type": "tell", "player": "Ana", "text": "\\ud800 hi"}'
    response = raw_post(client, f"/v1/tables/{table.id}/actions", body, table.auth("Ana"))
    expect_422(response, "body.text", "Unicode")
    assert table.table()["seq"] == 0
    created = raw_post(
        client, "/v1/tables", '{"game": "ouat", "config": {"players": ["A\\udfff", "B"]}}'
    )
    expect_422(created, "body.config.players.0", "Unicode")


def test_a_surrogate_pair_is_a_character_like_any_other(client):
    table = OuatTable(client, PLAYERS, first="Ana")
    body = '{"type": "tell", "player": "Ana", "text": "A dragon \\ud83d\\udc09 flew."}'
    response = raw_post(client, f"/v1/tables/{table.id}/actions", body, table.auth("Ana"))
    assert response.status_code == 200, response.text
    assert table.table()["view"]["story"][0]["text"] == "A dragon \N{DRAGON} flew."


@pytest.mark.parametrize("text", ["\u0000", " \u0007 ", "\t\n"])
def test_a_line_of_control_characters_is_blank(client, text):
    table = OuatTable(client, PLAYERS, first="Ana")
    expect_422(table.act("Ana", type="tell", text=text), "blank")
    assert table.table()["seq"] == 0


@pytest.mark.parametrize("name", ["A/B", "Tab\there", "x" * 65])
def test_a_player_name_a_seat_cannot_be_addressed_by_is_refused(client, name):
    response = client.post(
        "/v1/tables", json={"game": "ouat", "config": {"players": [name, "Ben"]}}
    )
    expect_422(response, "player name")


def test_one_seats_idempotency_keys_neither_block_nor_answer_another_seats(client):
    table = OuatTable(client, PLAYERS, first="Ana")
    assert table.act("Ana", key="ana-1", type="tell", text="Once.").status_code == 200
    challenged = table.act("Ben", key="ana-2", type="challenge")
    assert challenged.status_code == 200, challenged.text
    assert table.act("Cy", type="vote", agree=False).status_code == 200  # the story stands
    mine = table.act("Ana", key="ana-2", type="tell", text="And then.")
    assert mine.status_code == 200, mine.text
    assert mine.json()["seq"] == challenged.json()["seq"] + 2
    assert table.table()["view"]["story"][-1]["text"] == "And then."


@pytest.mark.parametrize(
    "query, field",
    [
        (
            {
                "sentence": "a boat",
                "cards": [{"name": "Boat", "category": "thing", "aliases": [" "]}],
            },
            "aliases",
        ),
        ({"sentence": "   ", "cards": [{"name": "Boat", "category": "thing"}]}, "sentence"),
        ({"sentence": "a boat", "cards": [{"name": "\t", "category": "thing"}]}, "name"),
    ],
)
def test_blank_judge_inputs_are_refused(lexical_client, query, field):
    expect_422(lexical_client.post("/v1/judge/mention", json=query), field, "blank")


def test_a_bot_facing_a_picture_of_one_long_word_still_gives_a_clue(lexical_client):
    deck = [{"id": f"c{i}", "description": "q" * 600} for i in range(40)]
    config = {
        "players": ["Ana", "Bo", "Cy", "Di"],
        "first_storyteller": "Ana",
        "bots": ["Bo", "Cy", "Di"],
        "deck": deck,
    }
    table = DixitTable(lexical_client, config)
    card = table.view("Ana")["view"]["hand"][0]["id"]
    answered = table.act("Ana", type="clue", card=card, text="a long way")
    assert answered.status_code == 200, answered.text
    view = table.view("Ana")["view"]
    assert view["storyteller"] == "Bo" and view["clue"] == "this"


def test_a_table_that_cannot_be_restored_answers_503_and_closes_its_websocket(tmp_path):
    path = str(tmp_path / "tables.sqlite3")
    with TestClient(create_app(path)) as client:
        damaged = OuatTable(client, PLAYERS, first="Ana")
        damaged.ok("Ana", type="tell", text="Once.")
        healthy = OuatTable(client, PLAYERS, first="Ana")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE actions SET state_sha256 = 'tampered' WHERE table_id = ?", (damaged.id,))
    with TestClient(create_app(path)) as client:
        answer = client.get(f"/v1/tables/{damaged.id}")
        assert answer.status_code == 503 and answer.json()["error"] == "table_unavailable"
        with (
            client.websocket_connect(f"/v1/tables/{damaged.id}/ws") as ws,
            pytest.raises(WebSocketDisconnect) as closed,
        ):
            ws.receive_json()
        assert closed.value.code == CLOSE_TABLE_UNAVAILABLE == 4503
        assert client.get(f"/v1/tables/{healthy.id}").status_code == 200


# --- found by the second review ------------------------------------------------------------------


@pytest.mark.parametrize("text", ["\u3000\u2003\u00a0", "\u200b\u200b", "\ufeff"])
def test_a_line_of_unicode_spaces_or_invisible_characters_is_blank(client, text):
    table = OuatTable(client, PLAYERS, first="Ana")
    expect_422(table.act("Ana", type="tell", text=text), "blank")


@pytest.mark.parametrize("name", ["Ana ", "\u200bAna", "..", "."])
def test_names_with_invisible_edges_or_only_dots_are_refused(client, name):
    response = client.post(
        "/v1/tables", json={"game": "ouat", "config": {"players": [name, "Ben"]}}
    )
    expect_422(response, "player name")


def test_a_dixit_card_id_with_a_control_character_is_refused(client):
    deck = [{"id": f"\u0007c{i}", "description": "A bell."} for i in range(40)]
    config = {"players": ["Ana", "Bo", "Cy"], "deck": deck}
    expect_422(client.post("/v1/tables", json={"game": "dixit", "config": config}), "control")


def test_the_judge_reads_decomposed_unicode_as_the_same_words(lexical_client):
    card = {"name": "Château", "category": "place"}
    answers = [
        lexical_client.post(
            "/v1/judge/mention",
            json={
                "sentence": unicodedata.normalize(form, "They rode to the château."),
                "cards": [card],
            },
        ).json()["verdicts"][0]
        for form in ("NFC", "NFD")
    ]
    assert answers[0] == answers[1] and answers[0]["evidence"] == ["château"]


@pytest.mark.parametrize("target", ["0", False, 0.0])
def test_a_clue_target_must_be_an_integer(lexical_client, target):
    query = {"clue": "snow", "cards": ["A lantern in the snow.", "A red boat."], "target": target}
    expect_422(lexical_client.post("/v1/judge/clue", json=query), "target")


@pytest.mark.parametrize("body", [b'\xff\xfe{"type": "tell"}', b"[" * 3000 + b"]" * 3000])
def test_a_body_that_cannot_be_decoded_is_422(client, body):
    table = OuatTable(client, PLAYERS, first="Ana")
    response = client.post(
        f"/v1/tables/{table.id}/actions",
        content=body,
        headers=table.auth("Ana") | {"Content-Type": "application/json"},
    )
    expect_422(response, "JSON")
