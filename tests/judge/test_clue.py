"""The clue judge: the trained encoder, its calibration, the ranking, tips and quality."""

from pathlib import Path

import numpy as np
import pytest

from referee.games.dixit.cards import standard_deck
from referee.judge.build import fit_clue_calibration
from referee.judge.cases import Case, load_cases
from referee.judge.clue import (
    ClueJudge,
    LexicalClueScorer,
    ListwiseCalibration,
    get_clue_judge,
)
from referee.judge.clue_embedding import EmbeddingClueScorer, clue_embedder, picture_parts
from referee.judge.embedding import default_model
from referee.judge.evaluate import report_clue
from referee.judge.train_clue import (
    ClueSettings,
    clue_encoder_path,
    fingerprint,
    train_encoder,
    training_cases,
)
from referee.judge.training import TRAINED_WEIGHTS, is_current
from referee.paths import datasets_dir

DECK = [card.description for card in standard_deck()]


@pytest.fixture(scope="module")
def judge() -> ClueJudge:
    return get_clue_judge("model")


def test_the_committed_encoder_is_trained_from_the_committed_data():
    expected = fingerprint(training_cases(), ClueSettings(), default_model())
    assert is_current(clue_encoder_path(), expected), "run `referee train clue`"


def test_on_our_calibration_cases_the_storytellers_card_comes_first_most_often(judge):
    cases = load_cases([datasets_dir() / "judge" / "clue_calibration.jsonl"])
    report = report_clue(cases, judge)
    assert report["n"] == 140
    assert report["top1"] >= 0.70
    assert report["mrr"] >= 0.80
    lexical = report_clue(cases, ClueJudge.lexical())
    assert lexical["top1"] < report["top1"] - 0.3  # the cases are not won by shared words


def test_ranking_probabilities_sum_to_one_and_follow_the_order(judge):
    cards = DECK[:6]
    ranking = judge.rank("an old woman's knitting reaches the sky", cards)
    assert sum(ranking.scores) == pytest.approx(1.0, abs=1e-4)
    assert [ranking.scores[i] for i in ranking.ranking] == sorted(ranking.scores, reverse=True)
    assert ranking.ranking[0] == 0  # dx01: an old woman knits a scarf up to the moon
    assert ranking.judge == "clue-embedding" and ranking.tip is None


def test_a_literal_clue_and_a_loose_one_get_their_tips(judge):
    card, rest = DECK[0], DECK[1:]
    literal = judge.tip(card, card, rest, layout=5, hand=6)
    assert literal is not None and literal.kind == "too_literal"
    assert "'knits'" in literal.message  # the words it repeats are named
    loose = judge.tip("bureaucracy", card, rest, layout=5, hand=6)
    assert loose is not None and loose.kind == "too_loose"
    assert judge.tip("knitting", card, rest, layout=5, hand=6) is None


def test_the_tip_estimate_is_seeded_and_needs_enough_cards(judge):
    card, rest = DECK[0], DECK[1:]
    first = judge.find_rate("warm nights", card, rest, layout=6, hand=6, seed=3)
    assert judge.find_rate("warm nights", card, rest, layout=6, hand=6, seed=3) == first
    with pytest.raises(ValueError, match="the deck has 10 cards, 30 needed"):
        judge.find_rate("x", card, rest[:10], layout=6, hand=6)


def test_a_calibration_for_other_features_is_refused():
    wrong = ListwiseCalibration(features=["whole"], weights=[1.0])
    with pytest.raises(ValueError, match="referee build judge"):
        ClueJudge(LexicalClueScorer(), wrong)


def test_the_scorer_computes_only_the_features_asked_for(judge):
    class CountingEmbedder:
        model_name = "counting"

        def __init__(self) -> None:
            self.texts: list[str] = []

        def encode(self, texts: list[str]) -> np.ndarray:
            self.texts += texts
            return judge.scorer.embedder.encode(texts)

    embedder = CountingEmbedder()
    scorer = EmbeddingClueScorer(embedder)
    pictures = ["A lighthouse on a cliff, its lamp dark, a chair facing the sea", "A red boat"]
    full = scorer.features("Waiting", pictures)
    assert len(embedder.texts) == 1 + 2 + 4  # the clue, both pictures, their parts (3 + 1)
    embedder.texts.clear()
    chosen = scorer.features("Waiting", pictures, ["overlap", "whole"])
    assert embedder.texts == ["Waiting", *pictures]  # no parts without best_part
    assert np.array_equal(chosen, full[:, [2, 0]])
    with pytest.raises(ValueError, match="unknown clue features"):
        scorer.features("Waiting", pictures, ["colour"])


def test_a_missing_encoder_names_the_command_that_trains_it(tmp_path):
    with pytest.raises(FileNotFoundError, match="referee train clue"):
        clue_embedder(tmp_path)


def test_pictures_are_split_into_their_images():
    assert picture_parts("A boat.") == ["A boat."]
    assert picture_parts("A cat sleeps while the moon rises, and a dog barks") == [
        "A cat sleeps",
        "the moon rises",
        "a dog barks",
    ]


def tiny_cases(first_clue: str = "a cold night") -> list[Case]:
    cards = ["A snowman by a lamp.", "A sunny beach with crabs.", "A red kite in the wind."]
    clues = [first_clue, "summer holidays", "a windy day", "frost"]
    targets = [0, 1, 2, 0]
    return [
        Case(id=f"t-{i}", task="clue", clue=c, cards=cards, target=t)
        for i, (c, t) in enumerate(zip(clues, targets, strict=True))
    ]


def test_training_is_reproducible_and_fingerprinted(tmp_path: Path):
    settings = ClueSettings(epochs=1, cases_per_batch=2, trained_layers=1)
    first = train_encoder(tiny_cases(), tmp_path / "a", settings, log=lambda _: None)
    second = train_encoder(tiny_cases(), tmp_path / "b", settings, log=lambda _: None)
    assert first["fingerprint"] == second["fingerprint"]
    a = (tmp_path / "a" / TRAINED_WEIGHTS).read_bytes()
    assert a == (tmp_path / "b" / TRAINED_WEIGHTS).read_bytes()
    other = fingerprint(tiny_cases("a hot night"), settings, default_model())
    assert other != first["fingerprint"]
    # the learned layer changed, and only it (and nothing below) was written
    encoder = clue_embedder(tmp_path / "a")
    base = clue_embedder.__globals__["Embedder"]()
    tuned = dict(encoder.model.named_parameters())
    untouched = dict(base.model.named_parameters())
    changed = [n for n in tuned if not np.allclose(tuned[n].detach(), untouched[n].detach())]
    assert changed and all("layer.5." in name for name in changed)


def test_a_calibration_case_without_a_target_is_refused(tmp_path, monkeypatch):
    # It used to count as the first card's case; now the file is refused, naming the case.
    monkeypatch.setenv("REFEREE_CLUE_CALIBRATIONS", str(tmp_path))  # never the committed file
    held = tmp_path / "clue_calibration.jsonl"
    held.write_text('{"id": "c-9", "task": "clue", "clue": "x", "cards": ["a", "b"]}\n')
    with pytest.raises(ValueError, match="clue case c-9 has no valid target"):
        fit_clue_calibration(held, LexicalClueScorer())
