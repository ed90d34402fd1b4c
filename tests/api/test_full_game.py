"""A whole OUAT game over HTTP, refereed live by the lexical judge, from creation to a winner.

The storyteller's client posts transcript lines with timestamps; each seat
hears privately which of its own cards a line names; claims are judged (one
is left to the table's vote, one rejected); a pause of over 5 s ends a turn;
an incoherence challenge and the ending go to the table's vote.
"""

from tests.api.ouat_http import NAMING_NOTHING, OuatTable, card_name, naming, wishing

PLAYERS = ["Ana", "Ben", "Cy"]
T = 1_750_000_000.0
"""When the story starts, in Unix seconds."""


def kinds(events):
    return [event["kind"] for event in events]


def hints(table, seat):
    """The ``mentions`` events ``seat`` can read."""
    return [event for event in table.events(seat) if event["kind"] == "mentions"]


def test_a_live_game_from_creation_to_a_winner(lexical_client):
    table = OuatTable(lexical_client, PLAYERS, first="Ana", seed=21)
    start = table.table()
    assert start["seq"] == 0 and start["you"] is None and "hand" not in start["view"]
    assert start["seed"] is None, "a chosen seed is not shown before the game ends"
    assert [s["taken"] for s in start["seats"]] == [True, True, True]
    ana, ben, cy = (table.hand(seat) for seat in PLAYERS)

    # Ana names her own card: only she hears of it, and the judge lets her play it.
    told = table.ok("Ana", type="tell", text=naming(ana[0]), at=T)
    assert kinds(told["events"]) == ["tell", "mentions"]
    hint = told["events"][1]
    assert hint["to"] == "Ana" and hint["data"]["sentence"] == naming(ana[0])
    assert hint["message"] == f"This line names your {card_name(ana[0])}; you may claim it."
    [entry] = hint["data"]["cards"]
    assert entry["card"] == ana[0] and entry["decision"] == "accept"
    assert entry["evidence"] and entry["reason"]
    played = table.ok("Ana", type="play", card=ana[0])
    assert played["view"]["table"][-1]["ruling"]["judge"] == "lexical@1"
    assert not any(hints(table, seat) for seat in ("Ben", "Cy", None))

    # Ana names Ben's card: Ben alone hears of it, interrupts, and the judge upholds it.
    told = table.ok("Ana", type="tell", text=naming(ben[0]), at=T + 1)
    assert kinds(told["events"]) == ["tell"]
    [hint] = hints(table, "Ben")
    assert [entry["card"] for entry in hint["data"]["cards"]] == [ben[0]]
    sentence = told["events"][0]["data"]["sentence"]
    taken = table.ok("Ben", type="interrupt", card=ben[0], sentence=sentence)
    assert kinds(taken["events"])[:1] == ["interrupt"]
    assert taken["view"]["storyteller"] == "Ben"
    assert len(table.hand("Ana")) == len(ana) - 1 + 1, "Ana played one and drew one"

    # Ben names his card only in a wish: the judge leaves it to Ana and Cy, who vote it in.
    told = table.ok("Ben", type="tell", text=wishing(ben[1]), at=T + 2)
    [hint] = told["events"][1:]
    assert hint["data"]["cards"][0]["decision"] == "vote"
    assert "may name your" in hint["message"] and "the table would vote" in hint["message"]
    vote = table.ok("Ben", type="play", card=ben[1])["view"]["vote"]
    assert vote["kind"] == "play" and vote["voters"] == ["Ana", "Cy"]
    assert vote["ruling"]["decision"] == "vote"
    table.ok("Ana", type="vote", agree=True)
    closed = table.ok("Cy", type="vote", agree=True)
    assert closed["view"]["table"][-1]["card"] == ben[1]
    assert closed["view"]["table"][-1]["ruling"]["decided_by"] == "vote"

    # Cy claims a card the line does not name: the judge rejects it; she discards and draws 2.
    table.ok("Ben", type="tell", text=NAMING_NOTHING, at=T + 3)
    failed = table.ok("Cy", type="interrupt", card=cy[0])
    assert "interrupt_failed" in kinds(failed["events"])
    assert failed["view"]["storyteller"] == "Ben" and len(table.hand("Cy")) == len(cy) + 1

    # Ben's next line comes 6.5 s after his last: he loses the turn, and nobody is told a hint.
    paused = table.ok("Ben", type="tell", text="And then he waited.", at=T + 9.5)
    assert kinds(paused["events"]) == ["turn_lost", "draw", "drew", "storyteller"]
    assert paused["events"][0]["data"]["reason"] == "pause"
    assert paused["view"]["storyteller"] == "Cy"

    # Cy plays out her hand, one named card per line; Ana's incoherence challenge is voted down.
    for number, card in enumerate(table.hand("Cy")):
        table.tell_and_play("Cy", card, at=T + 10 + number)
        if number == 0:
            challenge = table.ok("Ana", type="challenge", reason="That makes no sense.")
            assert challenge["view"]["vote"]["voters"] == ["Ben"]
            stands = table.ok("Ben", type="vote", agree=False)
            assert "challenge_rejected" in kinds(stands["events"])
    assert table.hand("Cy") == []
    hinted = {entry["card"] for hint in hints(table, "Cy") for entry in hint["data"]["cards"]}
    assert set(cy[1:]) <= hinted, "Cy heard of each card she then played"

    # Her ending goes to Ana and Ben, who accept it.
    ending = table.endings("Cy")[0]
    asked = table.ok(
        "Cy", type="end", ending=ending, lead_in=["And so it ended."], at=T + 11 + number
    )
    assert asked["view"]["vote"]["kind"] == "ending"
    table.ok("Ana", type="vote", agree=True)
    won = table.ok("Ben", type="vote", agree=True)
    assert won["view"]["winner"] == "Cy" and won["view"]["phase"] == "over"

    final = table.table("Ana")
    assert final["finished"] and final["winners"] == ["Cy"]
    assert final["seed"] == 21, "the seed is revealed once the game is over"
    assert final["seq"] == won["seq"]
    public = table.events()
    assert public[-1]["kind"] == "game_over"
    assert all(event["to"] is None for event in public)
    for seat in PLAYERS:
        assert all(hint["to"] == seat for hint in hints(table, seat))
    legal = f"/v1/tables/{table.id}/actions/legal"
    assert table.client.get(legal, headers=table.auth("Ben")).json() == []
    late = table.act("Ben", type="tell", text="One more thing.")
    assert late.status_code == 409 and late.json()["rule"] == "game-over"
