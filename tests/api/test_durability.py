"""A served referee killed with SIGKILL restarts on the same database exactly where it was.

Runs ``python -m referee.cli serve --db FILE --port FREE`` as a real process
(with the lexical judge, which starts fast), plays across a snapshot
boundary, kills it with SIGKILL, restarts it and checks every table's views,
legal actions and events (the judge's private hints included) are identical
and play goes on, live on a real WebSocket too.
"""

import json
import os
import socket
import subprocess
import sys
import time

import httpx
import pytest
from websockets.sync.client import connect

from referee.service.store import SNAPSHOT_EVERY
from tests.api.ouat_http import OuatTable, naming

pytestmark = pytest.mark.slow


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(self, db, log):
        self.db, self.log = db, log

    def start(self):
        self.port = free_port()
        command = [
            sys.executable,
            "-m",
            "referee.cli",
            "serve",
            "--db",
            str(self.db),
            "--port",
            str(self.port),
        ]
        env = os.environ | {"REFEREE_JUDGE": "lexical"}
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        self.client = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if self.client.get("/health").status_code == 200:
                    return self.client
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError(f"the server did not start:\n{self.log.read_text()}")

    def socket(self, table, seat):
        """A real WebSocket to ``table``'s feed as ``seat``."""
        url = f"ws://127.0.0.1:{self.port}/v1/tables/{table.id}/ws?token={table.tokens[seat]}"
        return connect(url, open_timeout=10)

    def kill(self):
        self.client.close()
        self.process.kill()
        self.process.wait(timeout=10)


@pytest.fixture
def server(tmp_path):
    server = Server(tmp_path / "tables.sqlite3", tmp_path / "server.log")
    yield server
    if server.process.poll() is None:
        server.kill()


def everything(client, table):
    """All that every seat and a spectator can read of ``table``."""
    seen = {
        "spectator": client.get(f"/v1/tables/{table.id}").json(),
        "events": client.get(f"/v1/tables/{table.id}/events").json(),
    }
    for seat in table.tokens:
        headers = table.auth(seat)
        seen[seat] = [
            client.get(f"/v1/tables/{table.id}{path}", headers=headers).json()
            for path in ("", "/actions/legal", "/events")
        ]
    return seen


def test_kill_and_restart_loses_nothing(server):
    client = server.start()
    long_game = OuatTable(client, ["Ana", "Ben", "Cy"], first="Ana", seed=1)
    for number in range(SNAPSHOT_EVERY + 3):
        long_game.ok("Ana", type="tell", text=f"Sentence {number}.")
    long_game.tell_and_play("Ana", long_game.hand("Ana")[0])
    short_game = OuatTable(client, ["Ana", "Ben"], first="Ben", seed=2)
    retried = short_game.act("Ben", key="once", type="pass").json()
    before = {table.id: everything(client, table) for table in (long_game, short_game)}

    server.kill()
    client = server.start()
    for table in (long_game, short_game):
        table.client = client
        assert everything(client, table) == before[table.id]

    assert short_game.act("Ben", key="once", type="pass").json() == retried
    assert short_game.table()["seq"] == 1
    answer = short_game.ok("Ben", type="discard", card=None)
    assert answer["seq"] == 2 and answer["view"]["storyteller"] == "Ana"
    ben_card = long_game.hand("Ben")[0]
    with server.socket(long_game, "Ben") as ben:
        hello = json.loads(ben.recv(timeout=10))
        assert hello["seq"] == long_game.table()["seq"] and hello["events"] == []
        assert hello["view"] == long_game.table("Ben")["view"]
        long_game.ok("Ana", type="tell", text=naming(ben_card))
        pushed = json.loads(ben.recv(timeout=10))
    assert pushed["seq"] == hello["seq"] + 1
    assert [event["kind"] for event in pushed["events"]] == ["tell", "mentions"]
    assert pushed["events"][1]["data"]["cards"][0]["card"] == ben_card
    taken = long_game.ok("Ben", type="interrupt", card=ben_card)
    assert taken["view"]["storyteller"] == "Ben"
    assert short_game.act("Ana", type="tell", text="Hello?").status_code == 200
    logged = server.log.read_text()
    assert "/ws?token=***" in logged, "the WebSocket's request was logged, masked"
    assert not any(token in logged for token in long_game.tokens.values())
