"""The coherence and ending judges on the labeling guide's own examples, with the trained model."""

import pytest

from referee.judge.coherence import CoherenceJudge
from referee.judge.ending import EndingJudge


@pytest.fixture(scope="module")
def coherence():
    return CoherenceJudge()


@pytest.fixture(scope="module")
def ending():
    return EndingJudge()


INCOHERENT = [
    (
        ["The old king died in his sleep.", "The whole kingdom mourned."],
        "That evening the old king ate a hearty dinner and laughed.",
    ),
    (
        [
            "The heroine's sword slipped from her hand and sank in the black lake.",
            "She walked on into the hills with empty hands.",
        ],
        "At the top of the pass she drew her sword and faced the bandits.",
    ),
    (
        ["The villagers gathered in the square to hear the news."],
        "Then the mountain ate a Tuesday.",
    ),
]
COHERENT = [
    (
        ["The princess dropped her golden ball into the well and began to cry."],
        "A frog put its head out of the water and asked her, quite politely, why she wept.",
    ),
    (
        ["The old king died in his sleep.", "The whole kingdom mourned."],
        "His eldest daughter was crowned queen in the spring.",
    ),
]


@pytest.mark.parametrize("context, sentence", INCOHERENT)
def test_incoherent_examples_are_not_accepted(coherence, context, sentence):
    judgement = coherence.check(context, sentence)
    assert judgement.score < 0.5 and judgement.decision != "accept", judgement.reason


@pytest.mark.parametrize("context, sentence", COHERENT)
def test_coherent_examples_are_not_rejected(coherence, context, sentence):
    judgement = coherence.check(context, sentence)
    assert judgement.decision != "reject", judgement.reason


SUCCESSION_BELOW_TARGET = pytest.mark.xfail(
    strict=True,
    reason="below target since 2026-11-30 (fifth session): the story model trained with "
    "endings that contradict the story reads the crowning after the mourning as a "
    "contradiction of 'The whole kingdom mourned.' and leaves it to the vote at 0.39 "
    "(models/judge/README.md, story judges' limits)",
)


@pytest.mark.parametrize(
    "context, sentence",
    [COHERENT[0], pytest.param(*COHERENT[1], marks=SUCCESSION_BELOW_TARGET)],
)
def test_coherent_examples_score_as_coherent(coherence, context, sentence):
    judgement = coherence.check(context, sentence)
    assert judgement.score >= 0.5, judgement.reason


def test_a_contradiction_cites_the_sentence_it_contradicts(coherence):
    context, sentence = INCOHERENT[0]
    judgement = coherence.check(context, sentence)
    assert context[0] in judgement.evidence, judgement.evidence
    assert "no. 1" in judgement.reason or "nos." in judgement.reason


STORY = [
    "A poor fisherman lived with his wife in a hut by the sea.",
    "One day he caught a golden fish that begged to be set free.",
    "He let it go, and the fish promised to grant him one wish.",
    "His wife wished for a house, and the hut became a fine cottage.",
    "The fisherman and his wife were content for the rest of their days.",
]


def test_an_ending_of_the_story_told_fits(ending):
    judgement = ending.check(STORY, [], "And they lived happily ever after.")
    assert judgement.score >= 0.5 and judgement.decision != "reject", judgement.reason


WEDDING = "And the prince and the shepherdess were married."


def test_a_wedding_the_story_never_had_is_not_accepted_and_names_them(ending):
    judgement = ending.check(STORY, [], WEDDING)
    assert judgement.decision != "accept", judgement.reason
    assert {"prince", "shepherdess"} <= set(judgement.evidence)


def test_a_wedding_the_story_never_had_does_not_fit(ending):
    judgement = ending.check(STORY, [], WEDDING)
    assert judgement.score < 0.5, judgement.reason


LEAD_IN = ["Then a dragon flew down from the mountains, and a knight slew it."]


def test_a_lead_in_with_new_elements_is_not_accepted_and_names_them(ending):
    judgement = ending.check(STORY, LEAD_IN, "And they lived happily ever after.")
    assert judgement.decision != "accept", judgement.reason
    assert {"dragon", "knight"} <= set(judgement.evidence)


def test_a_lead_in_with_new_elements_does_not_fit(ending):
    judgement = ending.check(STORY, LEAD_IN, "And they lived happily ever after.")
    assert judgement.score < 0.5, judgement.reason


def test_a_thing_given_away_and_used_again_is_flagged_citing_where_it_went(coherence):
    context = [
        "The soldier met a beggar on the road.",
        "He gave the beggar his tinderbox and walked on.",
        "At nightfall he came to a lonely inn.",
    ]
    judgement = coherence.check(context, "Alone in his room, he struck his tinderbox three times.")
    assert judgement.decision != "accept"
    assert judgement.evidence[0] == context[1], judgement.evidence
    assert "earlier sentence no. 2 says the tinderbox is gone" in judgement.reason
