"""The nonsense probe: its data, its deterministic fit, and the committed probe's readings."""

import json
from collections import Counter

import numpy as np
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
    dev = datasets_dir().parent.parent / "shared" / "judge" / "dev"
    measured = [
        case[key]
        for path in dev.glob("*.jsonl")
        for case in map(json.loads, path.read_text().splitlines())
        for key in ("sentence", "clue", "ending")
        if len(case.get(key, "")) > 25
    ]
    # No dev sentence, clue or ending is written into ours (a proverb that is a dev clue was).
    assert not [text for text in measured for row in rows if text in row["sentence"]]


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


class TuesdayEmbedder:
    """A stand-in embedder: one component, the count of "Tuesday" in a text, or (``share``)
    the share of its words that are "Tuesday"."""

    def __init__(self, share: bool):
        self.share = share

    def encode(self, texts):
        counts = [t.count("Tuesday") / (len(t.split()) if self.share else 1) for t in texts]
        return np.array(counts)[:, None]


def share_probe(share: bool = True) -> NonsenseProbe:
    calibration = Calibration(["v0"], [0.0], [1.0], [8.0], -2.0)
    return NonsenseProbe(calibration, TuesdayEmbedder(share))


def test_a_clause_is_cited_where_it_reads_more_like_nonsense_than_the_sentence():
    reading = share_probe().read('"Then the mountain ate a Tuesday," said the old king sadly.')
    assert reading.phrase == "Then the mountain ate a Tuesday"  # its quotation mark dropped
    assert reading.probability == pytest.approx(1 / (1 + np.exp(-(8 / 11 - 2))))  # 1 of 11


def test_the_sentence_is_cited_where_no_clause_reads_more_like_nonsense():
    sentence = "The king ate a Tuesday, and the queen ate a Tuesday."
    assert share_probe(share=False).read(sentence).phrase == sentence  # no clause has both
    assert share_probe().read("It ate a Tuesday.").phrase == "It ate a Tuesday."


@pytest.fixture(scope="module")
def probe() -> NonsenseProbe:
    return get_nonsense_probe()


def test_the_guides_nonsense_reads_as_nonsense(probe):
    # 0.77 here, just over NONSENSE_AT (0.75), from which the judge gives the probe's reason;
    # int8 kernels differ between CPUs, so only the side of one half is asserted.
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


def test_the_phrase_cited_reads_at_least_as_much_like_nonsense_as_the_sentence(probe):
    sentence = "The king went to bed early, and the mountain ate a Tuesday."
    reading = probe.read(sentence)
    assert reading.phrase in (sentence, "The king went to bed early", "the mountain ate a Tuesday.")
    assert probe.probabilities([reading.phrase])[0] >= reading.probability - 1e-9
    assert probe.read("Then the mountain ate a Tuesday.").phrase == (
        "Then the mountain ate a Tuesday."
    )
