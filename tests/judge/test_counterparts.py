"""A person card and its counterpart of the other sex, in the singular and the plural."""

import pytest

from referee.judge.counterparts import counterpart_alone
from referee.judge.text import tokenize


def _alone(sentence: str, card_key: str, word: str) -> bool:
    tokens = tokenize(sentence)
    positions = [k for k, token in enumerate(tokens) if token.text == word]
    return counterpart_alone(tokens, card_key, positions)


@pytest.mark.parametrize(
    ("sentence", "card_key", "word"),
    [
        ("It's her uncle, with a suitcase, staying the whole winter.", "aunt", "uncle"),
        ("Four men had gone over the side and were lost.", "woman", "men"),
        ("The women began walking to the river, two hours each way.", "man", "women"),
        ("Their wives were waiting on the pier.", "husband", "wives"),
        ("The princes rode out at dawn.", "princess", "princes"),
    ],
)
def test_the_counterpart_alone_is_found_in_either_number(sentence, card_key, word):
    """Irregular plurals ("men", "women", "wives") were missed until the fifty-ninth session."""
    assert _alone(sentence, card_key, word)


@pytest.mark.parametrize(
    ("sentence", "card_key", "word"),
    [
        # another person of the card's sex, singular or plural, may be the one meant
        ("His daughter was seventeen, and every prince came.", "princess", "prince"),
        ("The king had four wives, but only the youngest bore him a son.", "queen", "king"),
        ("Many young men had tried to speak to the princess.", "prince", "princess"),
        ("The steward was a bad man, and the kitchen maids avoided him.", "woman", "man"),
        ("The ballroom was full of gentlemen, but the girl heard none of it.", "boy", "girl"),
        # what the counterpart only says whose someone is
        ("The wife of the king stood there.", "queen", "king"),
    ],
)
def test_a_person_of_the_cards_sex_or_an_of_keeps_the_card_open(sentence, card_key, word):
    assert not _alone(sentence, card_key, word)
