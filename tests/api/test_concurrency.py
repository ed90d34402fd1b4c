"""Two interrupts racing over HTTP: exactly one wins, the other fails without penalty."""

import threading

import pytest

from tests.api.ouat_http import OuatTable, card_name


@pytest.mark.parametrize("seed", range(4))
def test_racing_interrupts(lexical_client, seed):
    table = OuatTable(lexical_client, ["Ana", "Ben", "Cy", "Dee"], first="Ana", seed=seed)
    hands = {seat: table.hand(seat) for seat in ("Ben", "Cy")}
    ben, cy = (card_name(hands[seat][0]).lower() for seat in hands)
    told = table.ok("Ana", type="tell", text=f"A stranger came with the {ben} and the {cy}.")
    sentence = told["events"][0]["data"]["sentence"]
    start = threading.Barrier(2)
    answers = {}

    def interrupt(seat):
        start.wait()
        answers[seat] = table.act(seat, type="interrupt", card=hands[seat][0], sentence=sentence)

    threads = [threading.Thread(target=interrupt, args=(seat,)) for seat in hands]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    statuses = sorted(answer.status_code for answer in answers.values())
    assert statuses == [200, 409]
    winner = next(seat for seat, answer in answers.items() if answer.status_code == 200)
    loser = next(seat for seat in answers if seat != winner)
    refusal = answers[loser].json()
    assert refusal["rule"] == "first-interrupt-wins" and "without penalty" in refusal["message"]
    assert table.hand(loser) == hands[loser], "the loser keeps exactly their hand"
    view = table.table()
    assert view["seq"] == 2 and view["view"]["storyteller"] == winner
    ruling = view["view"]["table"][-1]["ruling"]
    assert ruling["judge"] == "lexical@1" and ruling["decision"] == "accept"
