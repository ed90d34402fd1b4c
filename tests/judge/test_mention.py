"""The model judge on the labeling guide's examples, run with the real MiniLM model."""

import pytest

from referee.judge.base import CardRef
from referee.judge.mention import MentionJudge


@pytest.fixture(scope="module")
def judge():
    return MentionJudge()


def one(judge, sentence, name, category, context=()):
    return judge.mentions(sentence, list(context), [CardRef(name=name, category=category)])[0]


NAMED = [
    ("One spring his wife gave birth to a boy.", "Child", "character"),
    ("Two wolves howled at the moon.", "Wolf", "character"),
    ("She hid behind the curtain.", "Hidden", "aspect"),
    ("They walked into the woods.", "Forest", "place"),
    ("He drew a blade from his belt.", "Sword", "thing"),
    ("A stallion galloped past the inn.", "Horse", "character"),
    ("An oak stood alone on the hill.", "Tree", "place"),
    ("They met at the crossroads.", "People Meet", "event"),
]
NOT_NAMED = [
    ("There was no dragon in that land.", "Dragon", "character"),
    ("If a witch came, they would run.", "Witch", "character"),
    ("They planned to meet.", "People Meet", "event"),
    ("The bells began to ring.", "Ring", "thing"),
    ("She had a heart of stone.", "Stone", "thing"),
    ("He was a lion in battle.", "Lion", "character"),
    ("They passed villages with horses, shepherdesses, frogs and giants.", "Horse", "character"),
    ("An animal watched them from the bushes.", "Wolf", "character"),
    ("A dog barked all night.", "Wolf", "character"),
    ("The queen smiled at the guests.", "King", "character"),
    ("Deep snoring came from the cave.", "Monster", "character"),
    ("Hoof-beats sounded on the road.", "Horse", "character"),
    ("Smoke rose over the hill.", "Fire", "thing"),
    ("That was the key question.", "Key", "thing"),
]


@pytest.mark.parametrize("sentence, name, category", NAMED)
def test_guide_examples_named_score_above_half(judge, sentence, name, category):
    verdict = one(judge, sentence, name, category)
    assert verdict.score >= 0.5, verdict.reason
    assert verdict.decision != "reject"
    assert verdict.evidence


@pytest.mark.parametrize("sentence, name, category", NOT_NAMED)
def test_guide_examples_not_named_score_below_half(judge, sentence, name, category):
    verdict = one(judge, sentence, name, category)
    assert verdict.score < 0.5, verdict.reason
    assert verdict.decision != "accept"


def test_back_reference_and_repeated_mention(judge):
    context = ["She found a rusty sword in the river."]
    assert one(judge, "She picked it up.", "Sword", "thing", context).decision == "reject"
    assert one(judge, "She lifted the sword.", "Sword", "thing", context).score >= 0.5


def test_negation_and_hypothetical_are_decided_with_a_reason(judge):
    verdict = one(judge, "There was no dragon in that land.", "Dragon", "character")
    assert verdict.decision == "reject" and "negated" in verdict.reason
    assert verdict.evidence == ["dragon"]
    verdict = one(judge, "If a witch came, they would run.", "Witch", "character")
    assert verdict.decision == "reject" and "hypothetical" in verdict.reason


def test_one_call_judges_the_whole_table(judge):
    cards = [
        CardRef(name=n, category=c, id=n.lower())
        for n, c in [
            ("Wolf", "character"),
            ("Forest", "place"),
            ("Ring", "thing"),
            ("King", "character"),
        ]
    ]
    verdicts = judge.mentions("A wolf ran through the forest.", [], cards)
    assert [v.card for v in verdicts] == ["wolf", "forest", "ring", "king"]
    for verdict in verdicts:
        assert verdict.decision in {"accept", "reject", "vote"}
        assert 0.0 <= verdict.score <= 1.0
        assert verdict.reason and verdict.judge == "minilm-mention" and verdict.version
    assert verdicts[0].score > verdicts[2].score and verdicts[1].score > verdicts[3].score
    assert judge.mentions("Anything.", [], []) == []


def test_card_embeddings_are_cached(judge):
    cards = [CardRef(name="Lantern", category="thing")]
    judge.mentions("A lantern swung in the wind.", [], cards)
    cached = len(judge.embedder._cache)
    judge.mentions("The lantern went out.", [], cards)
    assert len(judge.embedder._cache) == cached
