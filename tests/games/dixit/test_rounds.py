"""A round from clue to refill, its events, the storyteller moving left, and how games end."""

from referee.games.dixit import GAME, DixitState
from referee.games.dixit.actions import Clue, Submit, Vote
from tests.games.dixit.helpers import (
    NAMES,
    all_cards,
    clue_and_submit,
    deck,
    position,
    rig,
    run,
    table,
)

HANDS = {"Ana": ["c01"], "Ben": ["c02"], "Cy": ["c03"], "Dee": ["c04"]}


def applied(state, action):
    result = GAME.apply(state, action)
    return result.state, result.events


def kinds(events, public=None):
    return [e.kind for e in events if public is None or e.public == public]


def test_clue_hides_the_card_and_waits_for_submissions():
    state = rig(table(4, first="Ana"), HANDS)
    state, events = applied(state, Clue(player="Ana", card="c01", text="  Winter light  "))
    assert state.phase == "submitting" and state.clue == "Winter light"
    assert state.storyteller_card == "c01" and "c01" not in state.hands["Ana"]
    public, private = events
    assert (public.kind, public.to, public.data) == ("clue", None, {"clue": "Winter light"})
    assert "c01" not in public.model_dump_json()
    assert (private.kind, private.to) == ("clue_card", "Ana")
    assert private.data["card"]["id"] == "c01"


def test_submissions_in_any_order_then_a_seeded_layout():
    state = clue_and_submit(rig(table(4, first="Ana"), HANDS), "c01", {})
    state, events = applied(state, Submit(player="Dee", cards=["c04"]))
    assert kinds(events) == ["submitted", "submitted_cards"] and state.phase == "submitting"
    assert events[0].data == {"count": 1, "waiting": ["Ben", "Cy"]}
    assert "c04" not in events[0].model_dump_json() and events[1].to == "Dee"
    state, _ = applied(state, Submit(player="Ben", cards=["c02"]))
    state, events = applied(state, Submit(player="Cy", cards=["c03"]))
    assert state.phase == "voting"
    assert sorted(state.layout) == ["c01", "c02", "c03", "c04"]
    layout = events[-1]
    assert layout.kind == "layout" and layout.public
    cards = {card.id: card.description for card in deck()}
    assert layout.data["layout"] == [
        {"position": i + 1, "id": card, "description": cards[card], "image": None}
        for i, card in enumerate(state.layout)
    ]
    assert "Ana" not in str(layout.data), "the layout does not say whose card is whose"


def test_layout_order_depends_on_the_seed_only():
    def laid(seed):
        state = rig(table(4, first="Ana", seed=seed), HANDS)
        return clue_and_submit(state, "c01", {p: HANDS[p] for p in ["Ben", "Cy", "Dee"]}).layout

    assert laid(3) == laid(3)
    assert len({tuple(laid(seed)) for seed in range(12)}) > 1


def test_votes_are_secret_until_the_last_one():
    state = clue_and_submit(
        rig(table(4, first="Ana"), HANDS), "c01", {p: HANDS[p] for p in ["Ben", "Cy", "Dee"]}
    )
    state, events = applied(state, Vote(player="Cy", position=position(state, "c01")))
    assert kinds(events) == ["voted", "your_vote"]
    assert events[0].data == {"waiting": ["Ben", "Dee"]}
    assert events[1].to == "Cy" and events[1].data["card"] == "c01"
    assert state.rounds == [] and state.scores["Ana"] == 0
    state, _ = applied(state, Vote(player="Ben", position=position(state, "c03")))
    state, events = applied(state, Vote(player="Dee", position=position(state, "c02")))
    reveal = events[2]
    assert kinds(events)[:3] == ["voted", "your_vote", "reveal"] and reveal.public
    assert reveal.data["storyteller_card"] == "c01"
    assert reveal.data["position"] == state.rounds[0].layout.index("c01") + 1
    assert reveal.data["owners"] == state.rounds[0].owners
    assert reveal.data["votes"] == state.rounds[0].votes
    assert reveal.data["found"] == ["Cy"] and reveal.data["case"] == "some"
    assert reveal.data["gained"] == {"Ana": 3, "Ben": 1, "Cy": 4, "Dee": 0}
    assert reveal.data["scores"] == state.scores


def test_end_of_round_boxes_refills_and_moves_the_storyteller_left():
    state = rig(
        table(4, first="Dee"), {"Dee": ["c01"], "Ana": ["c02"], "Ben": ["c03"], "Cy": ["c04"]}
    )
    pile = len(state.pile)
    state = clue_and_submit(state, "c01", {"Ana": ["c02"], "Ben": ["c03"], "Cy": ["c04"]})
    state, _ = applied(state, Vote(player="Ana", position=position(state, "c01")))
    state, _ = applied(state, Vote(player="Ben", position=position(state, "c01")))
    state, events = applied(state, Vote(player="Cy", position=position(state, "c02")))
    assert sorted(state.box) == ["c01", "c02", "c03", "c04"]
    assert all(len(state.hands[p]) == 6 for p in state.players)
    assert len(state.pile) == pile - 4
    assert state.storyteller == "Ana", "after the last seat comes the first"
    assert (state.round, state.phase, state.clue, state.layout) == (2, "clue", None, [])
    assert state.submissions == {} and state.votes == {} and state.storyteller_card is None
    draws = [e for e in events if e.kind == "draw"]
    assert [(e.player, e.data["count"], e.public) for e in draws] == [
        (p, 1, True) for p in ["Dee", "Ana", "Ben", "Cy"]
    ]
    drew = [e for e in events if e.kind == "drew"]
    assert [(e.player, e.to) for e in drew] == [(p, p) for p in ["Dee", "Ana", "Ben", "Cy"]]
    for event in drew:
        assert event.data["cards"][0]["id"] == state.hands[event.player][-1]
    assert events[-1].kind == "storyteller" and events[-1].player == "Ana"
    assert sorted(all_cards(state)) == [card.id for card in deck()]


def play_round(state: DixitState, found: int = 1) -> DixitState:
    """A round where the first ``found`` voters find the storyteller's card; others miss."""
    card = state.hands[state.storyteller][0]
    voters = state.voters
    each = state.config.submissions
    state = clue_and_submit(state, card, {p: state.hands[p][:each] for p in voters})
    for i, voter in enumerate(voters):
        own = state.positions_of(voter)
        target = (
            position(state, card)
            if i < found
            else next(
                p
                for p in range(1, len(state.layout) + 1)
                if p not in own and state.layout[p - 1] != card
            )
        )
        state = run(state, Vote(player=voter, position=target))
    return state


def test_the_game_ends_when_the_pile_cannot_refill_every_hand():
    state = table(4, first="Ana", deck=deck(31))
    assert len(state.pile) == 7
    state = play_round(state)
    assert not state.over and len(state.pile) == 3, "one card short of a refill"
    card = state.hands["Ben"][0]
    state = clue_and_submit(state, card, {p: [state.hands[p][0]] for p in state.voters})
    hands = {p: list(h) for p, h in state.hands.items()}
    for voter in state.voters[:-1]:
        state = run(state, Vote(player=voter, position=position(state, card)))
    result = GAME.apply(state, Vote(player=state.voters[-1], position=position(state, card)))
    state = result.state
    assert state.over and state.phase == "over"
    assert len(state.pile) == 3, "no partial refill"
    assert state.hands == hands, "nobody draws"
    over = result.events[-1]
    assert over.kind == "game_over" and over.data["reasons"] == ["pile"]
    assert (over.data["pile"], over.data["needed"]) == (3, 4)
    assert over.data["winners"] == GAME.outcome(state).winners
    assert len(state.rounds) == 2


def test_a_pile_that_refills_exactly_is_not_the_end():
    state = table(4, first="Ana", deck=deck(28))
    state = play_round(state)
    assert not state.over and state.pile == [] and all(len(h) == 6 for h in state.hands.values())
    state = play_round(state)
    assert state.over


def test_target_score_ends_after_the_round():
    state = play_round(table(4, first="Ana", target_score=3))
    assert state.over and len(state.pile) > 0
    assert state.scores["Ana"] == 3 and GAME.outcome(state).winners == ["Ana", "Ben"]
    assert max(state.scores.values()) >= 3
    unlimited = play_round(table(4, first="Ana"))
    assert not unlimited.over


def test_ties_share_the_win():
    state = play_round(table(4, first="Ana", target_score=2), found=3)
    assert state.scores == {"Ana": 0, "Ben": 2, "Cy": 2, "Dee": 2}
    outcome = GAME.outcome(state)
    assert outcome.finished and outcome.winners == ["Ben", "Cy", "Dee"]
    assert outcome.details["scores"] == state.scores


def test_outcome_while_playing():
    outcome = GAME.outcome(table(3))
    assert (outcome.finished, outcome.winners) == (False, [])


def test_players_in_table_order():
    state = table(5)
    assert GAME.players(state) == NAMES[:5]
    assert GAME.players(state) is not state.players
