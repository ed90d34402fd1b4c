"""What the trainers share: seeding, the schedule, batches, the epoch loop, the summary, saving.

Training here is reproducible: the seed fixes initial weights, dropout and
batch order, and a model folder carries a ``training.json`` whose
``fingerprint`` digests the data and settings it came from, so an identical
model is never trained twice.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import torch

BUCKET_BATCHES = 50
"""Batches are formed from runs of this many batches' worth of shuffled items, sorted by length."""


def seed_everything(seed: int) -> None:
    """Seed Python's, NumPy's and torch's global generators (used by model init and dropout)."""
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def freeze_below(model: Any, trained_layers: int) -> None:
    """Freeze the embeddings and every transformer layer below the top ``trained_layers``.

    Frozen weights keep the base model's values and get no gradient, so each step
    costs less (no optimiser state for them, no backward pass below the lowest
    trained layer).
    """
    backbone = model.base_model
    for parameter in backbone.embeddings.parameters():
        parameter.requires_grad_(False)
    layers = backbone.encoder.layer
    for layer in layers[: max(0, len(layers) - trained_layers)]:
        for parameter in layer.parameters():
            parameter.requires_grad_(False)


class OptimiserSettings(Protocol):
    """The settings every trainer has for its optimiser and schedule."""

    @property
    def epochs(self) -> int: ...

    @property
    def learning_rate(self) -> float: ...

    @property
    def weight_decay(self) -> float: ...

    @property
    def warmup_fraction(self) -> float: ...


def optimiser(
    model: torch.nn.Module, settings: OptimiserSettings, items: int, batch_size: int
) -> tuple[torch.optim.Optimizer, torch.optim.lr_scheduler.LambdaLR]:
    """AdamW with a linear warm-up, then a linear decay to zero over every step of training.

    A step is one batch of ``batch_size`` of the ``items``, for ``settings.epochs`` epochs.
    """
    total_steps = settings.epochs * ((items + batch_size - 1) // batch_size)
    optimizer = torch.optim.AdamW(
        model.parameters(), lr=settings.learning_rate, weight_decay=settings.weight_decay
    )
    warmup = max(1, int(settings.warmup_fraction * total_steps))
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer,
        lambda step: min(1.0, (step + 1) / warmup) * max(0.0, (total_steps - step) / total_steps),
    )
    return optimizer, schedule


def digest(data: Any, settings: Any, base_model: str) -> str:
    """The fingerprint of a training run: a digest of its data, settings and base model's name."""
    payload = [data, asdict(settings), Path(base_model).name]
    return hashlib.sha256(json.dumps(payload).encode()).hexdigest()[:16]


def length_batches(lengths: list[int], size: int, order: np.random.RandomState) -> list[np.ndarray]:
    """Shuffled batches of items of similar lengths, so little of each batch is padding.

    >>> batches = length_batches([5, 1, 4, 2], 2, np.random.RandomState(0))
    >>> sorted(sorted(int(i) for i in batch) for batch in batches)
    [[0, 2], [1, 3]]
    """
    shuffled = order.permutation(len(lengths))
    chunk = size * BUCKET_BATCHES
    batches = []
    for first in range(0, len(shuffled), chunk):
        run = sorted(shuffled[first : first + chunk], key=lambda i: lengths[i])
        batches += [np.array(run[i : i + size]) for i in range(0, len(run), size)]
    return [batches[i] for i in order.permutation(len(batches))]


TRAINED_WEIGHTS = "trained.safetensors"
"""A compact model's file: only the weights training changed, in half precision."""


def run_epochs(
    model: Any,
    optimizer: Any,
    schedule: Any,
    epochs: int,
    batches: Callable[[], Iterable[np.ndarray]],
    loss_of: Callable[[np.ndarray], torch.Tensor],
    items: int,
    log: Callable[[str], Any] = print,
) -> float:
    """Train ``model`` for ``epochs``; returns the seconds it took.

    Each epoch asks ``batches()`` for that epoch's batches of item indices (so a
    seeded shuffle is drawn once per epoch), steps the optimiser and schedule on
    ``loss_of(batch)``, and logs the epoch's mean loss over ``items``. The model
    is left in eval mode.
    """
    started = time.monotonic()
    model.train()
    for epoch in range(epochs):
        running = 0.0
        for batch in batches():
            loss = loss_of(batch)
            loss.backward()
            optimizer.step()
            schedule.step()
            optimizer.zero_grad()
            running += float(loss.detach()) * len(batch)
        log(
            f"epoch {epoch + 1}/{epochs}: loss {running / items:.4f}, "
            f"{time.monotonic() - started:.0f} s"
        )
    model.eval()
    return time.monotonic() - started


class LengthBatchedSettings(OptimiserSettings, Protocol):
    """Settings of a trainer whose items are batched by length."""

    @property
    def seed(self) -> int: ...

    @property
    def batch_size(self) -> int: ...


def train_length_batched(
    model: Any,
    settings: LengthBatchedSettings,
    lengths: list[int],
    loss_of: Callable[[np.ndarray], torch.Tensor],
    log: Callable[[str], Any] = print,
) -> float:
    """Train ``model`` over items of ``lengths`` in seeded length batches; returns the seconds.

    AdamW and its schedule from ``optimiser``; each epoch draws new batches from a
    generator seeded with ``settings.seed``.
    """
    optimizer, schedule = optimiser(model, settings, len(lengths), settings.batch_size)
    order = np.random.RandomState(settings.seed)
    return run_epochs(
        model,
        optimizer,
        schedule,
        settings.epochs,
        lambda: length_batches(lengths, settings.batch_size, order),
        loss_of,
        len(lengths),
        log,
    )


def training_summary(
    fingerprint: str, base: str, settings: Any, seconds: float, counts: dict[str, Any]
) -> dict[str, Any]:
    """``training.json``: the fingerprint, the base model, what was learned from, settings, time."""
    return {
        "fingerprint": fingerprint,
        "base_model": Path(base).name,
        **counts,
        "settings": asdict(settings),
        "seconds": round(seconds, 1),
        "trained_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "torch": torch.__version__,
    }


def is_current(out: Path, expected: str) -> bool:
    """Whether ``out`` holds a model trained from exactly the data and settings of ``expected``."""
    info = out / "training.json"
    has_weights = (out / "config.json").exists() or (out / TRAINED_WEIGHTS).exists()
    if not info.exists() or not has_weights:
        return False
    return json.loads(info.read_text()).get("fingerprint") == expected


def _replace(out: Path, write: Any, summary: dict[str, Any]) -> None:
    staging = out.with_name(out.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    write(staging)
    (staging / "training.json").write_text(json.dumps(summary, indent=1) + "\n")
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)


def trained_weights(model: Any) -> dict[str, torch.Tensor]:
    """The weights that learned (``requires_grad``), as float16: what is kept of a model."""
    return {
        name: parameter.detach().to(torch.float16).contiguous()
        for name, parameter in model.named_parameters()
        if parameter.requires_grad
    }


def average_weights(members: list[dict[str, torch.Tensor]]) -> dict[str, torch.Tensor]:
    """The element-wise mean of several runs' kept weights (a "model soup"), as float16.

    >>> one, two = {"w": torch.tensor([1.0, 2.0])}, {"w": torch.tensor([3.0, 6.0])}
    >>> average_weights([one, two])["w"].tolist()
    [2.0, 4.0]
    """
    if not members:
        raise ValueError("no weights to average")
    averaged: dict[str, torch.Tensor] = {}
    for name in members[0]:
        total = members[0][name].float()
        for member in members[1:]:
            total = total + member[name].float()
        averaged[name] = (total / len(members)).to(torch.float16).contiguous()
    return averaged


def save_weights(weights: dict[str, torch.Tensor], out: Path, summary: dict[str, Any]) -> None:
    """Write ``weights`` (see ``trained_weights``) and ``training.json`` into ``out``.

    The rest is the base model's, so ``load_trained_weights`` rebuilds the model
    from the base and this file: small enough to keep in git.
    """
    from safetensors.torch import save_file

    _replace(out, lambda folder: save_file(weights, str(folder / TRAINED_WEIGHTS)), summary)


def save_trained_weights(model: Any, out: Path, summary: dict[str, Any]) -> None:
    """Write only the weights that learned, as float16, and ``training.json``."""
    save_weights(trained_weights(model), out, summary)


def load_trained_weights(model: Any, folder: Path) -> None:
    """Put the weights ``save_trained_weights`` wrote into ``model`` (built from the base)."""
    from safetensors.torch import load_file

    trained = load_file(str(folder / TRAINED_WEIGHTS))
    known = dict(model.named_parameters())
    unknown = sorted(set(trained) - set(known))
    if unknown:
        raise ValueError(f"{folder} holds weights the model lacks: {', '.join(unknown[:3])}")
    with torch.no_grad():
        for name, value in trained.items():
            known[name].copy_(value.to(known[name].dtype))
