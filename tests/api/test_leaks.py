"""No seat ever sees another seat's cards, the decks or another seat's token.

Four seats and a spectator play over HTTP, refereed by the lexical judge,
each also listening on the WebSocket. Every response body and every pushed
message that a viewer gets is scanned for the ids and names of the cards
hidden from that viewer at that moment (other hands and endings, both decks:
any value equal to a card's id, name or text, or a string naming a hidden
story card), and for other tokens. A card a player claims in public (a play
or an interrupt put to a vote) is shown to the table by the rules and is no
longer hidden. The judge's ``mentions`` hints are checked too: a viewer gets
only its own, listing only cards it held when the line was told. (The lines
name other seats' cards in lower case, as players would say them; the
scanner looks for names as the referee writes them.)
"""

import json
import re
from contextlib import ExitStack

import pytest

from referee.games.ouat import GAME
from tests.api.ouat_http import NAMING_NOTHING, OuatTable, card_name, naming, wishing

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
DECK = GAME.deck


def card_words(card_id):
    """Every way a card can be written: id, English and Chinese name or text."""
    card = DECK.story.get(card_id) or DECK.endings[card_id]
    return {card.id, card.en, card.zh}


def story_name(card_id):
    """A story card's English name, which the engine's messages use; None for an ending."""
    card = DECK.story.get(card_id)
    return card.en if card else None


class Scanner:
    def __init__(self, table, service):
        self.table = table
        self.service = service
        self.revealed = set()
        self.checked = 0
        self.hands = {}  # every seat's hand after each seq
        self.hints = {}  # the seats that got a hint, by the hint's seq

    def note_hands(self, seq):
        self.hands[seq] = dict(self.service.state(self.table.id).hands)

    def note_claims(self):
        """Cards put to the table's vote are public from now on."""
        vote = self.service.state(self.table.id).vote
        if vote is not None:
            self.revealed |= {vote.card, *(q.card for q in vote.queued)} - {None}

    def hidden(self, state, viewer):
        cards = set(state.story_deck) | set(state.ending_deck)
        for player in state.players:
            if player != viewer:
                cards |= set(state.hands[player]) | set(state.endings[player])
        return cards - self.revealed

    def check(self, payload, viewer, state=None):
        state = state or self.service.state(self.table.id)
        text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
        for seat, token in self.table.tokens.items():
            assert seat == viewer or token not in text, f"{seat}'s token reached {viewer}"
        hidden = self.hidden(state, viewer)
        words = set().union(*(card_words(card) for card in hidden))
        names = {story_name(card) for card in hidden} - {None}
        named = re.compile(r"\b(" + "|".join(re.escape(name) for name in names) + r")\b")
        data = json.loads(text)
        for value in strings(data):
            assert value not in words, f"{viewer} saw hidden card {value!r}"
            found = named.search(value)
            assert found is None, f"{viewer} saw hidden card {found.group()!r} in {value!r}"
        self.check_hints(data, viewer)
        self.checked += 1

    def check_hints(self, data, viewer):
        """A viewer's hints are its own, about cards it held when the line was told."""
        events = data.get("events", []) if isinstance(data, dict) else []
        for event in events:
            if event["kind"] != "mentions":
                continue
            seq = event.get("seq", data["seq"])
            assert event["to"] == viewer, f"{viewer} saw {event['to']}'s hint"
            cards = {entry["card"] for entry in event["data"]["cards"]}
            assert cards <= set(self.hands[seq][viewer]), f"{viewer} was hinted {cards}"
            self.hints.setdefault(seq, set()).add(viewer)


def strings(data):
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value)


def test_nothing_hidden_reaches_anyone(lexical_client):
    with ExitStack() as stack:
        play_and_scan(lexical_client, stack)


def play_and_scan(client, stack):
    service = client.app.state.service
    table = OuatTable(client, PLAYERS, first="Ana", seed=12)
    scan = Scanner(table, service)
    viewers = [*PLAYERS, None]
    sockets = {}
    states = {0: service.state(table.id)}
    scan.note_hands(0)
    for viewer in viewers:
        query = f"?token={table.tokens[viewer]}" if viewer else ""
        socket = client.websocket_connect(f"/v1/tables/{table.id}/ws{query}")
        sockets[viewer] = stack.enter_context(socket)
        scan.check(sockets[viewer].receive_json(), viewer)

    def look_around():
        for viewer in viewers:
            headers = table.auth(viewer) if viewer else {}
            for path in ["", "/events"] + (["/actions/legal"] if viewer else []):
                response = client.get(f"/v1/tables/{table.id}{path}", headers=headers)
                assert response.status_code == 200
                scan.check(response.text, viewer)

    def act(seat, expect=200, **action):
        response = table.act(seat, **action)
        assert response.status_code == expect, response.text
        scan.note_claims()
        if expect == 200:
            scan.note_hands(response.json()["seq"])
        scan.check(response.text, seat)
        if expect == 200:
            seq = response.json()["seq"]
            states[seq] = service.state(table.id)
            scan.note_hands(seq)
            for viewer in viewers:
                message = sockets[viewer].receive_json()
                assert message["seq"] == seq
                scan.check(message, viewer, states[seq])
        look_around()
        return response.json()

    def held(seat):
        return service.state(table.id).hands[seat][0]

    look_around()
    act("Ana", type="tell", text=naming(held("Ana")))
    act("Ana", type="play", card=held("Ana"))  # the judge accepts
    act("Ana", type="tell", text=wishing(held("Ana")))
    act("Ana", type="play", card=held("Ana"))  # the judge is unsure: to the vote
    act("Ben", type="vote", agree=True)
    act("Cy", type="vote", agree=False)
    act("Dee", type="vote", agree=True)
    act("Ana", type="tell", text=NAMING_NOTHING)
    act("Ben", type="interrupt", card=held("Ben"))  # the judge rejects: Ben draws 2
    both = f"The {card_name(held('Cy')).lower()} met the {card_name(held('Dee')).lower()}."
    act("Ana", type="tell", text=both)  # Cy and Dee each hear of their own card
    act("Cy", type="interrupt", card=held("Cy"))  # the judge accepts: Cy takes the story
    act("Ana", expect=409, type="play", card=held("Ana"))
    act("Cy", type="tell", text="Sentence five.")
    act("Dee", type="challenge", reason="That makes no sense.")
    act("Ana", type="vote", agree=False)
    act("Ben", type="vote", agree=False)
    act("Cy", type="pass")
    act("Cy", type="discard", card=held("Cy"))
    act("Dee", type="tell", text=wishing(held("Ana")))
    act("Ana", type="interrupt", card=held("Ana"))  # the judge is unsure: to the vote
    act("Ben", type="interrupt", card=held("Ben"))  # waits for that vote
    act("Ben", type="vote", agree=True)
    act("Cy", type="vote", agree=True)
    act("Ana", type="pass")
    act("Ana", type="discard", card=None)
    assert table.table()["view"]["storyteller"] == "Ben"
    kinds = {
        event["kind"] for event in client.get(f"/v1/tables/{table.id}/events").json()["events"]
    }
    assert {"vote_closed", "interrupt_failed", "interrupt", "interrupt_queued"} <= kinds
    assert scan.checked > 400
    assert set().union(*scan.hints.values()) == {"Ana", "Cy", "Dee"}, "hints were scanned"
    assert any(len(seats) == 2 for seats in scan.hints.values())

    # The scanner itself sees a leak when there is one.
    with pytest.raises(AssertionError, match="hidden card"):
        scan.check(table.table("Ben"), "Ana")
    with pytest.raises(AssertionError, match="token"):
        scan.check({"token": table.tokens["Ben"]}, "Ana")
    [(seq, hint)] = [(e["seq"], e) for e in table.events("Cy") if e["kind"] == "mentions"]
    with pytest.raises(AssertionError, match="Cy's hint"):
        scan.check({"seq": seq, "events": [hint]}, "Dee")
