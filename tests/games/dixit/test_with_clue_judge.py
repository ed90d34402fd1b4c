"""The bots with the project's lexical clue judge as their ranker, on the standard deck."""

from __future__ import annotations

import random

import pytest

from referee.games.dixit import GAME, DixitConfig
from referee.games.dixit.actions import Vote
from referee.games.dixit.bot import bot_action
from referee.games.dixit.view import waiting_for
from referee.judge.clue import ClueJudge
from tests.games.dixit.helpers import NAMES, all_cards, clue_and_submit, position, rig, table


@pytest.fixture(scope="module")
def judge():
    return ClueJudge.lexical()


def test_the_judge_ranks_like_a_clue_ranker(judge):
    scores = judge.scores("owl, sea", ["An owl in the sea.", "A boat in the snow.", "An owl."])
    assert len(scores) == 3 and scores[0] > scores[2] > scores[1]


def test_a_voter_follows_the_judge_to_the_card_the_clue_describes(judge):
    hands = {"Ana": ["c14"], "Ben": ["c03"], "Cy": ["c04"], "Dee": ["c05"]}
    state = rig(table(4, first="Ana"), hands)  # c14: an owl in the sea
    state = clue_and_submit(state, "c14", {p: hands[p] for p in ["Ben", "Cy", "Dee"]}, "owls, sea")
    action = bot_action(GAME.view(state, "Cy"), judge, seed=0)
    assert action == Vote(player="Cy", position=position(state, "c14"))


@pytest.mark.parametrize("seed", range(24))
def test_bot_games_on_the_standard_deck(judge, seed):
    config = DixitConfig(
        players=NAMES[: 3 + seed % 4], scoring=("standard", "four_points")[seed % 2]
    )
    state = GAME.new_game(config, seed)
    every = sorted(all_cards(state))
    chooser = random.Random(seed)
    while not state.over:
        seat = chooser.choice(waiting_for(state))
        state = GAME.apply(state, bot_action(GAME.view(state, seat), judge, seed)).state
        assert sorted(all_cards(state)) == every
    assert len(state.pile) < config.laid_out
    assert state.scores == {p: sum(r.gained[p] for r in state.rounds) for p in state.players}
    top = max(state.scores.values())
    assert GAME.outcome(state).winners == [p for p in state.players if state.scores[p] == top]
