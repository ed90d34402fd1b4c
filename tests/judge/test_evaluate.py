"""The evaluation report: exact arithmetic with a stub judge, the CLI shape with the real one."""

import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.judge.base import Verdict
from referee.judge.cases import Case, load_cases
from referee.judge.clue import ClueJudge
from referee.judge.evaluate import report_binary, report_clue

FIXTURE = Path(__file__).parent / "fixtures" / "mention_small.jsonl"


def case(label, kind="k"):
    return Case(
        id=f"c-{label}-{kind}",
        task="mention",
        kind=kind,
        sentence="s",
        card={"name": "Wolf", "category": "character"},
        label=label,
    )


def verdict(decision, score):
    return Verdict(
        card="Wolf", decision=decision, score=score, reason="r", judge="stub", version="0"
    )


def test_report_arithmetic_with_a_stub_judge():
    cases = [
        case("named", "a"),
        case("named", "a"),
        case("not_named", "b"),
        case("not_named", "b"),
        case("unclear", "c"),
    ]
    answers = [
        verdict("accept", 0.9),
        verdict("vote", 0.4),
        verdict("accept", 0.6),
        verdict("reject", 0.1),
        verdict("vote", 0.5),
    ]
    order = iter(answers)
    report = report_binary(cases, lambda _: next(order), "named")
    assert report["n"] == 5
    assert report["coverage"] == 0.75  # 3 of 4 clear cases decided
    assert report["decided_accuracy"] == 0.6667  # accept/named, accept/not_named, reject/not
    assert report["forced_accuracy"] == 0.5  # 0.9 ok, 0.4 wrong, 0.6 wrong, 0.1 ok
    assert report["macro_f1"] == 0.5
    assert report["vote_rate_unclear"] == 1.0
    assert report["per_kind"]["a"] == {
        "n": 2,
        "coverage": 0.5,
        "decided_accuracy": 1.0,
        "forced_accuracy": 0.5,
    }
    assert set(report["latency_ms"]) == {"p50", "p95"}


def clue_case(clue, cards, target, kind):
    return Case(id=f"d-{clue}", task="clue", kind=kind, clue=clue, cards=cards, target=target)


def test_clue_report_arithmetic_with_the_lexical_judge():
    cases = [
        # shared words put the target first
        clue_case("red boat", ["a red boat at sea", "a blue bird", "a green hill"], 0, "literal"),
        # the clue shares words with the wrong card only: the target is ranked second
        clue_case("blue mood", ["a rainy window", "a blue bird"], 0, "poetic"),
        # no shared words: all tie, lower index first, the target (index 2) comes third
        clue_case("freedom", ["a cage", "a key", "an open door"], 2, "poetic"),
    ]
    report = report_clue(cases, ClueJudge.lexical())
    assert report["n"] == 3
    assert report["top1"] == 0.3333
    assert report["mrr"] == round((1 + 1 / 2 + 1 / 3) / 3, 4)
    assert report["per_kind"]["literal"] == {"n": 1, "top1": 1.0, "mrr": 1.0}
    poetic_mrr = round((1 / 2 + 1 / 3) / 2, 4)
    assert report["per_kind"]["poetic"] == {"n": 2, "top1": 0.0, "mrr": poetic_mrr}


def test_a_clue_case_without_a_valid_target_is_refused():
    with pytest.raises(ValueError, match="no valid target"):
        report_clue([clue_case("x", ["a", "b"], 5, "k")], ClueJudge.lexical())


def test_cli_json_report_on_a_small_fixture(capsys):
    assert main(["eval", "judge", str(FIXTURE), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    clue = report["clue"]
    assert set(clue) == {"n", "top1", "mrr", "latency_ms", "per_kind"}
    assert clue["n"] == 1 and clue["per_kind"]["poetic"]["n"] == 1
    assert 0.0 <= clue["top1"] <= clue["mrr"] <= 1.0
    assert report["coherence"]["n"] == 2 and report["ending"]["n"] == 1
    mention = report["mention"]
    assert (
        set(report["coherence"])
        == set(mention)
        == set(report["ending"])
        == {
            "n",
            "coverage",
            "decided_accuracy",
            "forced_accuracy",
            "macro_f1",
            "vote_rate_unclear",
            "latency_ms",
            "per_kind",
        }
    )
    assert mention["n"] == 7
    for row in mention["per_kind"].values():
        assert set(row) == {"n", "coverage", "decided_accuracy", "forced_accuracy"}
    assert 0.0 <= mention["forced_accuracy"] <= 1.0


def test_cli_text_report(capsys):
    assert main(["eval", "judge", str(FIXTURE)]) == 0
    out = capsys.readouterr().out
    assert "mention: n=7" in out and "coherence: n=2" in out and "ending: n=1" in out
    assert "clue: n=1 top1=" in out


def test_a_malformed_case_file_is_refused_with_its_line(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "task": "mention"}\nnot json\n', encoding="utf-8")
    assert main(["eval", "judge", str(bad)]) == 2
    assert "bad.jsonl:2" in capsys.readouterr().err
    with pytest.raises(ValueError, match=r"bad\.jsonl:2"):
        load_cases([bad])
