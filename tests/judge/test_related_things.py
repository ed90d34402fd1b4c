"""Related things by meaning: the committed file, its rules, and that it is current."""

import json

import numpy as np
import pytest

from referee.judge import related_things
from referee.judge.base import CardRef
from referee.judge.embedding import get_embedder
from referee.judge.lexicon import card_forms, load_lexicon, load_wide_lexicon
from referee.judge.lexicon_sources import read_sources
from referee.judge.related_things import (
    PHYSICAL,
    RELATED_AT,
    is_related,
    related_path,
    render,
)
from referee.judge.related_things import (
    related_things as find_related,
)
from referee.paths import datasets_dir

CLOSE_CALL = 1e-4
"""Cosines this close to ``RELATED_AT`` may fall either side on another CPU."""


@pytest.fixture(scope="module")
def committed():
    return json.loads(related_path().read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def sources():
    return read_sources(
        datasets_dir() / "judge" / "vocabulary.txt",
        datasets_dir() / "ouat" / "story_cards.json",
        datasets_dir() / "judge" / "lexicon_senses.json",
    )


def _entry(category, **fields):
    entry = {"category": category, "synonyms": [], "hyponyms": [], "broader": []}
    return entry | {"cohyponyms": [], "compounds": []} | fields


def test_the_committed_file_is_canonical_and_holds_physical_vocabulary_cards(committed):
    lexicon = load_lexicon()
    assert render(committed) == related_path().read_text(encoding="utf-8")
    assert 400 <= len(committed) <= len(lexicon)
    for card, words in committed.items():
        assert lexicon[card]["category"] in PHYSICAL, card
        assert words == sorted(set(words)) and card not in words, card


def test_no_related_thing_names_the_card_or_is_already_related(committed):
    lexicon = load_lexicon()
    for card, words in committed.items():
        entry = lexicon[card]
        known = {*entry["synonyms"], *entry["hyponyms"], *entry["forms"], *entry["broader"]}
        assert not known & set(words), card
        assert not set(entry["cohyponyms"]) & set(words), card


def test_common_relatives_wordnet_files_apart_are_found(committed):
    assert "donkey" in committed["mule"]
    assert "duck" in committed["swan"]
    assert "manor" in committed["castle"]
    assert "axe" in committed["sword"]
    assert "moon" in committed["sun"]


def test_a_word_an_override_drops_as_disputed_stays_out(committed, sources):
    """The guide leaves "a castle" for *Palace* to the vote; no list may decide it."""
    assert sources.excluded("palace") == {"castle"}
    assert "castle" not in committed["palace"]
    for card, words in committed.items():
        assert not sources.excluded(card) & set(words), card


def test_card_forms_read_them_as_related_things():
    forms = card_forms(CardRef(name="Mule", category="character"))
    assert forms.relation(("donkey",)) == "cohyponym"
    assert forms.relation(("donkeys",)) == "cohyponym"


def test_kinds_broader_terms_and_words_in_other_categories_are_not_related():
    horse = _entry("character", hyponyms=["stallion"], broader=["animal"])
    assert not is_related("horse", horse, "stallion", [_entry("character")])
    assert not is_related("horse", horse, "animal", [_entry("character")])
    pony = _entry("character", broader=["horse"])  # the word's own entry says it is a kind
    assert not is_related("horse", horse, "pony", [pony])
    assert not is_related("horse", horse, "saddle", [_entry("thing")])
    assert not is_related("horse", horse, "sea horse", [_entry("character")])
    assert is_related("horse", horse, "donkey", [_entry("thing"), _entry("character")])


def test_only_words_close_enough_are_chosen_and_aspects_have_none():
    vectors = {
        "mule": [1.0, 0.0, 0.0],
        "donkey": [0.6, 0.8, 0.0],
        "oar": [0.3, 0.0, 0.954],
        "hungry": [0.0, 1.0, 0.0],
        "thirsty": [0.0, 0.9, 0.436],
    }

    def encode(words):
        return np.array([vectors[word] for word in words])

    lexicon = {
        "mule": _entry("character"),
        "hungry": _entry("aspect"),
        "oar": _entry("thing"),
    }
    wide = {
        "donkey": {"usual": "character", "entries": {"character": _entry("character")}},
        "thirsty": {"usual": "aspect", "entries": {"aspect": _entry("aspect")}},
    }
    assert find_related(lexicon, wide, encode) == {"mule": ["donkey"]}
    assert find_related(lexicon, wide, encode, lambda key: {"donkey"}) == {}


@pytest.mark.slow
def test_the_committed_file_is_what_the_embedder_finds(committed, sources, monkeypatch):
    """Rebuilt with the judge's embedder, the same words, but for cosines within
    ``CLOSE_CALL`` of the threshold, which another CPU may round either way (about 20 s)."""
    vectors: dict[str, np.ndarray] = {}

    def encode(words):
        new = [word for word in words if word not in vectors]
        vectors.update(zip(new, get_embedder().encode(new), strict=True))
        return np.array([vectors[word] for word in words])

    inputs = (load_lexicon(), load_wide_lexicon(), encode, sources.excluded)
    monkeypatch.setattr(related_things, "RELATED_AT", RELATED_AT + CLOSE_CALL)
    surely = find_related(*inputs)
    monkeypatch.setattr(related_things, "RELATED_AT", RELATED_AT - CLOSE_CALL)
    maybe = find_related(*inputs)
    for card in set(committed) | set(surely) | set(maybe):
        kept = set(committed.get(card, []))
        assert set(surely.get(card, [])) <= kept <= set(maybe.get(card, [])), (
            f"{card}: lexicon_related.json is stale: run python -m referee.judge.related_things"
        )
