"""The table WebSocket: the caller's view on connect, then each action as that seat sees it."""

import pytest
from starlette.websockets import WebSocketDisconnect

from api.ws import CLOSE_BAD_TOKEN, CLOSE_UNKNOWN_TABLE
from tests.api.ouat_http import OuatTable


@pytest.fixture
def table(client):
    return OuatTable(client, ["Ana", "Ben", "Cy"], first="Ana", seed=8)


def connect(table, seat=None):
    query = f"?token={table.tokens[seat]}" if seat else ""
    return table.client.websocket_connect(f"/v1/tables/{table.id}/ws{query}")


def test_view_on_connect_then_updates(table):
    table.ok("Ana", type="tell", text="Once upon a time.")
    with connect(table, "Ben") as ben, connect(table) as spectator:
        hello = ben.receive_json()
        assert hello["seq"] == 1 and hello["events"] == []
        assert hello["view"] == table.table("Ben")["view"]
        assert spectator.receive_json()["view"] == table.table()["view"]

        table.ok("Ana", type="pass")
        update = ben.receive_json()
        assert update["seq"] == 2 and update["view"] == table.table("Ben")["view"]
        assert [e["kind"] for e in update["events"]] == ["pass", "draw"]
        assert [e["kind"] for e in spectator.receive_json()["events"]] == ["pass", "draw"]

        table.ok("Ana", type="discard", card=None)
        assert ben.receive_json()["seq"] == 3
        assert spectator.receive_json()["view"]["storyteller"] == "Ben"


def test_the_actor_gets_their_private_events(table):
    with connect(table, "Ana") as ana, connect(table, "Ben") as ben:
        ana.receive_json(), ben.receive_json()
        table.ok("Ana", type="pass")
        assert "drew" in [e["kind"] for e in ana.receive_json()["events"]]
        assert "drew" not in [e["kind"] for e in ben.receive_json()["events"]]


def test_bad_token_closes_with_4401(table):
    socket = table.client.websocket_connect(f"/v1/tables/{table.id}/ws?token=nope")
    with socket as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == CLOSE_BAD_TOKEN == 4401


def test_unknown_table_closes_with_4404(client):
    with (
        client.websocket_connect("/v1/tables/nope/ws") as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    assert closed.value.code == CLOSE_UNKNOWN_TABLE == 4404


def test_reconnecting_gets_the_latest_view(table):
    with connect(table, "Ben") as ben:
        ben.receive_json()
    table.ok("Ana", type="tell", text="Nobody is listening.")
    with connect(table, "Ben") as ben:
        assert ben.receive_json()["seq"] == 1
