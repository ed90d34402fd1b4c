"""What each seat and a spectator may see, and above all what they may not.

Two states that differ only in something a viewer must not know must look the same to
that viewer: another hand, the storyteller's card before the reveal, what was submitted,
how someone voted, the pile's order, the RNG.
"""

import json

import pytest

from referee.games.dixit import GAME
from referee.games.dixit.actions import Vote
from referee.games.dixit.state import DixitState
from tests.games.dixit.helpers import clue_and_submit, deck, position, rig, run, table, vote_for

HANDS = {"Ana": ["c01", "c05"], "Ben": ["c02", "c06"], "Cy": ["c03", "c07"], "Dee": ["c04", "c08"]}
SUBMIT = {"Ben": ["c02"], "Cy": ["c03"], "Dee": ["c04"]}
VIEWERS = [None, "Ana", "Ben", "Cy", "Dee", "Zed"]


def base():
    return rig(table(4, first="Ana", bots=["Dee"]), HANDS)


def swap(state: DixitState, one: str, other: str) -> DixitState:
    """``state`` with two card ids exchanged wherever they are."""
    data = json.loads(state.model_dump_json())
    for key in ["pile", "box", "layout"]:
        data[key] = [_swap(c, one, other) for c in data[key]]
    for key in ["hands", "submissions"]:
        data[key] = {p: [_swap(c, one, other) for c in cards] for p, cards in data[key].items()}
    if data["storyteller_card"]:
        data["storyteller_card"] = _swap(data["storyteller_card"], one, other)
    return DixitState.model_validate(data)


def _swap(card, one, other):
    return {one: other, other: one}.get(card, card)


def same_for(first, second, viewers):
    for viewer in viewers:
        assert GAME.view(first, viewer) == GAME.view(second, viewer), (
            f"{viewer} can tell them apart"
        )


def differs_for(first, second, viewer):
    assert GAME.view(first, viewer) != GAME.view(second, viewer), f"{viewer} should see the change"


def test_a_player_sees_only_their_own_hand():
    state = base()
    for seat in state.players:
        seen = GAME.view(state, seat)
        assert [card["id"] for card in seen["hand"]] == state.hands[seat]
        assert seen["hand"][0]["description"].endswith(".")
        text = json.dumps(seen)
        for other in state.players:
            if other != seat:
                assert not any(f'"{card}"' in text for card in state.hands[other])
    # Exchanging a card of Ben's hand with one of the pile: only Ben can tell.
    changed = swap(state, "c06", state.pile[0])
    same_for(state, changed, [None, "Ana", "Cy", "Dee", "Zed"])
    differs_for(state, changed, "Ben")


def test_spectators_and_strangers_see_no_hand():
    state = base()
    for viewer in [None, "Zed"]:
        seen = GAME.view(state, viewer)
        assert "hand" not in seen and "you" not in seen and "your_card" not in seen
    assert [p["hand"] for p in GAME.view(state, None)["players"]] == [6, 6, 6, 6]


def test_pile_order_and_rng_never_leave_the_engine():
    state = base()
    shuffled = state.model_copy(update={"pile": list(reversed(state.pile))})
    reseeded = state.model_copy(update={"rng": table(4, seed=99).rng})
    assert shuffled != state and reseeded != state
    same_for(state, shuffled, VIEWERS)
    same_for(state, reseeded, VIEWERS)
    text = json.dumps(GAME.view(state, "Ana"))
    assert not any(f'"{card}"' in text for card in state.pile)
    assert state.rng.state not in text
    assert GAME.view(state, None)["pile"] == len(state.pile)


def test_storyteller_card_hidden_until_the_reveal():
    state = base()
    told = clue_and_submit(state, "c01", {})
    other = clue_and_submit(state, "c05", {})
    same_for(told, other, [None, "Ben", "Cy", "Dee"])
    assert GAME.view(told, "Ana")["your_card"]["id"] == "c01"
    assert GAME.view(told, "Ben")["your_card"] is None
    assert GAME.view(told, None)["clue"] == "A clue"


def test_submissions_hidden_only_who_submitted_is_shown():
    told = clue_and_submit(base(), "c01", {"Ben": ["c02"]})
    other = clue_and_submit(base(), "c01", {"Ben": ["c06"]})
    same_for(told, other, [None, "Ana", "Cy", "Dee"])
    seen = GAME.view(told, "Cy")
    assert seen["submitted"] == ["Ben"] and seen["waiting"] == ["Cy", "Dee"]
    assert [c["id"] for c in GAME.view(told, "Ben")["your_submission"]] == ["c02"]


def test_during_the_vote_owners_stay_hidden_but_own_positions_are_shown():
    state = clue_and_submit(base(), "c01", SUBMIT)
    for seat in state.players:
        seen = GAME.view(state, seat)
        assert [c["id"] for c in seen["layout"]] == state.layout
        assert seen["layout"][0]["position"] == 1
        assert seen["your_positions"] == state.positions_of(seat)
        assert len(seen["your_positions"]) == 1
    assert GAME.view(state, "Ana")["your_positions"] == [position(state, "c01")]
    assert GAME.view(state, None)["layout"] == GAME.view(state, "Ben")["layout"]
    # Had Ben given Cy's card and Cy Ben's, only they could tell.
    exchanged = state.model_copy(
        update={"submissions": {"Ben": ["c03"], "Cy": ["c02"], "Dee": ["c04"]}}
    )
    same_for(state, exchanged, [None, "Ana", "Dee"])
    differs_for(state, exchanged, "Ben")
    differs_for(state, exchanged, "Cy")


def test_votes_hidden_until_revealed_together():
    state = clue_and_submit(base(), "c01", SUBMIT)
    one = run(state, Vote(player="Ben", position=position(state, "c01")))
    two = run(state, Vote(player="Ben", position=position(state, "c03")))
    same_for(one, two, [None, "Ana", "Cy", "Dee"])
    differs_for(one, two, "Ben")
    seen = GAME.view(one, "Cy")
    assert seen["voted"] == ["Ben"] and seen["waiting"] == ["Cy", "Dee"]
    assert GAME.view(one, "Ben")["your_vote"] == position(state, "c01")
    assert GAME.view(one, "Cy")["your_vote"] is None
    done = vote_for(one, {"Cy": "c01", "Dee": "c02"})
    history = GAME.view(done, None)["rounds"]
    assert history == [record.model_dump() for record in done.rounds]
    assert history[0]["votes"]["Ben"] == position(state, "c01")


def test_public_facts_for_everyone():
    state = base()
    seen = GAME.view(state, None)
    assert seen["game"] == "dixit" and seen["phase"] == "clue"
    assert (seen["round"], seen["storyteller"], seen["clue"]) == (1, "Ana", None)
    assert seen["scores"] == {p: 0 for p in state.players}
    assert seen["bots"] == ["Dee"]
    assert [p["bot"] for p in seen["players"]] == [False, False, False, True]
    assert seen["waiting"] == ["Ana"] and seen["winners"] == [] and not seen["over"]
    assert seen["rules"]["hand_size"] == 6 and seen["rules"]["submissions"] == 1
    assert seen["opening"] == {"method": "named", "storyteller": "Ana"}


def test_winners_in_the_view_once_over():
    state = table(4, first="Ana", target_score=1)
    card = state.hands["Ana"][0]
    state = clue_and_submit(state, card, {p: [state.hands[p][0]] for p in state.voters})
    state = vote_for(state, {p: card for p in state.voters})
    seen = GAME.view(state, "Ben")
    assert seen["over"] and seen["phase"] == "over"
    assert seen["winners"] == ["Ben", "Cy", "Dee"] and seen["waiting"] == []


@pytest.mark.parametrize("count", [3, 4, 6])
def test_views_are_json(count):
    state = table(count, deck=deck(60))
    for viewer in [None, *state.players]:
        json.dumps(GAME.view(state, viewer))
