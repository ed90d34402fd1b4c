"""Dixit over the generic table API: humans and the referee's bots at one table, start to end."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games.dixit.cards import standard_index

HUMANS = ["Ana", "Ben"]
BOTS = ["Cy", "Dee"]


class DixitTable:
    """A Dixit table created over HTTP, its human seats joined."""

    def __init__(self, client: Any, config: dict[str, Any], seed: int = 11) -> None:
        self.client = client
        created = client.post("/v1/tables", json={"game": "dixit", "config": config, "seed": seed})
        assert created.status_code == 201, created.text
        self.id = created.json()["table_id"]
        self.tokens = {}
        for seat in config["players"]:
            if seat not in config.get("bots", []):
                joined = client.post(f"/v1/tables/{self.id}/seats/{seat}")
                assert joined.status_code == 201, joined.text
                self.tokens[seat] = joined.json()["token"]

    def auth(self, seat: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def view(self, seat: str | None = None) -> dict[str, Any]:
        headers = self.auth(seat) if seat else {}
        response = self.client.get(f"/v1/tables/{self.id}", headers=headers)
        assert response.status_code == 200, response.text
        return response.json()

    def act(self, seat: str, **action: Any) -> Any:
        body = {"player": seat, **action}
        return self.client.post(f"/v1/tables/{self.id}/actions", json=body, headers=self.auth(seat))

    def legal(self, seat: str) -> list[dict[str, Any]]:
        response = self.client.get(f"/v1/tables/{self.id}/actions/legal", headers=self.auth(seat))
        assert response.status_code == 200, response.text
        return response.json()

    def events(self, seat: str | None = None) -> list[dict[str, Any]]:
        headers = self.auth(seat) if seat else {}
        response = self.client.get(f"/v1/tables/{self.id}/events", headers=headers)
        assert response.status_code == 200, response.text
        return response.json()["events"]


@pytest.fixture
def table(lexical_client) -> DixitTable:
    config = {"players": HUMANS + BOTS, "first_storyteller": "Ana", "bots": BOTS}
    return DixitTable(lexical_client, config)


def test_humans_and_bots_play_a_whole_game_over_the_api(table):
    for _ in range(400):
        state = table.view()
        if state["finished"]:
            break
        (seat,) = [s for s in state["view"]["waiting"] if s in HUMANS][:1] or [None]
        assert seat is not None, "the game waits only for bots, which move on their own"
        action = table.legal(seat)[0]
        if action["type"] == "clue":
            action["text"] = "a long way from home"
        response = table.act(seat, **{k: v for k, v in action.items() if k != "player"})
        assert response.status_code == 200, response.text
    final = table.view()
    assert final["finished"] and final["winners"] and final["seed"] == 11
    view = final["view"]
    recount = {p["name"]: 0 for p in view["players"]}
    for record in view["rounds"]:
        for player, points in record["gained"].items():
            recount[player] += points
    assert recount == view["scores"]
    assert {r["storyteller"] for r in view["rounds"]} == set(HUMANS + BOTS)


def test_a_seat_sees_its_own_hand_only_and_bots_are_marked(table):
    ana = table.view("Ana")["view"]
    spectator = table.view()["view"]
    held = {card["id"] for card in ana["hand"]}
    assert len(held) == 6 and "hand" not in spectator
    assert [p["bot"] for p in ana["players"]] == [False, False, True, True]
    ben_events = table.events("Ben")
    assert not any(e["to"] == "Ana" for e in ben_events)
    assert not held & {c for e in ben_events for c in e["data"].get("cards", [])}


def test_a_literal_clue_gets_a_private_tip_for_the_storyteller_only(model_clue_client):
    config = {"players": HUMANS + BOTS, "first_storyteller": "Ana", "bots": BOTS}
    table = DixitTable(model_clue_client, config)
    card = table.view("Ana")["view"]["hand"][0]
    response = table.act("Ana", type="clue", card=card["id"], text=card["description"])
    assert response.status_code == 200, response.text
    tips = [e for e in response.json()["events"] if e["kind"] == "clue_tip"]
    assert len(tips) == 1 and tips[0]["to"] == "Ana"
    assert tips[0]["data"]["kind"] == "too_literal" and "score 0" in tips[0]["message"]
    assert not [e for e in table.events("Ben") if e["kind"] == "clue_tip"]
    assert not [e for e in table.events() if e["kind"] == "clue_tip"]


def test_refusals_over_http(table):
    ana_card = table.view("Ana")["view"]["hand"][0]["id"]
    early = table.act("Ben", type="vote", position=1)
    assert early.status_code == 409 and early.json()["rule"] == "phase"
    assert table.act("Ben", type="clue", card=ana_card, text="x").status_code == 409
    malformed = table.act("Ana", type="clue", card="no-such-card", text="x")
    assert malformed.status_code == 422 and "no-such-card" in malformed.json()["message"]
    assert table.act("Ana", type="clue", card=ana_card, text="  ").status_code == 422
    assert table.act("Ana", type="clue", card=ana_card, text="quiet").status_code == 200
    ben_hand = table.view("Ben")["view"]["hand"]
    two = table.act("Ben", type="submit", cards=[c["id"] for c in ben_hand[:2]])
    assert two.status_code == 409 and two.json()["rule"] == "submission-count"
    assert table.act("Ben", type="submit", cards=[ben_hand[0]["id"]]).status_code == 200
    own = table.view("Ben")["view"]["your_positions"][0]
    voted_own = table.act("Ben", type="vote", position=own)
    assert voted_own.status_code == 409 and voted_own.json()["rule"] == "not-own-card"
    assert table.act("Ben", type="vote", position=0).status_code == 422
    acting_for_bot = table.act("Ben", type="vote", player="Cy", position=1)
    assert acting_for_bot.status_code == 403
    joined_bot = table.client.post(f"/v1/tables/{table.id}/seats/Cy")
    assert joined_bot.status_code == 409 and "bot" in joined_bot.json()["message"]


def test_a_table_brings_its_own_deck(lexical_client):
    deck = [{"id": f"p{i}", "description": f"Paper boat number {i}."} for i in range(40)]
    config = {"players": ["Ana", "Ben", "Cy"], "deck": deck, "bots": ["Ben", "Cy"]}
    table = DixitTable(lexical_client, config, seed=2)
    hand = table.view("Ana")["view"]["hand"]
    assert len(hand) == 7 and all(card["id"].startswith("p") for card in hand)
    too_small = {"players": ["Ana", "Ben", "Cy"], "deck": deck[:10]}
    refused = lexical_client.post("/v1/tables", json={"game": "dixit", "config": too_small})
    assert refused.status_code == 422 and "at least" in refused.json()["message"]
    not_a_player = {"players": ["Ana", "Ben", "Cy"], "bots": ["Zed"]}
    refused = lexical_client.post("/v1/tables", json={"game": "dixit", "config": not_a_player})
    assert refused.status_code == 422 and "Zed" in refused.json()["message"]


def test_a_bot_only_table_has_finished_when_it_is_created(client):
    config = {"players": ["A", "B", "C", "D", "E"], "bots": ["A", "B", "C", "D", "E"]}
    created = client.post("/v1/tables", json={"game": "dixit", "config": config, "seed": 8})
    assert created.status_code == 201, created.text
    table_id = created.json()["table_id"]
    state = client.get(f"/v1/tables/{table_id}").json()
    assert state["finished"] and state["seed"] == 8
    used = {c for r in state["view"]["rounds"] for c in r["layout"]}
    assert used <= set(standard_index())
