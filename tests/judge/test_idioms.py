"""The idiom file (``datasets/judge/idioms.txt``) and its reader."""

from referee.judge.text import tokenize, words
from referee.judge.text.idioms import load_idioms, parse_idioms, verb_phrase_forms

IDIOMS = load_idioms()
EVERY_PHRASE = [*IDIOMS.set_phrases, *IDIOMS.verb_phrases]


def test_the_file_holds_set_phrases_and_verb_phrases():
    assert len(IDIOMS.set_phrases) > 100
    assert len(IDIOMS.verb_phrases) > 30
    assert ("speak", "of", "the", "devil") in IDIOMS.set_phrases
    assert ("kick", "the", "bucket") in IDIOMS.verb_phrases


def test_every_phrase_is_written_as_the_tokenizer_splits_it():
    # An idiom is matched word by word against the tokenizer's words, so one written
    # otherwise ("double-edged sword" for "double - edged sword") could never match.
    # "*" stands in for a word no phrase holds ("someone" is one: "in someone else's shoes").
    def as_split(phrase: tuple[str, ...]) -> tuple[str, ...]:
        text = " ".join("zzyzx" if word == "*" else word for word in phrase)
        return tuple("*" if word == "zzyzx" else word for word in words(tokenize(text)))

    assert [phrase for phrase in EVERY_PHRASE if as_split(phrase) != phrase] == []


def test_a_phrase_written_twice_is_kept_once_and_comments_are_skipped():
    idioms = parse_idioms(["# note", "a piece of cake", "a  piece of cake", "", "verb: take heart"])
    assert idioms.set_phrases == (("a", "piece", "of", "cake"),)
    assert idioms.verb_phrases == (("take", "heart"),)


def test_a_verb_phrase_is_matched_in_every_form_of_its_verb():
    kicked = verb_phrase_forms([("kick", "the", "bucket")])
    assert {("kicked", "the", "bucket"), ("kicks", "the", "bucket")} <= kicked
    assert ("kick", "the", "pail") not in kicked
