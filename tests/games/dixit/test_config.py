"""Configuration errors, in words: players, first storyteller, deck, bots, target score."""

import pytest

from referee.core.errors import ConfigError
from referee.core.game import parse_config
from referee.games.dixit import GAME, DixitCard
from referee.games.dixit.config import MAX_DECK, minimum_deck
from tests.games.dixit.helpers import NAMES, deck


def refused(words, **data):
    data.setdefault("players", NAMES[:4])
    with pytest.raises(ConfigError) as caught:
        parse_config(GAME, data)
    assert words in caught.value.message, caught.value.message


@pytest.mark.parametrize("count", [0, 1, 2, 7])
def test_three_to_six_players(count):
    refused("players", players=NAMES[:count] + [f"P{i}" for i in range(count - 6)])


def test_player_names_unique_ignoring_case_and_not_blank():
    refused("unique", players=["Ana", "ana", "Ben"])
    refused("empty", players=["Ana", " ", "Ben"])


def test_first_storyteller_must_be_a_player():
    refused("first_storyteller must be one of the players", first_storyteller="Zed")


def test_bots_must_be_players_once():
    refused("bots must be players; not a player: Zed", bots=["Ben", "Zed"])
    refused("a bot is listed twice", bots=["Ben", "Ben"])
    config = parse_config(GAME, {"players": NAMES[:3], "bots": ["Ben", "Cy"]})
    assert config.bots == ["Ben", "Cy"]


def test_scoring_variants_and_target_score():
    refused("scoring", scoring="five_points")
    refused("target_score", target_score=0)
    config = parse_config(
        GAME, {"players": NAMES[:3], "scoring": "four_points", "target_score": 30}
    )
    assert (config.scoring, config.target_score) == ("four_points", 30)
    assert parse_config(GAME, {"players": NAMES[:3]}).target_score is None


def test_deck_ids_must_be_unique():
    cards = [card.model_dump() for card in deck(40)]
    cards[5]["id"] = cards[3]["id"] = "twin"
    refused("duplicate card ids: twin", deck=cards)


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_deck_must_deal_every_hand_and_refill_a_round(count):
    need = minimum_deck(count)
    refused(
        f"need at least {need}",
        players=NAMES[:count],
        deck=[c.model_dump() for c in deck(need - 1)],
    )
    config = parse_config(
        GAME, {"players": NAMES[:count], "deck": [c.model_dump() for c in deck(need)]}
    )
    assert len(config.deck) == need


def test_deck_is_capped():
    cards = [{"id": f"x{i}", "description": "A picture."} for i in range(MAX_DECK + 1)]
    refused("deck", deck=cards)
    assert (
        len(parse_config(GAME, {"players": NAMES[:4], "deck": cards[:MAX_DECK]}).deck) == MAX_DECK
    )


def test_cards_need_an_id_and_a_description():
    refused("deck.0.id", deck=[{"id": "", "description": "x"}] + [c.model_dump() for c in deck(40)])
    refused(
        "description", deck=[{"id": "x", "description": "  "}] + [c.model_dump() for c in deck(40)]
    )
    refused("deck.0.colour: Extra inputs", deck=[{"id": "x", "description": "y", "colour": "red"}])
    assert DixitCard(id="x", description="y", image="pics/x.png").image == "pics/x.png"


def test_unknown_options_are_refused():
    refused("hand_size", hand_size=8)
