"""Setup: hand sizes by player count, the pile, the first storyteller, the standard deck."""

import pytest

from referee.core import get_game
from referee.games.dixit import GAME, DixitConfig, standard_deck
from referee.games.dixit.config import hand_size, submissions_per_player
from tests.games.dixit.helpers import NAMES, all_cards, deck


@pytest.mark.parametrize("count, hand", [(3, 7), (4, 6), (5, 6), (6, 6)])
def test_hands_and_pile_by_player_count(count, hand):
    state = GAME.new_game(DixitConfig(players=NAMES[:count]), seed=count)
    assert hand_size(count) == hand == state.config.hand_size
    assert all(len(state.hands[p]) == hand for p in state.players)
    assert len(state.pile) == 84 - count * hand
    assert sorted(all_cards(state)) == sorted(card.id for card in standard_deck())
    assert state.box == [] and state.rounds == [] and not state.over
    assert state.phase == "clue" and state.round == 1 and state.clue is None
    assert state.scores == {p: 0 for p in NAMES[:count]}


@pytest.mark.parametrize("count, each", [(3, 2), (4, 1), (5, 1), (6, 1)])
def test_submissions_by_player_count(count, each):
    assert submissions_per_player(count) == each
    config = DixitConfig(players=NAMES[:count])
    assert config.submissions == each
    assert config.laid_out == 1 + (count - 1) * each


def test_the_standard_deck_has_84_described_cards():
    cards = standard_deck()
    assert len(cards) == 84
    assert len({card.id for card in cards}) == 84
    assert all(card.description.strip() for card in cards)
    assert standard_deck() is cards, "loaded once"


def test_the_standard_deck_is_not_copied_into_the_state():
    state = GAME.new_game(DixitConfig(players=NAMES[:4]), seed=1)
    assert state.config.deck is None
    assert "description" not in state.model_dump_json()


def test_a_custom_deck_is_dealt_from():
    cards = deck(30)
    state = GAME.new_game(DixitConfig(players=NAMES[:3], deck=cards), seed=2)
    assert sorted(all_cards(state)) == [card.id for card in cards]
    assert len(state.pile) == 30 - 21
    seen = GAME.view(state, "Ana")["hand"][0]
    assert seen["id"].startswith("c") and seen["description"].endswith(".")


def test_same_seed_same_deal_different_seed_different_deal():
    config = DixitConfig(players=NAMES[:4])
    assert GAME.new_game(config, 9) == GAME.new_game(config, 9)
    assert GAME.new_game(config, 9).hands != GAME.new_game(config, 10).hands


def test_seeded_first_storyteller_is_reproducible_and_recorded():
    config = DixitConfig(players=NAMES[:5])
    chosen = {seed: GAME.new_game(config, seed).storyteller for seed in range(40)}
    assert chosen == {seed: GAME.new_game(config, seed).storyteller for seed in range(40)}
    assert set(chosen.values()) == set(NAMES[:5]), "every seat can be chosen"
    state = GAME.new_game(config, 3)
    assert state.opening == {"method": "random", "storyteller": state.storyteller}


def test_named_first_storyteller():
    config = DixitConfig(players=NAMES[:3], first_storyteller="Cy")
    for seed in range(5):
        state = GAME.new_game(config, seed)
        assert state.storyteller == "Cy"
        assert state.opening == {"method": "named", "storyteller": "Cy"}


def test_registered_under_its_name():
    assert get_game("dixit") is GAME


def test_state_round_trips_through_json():
    state = GAME.new_game(DixitConfig(players=NAMES[:4], deck=deck(), bots=["Ben"]), seed=5)
    assert type(state).model_validate_json(state.model_dump_json()) == state
