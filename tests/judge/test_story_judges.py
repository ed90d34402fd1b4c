"""Coherence and ending judges with a stub NLI model: features, evidence, reasons, bands."""

import json

import numpy as np
import pytest
from safetensors.numpy import load_file

from referee.judge.calibration import Calibration
from referee.judge.coherence import FEATURES as COHERENCE_FEATURES
from referee.judge.coherence import LOOK_BACK, MAX_EARLIER, WHOLE_STORY_TOKENS, CoherenceJudge
from referee.judge.elements import named_elements, new_elements
from referee.judge.ending import FEATURES as ENDING_FEATURES
from referee.judge.ending import EndingJudge
from referee.judge.nonsense import NonsenseReading
from referee.judge.story_nli import (
    PairScorer,
    closing_words,
    coherence_pairs,
    encode_pairs,
    ending_pair,
    get_pair_scorer,
)
from referee.judge.train_story_nli import (
    MENTION_CLAIM_FILES,
    NliSettings,
    PairExample,
    story_nli_path,
    train_pair_classifier,
    training_examples,
)
from referee.judge.training import TRAINED_WEIGHTS, is_current


class StubScorer:
    """Contradiction wherever the premise holds ``marker``; records the pairs it reads."""

    version = "stub"

    def __init__(self, marker="died", contradiction=0.95):
        self.marker = marker
        self.contradiction = contradiction
        self.read = []
        self.limits = []

    def probabilities(self, pairs, max_tokens=256):
        self.read.append(list(pairs))
        self.limits.append(max_tokens)
        rows = []
        for premise, _ in pairs:
            c = self.contradiction if self.marker in premise else 0.02
            rows.append([(1 - c) / 2, (1 - c) / 2, c])
        return np.array(rows).reshape(len(pairs), 3)


def bands(features, weights, accept_at=0.8, reject_at=0.2):
    """A calibration whose score falls as the given features rise."""
    return Calibration(
        features=list(features),
        mean=[0.0] * len(features),
        scale=[1.0] * len(features),
        weights=list(weights),
        bias=0.0,
        accept_at=accept_at,
        reject_at=reject_at,
    )


STORY = ["The old king ruled the valley.", "One winter night he died in his sleep.", "All wept."]


class StubProbe:
    """Reads as nonsense (probability ``probability``) wherever the sentence holds ``marker``."""

    calibration = Calibration(["v0"], [0.0], [1.0], [0.0], 0.0)  # for the judge's version

    def __init__(self, marker="Tuesday", probability=0.9):
        self.marker = marker
        self.probability = probability

    def chance(self, sentence):
        return self.probability if self.marker in sentence else 0.5  # log-odds 0: no effect

    def log_odds(self, sentence):
        p = self.chance(sentence)
        return float(np.log(p / (1 - p)))

    def read(self, sentence):
        phrase = sentence.split(",")[-1].strip() if self.marker in sentence else sentence
        return NonsenseReading(self.chance(sentence), phrase)


def coherence_judge(scorer, probe=None, weights=(-1.0, -0.1, -1.0)):
    return CoherenceJudge(
        scorer=scorer,
        calibration=bands(COHERENCE_FEATURES, list(weights)),
        nonsense=probe or StubProbe(),
    )


def test_coherence_reads_each_earlier_sentence_then_the_whole_story():
    pairs = coherence_pairs(STORY, "He ate a hearty dinner.")
    assert pairs[:3] == [(line, "He ate a hearty dinner.") for line in STORY]
    assert pairs[-1] == (" ".join(STORY), "He ate a hearty dinner.")


def test_coherence_cites_the_sentence_it_contradicts():
    judgement = coherence_judge(StubScorer()).check(STORY, "The king sat down to dinner.")
    assert judgement.decision == "reject"
    assert judgement.evidence == [STORY[1]]
    assert "no. 2" in judgement.reason and judgement.score < 0.2


class ScoredStub(StubScorer):
    """Contradiction probability by premise: ``scores`` maps a premise to it (else 0.02)."""

    def __init__(self, scores):
        super().__init__()
        self.scores = scores

    def probabilities(self, pairs, max_tokens=256):
        found = [self.scores.get(premise, 0.02) for premise, _ in pairs]
        return np.array([[(1 - c) / 2, (1 - c) / 2, c] for c in found]).reshape(-1, 3)


def test_coherence_cites_every_contradicted_sentence_most_contradicted_first():
    scorer = ScoredStub({STORY[1]: 0.6, STORY[2]: 0.9})
    judgement = coherence_judge(scorer).check(STORY, "The king sat down to dinner.")
    assert judgement.decision == "reject"
    assert judgement.evidence == [STORY[2], STORY[1]]
    assert "nos. 3, 2" in judgement.reason and "most of all no. 3" in judgement.reason


LOSS_STORY = [
    "The soldier gave the beggar his tinderbox.",
    "He walked on alone.",
    "At nightfall the inn was full.",
]


def test_a_line_that_has_again_what_the_story_did_away_with_cites_where_it_went_first():
    scorer = ScoredStub({LOSS_STORY[2]: 0.9})  # the model blames another sentence
    judgement = coherence_judge(scorer).check(LOSS_STORY, "That night he struck his tinderbox.")
    assert judgement.decision == "reject"
    assert judgement.evidence == [LOSS_STORY[0], LOSS_STORY[2]]
    assert judgement.reason.startswith(
        "It has the tinderbox again, though earlier sentence no. 1 says the tinderbox is gone"
    )


def test_a_line_the_story_had_none_of_is_cited_as_such():
    story = ["The miller had no sons.", "He grew old."]
    judgement = coherence_judge(StubScorer(marker="sons")).check(story, "His sons ran the mill.")
    assert judgement.evidence == [story[0]]
    assert "though earlier sentence no. 1 says the story had no sons" in judgement.reason


def test_a_coherent_line_is_accepted_even_when_it_has_again_what_was_lost():
    judgement = coherence_judge(StubScorer(marker="dragon")).check(
        LOSS_STORY, "The beggar struck the tinderbox and a dog appeared."
    )
    assert judgement.decision == "accept" and judgement.evidence == []


def test_nonsense_is_still_given_before_what_the_line_has_again():
    judgement = coherence_judge(StubScorer(marker="tinderbox"), StubProbe()).check(
        LOSS_STORY, "He struck his tinderbox, and it was Tuesday sideways"
    )
    assert judgement.evidence == ["and it was Tuesday sideways", LOSS_STORY[0]]
    assert judgement.reason.startswith("It reads as nonsense")


def test_coherent_sentence_is_accepted_without_evidence():
    judgement = coherence_judge(StubScorer(marker="dragon")).check(STORY, "Spring came.")
    assert judgement.decision == "accept" and judgement.evidence == []
    assert judgement.reason.startswith("Nothing in the story")


def test_unclear_coherence_goes_to_the_vote_and_says_so():
    judgement = coherence_judge(StubScorer(contradiction=0.6)).check(STORY, "He rose.")
    assert judgement.decision == "vote"
    assert judgement.reason.startswith("Unclear, the table should vote:")


def test_a_weak_conflict_still_shows_the_sentence_most_against_it():
    judgement = coherence_judge(StubScorer(contradiction=0.45)).check(STORY, "He rose.")
    assert judgement.decision == "vote" and judgement.evidence == [STORY[1]]
    assert "most against it is no. 2" in judgement.reason


def test_long_story_reads_alone_only_the_recent_sentences_most_like_the_new_one():
    scorer = StubScorer(marker="never")
    story = [f"Line {n} of the tale." for n in range(50)]
    coherence_judge(scorer).check(story, "The end came.")
    single, whole = scorer.read
    assert len(single) == MAX_EARLIER
    assert all(int(premise.split()[1]) >= 50 - LOOK_BACK for premise, _ in single)
    assert whole[0][0].startswith("Line 0 of the tale.")
    assert scorer.limits == [256, WHOLE_STORY_TOKENS]  # the story's oldest words go first


def test_the_contradicted_sentence_of_a_long_story_is_found_and_cited():
    fillers = [
        "The baker sold bread in the square.",
        "A river ran past the mill.",
        "Children played with a red ball.",
        "The blacksmith hammered horseshoes all day.",
        "Snow covered the mountain passes.",
        "A merchant counted his silver coins.",
    ]
    story = [fillers[n % len(fillers)] for n in range(24)]
    story[9] = "The old queen died in her sleep that winter."
    judge = coherence_judge(StubScorer())
    assert 9 in judge.nearest_earlier(story, "The old queen sat down to her dinner.")
    judgement = judge.check(story, "The old queen sat down to her dinner.")
    assert judgement.decision == "reject" and judgement.evidence == [story[9]]
    assert "no. 10" in judgement.reason


def test_a_short_story_is_read_sentence_by_sentence():
    assert coherence_judge(StubScorer()).nearest_earlier(STORY, "He ate.") == [0, 1, 2]


def test_nonsense_that_contradicts_no_sentence_cites_its_own_nonsense_phrase():
    judge = coherence_judge(StubScorer(marker="never"), weights=(-1.0, -0.1, -3.0))
    judgement = judge.check(STORY, "The court wept, and the mountain ate a Tuesday.")
    assert judgement.decision == "reject"
    assert judgement.evidence == ["and the mountain ate a Tuesday."]
    assert judgement.reason.startswith("It reads as nonsense (probability 0.90)")


def test_nonsense_is_given_before_the_contradictions_the_model_sees_in_it():
    judgement = coherence_judge(StubScorer()).check(STORY, "At dawn, the dead king ate a Tuesday.")
    assert judgement.decision == "reject"
    assert judgement.evidence == ["the dead king ate a Tuesday.", STORY[1]]
    assert judgement.reason.startswith("It reads as nonsense (probability 0.90)")
    assert judgement.reason.endswith(f"also at odds with earlier sentence no. 2: '{STORY[1]}'")


def test_a_weak_nonsense_reading_is_not_given_as_the_reason():
    probe = StubProbe(probability=0.6)
    judgement = coherence_judge(StubScorer(contradiction=0.45), probe).check(
        STORY, "He rose on a Tuesday."
    )
    assert judgement.decision != "accept" and "nonsense" not in judgement.reason
    assert judgement.evidence == [STORY[1]]


def test_the_nonsense_reading_is_the_third_input():
    row, _ = coherence_judge(StubScorer(marker="never")).features(STORY, "It ate a Tuesday.")
    assert COHERENCE_FEATURES[2] == "nonsense"
    assert row[2] == pytest.approx(np.log(0.9 / 0.1))


def test_first_sentence_is_judged_on_the_story_alone():
    judgement = coherence_judge(StubScorer()).check([], "Once upon a time a king died.")
    assert judgement.decision in ("accept", "reject", "vote")


def ending_judge(scorer, weights=(1.0, -1.0, -6.0, -6.0)):
    return EndingJudge(scorer=scorer, calibration=bands(ENDING_FEATURES, list(weights)))


TALE = [
    "A miller had two sons.",
    "The elder took the mill and the younger took the cat.",
    "The cat caught hares for the king and praised its master.",
]


def test_lead_in_that_brings_a_new_element_is_named_as_evidence():
    lead_in = ["Just then a dragon swooped down, and the younger son slew it."]
    judgement = ending_judge(StubScorer(marker="nothing")).check(
        TALE, lead_in, "And the kingdom was at peace once more."
    )
    assert judgement.decision == "reject"
    assert judgement.evidence == ["dragon"]
    assert "lead-in brings new elements" in judgement.reason


def test_a_lead_in_speaking_of_someone_the_story_implies_is_not_counted_as_bringing_them():
    judge = ending_judge(StubScorer(marker="nothing"))
    implied = ["Then the king's guards opened the gates for the younger son."]
    introduced = ["Then a guard opened the gates for the younger son."]
    assert judge.features(TALE, implied, "And all was well.")[0][2] == 0
    assert judge.features(TALE, introduced, "And all was well.")[0][2] == 1
    assert judge.check(TALE, implied, "And all was well.").decision == "accept"
    assert judge.check(TALE, introduced, "And all was well.").decision == "reject"


def test_a_lead_in_naming_only_what_the_story_implies_is_not_blamed_for_a_rejection():
    implied = ["Then the king's guards opened the gates."]
    judgement = ending_judge(StubScorer(marker="guards")).check(TALE, implied, "And all was well.")
    assert judgement.decision == "reject" and judgement.evidence == ["guards"]
    assert judgement.reason.startswith("The ending does not follow from the story told")


def test_the_version_names_the_model_and_the_calibration():
    judge = ending_judge(StubScorer())
    same = ending_judge(StubScorer())
    other = ending_judge(StubScorer(), weights=(1.0, -1.0, -5.0, -6.0))
    assert judge.version.startswith("1+nli-stub+cal-")
    assert judge.version == same.version != other.version


def test_the_coherence_version_also_names_the_nonsense_probe():
    plain, other = StubProbe(), StubProbe()
    other.calibration = Calibration(["v0"], [0.0], [1.0], [1.0], 0.0)
    versions = [coherence_judge(StubScorer(), probe).version for probe in (plain, other)]
    assert all(v.startswith("1+nli-stub+cal-") and "+probe-" in v for v in versions)
    assert versions[0] != versions[1]


def test_ending_about_what_the_story_never_had_is_named():
    judgement = ending_judge(StubScorer(marker="nothing")).check(
        TALE, [], "And the princess and the frog were married."
    )
    assert judgement.decision == "reject"
    assert set(judgement.evidence) == {"princess", "frog"}


def test_ending_of_the_story_told_fits():
    judgement = ending_judge(StubScorer(marker="", contradiction=0.0)).check(
        TALE, ["The king thanked the younger son."], "And the cat and its master lived well."
    )
    assert judgement.decision == "accept" and judgement.evidence == []


def test_ending_pair_is_story_and_lead_in_then_the_ending():
    assert ending_pair(["A.", "B."], ["C."], "The end.") == ("A. B. C.", "The end.")


@pytest.mark.parametrize(
    "line, story, expected",
    [
        ("A stallion galloped past.", ["He rode his horse home."], []),
        ("Two wolves howled.", ["A wolf lived in the wood."], []),
        ("A witch and a wolf met.", ["A wolf lived in the wood."], ["witch"]),
        ("The queen smiled.", ["The king ruled."], ["queen"]),
    ],
)
def test_new_elements_know_forms_and_kinds(line, story, expected):
    assert [element.words for element in new_elements([line], story)] == expected


def test_named_elements_prefer_the_longest_form():
    found = named_elements("The old woman sat by the fire.")
    assert [element.words for element in found] == ["old woman", "fire"]


INDEFINITE_ARTICLES = [
    ("Then a handsome prince rode by.", {"prince": True}),
    ("There lived an old troll.", {"troll": True}),
    ("The palace guards seized her.", {"guards": False}),
    ("She led him to her father.", {"father": False}),
    ("A wolf met the hunter.", {"wolf": True, "hunter": False}),
    ("Then two knights rode in.", {"knights": True}),
    ("The two elder brothers grumbled.", {"brothers": False}),
    ("She handed her sister a ring.", {"sister": False, "ring": True}),
]
LIKENESSES = [
    # A likeness brings no one in.
    ("The miller lived like a king.", {"miller": False, "king": False}),
    ("He was as strong as a bear.", {"bear": False}),
    ("He was stronger than a bear.", {"bear": False}),
    ("What a fool the shepherd had been!", {"fool": False, "shepherd": False}),
    ("He thanked them like a true gentleman.", {"gentleman": False}),
    ("He roared like a two-headed giant.", {"giant": False}),
    # Saying who someone really was brings that element in (our labels: does not fit).
    ("The beggar was really a king.", {"beggar": False, "king": True}),
    # "as" opening a clause, "as well as", a question's "what" and a count bring someone in.
    ("Just as a wolf howled, she ran.", {"wolf": True}),
    ("As a giant came by, the boy hid.", {"giant": True, "boy": False}),
    ("She watched as a knight rode by.", {"knight": True}),
    ("As soon as a prince arrived, the bells rang.", {"prince": True, "bells": False}),
    ("The queen, as well as a knight, rode out.", {"queen": False, "knight": True}),
    ("She asked what a wizard was doing there.", {"wizard": True}),
    ("More than a hundred soldiers came.", {"soldiers": True}),
    ("Eleven wild swans flew down.", {"swans": True}),
    # Nothing before "a" makes it known: a clause's "that", or whom something is given.
    ("The monk feared that a demon would come.", {"monk": False, "demon": True}),
    ("The fairy gave her a ring.", {"fairy": False, "ring": True}),
]


@pytest.mark.parametrize("line, indefinite", INDEFINITE_ARTICLES + LIKENESSES)
def test_named_elements_know_which_are_brought_in_by_an_indefinite_article(line, indefinite):
    found = {element.words: element.indefinite for element in named_elements(line)}
    assert found == indefinite


def test_story_training_is_reproducible_and_keeps_only_what_learned(tmp_path):
    examples = [
        PairExample("The king died.", "The king ate dinner.", 2, "nli"),
        PairExample("A girl found a frog.", "The frog spoke to her.", 1, "nli"),
        PairExample("The boy was hungry.", "The boy wanted food.", 0, "nli"),
    ] * 2
    settings = NliSettings(epochs=1, batch_size=2, trained_layers=1)
    runs = [tmp_path / "a", tmp_path / "b"]
    for out in runs:
        train_pair_classifier(examples, out, settings, log=lambda _: None)
    first, second = (load_file(str(out / TRAINED_WEIGHTS)) for out in runs)
    assert first.keys() == second.keys()
    assert all(np.array_equal(first[k], second[k]) for k in first)
    # the top layer, the pooler and the classifier learned; nothing below was stored
    assert any(".layer.5." in k for k in first) and not any(".layer.4." in k for k in first)
    assert not any("embeddings" in k for k in first)
    info = json.loads((runs[0] / "training.json").read_text())
    assert info["pairs"] == 6 and info["settings"]["trained_layers"] == 1
    assert is_current(runs[0], info["fingerprint"])
    probabilities = PairScorer(runs[0]).probabilities([("The king died.", "He ate.")])
    assert probabilities.shape == (1, 3) and abs(probabilities.sum() - 1) < 1e-6


def test_committed_story_model_is_current_and_reads_only_the_named_mention_files():
    from referee.judge.embedding import default_model
    from referee.judge.train_story_nli import fingerprint
    from referee.paths import datasets_dir

    # The claims come from named files (all present), not every mention_train*.jsonl, so
    # mention data added for the table cross-encoder does not retrain this model.
    assert all((datasets_dir() / "judge" / name).is_file() for name in MENTION_CLAIM_FILES)
    settings = NliSettings()
    examples = training_examples(settings)
    assert sum(e.source == "mention" for e in examples) == settings.mention_pairs
    assert is_current(story_nli_path(), fingerprint(examples, settings, default_model()))


def test_a_long_premise_keeps_its_latest_words_within_the_limit():
    from transformers import AutoTokenizer

    from referee.judge.embedding import default_model
    from referee.judge.story_nli import encode_pairs

    tokenizer = AutoTokenizer.from_pretrained(default_model())
    story = " ".join(f"word{n}" for n in range(100)) + " the dragon slept"
    inputs = encode_pairs(tokenizer, [(story, "It woke.")], max_tokens=16)
    assert inputs["input_ids"].shape == (1, 16)
    text = tokenizer.decode(inputs["input_ids"][0])
    assert "the dragon slept [SEP] it woke." in text and "word0 " not in text


def test_a_hypothesis_longer_than_the_model_reads_is_cut_to_its_opening():
    tokenizer = get_pair_scorer().tokenizer
    inputs = encode_pairs(
        tokenizer, [("A king lived.", "word " * 300), ("He died.", "All wept.")], 64
    )
    assert inputs["input_ids"].shape == (2, 64)
    first = tokenizer.decode(inputs["input_ids"][0])
    assert first.count("word") == 64 - 4  # [CLS], one token of premise, [SEP], [SEP]


def test_pairs_within_the_limits_are_encoded_as_given():
    tokenizer = get_pair_scorer().tokenizer
    pairs = [(" ".join(STORY), "The old king rode out."), (STORY[0], "All wept.")]
    tokenizer.truncation_side = "left"
    expected = tokenizer(
        [p for p, _ in pairs],
        [h for _, h in pairs],
        truncation="only_first",
        max_length=16,
        padding=True,
        return_tensors="pt",
    )
    assert (
        encode_pairs(tokenizer, pairs, 16)["input_ids"].tolist() == expected["input_ids"].tolist()
    )


def test_a_huge_premise_keeps_only_its_closing_words_before_tokenizing():
    story = " ".join(f"line{n}" for n in range(100_000))
    kept = closing_words(story, 1000)
    assert len(kept) <= 1000 and story.endswith(kept) and kept.startswith("line")
    assert closing_words("short", 1000) == "short"
