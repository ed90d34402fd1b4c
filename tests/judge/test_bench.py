"""The benchmark runs and reports the keys the README and CI read."""

import json

from referee.cli import main


def test_bench_json_keys(capsys):
    assert main(["bench", "judge", "--json", "--rounds", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    keys = {"p50_ms", "p95_ms", "baseline_p50_ms", "baseline_p95_ms"}
    assert set(result) == keys | {"cards", "coherence", "clue"}
    assert result["cards"] >= 30
    assert result["p50_ms"] > 0 and result["baseline_p50_ms"] > 0
    coherence = result["coherence"]
    assert set(coherence) == keys | {"sentences"} and coherence["sentences"] == 20
    assert coherence["p50_ms"] > 0 and coherence["baseline_p50_ms"] > 0
    clue = result["clue"]
    assert set(clue) == keys | {"cards"} and clue["cards"] == 6
    assert clue["p50_ms"] > 0 and clue["baseline_p50_ms"] > 0
