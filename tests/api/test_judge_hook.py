"""With a judge, claims get its ruling and tells its private hints; the log replays without it."""

from contextlib import ExitStack

from fastapi.testclient import TestClient

from api.main import create_app
from tests.api.ouat_http import OuatTable, card_name
from tests.service.scripted_judge import ScriptedJudge

PLAYERS = ["Ana", "Ben", "Cy"]


def judged(judge, db=":memory:"):
    return TestClient(create_app(db, judge_factory=lambda: judge))


def test_the_judge_rules_and_the_ruling_is_stored(tmp_path):
    db = str(tmp_path / "tables.sqlite3")
    judge = ScriptedJudge("accept")
    with judged(judge, db) as client:
        assert client.app.state.judge is judge
        table = OuatTable(client, PLAYERS, first="Ana")
        table.ok("Ana", type="tell", text="Once upon a time.")
        card = table.hand("Ana")[0]
        played = table.ok("Ana", type="play", card=card)
        assert played["view"]["phase"] == "telling", "no vote: the judge decided"
        assert played["view"]["table"][-1]["ruling"]["judge"] == "scripted@1"
        before = {seat: (table.table(seat), table.events(seat)) for seat in [*PLAYERS, None]}

    with TestClient(create_app(db)) as client:
        assert client.app.state.judge is None
        table.client = client
        assert {seat: (table.table(seat), table.events(seat)) for seat in before} == before


def test_an_unclear_verdict_opens_the_uninvolved_players_vote():
    with judged(ScriptedJudge("vote")) as client:
        table = OuatTable(client, PLAYERS, first="Ana")
        table.ok("Ana", type="tell", text="Once upon a time.")
        claimed = table.ok("Ben", type="interrupt", card=table.hand("Ben")[0])["view"]["vote"]
        assert claimed["kind"] == "interrupt" and claimed["voters"] == ["Cy"]
        assert claimed["ruling"]["decided_by"] == "judge"
        assert claimed["ruling"]["decision"] == "vote"
        assert table.ok("Cy", type="vote", agree=True)["view"]["storyteller"] == "Ben"


def test_hints_reach_only_their_seat_on_every_channel():
    with judged(ScriptedJudge("reject")) as client:
        table = OuatTable(client, PLAYERS, first="Ana")
        ben_card = table.hand("Ben")[0]
        client.app.state.judge.by_name = {card_name(ben_card): "accept"}
        with ExitStack() as stack:
            sockets = {}
            for seat in PLAYERS:
                path = f"/v1/tables/{table.id}/ws?token={table.tokens[seat]}"
                sockets[seat] = stack.enter_context(client.websocket_connect(path))
                sockets[seat].receive_json()
            told = table.ok("Ana", type="tell", text="Once upon a time.")
            pushed = {seat: socket.receive_json() for seat, socket in sockets.items()}
        assert [e["kind"] for e in told["events"]] == ["tell"]
        assert [e["kind"] for e in pushed["Ana"]["events"]] == ["tell"]
        assert [e["kind"] for e in pushed["Cy"]["events"]] == ["tell"]
        hint = pushed["Ben"]["events"][1]
        assert hint["kind"] == "mentions" and hint["to"] == "Ben"
        assert [entry["card"] for entry in hint["data"]["cards"]] == [ben_card]
        assert table.events("Ben") == [{"seq": 1, **event} for event in pushed["Ben"]["events"]]
        for seat in ("Ana", "Cy", None):
            assert [e["kind"] for e in table.events(seat)] == ["tell"]


def test_a_retried_claim_is_not_judged_again():
    judge = ScriptedJudge("accept")
    with judged(judge) as client:
        table = OuatTable(client, PLAYERS, first="Ana")
        table.ok("Ana", type="tell", text="Once upon a time.")
        card = table.hand("Ana")[0]
        asked = len(judge.calls)
        first = table.act("Ana", key="k", type="play", card=card)
        again = table.act("Ana", key="k", type="play", card=card)
        assert first.status_code == again.status_code == 200
        assert again.json() == first.json() and len(judge.calls) == asked + 1
