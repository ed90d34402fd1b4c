"""The judges' accuracy on our own labelled files, with the real models.

The calibration files fit the judges' calibrations (never the trained models), so their
figures are a floor that catches a broken judge, not an estimate of held-out accuracy
(that is the dev report in the README). ``mention_table.jsonl`` (a real table's plays)
and the traditional tales of ``coherence_classic.jsonl`` and ``ending_classic.jsonl`` are
never fitted on. The floors sit a few points under today's figures (2026-12-02,
twenty-third session, the nonsense probe: coherence 0.479 / 0.938 / 0.805; 2026-12-01,
eleventh session, 2,920 more precedents: mention 0.796 / 0.968 / 0.909 with 11 of its 16
unclear cases left to the vote, table plays 0.814 / 0.975 / 0.910; tenth
session, stage two weighing precedents: mention 0.753 / 0.970 / 0.901 with 11 of its 16
unclear cases left to the vote, table plays 0.772 / 0.973 / 0.917; ninth session, stage
two's bands at 0.94: mention 0.632 / 0.969 / 0.895 with 12 of 16, table plays 0.717 /
0.962 / 0.876; before, 2026-11-30, seventh session, the cross-encoder whose cards see
the story but not each other: mention 0.592 / 0.971 / 0.892 in bfloat16 and 0.595 /
0.976 / 0.895 in float32, table plays 0.655 / 0.958 / 0.876; the sixth session's model
gave 0.674 / 0.975 / 0.884 and 0.717 / 0.971 / 0.897, see the model card for the trade;
fifth session: coherence 0.473 / 0.938 / 0.763, ending 0.837 / 0.932 / 0.862 as coverage
/ decided / forced), because a fresh machine that trains a model again may round
differently.
"""

from typing import Any

import pytest

from referee.judge.cases import load_cases
from referee.judge.evaluate import evaluate
from referee.paths import datasets_dir


def _assert_floors(
    figures: dict[str, Any], cases: int, coverage: float, decided: float, forced: float
) -> None:
    """The report covers ``cases`` cases and reaches each floor."""
    assert figures["n"] == cases
    assert figures["coverage"] >= coverage, figures
    assert figures["decided_accuracy"] >= decided, figures
    assert figures["forced_accuracy"] >= forced, figures


def _report_of(*files: str) -> dict[str, Any]:
    """The judge's report on our labelled files (``datasets/judge/FILE.jsonl``) together."""
    return evaluate(load_cases([datasets_dir() / "judge" / f"{name}.jsonl" for name in files]))


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return _report_of("mention_calibration", "coherence_calibration", "ending_calibration")


@pytest.mark.parametrize(
    ("task", "cases", "coverage", "decided", "forced"),
    [
        ("mention", 369, 0.75, 0.94, 0.86),
        ("coherence", 169, 0.42, 0.90, 0.73),
        ("ending", 123, 0.78, 0.90, 0.83),
    ],
)
def test_judge_is_right_on_our_labelled_cases(report, task, cases, coverage, decided, forced):
    _assert_floors(report[task], cases, coverage, decided, forced)


def test_mention_judge_leaves_the_real_disagreements_to_the_vote(report):
    """At least 6 of the calibration set's 16 unclear cases go to the vote (7 today). Until the
    sixty-seventh session 11 did; its idiom file's refit of stage one accepts two more, each
    a kind of the card by the lexicon ("the church steeple" for *Tower*, "an ogre" for
    *Giant*), which the guide's rule for kinds would name and our writers left to the table.
    The sixty-eighth session's refit (PIPELINE 59, which no longer reads "the council tabled"
    as a council table) trusts such kinds more and accepts "a pirate" for *Thief* and "a
    little grove" for *Forest* too; the held sets' named kinds gained ("a cudgel" for
    *Club*, "a little chamber" for *Room*)."""
    assert report["mention"]["vote_rate_unclear"] >= 0.37


def test_mention_judge_on_a_real_tables_plays():
    """Stories told in turn, mostly plain plays with some traps: never fitted on."""
    _assert_floors(_report_of("mention_table")["mention"], 146, 0.76, 0.93, 0.85)


def test_mention_judge_on_plays_of_many_sentence_shapes():
    """Openings, dialogue tags, questions, clauses before the main one: never fitted on.

    Today (2026-12-04, thirty-fifth session) 0.694 / 0.941 / 0.800; before that session's
    mends of the cues' reach, 0.653 / 0.871 / 0.756 (coverage / decided / forced).
    """
    _assert_floors(_report_of("mention_probe_syntax")["mention"], 320, 0.66, 0.91, 0.77)


def test_mention_judge_on_fresh_plays_of_sixteen_shapes():
    """Plain plays and traps in shapes described in words, written fresh: never fitted on.

    Today (2026-12-05, forty-third session) 0.829 / 0.985 / 0.938 (coverage / decided /
    forced), 0.833 / 0.970 / 0.925 before three cue mends its errors showed; 176 of its 240
    cases are named plays by the card's own word.
    """
    _assert_floors(_report_of("mention_probe_shapes")["mention"], 240, 0.79, 0.93, 0.89)


@pytest.mark.parametrize(
    ("file", "coverage", "decided", "forced"),
    [("mention_probe_c", 0.78, 0.90, 0.86), ("mention_probe_d", 0.78, 0.90, 0.87)],
)
def test_mention_judge_on_two_more_fresh_sets(file, coverage, decided, forced):
    """Every clear kind, told as a storyteller would (c) and at a kitchen table (d): never
    fitted on.

    Today (2026-12-05, forty-sixth session) 0.838 / 0.940 / 0.896 and 0.833 / 0.945 / 0.904
    (coverage / decided / forced); first measured 0.821 / 0.929 / 0.892 and 0.817 / 0.934 /
    0.900, before five cue mends their errors showed and stage two's rules for a broader
    term alone and a kind of the card.
    """
    _assert_floors(_report_of(file)["mention"], 240, coverage, decided, forced)


@pytest.mark.parametrize(
    ("file", "coverage", "decided", "forced"),
    [
        ("mention_probe_g", 0.85, 0.85, 0.82),
        ("mention_probe_h", 0.84, 0.83, 0.80),
        ("mention_probe_i", 0.84, 0.88, 0.85),
        ("mention_probe_j", 0.83, 0.89, 0.85),
        ("mention_probe_k", 0.82, 0.85, 0.82),
        ("mention_probe_l", 0.84, 0.90, 0.84),
        ("mention_probe_m", 0.87, 0.89, 0.86),
        ("mention_probe_o", 0.88, 0.87, 0.83),
        ("mention_probe_p", 0.84, 0.89, 0.85),
        ("mention_probe_q", 0.85, 0.90, 0.86),
        ("mention_probe_r", 0.85, 0.85, 0.81),
        ("mention_probe_s", 0.85, 0.86, 0.83),
        ("mention_probe_t", 0.81, 0.89, 0.85),
        ("mention_probe_u", 0.86, 0.84, 0.82),
        ("mention_probe_v", 0.87, 0.90, 0.87),
        ("mention_probe_w", 0.85, 0.90, 0.85),
        ("mention_probe_x", 0.86, 0.88, 0.85),
        ("mention_probe_y", 0.85, 0.83, 0.81),
    ],
)
def test_mention_judge_on_the_freshest_sets(file, coverage, decided, forced):
    """Every clear kind, written from the guide alone, told as a storyteller would (g, i)
    and half at a game table (h, j to s): never fitted on, though g to j are precedents
    since the sixty-sixth session (read there 0.97 to 0.99 / 0.99 to 1.00 / 0.98 to 1.00).

    g and h (fifty-fourth session) first measured 0.896 / 0.884 / 0.858 and 0.883 / 0.863 /
    0.833 (coverage / decided / forced), 0.871 / 0.933 / 0.896 and 0.875 / 0.924 / 0.883 once
    nine older probe sets joined the precedents (fifty-fifth). i and j, written after that,
    first measured 0.871 / 0.914 / 0.879 and 0.863 / 0.928 / 0.879. k (fifty-seventh) first
    measured 0.854 / 0.888 / 0.854; l (sixty-fifth) first measured 0.871 / 0.947 / 0.871; m
    (sixty-sixth) first measured 0.921 / 0.919 / 0.888, then 0.908 / 0.931 / 0.892 with g to j
    as precedents; o (sixty-seventh) first measured 0.912 / 0.900 / 0.867, with the session's
    lexicon and idiom changes (0.900 / 0.898 / 0.863 without them); p (sixty-eighth) first
    measured 0.871 / 0.928 / 0.887 at the session's end (0.883 / 0.920 / 0.883 with its first
    commit); q (sixty-ninth) first measured 0.879 / 0.938 / 0.892 at the session's end (0.871 /
    0.938 / 0.887 with its first commit); r (seventieth, its writers asked for tempting near
    misses and hard named cases) first measured 0.900 / 0.857 / 0.829 before the session's
    changes; s, written the same way at that session's end, first measured 0.896 / 0.902 / 0.871
    (0.875 / 0.905 / 0.850 with the session's first commit); t (seventy-first, written the same
    way) first measured 0.842 / 0.926 / 0.892 before the session's changes and 0.842 / 0.926 /
    0.883 after them; u, written the same way later that session, 0.892 / 0.878 / 0.850 with
    both the session's first and last commits; v (seventy-second, written the same way) 0.900 /
    0.931 / 0.900 with the session's first commit and 0.900 / 0.931 / 0.904 with its last. w
    and x (seventy-third, written the same way) 0.883 / 0.906 / 0.863 and 0.896 / 0.912 / 0.883
    with the session's first commit; w's errors were then read and mended (0.887 / 0.939 /
    0.892), x's were not (0.896 / 0.916 / 0.887 with the session's last; read in the
    seventy-fourth, 0.900 / 0.921 / 0.892). y (seventy-fourth, written the same way) 0.871 /
    0.861 / 0.833 with the session's first commit and 0.875 / 0.862 / 0.838 with its last. On
    fresh text, decided and forced accuracy are under dev's.
    """
    _assert_floors(_report_of(file)["mention"], 240, coverage, decided, forced)


@pytest.mark.parametrize(
    ("task", "file", "cases", "coverage", "decided", "forced"),
    [
        ("coherence", "coherence_classic", 138, 0.25, 0.80, 0.67),
        ("ending", "ending_classic", 69, 0.85, 0.70, 0.65),
    ],
)
def test_story_judges_on_traditional_tales(task, file, cases, coverage, decided, forced):
    """Traditional tales told plainly, the game's own register: never fitted on, and harder.

    Today (2026-12-03, twenty-seventh session) coherence 0.312 / 0.861 / 0.717 and ending
    0.913 / 0.746 / 0.696 (coverage / decided / forced), against 0.504 / 0.895 / 0.797 and
    0.883 / 0.911 / 0.899 cross-validated on the calibration sets: the floors catch a broken
    judge, and the figures are the honest estimate for tables telling fairy tales.
    """
    _assert_floors(_report_of(file)[task], cases, coverage, decided, forced)
