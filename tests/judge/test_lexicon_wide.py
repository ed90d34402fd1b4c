"""The wide lexicon: WordNet's relations for common words outside our vocabulary."""

import json

import pytest

from referee.judge.base import CardRef
from referee.judge.lexicon import card_forms, lexicon_entry
from referee.judge.lexicon_builder import render
from referee.judge.lexicon_sources import CATEGORIES, read_vocabulary
from referee.judge.lexicon_wide import build_wide
from referee.judge.wordnet import DEFAULT_WORDNET
from referee.paths import datasets_dir

JUDGE = datasets_dir() / "judge"
WIDE = JUDGE / "lexicon_wide.json"
VOCABULARY = JUDGE / "vocabulary.txt"
FIELDS = ("senses", "synonyms", "hyponyms", "broader", "cohyponyms", "compounds", "forms")
POSITIVE = ("synonyms", "hyponyms", "forms")
NEGATIVE = ("broader", "cohyponyms", "compounds")


@pytest.fixture(scope="module")
def wide():
    return json.loads(WIDE.read_text(encoding="utf-8"))


def test_wide_lexicon_is_well_formed_and_canonical(wide):
    assert len(wide) >= 3000
    assert WIDE.stat().st_size < 5_000_000
    assert render(wide) == WIDE.read_text(encoding="utf-8")
    for key, word in wide.items():
        assert key.isalpha() and key == key.lower(), key
        assert set(word) == {"usual", "entries"}, key
        assert word["usual"] in word["entries"], key
        assert set(word["entries"]) <= set(CATEGORIES), key
        for entry in word["entries"].values():
            optional = ["noun_elsewhere"] if "noun_elsewhere" in entry else []
            expected = sorted([*FIELDS, "glosses", "holds", *optional])
            assert tuple(sorted(entry)) == tuple(expected), key
            assert entry["senses"], key
            assert len(entry["glosses"]) == len(entry["senses"]) and all(entry["glosses"]), key
            for field in FIELDS[1:]:
                assert entry[field] == sorted(set(entry[field])), (key, field)
                assert key not in entry[field], (key, field)
            positive = set().union(*(entry[field] for field in POSITIVE))
            assert not positive & set(entry["cohyponyms"]), key
            assert not positive & set(entry["broader"]), key


def test_wide_lexicon_holds_no_word_of_the_vocabulary(wide):
    """A vocabulary word keeps its checked entry (overrides, deck aliases, the deck rule)."""
    assert not {word.key for word in read_vocabulary(VOCABULARY)} & set(wide)


@pytest.mark.parametrize(
    "name, category, word, field",
    [
        ("Insect", "character", "beetle", "hyponyms"),
        ("Insect", "character", "animal", "broader"),
        ("Vegetable", "thing", "cabbage", "hyponyms"),
        ("Vegetable", "thing", "apple", "cohyponyms"),
        ("Meal", "thing", "breakfast", "hyponyms"),
        ("Meal", "thing", "food", "broader"),
        ("Fear", "aspect", "fright", "synonyms"),  # a feeling, an aspect of someone
        ("Courage", "aspect", "bravery", "synonyms"),
        ("Night", "event", "nighttime", "synonyms"),  # a time
        ("Aircraft", "thing", "aircraft carrier", "compounds"),  # a ship, not an aircraft
    ],
)
def test_cards_outside_the_vocabulary_get_wordnet_relations(name, category, word, field):
    assert word in lexicon_entry(name, category)[field]


@pytest.mark.parametrize(
    "name, category, sense",
    [
        ("Court", "place", "court.n.02"),  # the courtyard or courtroom, not the assembly
        ("Luck", "event", "luck.n.02"),  # what happens by chance, not one's circumstances
        ("Sign", "thing", "signboard.n.01"),  # the board, not the gesture
        ("Cloud", "thing", "cloud.n.02"),  # the cloud in the sky, not smoke or dust
    ],
)
def test_a_wide_entry_reads_the_word_in_the_sense_that_fits_its_category(name, category, sense):
    assert lexicon_entry(name, category)["senses"] == [sense]


@pytest.mark.parametrize(
    "name, category, word",
    [
        ("Man", "character", "boy"),  # an informal sense of "boy"; a boy is a child
        ("Cloud", "thing", "smoke"),  # the guide: smoke does not name Fire either
        ("Luck", "event", "disaster"),
        ("Woman", "character", "baby"),
        ("Lawyer", "character", "referee"),  # a word of another sense of "counselor"
        ("Counter", "thing", "bar"),
        ("Shaped", "aspect", "influence"),
    ],
)
def test_a_wide_entry_names_the_card_only_by_words_mostly_used_in_its_sense(name, category, word):
    entry = lexicon_entry(name, category)
    assert entry and word not in set().union(*(entry[field] for field in POSITIVE))


@pytest.mark.parametrize("name", ["Zeppelin", "Xylophone Mechanic"])
def test_a_card_outside_both_lexicons_has_only_its_own_name(name):
    assert lexicon_entry(name, "thing") == {}
    forms = card_forms(CardRef(name=name, category="thing"))
    assert set(forms.relations.values()) == {"name"}


def test_the_cards_category_chooses_the_entry_and_the_usual_one_stands_in(wide):
    """A word offered in several categories is read in the card's; a category it lacks
    falls back to the category of its commonest sense."""
    several = sorted(
        key for key, word in wide.items() if 1 < len(word["entries"]) < len(CATEGORIES)
    )
    assert several
    for key in several[:20]:
        entries, usual = wide[key]["entries"], wide[key]["usual"]
        for category, entry in entries.items():
            assert lexicon_entry(key, category) == entry
        for missing in set(CATEGORIES) - set(entries):
            assert lexicon_entry(key, missing) == entries[usual]


@pytest.mark.slow
def test_build_reproduces_the_committed_wide_lexicon_byte_for_byte():
    """Equal bytes show the build is deterministic and the file up to date (about 40 s)."""
    try:
        import nltk  # noqa: F401
    except ImportError:
        pytest.skip("nltk is not installed (pip install -e '.[dev]')")
    if not (DEFAULT_WORDNET / "data.noun").is_file():
        pytest.skip(f"WordNet 3.0 is not installed at {DEFAULT_WORDNET}")
    text = build_wide(DEFAULT_WORDNET, VOCABULARY)
    assert text == WIDE.read_text(encoding="utf-8"), (
        "lexicon_wide.json is stale: run .venv/bin/python -m referee.judge.lexicon_build --wide"
    )
