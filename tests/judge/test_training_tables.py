"""The cross-encoder's training tables: drawn from a seeded stream, kept, redrawn only where
the lexicon has made a kept draw wrong."""

from pathlib import Path

import pytest

from referee.judge.cases import Case, load_cases
from referee.judge.train_cross_encoder import (
    TrainingSettings,
    distractor_pool,
    examples_from_draws,
    mention_examples,
    mention_training_files,
    run_draws,
)
from referee.judge.training_tables import (
    Draw,
    DrawSettings,
    draw_tables,
    draws_text,
    load_draws,
    tables_path,
    unnamed_cards,
)

FIXTURE = Path(__file__).parent / "fixtures" / "mention_small.jsonl"
RUN = DrawSettings(seed=0, max_distractors=8, distractor_only_share=0.25)


def _case(case_id: str, sentence: str, card: str, label: str = "not_named") -> Case:
    return Case.model_validate(
        {
            "id": case_id,
            "task": "mention",
            "sentence": sentence,
            "card": {"name": card, "category": "character"},
            "label": label,
        }
    )


def test_fresh_draws_are_seeded_and_leave_out_what_the_story_names():
    cases = load_cases([FIXTURE])
    pool = distractor_pool()
    first = draw_tables(cases, pool, [RUN])
    assert first == draw_tables(cases, pool, [RUN])
    assert first != draw_tables(cases, pool, [DrawSettings(1, 8, 0.25)])
    for case in cases:
        draw = first[0].get(case.id)
        if case.label not in ("named", "not_named"):
            assert draw is None  # unclear, or not a mention case
            continue
        assert draw is not None and draw.table.count(None) == 1
        assert draw.cards() <= {card.id for card in unnamed_cards(case, pool)}


def test_a_kept_draw_is_used_again_and_a_wrong_one_alone_is_redrawn():
    pool = distractor_pool()
    cases = [
        _case("a", "The old king rode out.", "Horse"),
        _case("b", "A wolf howled in the hills.", "Fox"),
        _case("c", "The miller baked bread.", "Wolf"),
    ]
    fresh = draw_tables(cases, pool, [RUN])[0]
    kept = dict(fresh)
    kept["a"] = Draw(table=("ring", None), alone=("tower",))
    # "b" names the wolf, so a kept draw with Wolf beside Fox is wrong now (as when the lexicon
    # learns a new word for a card the draw put there): only "b" is drawn again.
    kept["b"] = Draw(table=(None, "wolf", "cave"))
    again = draw_tables(cases, pool, [RUN], {0: kept})[0]
    assert again["a"] == kept["a"] and again["c"] == fresh["c"]
    assert again["b"] != kept["b"] and "wolf" not in again["b"].cards()
    # a kept table without the case's own card is no table for it
    kept["a"] = Draw(table=("ring", "tower"))
    assert draw_tables(cases, pool, [RUN], {0: kept})[0]["a"].table.count(None) == 1


def test_a_draw_makes_the_tables_it_says():
    pool = distractor_pool()
    case = _case("a", "The prince rode out.", "Prince", label="named")
    settings = TrainingSettings(distractor_weight=0.5)
    draws = {"a": Draw(table=("ring", None, "wolf"), alone=("tower",))}
    table, alone = examples_from_draws([case], draws, pool, settings)
    assert table.cards == ["Ring (thing)", "Prince (character)", "Wolf (character)"]
    assert table.labels == [0.0, 1.0, 0.0] and table.weights == [0.25, 1.0, 0.25]
    assert alone.cards == ["Tower (place)"] and alone.labels == [0.0]
    assert table.story == alone.story == "The prince rode out."


def test_mention_examples_are_the_fresh_draws_tables():
    cases = load_cases([FIXTURE])
    pool = distractor_pool()
    settings = TrainingSettings()
    draws = draw_tables(cases, pool, [settings.draw_settings()])[settings.seed]
    assert mention_examples(cases, pool, settings) == examples_from_draws(
        cases, draws, pool, settings
    )


def test_draws_are_written_and_read_back(tmp_path):
    cases = load_cases([FIXTURE])
    runs = draw_tables(cases, distractor_pool(), [RUN, DrawSettings(1, 8, 0.25)])
    path = tmp_path / "tables.json"
    path.write_text(draws_text(runs), encoding="utf-8")
    assert load_draws(path) == runs
    assert load_draws(tmp_path / "missing.json") == {}


def test_a_malformed_kept_draw_is_named(tmp_path):
    path = tmp_path / "tables.json"
    path.write_text('{"seed": 0, "case": "a", "table": [null]}\n{"seed": 0}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"tables.json:2: not a kept draw"):
        load_draws(path)


def test_the_committed_draws_are_current():
    """The kept draws are those the committed training data and lexicon keep: training again
    would draw nothing anew (the committed cross-encoder was trained on them)."""
    kept = load_draws(tables_path())
    settings = TrainingSettings()
    cases, pool = load_cases(mention_training_files()), distractor_pool()
    assert run_draws(cases, pool, settings, kept) == kept
