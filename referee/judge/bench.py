"""``referee bench judge``: the judge's latency, warm, against a naive baseline in the same run.

Mentions: one sentence against a six-player table's cards; the baseline embeds
each card and the sentence alone, with no cache. Coherence: the new sentence
of a 20-sentence story; the baseline reads each pair in a pass of its own,
with no batching.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from referee.games.ouat.cards import standard_deck
from referee.judge.base import CardRef
from referee.judge.coherence import CoherenceJudge
from referee.judge.mention import MentionJudge
from referee.judge.story_nli import coherence_pairs

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


STORY = [
    "Once upon a time a miller lived by a fast river with his three daughters.",
    "The eldest was proud, the second was greedy, and the youngest was kind.",
    "One winter the river froze and the mill stopped turning.",
    "There was no flour to sell, and soon there was no bread to eat.",
    "The youngest daughter took her father's axe and went into the forest for wood.",
    "Under an old oak she found a grey fox with its paw caught in a trap.",
    "She opened the trap, and the fox limped away without a word.",
    "That night someone knocked three times on the mill door.",
    "On the step lay a sack of golden grain that shone in the moonlight.",
    "The proud sister wanted to sell it at the market in the town.",
    "The greedy sister wanted to hide it under her bed.",
    "But the youngest ground a little of it and baked bread for the village.",
    "Every loaf she baked grew back in the oven as soon as it was cut.",
    "Word of the bread spread to the king's palace beyond the hills.",
    "The king sent his steward to buy the secret of the endless loaves.",
    "The miller's daughter told him there was no secret, only a fox she had helped.",
    "The steward laughed and rode home with empty hands.",
    "In spring the ice broke and the mill wheel turned again.",
    "The fox came back once, sat at the door, and bowed to the youngest daughter.",
]
NEW_LINES = [
    "The miller, who had died that winter, came down to the river to fish.",
    "The youngest daughter thanked the fox and gave it a loaf.",
    "Then the mill wheel sang a Wednesday into the flour.",
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


def bench_coherence(rounds: int = 10) -> dict[str, Any]:
    """p50/p95 of the coherence judge on a 20-sentence story, and of the naive baseline, in ms."""
    judge = CoherenceJudge()
    judge.check(STORY, NEW_LINES[0])  # warm: model loaded
    ours: list[float] = []
    naive: list[float] = []
    for _ in range(rounds):
        for line in NEW_LINES:
            started = time.perf_counter()
            judge.check(STORY, line)
            ours.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            for pair in coherence_pairs(STORY, line):
                judge.scorer.probabilities([pair])
            naive.append((time.perf_counter() - started) * 1000)
    p50, p95 = _percentiles(ours)
    base50, base95 = _percentiles(naive)
    return {
        "sentences": len(STORY) + 1,
        "p50_ms": p50,
        "p95_ms": p95,
        "baseline_p50_ms": base50,
        "baseline_p95_ms": base95,
    }


CLUES = ("a long way from home", "the last warm evening", "curiosity", "a promise kept")
"""Clues ranked against a six-card Dixit layout."""


def bench_clue(rounds: int = 10) -> dict[str, Any]:
    """p50/p95 of ranking a clue against a six-card layout, and of the naive baseline, in ms.

    Ours is ``ClueJudge.rank`` of a new clue with the cards' vectors cached (at a table
    the same layout is ranked for every voter); the baseline encodes the clue, each
    card and each of its parts one text at a time, with no cache.
    """
    from referee.games.dixit.cards import standard_deck
    from referee.judge.clue import get_clue_judge
    from referee.judge.clue_embedding import EmbeddingClueScorer, picture_parts

    judge = get_clue_judge("model")
    scorer = judge.scorer
    assert isinstance(scorer, EmbeddingClueScorer)
    deck = [card.description for card in standard_deck()]
    ours: list[float] = []
    naive: list[float] = []
    for round_ in range(rounds):
        layout = deck[6 * (round_ % 14) : 6 * (round_ % 14) + 6]
        judge.rank(f"warm-up {round_}", layout)  # warm: the layout's vectors cached
        for spoken in CLUES:
            clue = f"{spoken} ({round_})"  # a clue the cache has not seen
            started = time.perf_counter()
            judge.rank(clue, layout)
            ours.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            for text in [clue, *layout, *(p for d in layout for p in picture_parts(d))]:
                scorer.embedder.encode_uncached([text])
            naive.append((time.perf_counter() - started) * 1000)
    p50, p95 = _percentiles(ours)
    base50, base95 = _percentiles(naive)
    return {
        "cards": 6,
        "p50_ms": p50,
        "p95_ms": p95,
        "baseline_p50_ms": base50,
        "baseline_p95_ms": base95,
    }


def bench_judge(rounds: int = 10) -> dict[str, Any]:
    """The mention figures (top level, as before), then ``coherence`` and ``clue``."""
    return {
        **bench_mentions(rounds),
        "coherence": bench_coherence(rounds),
        "clue": bench_clue(rounds),
    }


def format_bench(result: dict[str, Any]) -> str:
    """A readable line per measure, with the ratio to the baseline."""
    lines = [
        _format(
            f"mention judge, one sentence x {result['cards']} cards",
            result,
            "each card embedded alone, no cache",
        )
    ]
    if "coherence" in result:
        coherence = result["coherence"]
        title = f"coherence judge, new sentence of a {coherence['sentences']}-sentence story"
        lines.append(_format(title, coherence, "each pair in a pass of its own"))
    if "clue" in result:
        clue = result["clue"]
        title = f"clue judge, one clue x {clue['cards']} Dixit cards"
        lines.append(_format(title, clue, "each text encoded alone, no cache"))
    return "\n".join(lines)


def _format(title: str, result: dict[str, Any], baseline: str) -> str:
    """One measure: ours and the baseline at p50 and p95, and their ratio at p95."""
    ratio = result["baseline_p95_ms"] / result["p95_ms"] if result["p95_ms"] else 0.0
    return (
        f"{title} (warm):\n"
        f"  ours      p50 {result['p50_ms']:8.2f} ms   p95 {result['p95_ms']:8.2f} ms\n"
        f"  baseline  p50 {result['baseline_p50_ms']:8.2f} ms   "
        f"p95 {result['baseline_p95_ms']:8.2f} ms  ({baseline})\n"
        f"  baseline/ours at p95: {ratio:.1f}x"
    )
