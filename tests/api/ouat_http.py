"""Drive an OUAT table through the HTTP API as its clients would."""

from __future__ import annotations

from typing import Any

from referee.games.ouat import GAME


def ouat_config(players: list[str], first: str) -> dict[str, Any]:
    """A configuration in which ``first`` opens."""
    return {"players": players, "first_storyteller": {"method": "named", "player": first}}


def card_name(card: str) -> str:
    """The English name of a story card."""
    return GAME.deck.story[card].en


def naming(card: str) -> str:
    """A sentence that names ``card``: the lexical judge accepts it."""
    return f"And then there was the {card_name(card).lower()}."


def wishing(card: str) -> str:
    """A sentence that names ``card`` only in a wish: the lexical judge leaves it to a vote."""
    return f"If only there were the {card_name(card).lower()}."


NAMING_NOTHING = "Nothing happened for a while."
"""A sentence that names no card: the lexical judge rejects every claim on it."""


class OuatTable:
    """A table created over HTTP with every seat joined; ``client`` is httpx-like."""

    def __init__(self, client: Any, players: list[str], first: str, seed: int = 5) -> None:
        self.client = client
        created = client.post(
            "/v1/tables", json={"game": "ouat", "config": ouat_config(players, first), "seed": seed}
        )
        assert created.status_code == 201, created.text
        self.id = created.json()["table_id"]
        self.tokens = {}
        for seat in players:
            joined = client.post(f"/v1/tables/{self.id}/seats/{seat}")
            assert joined.status_code == 201, joined.text
            self.tokens[seat] = joined.json()["token"]

    def auth(self, seat: str) -> dict[str, str]:
        """The Authorization header of ``seat``."""
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def act(self, seat: str, key: str | None = None, **action: Any) -> Any:
        """POST an action for ``seat`` (``player`` filled in); returns the response."""
        headers = self.auth(seat) | ({"Idempotency-Key": key} if key else {})
        return self.client.post(
            f"/v1/tables/{self.id}/actions", json={"player": seat, **action}, headers=headers
        )

    def ok(self, seat: str, **action: Any) -> dict[str, Any]:
        """Act and insist it is accepted; returns the answer's JSON."""
        response = self.act(seat, **action)
        assert response.status_code == 200, response.text
        return response.json()

    def table(self, seat: str | None = None) -> dict[str, Any]:
        """GET the table as ``seat`` (or a spectator) sees it."""
        headers = self.auth(seat) if seat else {}
        response = self.client.get(f"/v1/tables/{self.id}", headers=headers)
        assert response.status_code == 200, response.text
        return response.json()

    def events(self, seat: str | None = None, since: int = 0) -> list[dict[str, Any]]:
        """GET the events after ``since`` that ``seat`` (or a spectator) may see."""
        headers = self.auth(seat) if seat else {}
        response = self.client.get(f"/v1/tables/{self.id}/events?since={since}", headers=headers)
        assert response.status_code == 200, response.text
        return response.json()["events"]

    def hand(self, seat: str) -> list[str]:
        """The story card ids ``seat`` holds, from their own view."""
        return [card["id"] for card in self.table(seat)["view"]["hand"]]

    def endings(self, seat: str) -> list[str]:
        """The ending card ids ``seat`` holds, from their own view."""
        return [card["id"] for card in self.table(seat)["view"]["endings"]]

    def tell_and_play(self, seat: str, card: str, **timing: Any) -> dict[str, Any]:
        """The storyteller names ``card`` in a sentence and plays it; the judge must accept."""
        self.ok(seat, type="tell", text=naming(card), **timing)
        played = self.ok(seat, type="play", card=card)
        assert played["view"]["table"][-1]["card"] == card, played["events"]
        return played
