"""The referee's bot: decides from its seat's view only, deterministically, by the rules."""

import json

from referee.core.rng import Rng
from referee.games.dixit import GAME
from referee.games.dixit.actions import Clue, Submit, Vote
from referee.games.dixit.bot import bot_action, clue_words, decision_rng, make_clue
from referee.games.dixit.view import waiting_for
from tests.games.dixit.helpers import WordOverlap, clue_and_submit, position, rig, table

RANKER = WordOverlap()


class Prefers:
    """A ranker that likes descriptions containing ``word`` and nothing else."""

    def __init__(self, word):
        self.word = word
        self.calls = []

    def scores(self, clue, descriptions):
        self.calls.append((clue, list(descriptions)))
        return [1.0 if self.word in d else 0.0 for d in descriptions]


def act(state, seat, ranker=RANKER, seed=0):
    return bot_action(GAME.view(state, seat), ranker, seed)


def test_storyteller_gives_a_short_clue_from_its_cards_picture():
    state = table(4, first="Ana")
    action = act(state, "Ana")
    assert isinstance(action, Clue) and action.card in state.hands["Ana"]
    words = action.text.split(", ")
    assert 1 <= len(words) <= 3
    description = next(
        c["description"] for c in GAME.view(state, "Ana")["hand"] if c["id"] == action.card
    )
    assert set(words) <= set(clue_words(description))
    assert GAME.apply(state, action).state.clue == action.text
    assert all(act(state, p) is None for p in ["Ben", "Cy", "Dee"])


def test_clues_vary_with_the_seed_and_repeat_with_it():
    state = table(4, first="Ana")
    clues = {seed: act(state, "Ana", seed=seed) for seed in range(30)}
    assert clues == {seed: act(state, "Ana", seed=seed) for seed in range(30)}
    assert len({(c.card, c.text) for c in clues.values()}) > 5


def test_make_clue_uses_picture_words_only():
    rng = Rng.from_seed(3)
    for _ in range(50):
        clue = make_clue("The old lighthouse stands in the desert and the camel waits.", rng)
        assert set(clue.split(", ")) <= {"old", "lighthouse", "stands", "desert", "camel", "waits"}
    assert clue_words("It is a very big, big cat!") == ["big", "cat"]
    assert make_clue("", rng) == "this"


def test_decision_randomness_depends_on_seed_seat_round_and_phase():
    base = decision_rng(5, "Ana", 1, "clue").next_u32()
    assert decision_rng(5, "Ana", 1, "clue").next_u32() == base
    for other in [
        (6, "Ana", 1, "clue"),
        (5, "Ben", 1, "clue"),
        (5, "Ana", 2, "clue"),
        (5, "Ana", 1, "voting"),
    ]:
        assert decision_rng(*other).next_u32() != base


def test_submits_the_card_that_fits_the_clue_best():
    state = rig(table(4, first="Ana"), {"Ana": ["c01"], "Ben": ["c03", "c02", "c14"]})
    state = clue_and_submit(state, "c01", {}, text="boat")
    ranker = Prefers("boat")
    action = act(state, "Ben", ranker)
    assert action == Submit(player="Ben", cards=["c03"])
    clue, descriptions = ranker.calls[0]
    assert clue == "boat" and len(descriptions) == 6
    assert act(state, "Ana", ranker) is None, "the storyteller does not submit"
    after = GAME.apply(state, action).state
    assert act(after, "Ben", ranker) is None, "once is enough"


def test_ties_go_to_the_first_card_and_three_players_give_the_best_two():
    state = rig(table(3, first="Ana"), {"Ana": ["c01"], "Ben": ["c02", "c15", "c03", "c27"]})
    state = clue_and_submit(state, "c01", {}, text="boat")
    best_two = Submit(player="Ben", cards=["c15", "c03"])
    assert act(state, "Ben", Prefers("boat")) == best_two, "in hand order, as listed"
    assert act(state, "Ben", Prefers("nothing")) == Submit(
        player="Ben", cards=state.hands["Ben"][:2]
    )


def test_votes_for_the_best_fitting_card_never_its_own():
    hands = {"Ana": ["c01"], "Ben": ["c13"], "Cy": ["c03"], "Dee": ["c04"]}
    state = rig(table(4, first="Ana"), hands)
    state = clue_and_submit(
        state, "c01", {"Ben": ["c13"], "Cy": ["c03"], "Dee": ["c04"]}, text="lantern"
    )
    # c01 and c13 both show a lantern; Ben may not pick his own c13, Cy picks the first.
    assert act(state, "Ben", Prefers("lantern")) == Vote(
        player="Ben", position=position(state, "c01")
    )
    first = min(position(state, "c01"), position(state, "c13"))
    assert act(state, "Cy", Prefers("lantern")) == Vote(player="Cy", position=first)
    assert act(state, "Ana", Prefers("lantern")) is None
    voted = GAME.apply(state, act(state, "Cy", Prefers("lantern"))).state
    assert act(voted, "Cy") is None


def test_spectators_and_finished_games_do_nothing():
    state = table(4, first="Ana", target_score=1)
    assert bot_action(GAME.view(state, None), RANKER, 0) is None
    while not state.over:
        seat = waiting_for(state)[0]
        state = GAME.apply(state, act(state, seat)).state
    assert all(act(state, p) is None for p in state.players)


def test_the_bot_needs_nothing_but_the_json_view():
    state = table(3, first="Ben")
    for _ in range(12):
        seat = waiting_for(state)[-1]
        view = json.loads(json.dumps(GAME.view(state, seat)))
        action = bot_action(view, RANKER, 7)
        assert action == act(state, seat, seed=7)
        assert action in GAME.legal_actions(state, seat) or isinstance(action, Clue)
        state = GAME.apply(state, action).state


def test_a_bot_only_game_plays_to_the_end():
    state = table(5, first=None, seed=11)
    actions = 0
    while not state.over:
        seat = waiting_for(state)[0]
        state = GAME.apply(state, act(state, seat, seed=11)).state
        actions += 1
    assert actions == len(state.rounds) * 9 and GAME.outcome(state).finished
