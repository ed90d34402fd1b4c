"""Every client mistake gets its 4xx status and a JSON body naming the error (never a 500)."""

import pytest

from tests.api.ouat_http import OuatTable, ouat_config

PLAYERS = ["Ana", "Ben", "Cy"]


@pytest.fixture
def table(client):
    return OuatTable(client, PLAYERS, first="Ana", seed=3)


def expect(response, status, error, rule=None):
    assert response.status_code == status, response.text
    body = response.json()
    assert body["error"] == error and body["message"]
    assert body["rule"] == rule
    return body


# --- 422: the input cannot be understood ----------------------------------------------------


def test_bad_json_body(table):
    response = table.client.post(
        f"/v1/tables/{table.id}/actions",
        content=b'{"type": "tell",',
        headers=table.auth("Ana") | {"Content-Type": "application/json"},
    )
    assert "JSON" in expect(response, 422, "malformed_request")["message"]


def test_body_that_is_not_an_object(table):
    response = table.client.post(
        f"/v1/tables/{table.id}/actions", json=["tell"], headers=table.auth("Ana")
    )
    expect(response, 422, "malformed_request")


def test_wrong_field(table):
    body = expect(table.act("Ana", type="tell", text="Hi.", colour="red"), 422, "malformed_action")
    assert "colour" in body["message"]


def test_missing_field(table):
    assert "text" in expect(table.act("Ana", type="tell"), 422, "malformed_action")["message"]


@pytest.mark.parametrize(
    "action",
    [
        {"type": "tell", "text": "a" * 2001},
        {"type": "end", "ending": "e1", "lead_in": ["a" * 2001]},
        {"type": "challenge", "reason": "a" * 501},
    ],
)
def test_overlong_text_is_refused_before_anything_reads_it(table, action):
    """A 108,000-character tell once took the judge 49 s; a line is at most 2,000 characters."""
    message = expect(table.act("Ana", **action), 422, "malformed_action")["message"]
    assert "at most" in message


def test_unknown_action_type(table):
    expect(table.act("Ana", type="fly"), 422, "malformed_action")


def test_an_action_without_a_type_is_told_the_types(table):
    body = expect(table.act("Ana"), 422, "malformed_action")
    assert body["message"].startswith("type: missing")
    assert "'tell'" in body["message"] and "'interrupt'" in body["message"]


def test_unknown_card(table):
    table.ok("Ana", type="tell", text="Once upon a time.")
    body = expect(table.act("Ana", type="play", card="no-such-card"), 422, "malformed_action")
    assert "no-such-card" in body["message"]


def test_unknown_game(client):
    response = client.post("/v1/tables", json={"game": "chess", "config": {}})
    assert "chess" in expect(response, 422, "unknown_game")["message"]


@pytest.mark.parametrize(
    "config, words",
    [
        ({"players": ["Ana"]}, "players"),
        ({"players": ["Ana", "ana"]}, "unique"),
        ({"players": ["Ana", "Ben"], "pause_seconds": -1}, "pause_seconds"),
    ],
)
def test_bad_config(client, config, words):
    response = client.post("/v1/tables", json={"game": "ouat", "config": config})
    assert words in expect(response, 422, "invalid_config")["message"]


def test_bad_create_request(client):
    response = client.post("/v1/tables", json={"game": "ouat", "config": {}, "seed": -1})
    assert "seed" in expect(response, 422, "malformed_request")["message"]
    response = client.post("/v1/tables", json={"config": ouat_config(PLAYERS, "Ana")})
    expect(response, 422, "malformed_request")


@pytest.mark.parametrize("client_kind", ["client", "lexical_client"])
def test_a_client_ruling_is_refused_and_changes_nothing(request, client_kind):
    table = OuatTable(request.getfixturevalue(client_kind), PLAYERS, first="Ana", seed=3)
    table.ok("Ana", type="tell", text="Once upon a time there was a king.")
    ruling = {"decided_by": "judge", "decision": "accept", "reason": "trust me"}
    claims = [
        ("Ana", {"type": "tell", "text": "And it all made sense."}),
        ("Ana", {"type": "play", "card": table.hand("Ana")[0]}),
        ("Ben", {"type": "interrupt", "card": table.hand("Ben")[0]}),
        ("Ana", {"type": "end", "ending": table.endings("Ana")[0]}),
        ("Ben", {"type": "challenge", "reason": "Nonsense."}),
        ("Cy", {"type": "challenge", "ruling": ruling | {"decided_by": "table"}}),
    ]
    before = {seat: (table.table(seat), table.events(seat)) for seat in [*PLAYERS, None]}
    for seat, claim in claims:
        response = table.act(seat, key=seat, **({"ruling": ruling} | claim))
        body = expect(response, 422, "malformed_action")
        assert "judge" in body["message"] and "without `ruling`" in body["message"]
    assert {seat: (table.table(seat), table.events(seat)) for seat in before} == before
    assert table.act("Ana", key="Ana", type="pass").status_code == 200, "the key is unused"


@pytest.mark.parametrize("since", ["-1", "abc", str(2**63)])
def test_bad_since(table, since):
    """Past SQLite's integers the store itself failed (500)."""
    response = table.client.get(f"/v1/tables/{table.id}/events?since={since}")
    assert "since" in expect(response, 422, "malformed_request")["message"]


# --- 409: the rules (or the table) refuse ---------------------------------------------------


def test_not_your_turn(table):
    body = expect(
        table.act("Ben", type="tell", text="Me first."), 409, "not_your_turn", rule="turn-order"
    )
    assert "storyteller" in body["message"]


def test_illegal_play_names_the_rule(table):
    played = table.act("Ana", type="play", card=table.hand("Ana")[0])
    expect(played, 409, "illegal_action", rule="play-on-sentence")
    table.ok("Ana", type="tell", text="Once upon a time.")
    someone_elses = table.hand("Ben")[0]
    body = expect(
        table.act("Ana", type="play", card=someone_elses), 409, "illegal_action", rule="own-card"
    )
    assert "does not hold" in body["message"]


def test_refusals_change_nothing(table):
    before = table.table("Ana")
    table.act("Ben", type="tell", text="Me first.")
    table.act("Ana", type="play", card="no-such-card")
    assert table.table("Ana") == before


def test_seat_taken(table):
    expect(table.client.post(f"/v1/tables/{table.id}/seats/Ana"), 409, "seat_taken")


# --- 404: no such table or seat -------------------------------------------------------------


def test_unknown_table(client, table):
    for response in [
        client.get("/v1/tables/nope"),
        client.post("/v1/tables/nope/seats/Ana"),
        client.get("/v1/tables/nope/events"),
        client.post("/v1/tables/nope/actions", json={"type": "pass", "player": "Ana"}),
        client.get("/v1/tables/nope/actions/legal", headers=table.auth("Ana")),
    ]:
        expect(response, 404, "unknown_table")


def test_unknown_seat(table):
    expect(table.client.post(f"/v1/tables/{table.id}/seats/Zed"), 404, "unknown_seat")


def test_unknown_route(client):
    expect(client.get("/v1/nothing-here"), 404, "not_found")


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [("DELETE", "/v1/tables", "POST"), ("TRACE", "/health", "GET"), ("PUT", "/v1/games", "GET")],
)
def test_a_method_the_path_does_not_take_says_which_it_does(client, method, path, allowed):
    response = client.request(method, path)
    expect(response, 405, "method_not_allowed")
    assert response.headers["allow"] == allowed  # RFC 9110: a 405 lists the allowed methods


# --- 401 / 403: who is asking ---------------------------------------------------------------


def test_no_token(table):
    response = table.client.post(
        f"/v1/tables/{table.id}/actions", json={"type": "pass", "player": "Ana"}
    )
    expect(response, 401, "unauthenticated")
    assert response.headers["www-authenticate"] == "Bearer"
    expect(table.client.get(f"/v1/tables/{table.id}/actions/legal"), 401, "unauthenticated")


def test_bad_token(table, client):
    bad = {"Authorization": "Bearer not-a-token"}
    expect(client.get(f"/v1/tables/{table.id}", headers=bad), 401, "unauthenticated")
    expect(client.get(f"/v1/tables/{table.id}/events", headers=bad), 401, "unauthenticated")
    response = client.post(
        f"/v1/tables/{table.id}/actions", json={"type": "pass", "player": "Ana"}, headers=bad
    )
    expect(response, 401, "unauthenticated")


def test_token_of_another_table(client, table):
    other = OuatTable(client, PLAYERS, first="Ana", seed=4)
    response = client.get(f"/v1/tables/{table.id}", headers=other.auth("Ana"))
    expect(response, 401, "unauthenticated")


def test_acting_for_another_seat(table):
    response = table.client.post(
        f"/v1/tables/{table.id}/actions",
        json={"type": "tell", "player": "Ana", "text": "Once upon a time."},
        headers=table.auth("Ben"),
    )
    assert "Ana" in expect(response, 403, "forbidden")["message"]
    assert table.table()["seq"] == 0
