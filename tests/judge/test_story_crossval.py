"""``referee crossval coherence|ending``: the story judges' calibration sets cross-validated."""

import json

import pytest

from referee.cli import main
from referee.judge.story_crossval import format_story_cross_validation, story_cross_validate


@pytest.fixture(scope="module")
def coherence_three_shuffles():
    return story_cross_validate("coherence", shuffles=3)


def test_coherence_cross_validated_is_near_the_figures_the_readme_gives(
    coherence_three_shuffles,
):
    """The README gives 0.509 / 0.881 / 0.796 over 30 shuffles (std 0.024 / 0.023 / 0.009)."""
    result = coherence_three_shuffles
    assert (result["task"], result["cases"], result["shuffles"]) == ("coherence", 169, 3)
    assert 0.42 <= result["coverage"] <= 0.60
    assert result["decided_accuracy"] >= 0.83
    assert 0.77 <= result["forced_accuracy"] <= 0.83
    assert set(result["std"]) == {"coverage", "decided_accuracy", "forced_accuracy"}


def test_endings_cross_validated_are_near_the_figures_the_readme_gives(capsys):
    """The README gives 0.898 / 0.914 / 0.899 over 30 shuffles; the CLI prints one JSON object."""
    assert main(["crossval", "ending", "--shuffles", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["task"], result["cases"], result["shuffles"]) == ("ending", 123, 2)
    assert result["coverage"] >= 0.80
    assert result["decided_accuracy"] >= 0.88
    assert result["forced_accuracy"] >= 0.87


def test_the_report_line_names_the_judge_and_every_figure(coherence_three_shuffles):
    line = format_story_cross_validation(coherence_three_shuffles)
    assert line.startswith("coherence, 169 calibration cases, 5-fold x 3")
    for name in ("coverage=", "decided_accuracy=", "forced_accuracy="):
        assert name in line


def test_an_unknown_judge_is_refused_by_name():
    with pytest.raises(ValueError, match="no story judge 'clue'"):
        story_cross_validate("clue", shuffles=1)
