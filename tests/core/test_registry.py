"""Games by name: the built-in OUAT engine is found, unknown names are refused in words."""

from __future__ import annotations

import pytest

from referee.core import (
    Game,
    RefereeError,
    UnknownGameError,
    game_names,
    get_game,
    register,
    registry,
)
from referee.games.ouat import GAME


def test_get_game_finds_ouat():
    game = get_game("ouat")
    assert game is GAME
    assert game.name == "ouat"
    assert isinstance(game, Game)


def test_unknown_game_names_the_known_games():
    with pytest.raises(UnknownGameError) as caught:
        get_game("chess")
    message = caught.value.message
    assert "chess" in message
    assert "ouat" in message
    assert str(caught.value) == message
    assert isinstance(caught.value, RefereeError)


@pytest.mark.parametrize("name", ["", "OUAT", "ouat ", "Once Upon a Time"])
def test_lookup_is_exact(name):
    with pytest.raises(UnknownGameError):
        get_game(name)


def test_game_names_lists_ouat_sorted():
    names = game_names()
    assert "ouat" in names
    assert names == sorted(names)


def test_registering_the_same_game_again_is_harmless():
    register(GAME)
    assert get_game("ouat") is GAME


def test_a_name_can_be_taken_once(monkeypatch):
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    impostor = type("Impostor", (), {"name": "ouat"})()
    with pytest.raises(ValueError, match="ouat"):
        register(impostor)
    assert get_game("ouat") is GAME


def test_a_registered_game_is_found_and_listed(monkeypatch):
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    before = game_names()
    other = type("Other", (), {"name": "aardvark"})()
    register(other)
    assert get_game("aardvark") is other
    assert game_names() == sorted([*before, "aardvark"])
    with pytest.raises(UnknownGameError) as caught:
        get_game("zebra")
    assert "aardvark" in caught.value.message
    assert "ouat" in caught.value.message
