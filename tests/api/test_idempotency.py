"""A retried action (same Idempotency-Key, same body) is answered again, never applied twice."""

from tests.api.ouat_http import OuatTable


def test_retry_returns_the_same_answer_and_applies_once(client):
    table = OuatTable(client, ["Ana", "Ben", "Cy"], first="Ana")
    first = table.act("Ana", key="k-1", type="tell", text="Once upon a time.")
    again = table.act("Ana", key="k-1", type="tell", text="Once upon a time.")
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    view = table.table("Ana")
    assert view["seq"] == 1 and len(view["view"]["story"]) == 1
    events = client.get(f"/v1/tables/{table.id}/events").json()["events"]
    assert [event["kind"] for event in events] == ["tell"]


def test_retry_after_later_actions_still_gets_the_first_answer(client):
    table = OuatTable(client, ["Ana", "Ben", "Cy"], first="Ana")
    first = table.act("Ana", key="k-1", type="tell", text="Once upon a time.").json()
    table.ok("Ana", type="tell", text="There was a road.")
    assert table.act("Ana", key="k-1", type="tell", text="Once upon a time.").json() == first
    assert table.table()["seq"] == 2


def test_same_key_with_another_body_is_refused(client):
    table = OuatTable(client, ["Ana", "Ben", "Cy"], first="Ana")
    table.act("Ana", key="k-1", type="tell", text="Once upon a time.")
    reused = table.act("Ana", key="k-1", type="tell", text="Something else.")
    assert reused.status_code == 409
    body = reused.json()
    assert body["error"] == "idempotency_conflict" and "k-1" in body["message"]
    assert table.table()["seq"] == 1


def test_keys_belong_to_one_table_and_refusals_do_not_use_them(client):
    table = OuatTable(client, ["Ana", "Ben", "Cy"], first="Ana")
    other = OuatTable(client, ["Ana", "Ben", "Cy"], first="Ana")
    assert table.act("Ben", key="k", type="tell", text="Not my turn.").status_code == 409
    assert table.act("Ana", key="k", type="tell", text="Once.").status_code == 200
    assert other.act("Ana", key="k", type="tell", text="Twice.").status_code == 200
