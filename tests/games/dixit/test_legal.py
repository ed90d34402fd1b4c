"""Legal actions: exactly what apply accepts, in a fixed order."""

from itertools import combinations

from referee.games.dixit import GAME
from referee.games.dixit.actions import Clue, Submit, Vote
from referee.games.dixit.legal import PLACEHOLDER_CLUE
from tests.games.dixit.helpers import clue_and_submit, position, rig, table


def test_clue_phase_only_the_storyteller_may_act():
    state = table(4, first="Cy")
    assert GAME.legal_actions(state, "Cy") == [
        Clue(player="Cy", card=card, text=PLACEHOLDER_CLUE) for card in state.hands["Cy"]
    ]
    assert all(GAME.legal_actions(state, p) == [] for p in ["Ana", "Ben", "Dee", "Zed"])


def test_every_card_or_every_pair_to_submit():
    four = table(4, first="Ana")
    four = clue_and_submit(four, four.hands["Ana"][0], {})
    assert GAME.legal_actions(four, "Ben") == [
        Submit(player="Ben", cards=[card]) for card in four.hands["Ben"]
    ]
    assert GAME.legal_actions(four, "Ana") == []
    three = table(3, first="Ana")
    three = clue_and_submit(three, three.hands["Ana"][0], {})
    pairs = GAME.legal_actions(three, "Ben")
    assert pairs == [
        Submit(player="Ben", cards=list(pair)) for pair in combinations(three.hands["Ben"], 2)
    ]
    assert len(pairs) == 21
    done = GAME.apply(three, pairs[0]).state
    assert GAME.legal_actions(done, "Ben") == []


def test_every_position_but_ones_own_to_vote_for():
    state = rig(
        table(3, first="Ana"), {"Ana": ["c01"], "Ben": ["c02", "c03"], "Cy": ["c04", "c05"]}
    )
    state = clue_and_submit(state, "c01", {"Ben": ["c02", "c03"], "Cy": ["c04", "c05"]})
    own = {position(state, "c02"), position(state, "c03")}
    assert GAME.legal_actions(state, "Ben") == [
        Vote(player="Ben", position=p) for p in range(1, 6) if p not in own
    ]
    assert GAME.legal_actions(state, "Ana") == []
    voted = GAME.apply(state, GAME.legal_actions(state, "Ben")[0]).state
    assert GAME.legal_actions(voted, "Ben") == []
    assert len(GAME.legal_actions(voted, "Cy")) == 3


def test_every_listed_action_is_accepted():
    state = table(4, first="Ana")
    for _ in range(9):
        actors = [p for p in state.players if GAME.legal_actions(state, p)]
        assert actors, "someone may always act while the game is on"
        for player in actors:
            for action in GAME.legal_actions(state, player):
                GAME.apply(state, action)
        state = GAME.apply(state, GAME.legal_actions(state, actors[0])[-1]).state
