"""Each scoring case of the rules page, as a pure function and through whole rounds."""

import pytest

from referee.games.dixit.scoring import score_round
from tests.games.dixit.helpers import clue_and_submit, rig, table, vote_for

OWNERS = {"s": "Ana", "b": "Ben", "c": "Cy", "d": "Dee"}


def test_all_found_storyteller_0_others_2():
    scored = score_round("Ana", OWNERS, {"Ben": "s", "Cy": "s", "Dee": "s"})
    assert scored.gained == {"Ana": 0, "Ben": 2, "Cy": 2, "Dee": 2}
    assert (scored.case, scored.found) == ("all", ["Ben", "Cy", "Dee"])


def test_none_found_storyteller_0_others_2_plus_votes():
    scored = score_round("Ana", OWNERS, {"Ben": "c", "Cy": "d", "Dee": "c"})
    assert scored.gained == {"Ana": 0, "Ben": 2, "Cy": 2 + 2, "Dee": 2 + 1}
    assert (scored.case, scored.found) == ("none", [])


def test_some_found_3_each_plus_1_per_vote():
    scored = score_round("Ana", OWNERS, {"Ben": "s", "Cy": "s", "Dee": "b"})
    assert scored.gained == {"Ana": 3, "Ben": 3 + 1, "Cy": 3, "Dee": 0}
    assert (scored.case, scored.found) == ("some", ["Ben", "Cy"])


def test_three_players_two_cards_each():
    owners = {"s": "Ana", "b1": "Ben", "b2": "Ben", "c1": "Cy", "c2": "Cy"}
    assert score_round("Ana", owners, {"Ben": "s", "Cy": "b2"}).gained == {
        "Ana": 3,
        "Ben": 3 + 1,
        "Cy": 0,
    }
    assert score_round("Ana", owners, {"Ben": "c1", "Cy": "b1"}).gained == {
        "Ana": 0,
        "Ben": 2 + 1,
        "Cy": 2 + 1,
    }


def test_four_point_variant_when_exactly_one_found():
    scored = score_round("Ana", OWNERS, {"Ben": "s", "Cy": "b", "Dee": "b"}, "four_points")
    assert scored.gained == {"Ana": 4, "Ben": 4 + 2, "Cy": 0, "Dee": 0}
    standard = score_round("Ana", OWNERS, {"Ben": "s", "Cy": "b", "Dee": "b"}, "standard")
    assert standard.gained == {"Ana": 3, "Ben": 3 + 2, "Cy": 0, "Dee": 0}


@pytest.mark.parametrize(
    "votes, gained",
    [
        ({"Ben": "s", "Cy": "s", "Dee": "c"}, {"Ana": 3, "Ben": 3, "Cy": 3 + 1, "Dee": 0}),
        ({"Ben": "s", "Cy": "s", "Dee": "s"}, {"Ana": 0, "Ben": 2, "Cy": 2, "Dee": 2}),
        ({"Ben": "c", "Cy": "b", "Dee": "b"}, {"Ana": 0, "Ben": 2 + 2, "Cy": 2 + 1, "Dee": 2}),
    ],
)
def test_four_point_variant_does_not_apply_otherwise(votes, gained):
    assert score_round("Ana", OWNERS, votes, "four_points").gained == gained
    assert score_round("Ana", OWNERS, votes, "standard").gained == gained


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="no card of the storyteller"):
        score_round("Eve", OWNERS, {"Ben": "s"})
    with pytest.raises(ValueError, match="storyteller does not vote"):
        score_round("Ana", OWNERS, {"Ana": "b"})
    with pytest.raises(ValueError, match="not laid out"):
        score_round("Ana", OWNERS, {"Ben": "zz"})


# --- the same cases through the engine -------------------------------------------------------


def four_player_round(scoring="standard"):
    state = table(4, first="Ana", scoring=scoring)
    state = rig(state, {"Ana": ["c01"], "Ben": ["c02"], "Cy": ["c03"], "Dee": ["c04"]})
    return clue_and_submit(state, "c01", {"Ben": ["c02"], "Cy": ["c03"], "Dee": ["c04"]})


def last_round(state):
    return state.rounds[-1]


def test_engine_all_found():
    state = vote_for(four_player_round(), {"Ben": "c01", "Cy": "c01", "Dee": "c01"})
    assert state.scores == {"Ana": 0, "Ben": 2, "Cy": 2, "Dee": 2}
    assert last_round(state).case == "all"


def test_engine_none_found():
    state = vote_for(four_player_round(), {"Ben": "c03", "Cy": "c04", "Dee": "c03"})
    assert state.scores == {"Ana": 0, "Ben": 2, "Cy": 4, "Dee": 3}
    record = last_round(state)
    assert (record.case, record.found) == ("none", [])


def test_engine_some_found_with_votes_on_submissions():
    state = vote_for(four_player_round(), {"Ben": "c01", "Cy": "c02", "Dee": "c02"})
    assert state.scores == {"Ana": 3, "Ben": 5, "Cy": 0, "Dee": 0}
    record = last_round(state)
    assert record.gained == state.scores
    assert record.owners == {"c01": "Ana", "c02": "Ben", "c03": "Cy", "c04": "Dee"}
    assert list(record.owners) == record.layout, "owners listed in layout order"
    at = {card: i + 1 for i, card in enumerate(record.layout)}
    assert record.votes == {"Ben": at["c01"], "Cy": at["c02"], "Dee": at["c02"]}
    assert (record.case, record.found) == ("some", ["Ben"])


def test_engine_four_point_variant():
    state = vote_for(four_player_round("four_points"), {"Ben": "c01", "Cy": "c02", "Dee": "c02"})
    assert state.scores == {"Ana": 4, "Ben": 6, "Cy": 0, "Dee": 0}
    two = vote_for(four_player_round("four_points"), {"Ben": "c01", "Cy": "c01", "Dee": "c02"})
    assert two.scores == {"Ana": 3, "Ben": 4, "Cy": 3, "Dee": 0}


def test_engine_three_players_two_submissions_each():
    state = table(3, first="Ana")
    state = rig(state, {"Ana": ["c01"], "Ben": ["c02", "c03"], "Cy": ["c04", "c05"]})
    state = clue_and_submit(state, "c01", {"Ben": ["c02", "c03"], "Cy": ["c04", "c05"]})
    assert len(state.layout) == 5
    state = vote_for(state, {"Ben": "c01", "Cy": "c03"})
    assert state.scores == {"Ana": 3, "Ben": 4, "Cy": 0}
    assert last_round(state).owners["c03"] == "Ben"


def test_engine_three_players_four_point_variant_always_one_finder():
    state = table(3, first="Ana", scoring="four_points")
    state = rig(state, {"Ana": ["c01"], "Ben": ["c02", "c03"], "Cy": ["c04", "c05"]})
    state = clue_and_submit(state, "c01", {"Ben": ["c02", "c03"], "Cy": ["c04", "c05"]})
    state = vote_for(state, {"Ben": "c04", "Cy": "c01"})
    assert state.scores == {"Ana": 4, "Ben": 0, "Cy": 4 + 1}


def test_scores_accumulate_over_rounds():
    state = vote_for(four_player_round(), {"Ben": "c01", "Cy": "c02", "Dee": "c02"})
    assert state.storyteller == "Ben" and state.round == 2
    card = state.hands["Ben"][0]
    submissions = {p: [state.hands[p][0]] for p in ["Cy", "Dee", "Ana"]}
    state = clue_and_submit(state, card, submissions)
    state = vote_for(state, {"Cy": card, "Dee": card, "Ana": card})
    assert state.scores == {"Ana": 3 + 2, "Ben": 5 + 0, "Cy": 0 + 2, "Dee": 0 + 2}
    assert [r.round for r in state.rounds] == [1, 2]
