"""Drawing from a pile: top is the end of the list, reshuffle from the discard, short draws."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from referee.core.deck import Draw, draw, shuffled
from referee.core.rng import Rng


def test_draw_takes_from_the_end_of_the_list():
    deck, discard = ["a", "b", "c", "d"], ["x"]
    result = draw(deck, discard, Rng.from_seed(1), 2)
    assert result == Draw(cards=["d", "c"], reshuffled=False)
    assert deck == ["a", "b"]
    assert discard == ["x"]


def test_draw_zero_changes_nothing():
    deck, discard = ["a"], ["b"]
    assert draw(deck, discard, Rng.from_seed(1), 0) == Draw(cards=[], reshuffled=False)
    assert (deck, discard) == (["a"], ["b"])


def test_drawing_the_last_card_does_not_reshuffle():
    deck, discard = ["a"], ["b", "c"]
    rng = Rng.from_seed(1)
    before = rng.model_copy()
    result = draw(deck, discard, rng, 1)
    assert result == Draw(cards=["a"], reshuffled=False)
    assert (deck, discard) == ([], ["b", "c"])
    assert rng == before  # no shuffle, no randomness used


def test_empty_deck_reshuffles_the_discard():
    deck, discard = [], ["p", "q", "r"]
    result = draw(deck, discard, Rng.from_seed(3), 2)
    assert result.reshuffled is True
    assert len(result.cards) == 2
    assert discard == []
    assert sorted(result.cards + deck) == ["p", "q", "r"]


def test_reshuffle_happens_mid_draw_after_the_deck_runs_out():
    deck, discard = ["a"], ["b", "c", "d"]
    result = draw(deck, discard, Rng.from_seed(4), 3)
    assert result.cards[0] == "a"
    assert result.reshuffled is True
    assert sorted(result.cards[1:] + deck) == ["b", "c", "d"]
    assert discard == []


def test_reshuffle_is_seeded():
    results = []
    for _ in range(2):
        deck, discard = [], [f"c{i}" for i in range(30)]
        results.append((draw(deck, discard, Rng.from_seed(77), 30).cards, deck))
    assert results[0] == results[1]
    assert results[0][0] != sorted(results[0][0])  # it was really shuffled


def test_draw_comes_up_short_when_both_piles_are_empty():
    deck, discard = ["a"], ["b"]
    result = draw(deck, discard, Rng.from_seed(5), 4)
    assert sorted(result.cards) == ["a", "b"]
    assert result.reshuffled is True
    assert (deck, discard) == ([], [])


def test_draw_from_nothing_gives_nothing():
    deck: list[str] = []
    discard: list[str] = []
    assert draw(deck, discard, Rng.from_seed(5), 3) == Draw(cards=[], reshuffled=False)


@pytest.mark.parametrize("seed", range(25))
def test_draws_never_duplicate_or_lose_a_card(seed):
    chooser = random.Random(seed)
    rng = Rng.from_seed(seed)
    everything = [f"card{i}" for i in range(chooser.randint(0, 25))]
    deck = list(everything)
    discard: list[str] = []
    hand: list[str] = []
    for _ in range(60):
        if hand and chooser.random() < 0.5:
            for _ in range(chooser.randint(1, len(hand))):
                discard.append(hand.pop(chooser.randrange(len(hand))))
        else:
            count = chooser.randint(0, 6)
            deck_before, discard_before = len(deck), len(discard)
            result = draw(deck, discard, rng, count)
            assert len(result.cards) == min(count, deck_before + discard_before)
            assert result.reshuffled == (deck_before < count and discard_before > 0)
            hand.extend(result.cards)
        assert Counter(deck + discard + hand) == Counter(everything)


def test_shuffled_returns_a_shuffled_copy():
    cards = [f"c{i}" for i in range(20)]
    original = list(cards)
    result = shuffled(cards, Rng.from_seed(2))
    assert cards == original
    assert result is not cards
    assert sorted(result) == sorted(cards)
    assert result != cards
    assert shuffled(cards, Rng.from_seed(2)) == result
