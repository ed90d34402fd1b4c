"""``referee eval judge``: the report of ../shared/judge/format.md, as text or JSON."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import numpy as np

from referee.judge.base import Judgement
from referee.judge.cases import Case
from referee.judge.clue import ClueJudge, get_clue_judge

POSITIVE_LABELS = {"mention": "named", "coherence": "coherent", "ending": "fits"}
UNCLEAR = "unclear"


def _metrics(cases: list[Case], verdicts: list[Judgement], positive: str) -> dict[str, Any]:
    clear = [(c, v) for c, v in zip(cases, verdicts, strict=True) if c.label != UNCLEAR]
    decided = [(c, v) for c, v in clear if v.decision != "vote"]
    right = sum((v.decision == "accept") == (c.label == positive) for c, v in decided)
    forced = [((v.score >= 0.5), c.label == positive) for c, v in clear]
    return {
        "n": len(cases),
        "coverage": _ratio(len(decided), len(clear)),
        "decided_accuracy": _ratio(right, len(decided)),
        "forced_accuracy": _ratio(sum(p == t for p, t in forced), len(forced)),
        "_forced": forced,
    }


def _ratio(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _macro_f1(pairs: list[tuple[bool, bool]]) -> float:
    scores = []
    for cls in (True, False):
        tp = sum(p == cls and t == cls for p, t in pairs)
        fp = sum(p == cls and t != cls for p, t in pairs)
        fn = sum(p != cls and t == cls for p, t in pairs)
        precision = tp / (tp + fp) if tp + fp else 0.0
        recall = tp / (tp + fn) if tp + fn else 0.0
        scores.append(2 * precision * recall / (precision + recall) if precision + recall else 0)
    return round(float(np.mean(scores)), 4)


def report_binary(
    cases: list[Case], judge_one: Callable[[Case], Judgement], positive: str
) -> dict[str, Any]:
    """The report for mention, coherence or ending cases judged one by one."""
    verdicts: list[Judgement] = []
    latencies: list[float] = []
    for case in cases:
        started = time.perf_counter()
        verdicts.append(judge_one(case))
        latencies.append((time.perf_counter() - started) * 1000)
    overall = _metrics(cases, verdicts, positive)
    unclear = [v for c, v in zip(cases, verdicts, strict=True) if c.label == UNCLEAR]
    per_kind: dict[str, dict[str, Any]] = {}
    groups: dict[str, list[int]] = defaultdict(list)
    for index, case in enumerate(cases):
        groups[case.kind or "-"].append(index)
    for kind, indices in sorted(groups.items()):
        sub = _metrics([cases[i] for i in indices], [verdicts[i] for i in indices], positive)
        sub.pop("_forced")
        per_kind[kind] = sub
    forced = overall.pop("_forced")
    return {
        **overall,
        "macro_f1": _macro_f1(forced),
        "vote_rate_unclear": _ratio(sum(v.decision == "vote" for v in unclear), len(unclear)),
        "latency_ms": _latency(latencies),
        "per_kind": per_kind,
    }


def _latency(latencies: list[float]) -> dict[str, float]:
    return {
        "p50": round(float(np.percentile(latencies, 50)), 2) if latencies else 0,
        "p95": round(float(np.percentile(latencies, 95)), 2) if latencies else 0,
    }


def _ranks(cases: list[Case], ranked: list[list[int]]) -> dict[str, Any]:
    places = [
        order.index(case.target_card()) + 1 for case, order in zip(cases, ranked, strict=True)
    ]
    return {
        "n": len(cases),
        "top1": _ratio(sum(place == 1 for place in places), len(places)),
        "mrr": round(float(np.mean([1 / place for place in places])), 4) if places else 0.0,
    }


def report_clue(cases: list[Case], judge: ClueJudge) -> dict[str, Any]:
    """The clue report: ``n``, ``top1`` (target ranked first), ``mrr``, latency and per kind."""
    ranked: list[list[int]] = []
    latencies: list[float] = []
    for case in cases:
        case.target_card()  # a case without a valid target fails before any is timed
        started = time.perf_counter()
        ranked.append(judge.rank(case.clue, case.cards).ranking)
        latencies.append((time.perf_counter() - started) * 1000)
    groups: dict[str, list[int]] = defaultdict(list)
    for index, case in enumerate(cases):
        groups[case.kind or "-"].append(index)
    per_kind = {
        kind: _ranks([cases[i] for i in indices], [ranked[i] for i in indices])
        for kind, indices in sorted(groups.items())
    }
    return {**_ranks(cases, ranked), "latency_ms": _latency(latencies), "per_kind": per_kind}


def evaluate(cases: list[Case]) -> dict[str, Any]:
    """The report keyed by task, for every task present in ``cases``."""
    by_task: dict[str, list[Case]] = defaultdict(list)
    for case in cases:
        by_task[case.task].append(case)
    report: dict[str, Any] = {}
    for task, group in sorted(by_task.items()):
        if task == "clue":
            report[task] = report_clue(group, get_clue_judge("model"))
            continue
        judge_one = _judge_for(task)
        if judge_one is None:
            report[task] = {"supported": False}
        else:
            report[task] = report_binary(group, judge_one, POSITIVE_LABELS[task])
    return report


def _judge_for(task: str) -> Callable[[Case], Judgement] | None:
    """A function judging a single case of ``task``, or None when the task is not supported."""
    if task == "mention":
        from referee.judge.mention import MentionJudge

        mention = MentionJudge()
        return lambda case: mention.mentions(case.sentence, case.context, [case.card_ref()])[0]
    if task == "coherence":
        from referee.judge.coherence import CoherenceJudge

        coherence = CoherenceJudge()
        return lambda case: coherence.check(case.context, case.sentence)
    if task == "ending":
        from referee.judge.ending import EndingJudge

        ending = EndingJudge()
        return lambda case: ending.check(case.context, case.lead_in, case.ending)
    return None


def format_report(report: dict[str, Any]) -> str:
    """The report as a readable text table."""
    lines: list[str] = []
    for task, body in report.items():
        if not body.get("supported", True):
            lines.append(f"{task}: not supported yet")
            continue
        if task == "clue":
            lines.extend(_clue_lines(body))
            continue
        lines.append(
            f"{task}: n={body['n']} coverage={body['coverage']:.3f} "
            f"decided_accuracy={body['decided_accuracy']:.3f} "
            f"forced_accuracy={body['forced_accuracy']:.3f} macro_f1={body['macro_f1']:.3f} "
            f"vote_rate_unclear={body['vote_rate_unclear']:.3f} "
            f"latency p50={body['latency_ms']['p50']}ms p95={body['latency_ms']['p95']}ms"
        )
        lines.append(f"  {'kind':<16}{'n':>5}{'coverage':>10}{'decided':>10}{'forced':>10}")
        for kind, row in body["per_kind"].items():
            lines.append(
                f"  {kind:<16}{row['n']:>5}{row['coverage']:>10.3f}"
                f"{row['decided_accuracy']:>10.3f}{row['forced_accuracy']:>10.3f}"
            )
    return "\n".join(lines)


def _clue_lines(body: dict[str, Any]) -> list[str]:
    lines = [
        f"clue: n={body['n']} top1={body['top1']:.3f} mrr={body['mrr']:.3f} "
        f"latency p50={body['latency_ms']['p50']}ms p95={body['latency_ms']['p95']}ms",
        f"  {'kind':<16}{'n':>5}{'top1':>10}{'mrr':>10}",
    ]
    for kind, row in body["per_kind"].items():
        lines.append(f"  {kind:<16}{row['n']:>5}{row['top1']:>10.3f}{row['mrr']:>10.3f}")
    return lines
