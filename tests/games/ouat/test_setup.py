"""Setup by player count, first-storyteller methods, variants, and config errors."""

import pytest

from referee.core.errors import ConfigError
from referee.core.game import parse_config
from referee.games.ouat import GAME
from referee.games.ouat.config import FirstStoryteller, OuatConfig
from referee.games.ouat.setup import alphabetical_key

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]


@pytest.mark.parametrize("count, hand", [(2, 10), (3, 8), (4, 7), (5, 6), (6, 5)])
def test_hands_by_player_count(count, hand):
    state = GAME.new_game(OuatConfig(players=NAMES[:count]), seed=count)
    for player in state.players:
        assert len(state.hands[player]) == hand
        assert len(state.endings[player]) == 1
    dealt = sum(len(h) for h in state.hands.values())
    assert len(state.story_deck) + dealt == len(GAME.deck.story)
    assert state.phase == "telling" and state.turn == 1


def test_same_seed_same_deal_different_seed_different_deal():
    config = OuatConfig(players=NAMES[:4])
    assert GAME.new_game(config, 9) == GAME.new_game(config, 9)
    assert GAME.new_game(config, 9).hands != GAME.new_game(config, 10).hands


def test_named_first_storyteller():
    config = OuatConfig(
        players=NAMES[:3], first_storyteller=FirstStoryteller(method="named", player="Cy")
    )
    assert GAME.new_game(config, 1).storyteller == "Cy"


@pytest.mark.parametrize("method, expected", [("oldest", "Ben"), ("youngest", "Cy")])
def test_oldest_and_youngest(method, expected):
    ages = {"Ana": 30, "Ben": 61, "Cy": 8}
    config = OuatConfig(
        players=NAMES[:3], first_storyteller=FirstStoryteller(method=method, ages=ages)
    )
    assert GAME.new_game(config, 1).storyteller == expected


def test_age_tie_goes_to_the_earlier_seat():
    ages = {"Ana": 30, "Ben": 30, "Cy": 8}
    config = OuatConfig(
        players=NAMES[:3], first_storyteller=FirstStoryteller(method="oldest", ages=ages)
    )
    assert GAME.new_game(config, 1).storyteller == "Ana"


def test_alphabetical_key_ignores_a_leading_article():
    assert alphabetical_key("The Wolf") == "wolf"
    assert alphabetical_key("A Trick") == "trick"
    assert alphabetical_key("Apple") == "apple"


@pytest.mark.parametrize("seed", range(20))
def test_draw_method_first_name_alphabetically_opens_and_cards_go_back(seed):
    state = GAME.new_game(OuatConfig(players=NAMES[:5]), seed)
    drawn = state.opening["drawn"]
    assert state.opening["method"] == "draw"
    keys = {p: alphabetical_key(GAME.deck.story[c].en) for p, c in drawn.items()}
    assert keys[state.storyteller] == min(keys.values())
    every = list(state.story_deck) + [c for h in state.hands.values() for c in h]
    assert sorted(every) == sorted(GAME.deck.story)


def test_multiple_endings_for_everyone_or_some():
    state = GAME.new_game(OuatConfig(players=NAMES[:3], multiple_endings=True), 2)
    assert [len(state.endings[p]) for p in state.players] == [2, 2, 2]
    state = GAME.new_game(OuatConfig(players=NAMES[:3], multiple_endings=["Cy"]), 2)
    assert [len(state.endings[p]) for p in state.players] == [1, 1, 2]


def test_alternative_opening_most_cards_opens():
    config = OuatConfig(players=NAMES[:3], previous_hand_counts={"Ana": 2, "Ben": 7, "Cy": 4})
    state = GAME.new_game(config, 3)
    assert state.storyteller == "Ben"
    assert state.opening["method"] == "alternative_opening"


@pytest.mark.parametrize(
    "data, words",
    [
        ({"players": ["Ana"]}, "players"),
        ({"players": [*NAMES, "Gus"]}, "players"),
        ({"players": ["Ana", "ana"]}, "unique"),
        ({"players": ["Ana", " "]}, "empty"),
        (
            {"players": ["Ana", "Ben"], "first_storyteller": {"method": "named", "player": "Zed"}},
            "one of the players",
        ),
        ({"players": ["Ana", "Ben"], "first_storyteller": {"method": "oldest"}}, "age"),
        ({"players": ["Ana", "Ben"], "multiple_endings": ["Zed"]}, "not a player"),
        ({"players": ["Ana", "Ben"], "previous_hand_counts": {"Ana": 1}}, "every player"),
        ({"players": ["Ana", "Ben"], "house_rule": True}, "house_rule"),
    ],
)
def test_bad_configs_are_refused_with_the_reason(data, words):
    with pytest.raises(ConfigError) as caught:
        parse_config(GAME, data)
    assert words in str(caught.value)
