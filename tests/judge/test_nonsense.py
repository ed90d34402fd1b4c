"""The nonsense probe: its data, its deterministic fit, and the committed probe's readings."""

import json
from collections import Counter

import pytest

from referee.judge.calibration import Calibration
from referee.judge.nonsense import (
    NonsenseProbe,
    fit_nonsense_probe,
    get_nonsense_probe,
    probe_files,
    probe_sentences,
)
from referee.paths import datasets_dir


def write(path, rows):
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_sentences_come_from_probe_rows_and_coherence_cases(tmp_path):
    probe = write(
        tmp_path / "nonsense_probe_a.jsonl",
        [
            {"sentence": "The miller folded Thursday.", "label": "nonsense", "style": "time"},
            {"sentence": "The frog sang.", "label": "sensible", "style": "magic"},
        ],
    )
    cases = write(
        tmp_path / "coherence_train.jsonl",
        [
            {"context": ["A king ruled."], "sentence": "He ate nine.", "kind": "nonsense"},
            {"context": ["A king ruled."], "sentence": "He died.", "kind": "contradiction"},
        ],
    )
    nonsense, sensible = probe_sentences([probe, cases])
    assert nonsense == ["He ate nine.", "The miller folded Thursday."]
    assert sensible == ["A king ruled.", "He died.", "The frog sang."]


def test_the_probe_files_are_ours_and_well_formed():
    files = probe_files()
    assert [p.name for p in files][:2] == [
        "nonsense_probe_nonsense.jsonl",
        "nonsense_probe_sensible.jsonl",
    ]
    rows = [json.loads(line) for path in files[:2] for line in path.read_text().splitlines()]
    assert all(set(row) == {"sentence", "label", "style"} for row in rows)
    labels = Counter(row["label"] for row in rows)
    assert labels == {"nonsense": 500, "sensible": 500}
    assert len({row["sentence"] for row in rows}) == len(rows)
    dev = datasets_dir().parent.parent / "shared" / "judge" / "dev" / "coherence.jsonl"
    if dev.exists():
        measured = {json.loads(line)["sentence"] for line in dev.read_text().splitlines()}
        assert not measured & {row["sentence"] for row in rows}


def test_fit_is_deterministic(tmp_path):
    lines = (datasets_dir() / "judge" / "nonsense_probe_nonsense.jsonl").read_text()
    sensible = (datasets_dir() / "judge" / "nonsense_probe_sensible.jsonl").read_text()
    data = tmp_path / "nonsense_probe_small.jsonl"
    data.write_text("\n".join(lines.splitlines()[:40] + sensible.splitlines()[:40]) + "\n")
    first, second = tmp_path / "one.json", tmp_path / "two.json"
    summary = fit_nonsense_probe([data], first)
    fit_nonsense_probe([data], second)
    assert first.read_bytes() == second.read_bytes()
    assert summary["nonsense"] == summary["sensible"] == 40
    assert len(Calibration.load(first).weights) == 384


@pytest.fixture(scope="module")
def probe() -> NonsenseProbe:
    return get_nonsense_probe()


def test_the_guides_nonsense_reads_as_nonsense(probe):
    assert probe.read("Then the mountain ate a Tuesday.").probability > 0.5


@pytest.mark.parametrize(
    "sentence",
    [
        "A frog put its head out of the water and asked her, quite politely, why she wept.",
        "His eldest daughter was crowned queen in the spring.",
        "The princess dropped her golden ball into the well and began to cry.",
    ],
)
def test_the_guides_coherent_lines_do_not(probe, sentence):
    assert probe.read(sentence).probability < 0.5


def test_the_phrase_cited_is_the_clause_that_reads_most_like_nonsense(probe):
    reading = probe.read("The king went to bed early, and the mountain ate a Tuesday.")
    assert reading.phrase == "the mountain ate a Tuesday."
    assert probe.read("Then the mountain ate a Tuesday.").phrase == (
        "Then the mountain ate a Tuesday."
    )
