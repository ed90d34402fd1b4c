"""Fine-tune all-MiniLM-L6-v2 into the table cross-encoder, reproducibly, on CPU.

``referee train mention`` trains on the labelled cases in
``datasets/judge/mention_train*.jsonl`` (never the dev set). Each case becomes one
table: its card, plus up to ``max_distractors`` other cards of the OUAT deck that
the sentence and its context do not name by any form in the lexicon that names a
card (its name, a synonym, form or hyponym; labelled not named), in a shuffled
order, as a real table has many cards the sentence has nothing to do with. Every
card for which the story has a word of a related but different thing ("king" for
*Queen*, "mother" for *Stepmother*; the lexicon's co-hyponyms) is among them, the
hardest negatives there are; the rest are drawn at random. (A broader term is no
such sign: "a building with a steeple" describes *Church*.) A quarter of the cases
also give a table of one or two cards without even a related word, alone. The draws
are kept in git (``training_tables``), so a lexicon that grows redraws only the
tables it makes wrong. The seed fixes the distractors, the classifier's initial
weights, dropout and the batch order, so the same data and settings give the same
model. The model is a "soup": the mean of the weights of
``TrainingSettings.members`` runs seeded ``seed``, ``seed + 1``, ..., because one
run's figures move by several points with its seed alone, and the mean of three beat
the average single run on our calibration set and on a real table's plays
(``models/judge/HISTORY.md``). The embeddings keep the base model's weights; the
folder it writes holds only the weights that learned, in float16
(``trained.safetensors``, kept in git), and ``training.json`` (settings, data
digest, time taken, date); a model whose fingerprint matches the data and settings
is not trained again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import torch

from referee.judge.base import CardRef
from referee.judge.cases import Case, load_cases
from referee.judge.cross_encoder import (
    base_table_classifier,
    batch_tensors,
    card_logits,
    card_text,
    cross_encoder_path,
    encode_table,
    story_text,
)
from referee.judge.embedding import default_model
from referee.judge.training import (
    average_weights,
    digest,
    freeze_below,
    is_current,
    save_weights,
    seed_everything,
    train_length_batched,
    trained_weights,
    training_summary,
)
from referee.judge.training_tables import (
    Draw,
    Draws,
    DrawSettings,
    draw_tables,
    draws_text,
    load_draws,
    tables_path,
)
from referee.paths import datasets_dir


@dataclass(frozen=True)
class TrainingSettings:
    """Everything that decides the trained weights besides the data."""

    seed: int = 0
    members: int = 3
    """Runs (seeded ``seed``, ``seed + 1``, ...) whose weights are averaged into the model."""
    epochs: int = 3
    batch_size: int = 16
    learning_rate: float = 1e-4
    weight_decay: float = 0.01
    warmup_fraction: float = 0.1
    max_distractors: int = 8
    distractor_weight: float = 0.5
    """The distractors of one table together weigh this much against its labelled card."""
    distractor_only_share: float = 0.25
    """This share of cases also gives a table of one or two distractors alone."""
    trained_layers: int = 6
    """Transformer layers that learn, from the top; the embeddings never do (so the
    weights kept in git are the layers and the classifier, about 21 MB in float16)."""
    layout: str = "cards-see-story-only"
    """The input's attention layout (``cross_encoder.batch_tensors``): each card sees the
    story and itself, the story only itself. Named here so that a model trained with
    another layout is not taken for current."""

    def member(self, index: int) -> TrainingSettings:
        """The settings of the soup's ``index``-th run (a single run, seeded ``seed + index``).

        >>> TrainingSettings(seed=0, members=3).member(2).seed
        2
        """
        return replace(self, seed=self.seed + index, members=1)

    def draw_settings(self) -> DrawSettings:
        """What this run's tables are drawn by."""
        return DrawSettings(self.seed, self.max_distractors, self.distractor_only_share)


@dataclass(frozen=True)
class TableExample:
    """One training table: the story text, the cards' texts, and which are named."""

    story: str
    cards: list[str]
    labels: list[float]
    weights: list[float]


def mention_training_files() -> list[Path]:
    """The training files: every ``datasets/judge/mention_train*.jsonl``."""
    return sorted((datasets_dir() / "judge").glob("mention_train*.jsonl"))


def distractor_pool() -> list[CardRef]:
    """The OUAT deck's story cards, from which distractors are drawn."""
    from referee.games.ouat.cards import standard_deck

    cards = sorted(standard_deck().story.values(), key=lambda card: card.id)
    return [
        CardRef(name=c.en, category=c.category, id=c.id, aliases=tuple(c.aliases)) for c in cards
    ]


def mention_examples(
    cases: list[Case], pool: list[CardRef], settings: TrainingSettings
) -> list[TableExample]:
    """A run's tables of ``cases``, freshly drawn (``training_tables.draw_tables``)."""
    run = settings.draw_settings()
    return examples_from_draws(cases, draw_tables(cases, pool, [run])[run.seed], pool, settings)


def examples_from_draws(
    cases: list[Case], draws: Mapping[str, Draw], pool: list[CardRef], settings: TrainingSettings
) -> list[TableExample]:
    """The training tables the ``draws`` make, in the cases' order: the case's card labelled
    by the case, each distractor not named and weighing ``distractor_weight`` together."""
    by_id = {card.id: card for card in pool}
    examples = []
    for case in cases:
        draw = draws.get(case.id)
        if draw is None:
            continue
        story = story_text(case.context, case.sentence)
        count = len(draw.table) - 1
        named = 1.0 if case.label == "named" else 0.0
        examples.append(
            TableExample(
                story=story,
                cards=[card_text(case.card_ref() if c is None else by_id[c]) for c in draw.table],
                labels=[named if c is None else 0.0 for c in draw.table],
                weights=[
                    1.0 if c is None else settings.distractor_weight / count for c in draw.table
                ],
            )
        )
        if draw.alone:
            count = len(draw.alone)
            examples.append(
                TableExample(
                    story=story,
                    cards=[card_text(by_id[c]) for c in draw.alone],
                    labels=[0.0] * count,
                    weights=[1.0 / count] * count,
                )
            )
    return examples


def fingerprint(examples: list[TableExample], settings: TrainingSettings, base_model: str) -> str:
    """A digest of the data, the settings and the base model's name."""
    return digest([asdict(e) for e in examples], settings, base_model)


def fit_table_classifier(
    examples: list[TableExample], settings: TrainingSettings, base: str, log: Any = print
) -> tuple[dict[str, torch.Tensor], float]:
    """Train one run on ``examples`` (seeded ``settings.seed``); its kept weights and seconds."""
    seed_everything(settings.seed)
    model, tokenizer = base_table_classifier(base)
    freeze_below(model, settings.trained_layers)
    encoded = [encode_table(tokenizer, e.story, e.cards) for e in examples]
    lengths = [len(item.ids) for item in encoded]

    def loss_of(batch: np.ndarray) -> torch.Tensor:
        inputs = [encoded[i] for i in batch]
        logits = card_logits(model(**batch_tensors(inputs)).logits[..., 0], inputs)
        target = torch.tensor([y for i in batch for y in examples[i].labels])
        weight = torch.tensor([w for i in batch for w in examples[i].weights])
        return torch.nn.functional.binary_cross_entropy_with_logits(
            torch.cat(logits), target, weight=weight, reduction="sum"
        ) / len(batch)

    seconds = train_length_batched(model, settings, lengths, loss_of, log)
    return trained_weights(model), seconds


def _counts(examples: list[TableExample]) -> dict[str, int]:
    return {
        "tables": len(examples),
        "cards": sum(len(e.cards) for e in examples),
        "named": int(sum(sum(e.labels) for e in examples)),
    }


def train_table_classifier(
    examples: list[TableExample],
    out: Path,
    settings: TrainingSettings = TrainingSettings(),
    base_model: str | None = None,
    log: Any = print,
) -> dict[str, Any]:
    """Train one run on ``examples`` and write the model to ``out``; returns ``training.json``."""
    base = base_model or default_model()
    weights, seconds = fit_table_classifier(examples, settings, base, log)
    summary = training_summary(
        fingerprint(examples, settings, base), base, settings, seconds, _counts(examples)
    )
    save_weights(weights, out, summary)
    return summary


def run_draws(
    cases: list[Case],
    pool: list[CardRef],
    settings: TrainingSettings,
    kept: Mapping[int, Mapping[str, Draw]] | None = None,
) -> dict[int, Draws]:
    """Each run's draws, by its seed, reusing the ``kept`` ones that still hold."""
    runs = [settings.member(index).draw_settings() for index in range(settings.members)]
    return draw_tables(cases, pool, runs, kept)


def train_table_soup(
    cases: list[Case],
    pool: list[CardRef],
    out: Path,
    settings: TrainingSettings = TrainingSettings(),
    base_model: str | None = None,
    log: Any = print,
    draws: Mapping[int, Draws] | None = None,
) -> dict[str, Any]:
    """Train ``settings.members`` runs, each on its own seeded tables of ``cases`` (``draws``
    by run seed, else drawn afresh), and write the mean of their weights to ``out``; returns
    ``training.json``."""
    base = base_model or default_model()
    draws = draws or run_draws(cases, pool, settings)
    runs = [settings.member(index) for index in range(settings.members)]
    tables = [examples_from_draws(cases, draws[run.seed], pool, run) for run in runs]
    members, seconds = [], 0.0
    for index, (run, examples) in enumerate(zip(runs, tables, strict=True)):
        log(f"run {index + 1} of {settings.members} (seed {run.seed})")
        weights, took = fit_table_classifier(examples, run, base, log)
        members.append(weights)
        seconds += took
    first = tables[0]
    summary = training_summary(
        fingerprint(first, settings, base), base, settings, seconds, _counts(first)
    )
    save_weights(average_weights(members), out, summary)
    return summary


def train_mention_cross_encoder(
    force: bool = False, out: Path | None = None, log: Any = print
) -> dict[str, Any]:
    """Train the mention cross-encoder unless an identical one is already there. The runs'
    draws are kept in ``datasets/judge/mention_tables.json`` (``training_tables``): those that
    still hold are used again, and the file is rewritten when any had to be drawn anew."""
    target = out or cross_encoder_path()
    settings = TrainingSettings()
    cases, pool = load_cases(mention_training_files()), distractor_pool()
    kept = tables_path()
    draws = run_draws(cases, pool, settings, load_draws(kept))
    text = draws_text(draws)
    if not kept.exists() or kept.read_text(encoding="utf-8") != text:
        kept.write_text(text, encoding="utf-8")
    examples = examples_from_draws(cases, draws[settings.seed], pool, settings.member(0))
    expected = fingerprint(examples, settings, default_model())
    if not force and is_current(target, expected):
        return {"fingerprint": expected, "trained": False, "path": str(target)}
    log(
        f"training the mention cross-encoder ({settings.members} runs averaged) on "
        f"{len(examples)} tables into {target}"
    )
    summary = train_table_soup(cases, pool, target, settings, log=log, draws=draws)
    return {**summary, "trained": True, "path": str(target)}
