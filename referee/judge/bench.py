"""``referee bench judge``: latency of one sentence against a six-player table's cards.

Measured warm, against a naive baseline in the same run: each card embedded
and compared with the sentence alone, with no cache.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from referee.games.ouat.cards import standard_deck
from referee.judge.base import CardRef
from referee.judge.mention import MentionJudge

SENTENCES = [
    "One spring the woodcutter's wife gave birth to a boy.",
    "The king's son rode out of the palace gates at dawn.",
    "Deep in the forest, something snored inside a cave.",
    "She hid the golden ring beneath a loose stone in the well.",
    "There was no dragon in that land, only wolves and foxes.",
    "They met at the crossroads and argued about the road.",
]
CONTEXT = [
    "Once upon a time a woodcutter lived by the river.",
    "He was poor, but his heart was kind.",
]


def table_cards(count: int = 30) -> list[CardRef]:
    """``count`` story cards of our deck, as a six-player table holds them."""
    deck = standard_deck()
    cards = sorted(deck.story.values(), key=lambda c: c.id)[:count]
    return [
        CardRef(name=c.en, category=c.category, id=c.id, aliases=tuple(c.aliases)) for c in cards
    ]


def _percentiles(samples: list[float]) -> tuple[float, float]:
    return (
        round(float(np.percentile(samples, 50)), 2),
        round(float(np.percentile(samples, 95)), 2),
    )


def bench_mentions(rounds: int = 10) -> dict[str, Any]:
    """p50/p95 of the judge and of the naive baseline, in milliseconds."""
    judge = MentionJudge()
    cards = table_cards()
    judge.mentions(SENTENCES[0], CONTEXT, cards)  # warm: model loaded, card texts cached
    ours: list[float] = []
    naive: list[float] = []
    for _ in range(rounds):
        for sentence in SENTENCES:
            started = time.perf_counter()
            judge.mentions(sentence, CONTEXT, cards)
            ours.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            for card in cards:
                vectors = judge.embedder.encode_uncached([sentence, card.name])
                float(vectors[0] @ vectors[1])
            naive.append((time.perf_counter() - started) * 1000)
    p50, p95 = _percentiles(ours)
    base50, base95 = _percentiles(naive)
    return {
        "cards": len(cards),
        "p50_ms": p50,
        "p95_ms": p95,
        "baseline_p50_ms": base50,
        "baseline_p95_ms": base95,
    }


def format_bench(result: dict[str, Any]) -> str:
    """A readable line per measure, with the ratio to the baseline."""
    ratio = result["baseline_p95_ms"] / result["p95_ms"] if result["p95_ms"] else 0.0
    return (
        f"mention judge, one sentence x {result['cards']} cards (warm):\n"
        f"  ours      p50 {result['p50_ms']:8.2f} ms   p95 {result['p95_ms']:8.2f} ms\n"
        f"  baseline  p50 {result['baseline_p50_ms']:8.2f} ms   "
        f"p95 {result['baseline_p95_ms']:8.2f} ms  (each card embedded alone, no cache)\n"
        f"  baseline/ours at p95: {ratio:.1f}x"
    )
