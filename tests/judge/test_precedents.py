"""The precedent memory: built from our training cases, current, searched card by card."""

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from referee.judge.base import CardRef
from referee.judge.build import _digest
from referee.judge.calibration import Calibration
from referee.judge.cases import load_cases
from referee.judge.embedding import get_embedder
from referee.judge.features import FEATURES
from referee.judge.mention import (
    FAR_FROM_CARD_BELOW,
    PRECEDENT_RULING,
    SECOND_STAGE_FEATURES,
    MentionJudge,
    explain,
    first_stage_decision,
    precedent_vector,
    rejection_doubted,
)
from referee.judge.precedents import (
    PRECEDENTS,
    MemoryMismatch,
    Precedent,
    PrecedentMemory,
    get_memory,
    precedent_only_files,
    signal,
)
from referee.judge.text import tokenize
from referee.judge.train_cross_encoder import mention_training_files


def remembered_files():
    """The training files, then the cases kept only as precedents."""
    return mention_training_files() + precedent_only_files()


def test_the_committed_memory_holds_every_clear_training_and_precedent_case():
    memory = get_memory()
    clear = [c for c in load_cases(remembered_files()) if c.label in ("named", "not_named")]
    assert memory.fingerprint == _digest(remembered_files()), "run `referee build judge`"
    assert len(memory) == len(clear) > 7000
    assert memory.sentences == [c.sentence for c in clear]
    assert memory.named == [c.label == "named" for c in clear]
    assert memory.model == Path(get_embedder().model_name).name


def test_the_committed_memory_matches_the_judges_reading():
    """Each case's vector is the embedder's, of the words the judge compares today, and its
    match kind is stage one's today."""
    memory = get_memory()
    judge = MentionJudge(memory=PrecedentMemory.empty())
    clear = [c for c in load_cases(remembered_files()) if c.label in ("named", "not_named")]
    windows, cosines = 0, []
    for row in range(0, len(memory), 97):
        case = clear[row]
        (analysis,), vectors = judge.read(case.sentence, case.context, [case.card_ref()])
        tokens = tokenize(case.sentence)
        windows += analysis.precedent_window(tokens) is not None
        fresh = precedent_vector(analysis, tokens, vectors)
        cosines.append(float(fresh @ memory.vectors[row]))
        # Other words would read far lower; another CPU's int8 kernels move a vector a little.
        assert cosines[-1] > 0.98, case.sentence
        assert memory.kinds[row] == analysis.match_kind, case.sentence
    assert np.mean(cosines) > 0.999
    assert windows > 10  # most cases match a word of the card: their window is compared


def test_the_precedents_are_the_nearest_cases_of_the_same_card_matched_the_same_way():
    memory = get_memory()
    judge = MentionJudge()
    sentence = "The bells of the chapel began to ring."
    analysis = judge.analyse(sentence, [], [CardRef(name="Ring", category="thing")])[0]
    rows = [
        i
        for i, (card, kind) in enumerate(zip(memory.cards, memory.kinds, strict=True))
        if card == "ring" and kind == analysis.match_kind
    ]
    tokens = tokenize(sentence)
    window = analysis.precedent_window(tokens)
    assert [t.text for t in tokens[slice(*window)]] == ["chapel", "began", "to", "ring", "."]
    (read,), vectors = judge.read(sentence, [], [CardRef(name="Ring", category="thing")])
    vector = precedent_vector(read, tokens, vectors)
    assert float(vector @ vectors.sentence) < 0.99  # the window, not the whole sentence
    nearest = sorted(memory.vectors[rows] @ vector, reverse=True)[:PRECEDENTS]
    found = analysis.precedents
    assert len(found) == min(PRECEDENTS, len(rows)) == len(nearest)
    assert [p.similarity for p in found] == pytest.approx(nearest, abs=1e-4)
    assert all(p.sentence in [memory.sentences[i] for i in rows] for p in found)
    assert analysis.precedent_signal == signal(found) < 0  # the bells' ring is not the jewel
    assert memory.precedents("a card nobody wrote", analysis.match_kind, vector) == ()


def test_a_plain_play_does_not_follow_a_trap_on_the_same_topic():
    """The nearest Giant case in topic is a hypothetical; the precedent must be a plain use."""
    judge = MentionJudge()
    giant = CardRef(name="Giant", category="character")
    analysis = judge.analyse("Her brother was a giant.", [], [giant])[0]
    assert analysis.match_kind == ("clean_name",)
    assert analysis.precedents and not any("If a giant" in p.sentence for p in analysis.precedents)


def test_a_memory_of_another_embedder_is_refused():
    memory = PrecedentMemory(["ring"], [("clean_name",)], [True], ["A ring."], np.ones((1, 3)), "x")
    with pytest.raises(MemoryMismatch, match="referee build judge"):
        memory.precedents("ring", ("clean_name",), np.ones(384, dtype=np.float32))


def test_a_precedent_moves_an_uncertain_verdict_its_way():
    """Stage two weighs the precedent: the same sentence, with the memory's one case for
    the card labelled named or not named, scores higher when it is named."""
    sentence = "He made his anvil ring so loudly that the whole village woke up."
    card = CardRef(name="Ring", category="thing")
    probe = MentionJudge(memory=PrecedentMemory.empty())
    (analysis,), vectors = probe.read(sentence, [], [card])
    kind = analysis.match_kind
    vector = precedent_vector(analysis, tokenize(sentence), vectors)[None, :]
    scores = {}
    for named in (True, False):
        memory = PrecedentMemory(["ring"], [kind], [named], [sentence], vector, "all-MiniLM-L6-v2")
        judge = MentionJudge(memory=memory)
        assert judge.analyse(sentence, [], [card])[0].precedents[0].named is named
        scores[named] = judge.mentions(sentence, [], [card])[0].score
    assert scores[True] > scores[False]


def test_a_rejected_card_word_cites_the_precedent_ruled_not_named():
    judge = MentionJudge()
    sentence = "He pushed his spectacles up the bridge of his nose and began to read."
    analysis = judge.analyse(sentence, [], [CardRef(name="Bridge", category="place")])[0]
    assert analysis.precedent_signal < 0
    cited = next(p for p in analysis.precedents if not p.named).sentence.rstrip(".!?")
    evidence, reason = explain(analysis, "reject", sentence, tokenize(sentence))
    assert evidence == ["bridge"]
    assert reason == (
        "'bridge' is the card's own word, or a form of it, for Bridge, but it is used as "
        f"in a case ruled not to name it: '{cited}'."
    )


def test_without_precedents_against_it_a_rejected_card_word_blames_the_models():
    judge = MentionJudge(memory=PrecedentMemory.empty())
    sentence = "They pitched their tent on the crown of the hill."
    analysis = judge.analyse(sentence, [], [CardRef(name="Crown", category="thing")])[0]
    evidence, reason = explain(analysis, "reject", sentence, tokenize(sentence))
    assert evidence == ["crown"]
    assert reason.endswith("but the judge's models read it as not naming the card here.")


def rejecting_every_card(features: Sequence[str]) -> Calibration:
    """A calibration that scores every card about 0.00005: below any reject band."""
    return Calibration(
        features=list(features),
        mean=[0.0] * len(features),
        scale=[1.0] * len(features),
        weights=[0.0] * len(features),
        bias=-10.0,
        accept_at=0.9,
        reject_at=0.1,
    )


def test_stage_two_never_rejects_the_cards_own_word_used_plainly():
    """With a stage two that rejects everything, a plain use of the card's word goes to
    the table's vote; a card the sentence does not name by any word is still rejected."""
    judge = MentionJudge(second_stage=rejecting_every_card(SECOND_STAGE_FEATURES))
    cards = [CardRef(name="Key", category="thing"), CardRef(name="Ring", category="thing")]
    sentence = "In the grass at her feet lay a key."
    # both are left to stage two by stage one ("a key" comes near enough to Ring)
    analyses = judge.analyse(sentence, [], cards)
    scores = judge.calibration.probability(np.stack([a.vector() for a in analyses]))
    decisions = [
        first_stage_decision(judge.calibration, float(score), analysis)
        for score, analysis in zip(scores, analyses, strict=True)
    ]
    assert decisions == ["vote", "vote"]
    key, ring = judge.mentions(sentence, [], cards)
    assert (key.decision, ring.decision) == ("vote", "reject")
    assert key.reason.startswith(
        "Unclear, the table should vote: 'key' is the card's own word, or a form of it, "
        "for Key, though "
    )


def test_a_doubted_card_word_left_to_the_vote_says_why(monkeypatch):
    """With no precedent alike enough to reject by, the vote's reason still cites the
    nearest case ruled not named."""
    monkeypatch.setattr("referee.judge.mention.PRECEDENT_RULING", 1.01)
    judge = MentionJudge()
    sentence = "He pushed his spectacles up the bridge of his nose."
    verdict = judge.mentions(sentence, [], [CardRef(name="Bridge", category="place")])[0]
    assert verdict.decision == "vote" and verdict.score < 0.1 and verdict.evidence == ["bridge"]
    assert ", though it is used as in a case ruled not to name it: '" in verdict.reason


def test_stage_one_never_rejects_a_card_the_sentence_has_no_word_for_but_describes():
    """A stage one that would reject everything still rejects a negated word itself, but
    sends a card the sentence only describes to stage two, whose reader can see it; a card
    nothing in the sentence comes near is rejected at once."""
    rejects_all = rejecting_every_card(FEATURES)
    judge = MentionJudge(calibration=rejects_all)
    well = CardRef(name="Well", category="place")
    dragon = CardRef(name="Dragon", category="character")
    described = "Beside it was a deep stone shaft from which the villagers drew up water."
    analyses = judge.analyse(described, [], [well])
    assert not analyses[0].has_words_for_card
    assert first_stage_decision(rejects_all, 0.0, analyses[0]) == "vote"
    negated = judge.analyse("There was no dragon in that land.", [], [dragon])[0]
    assert negated.has_words_for_card
    assert first_stage_decision(rejects_all, 0.0, negated) == "reject"
    # read by stage two: its score is the second calibration's, not stage one's near-zero
    verdict = judge.mentions(described, [], [well])[0]
    assert verdict.score > 0.01
    far = judge.analyse("In the grass at her feet lay a key.", [], [dragon])[0]
    assert not far.has_words_for_card and far.closeness < FAR_FROM_CARD_BELOW
    assert first_stage_decision(rejects_all, 0.0, far) == "reject"


@pytest.mark.parametrize(
    ("nearest", "doubted"),
    [
        (None, True),
        (Precedent("A key lay on the step.", named=True, similarity=0.9), True),
        (
            Precedent("He sang in a minor key.", named=False, similarity=PRECEDENT_RULING - 0.01),
            True,
        ),
        (Precedent("He sang in a minor key.", named=False, similarity=PRECEDENT_RULING), False),
    ],
)
def test_a_plain_use_is_rejected_only_as_a_like_case_was_ruled(nearest, doubted):
    judge = MentionJudge()
    key = CardRef(name="Key", category="thing")
    analysis = judge.analyse("The minstrel played in a minor key.", [], [key])[0]
    assert analysis.values.get("clean_name")
    analysis.precedents = () if nearest is None else (nearest,)
    assert rejection_doubted(analysis) is doubted


def test_the_card_word_in_another_sense_like_a_ruled_case_is_rejected_with_that_case():
    judge = MentionJudge()
    bridge = CardRef(name="Bridge", category="place")
    sentence = "He pushed his spectacles up the bridge of his nose and began to read aloud."
    verdict = judge.mentions(sentence, [], [bridge])[0]
    assert verdict.decision == "reject"
    assert "used as in a case ruled not to name it" in verdict.reason
