"""Fine-tune all-MiniLM-L6-v2 into the clue encoder, reproducibly, on CPU.

``referee train clue`` teaches the sentence encoder that a Dixit clue sits
close to the picture it was given for and far from the other pictures laid
out with it (and from the pictures of the other clues in the batch): a
softmax over cosine similarities, the storyteller's card as the right
answer. The cases are ``datasets/judge/clue_train*.jsonl``, written for this
project (never the dev set).

The seed fixes initial weights, dropout and batch order; a model whose
fingerprint matches the data and settings is not trained again. Only the top
``trained_layers`` layers learn, and only they are written
(``models/judge/clue-encoder/trained.safetensors``, float16), so the trained
encoder lives in git and a fresh clone need not train it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from referee.judge.cases import Case, load_cases
from referee.judge.embedding import default_model
from referee.judge.training import (
    digest,
    freeze_below,
    is_current,
    optimiser,
    run_epochs,
    save_trained_weights,
    seed_everything,
    training_summary,
)
from referee.paths import datasets_dir, models_dir

CLUE_ENCODER_SETTING = "REFEREE_CLUE_ENCODER"


def clue_encoder_path() -> Path:
    """Where the trained clue encoder lives (``REFEREE_CLUE_ENCODER`` moves it)."""
    configured = os.environ.get(CLUE_ENCODER_SETTING)
    return Path(configured) if configured else models_dir() / "judge" / "clue-encoder"


@dataclass(frozen=True)
class ClueSettings:
    """Everything that decides the trained weights besides the data."""

    seed: int = 0
    epochs: int = 4
    cases_per_batch: int = 8
    learning_rate: float = 5e-5
    weight_decay: float = 0.01
    warmup_fraction: float = 0.1
    scale: float = 20.0
    """Cosine similarities are multiplied by this before the softmax (a temperature of 0.05)."""
    trained_layers: int = 6
    """Only the top this many transformer layers learn; the embeddings never do."""


def training_cases() -> list[Case]:
    """Every clue case of ``datasets/judge/clue_train*.jsonl``, in file order."""
    paths = sorted((datasets_dir() / "judge").glob("clue_train*.jsonl"))
    cases = [case for case in load_cases(paths) if case.task == "clue"]
    for case in cases:
        case.target_card()  # every case must have a valid target
    return cases


def fingerprint(cases: list[Case], settings: ClueSettings, base_model: str) -> str:
    """A digest of the cases, the settings and the base model's name."""
    return digest([[c.clue, c.cards, c.target] for c in cases], settings, base_model)


def base_encoder(base: str) -> Any:
    """The sentence-transformers encoder to fine-tune (or to load trained weights into)."""
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(base, device="cpu")


def _embed(model: Any, texts: list[str]) -> torch.Tensor:
    features = model.preprocess(texts)
    output = model(features)["sentence_embedding"]
    return torch.nn.functional.normalize(output, dim=-1)


def batch_loss(model: Any, batch: list[Case], scale: float) -> torch.Tensor:
    """Mean cross-entropy of each clue over every picture in the batch, its own card the answer."""
    clues = _embed(model, [case.clue for case in batch])
    pictures = _embed(model, [card for case in batch for card in case.cards])
    logits = scale * clues @ pictures.T
    starts = np.cumsum([0] + [len(case.cards) for case in batch])[:-1]
    answers = [int(start) + case.target_card() for start, case in zip(starts, batch, strict=True)]
    targets = torch.tensor(answers)
    return torch.nn.functional.cross_entropy(logits, targets)


def train_encoder(
    cases: list[Case],
    out: Path,
    settings: ClueSettings = ClueSettings(),
    base_model: str | None = None,
    log: Any = print,
) -> dict[str, Any]:
    """Fine-tune on ``cases`` and write the learned weights to ``out``; returns the summary."""
    base = base_model or default_model()
    seed_everything(settings.seed)
    model = base_encoder(base)
    freeze_below(model[0].auto_model, settings.trained_layers)
    optimizer, schedule = optimiser(model, settings, len(cases), settings.cases_per_batch)
    order = np.random.RandomState(settings.seed)
    size = settings.cases_per_batch

    def batches() -> list[np.ndarray]:
        shuffled = order.permutation(len(cases))
        return [shuffled[first : first + size] for first in range(0, len(cases), size)]

    def loss_of(batch: np.ndarray) -> torch.Tensor:
        return batch_loss(model, [cases[i] for i in batch], settings.scale)

    seconds = run_epochs(
        model, optimizer, schedule, settings.epochs, batches, loss_of, len(cases), log
    )
    counts = {"cases": len(cases), "pictures": sum(len(case.cards) for case in cases)}
    summary = training_summary(fingerprint(cases, settings, base), base, settings, seconds, counts)
    save_trained_weights(model, out, summary)
    return summary


def train_clue_encoder(
    force: bool = False, out: Path | None = None, log: Any = print
) -> dict[str, Any]:
    """Train the clue encoder unless an identical one is already there."""
    target = out or clue_encoder_path()
    settings = ClueSettings()
    cases = training_cases()
    expected = fingerprint(cases, settings, default_model())
    if not force and is_current(target, expected):
        return {"fingerprint": expected, "trained": False, "path": str(target)}
    log(f"training the clue encoder on {len(cases)} clues into {target}")
    summary = train_encoder(cases, target, settings, log=log)
    return {**summary, "trained": True, "path": str(target)}
