"""Fine-tune all-MiniLM-L6-v2 into the story NLI cross-encoder, reproducibly, on CPU.

``referee train story`` trains on pairs built from the repository's own data
(never the dev set):

- ``datasets/nli/story_nli*.jsonl``: premise/hypothesis pairs written for
  this project, labelled entailment, neutral or contradiction;
- ``datasets/judge/coherence_train*.jsonl``: each incoherent case gives the
  earlier sentence it contradicts (``contradicts``) against the new one, and
  the whole story against it, as contradiction; a coherent case gives the
  whole story against it as neutral, and the ``NEUTRAL_EARLIER`` earlier
  sentences sharing most content words with it each against it as neutral, so
  that a single earlier sentence about the same things is not taken for a
  contradiction (a cheap, model-free stand-in for the embedder's choice of
  nearest sentences that the coherence judge makes at run time);
- ``datasets/judge/ending_train*.jsonl``: the story and lead-in against the
  ending, entailment when it fits, contradiction when it does not;
- the mention training files named in ``MENTION_CLAIM_FILES``: "this names X"
  claims with the labeling guide's hard negatives, entailment when named,
  neutral when not (a seeded sample of ``mention_pairs``).

The seed fixes the sample, initial weights, dropout and batch order; a model
whose fingerprint matches the data and settings is not trained again. Only the
top ``trained_layers`` layers (all six since 2026-11-30), the pooler and the
classifier learn, and only they are written
(``models/judge/story-nli/trained.safetensors``, float16, about 22 MB),
so the trained model lives in git and a fresh clone need not train it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from referee.judge.cases import Case, load_cases
from referee.judge.cross_encoder import card_text
from referee.judge.embedding import default_model
from referee.judge.story_nli import (
    LABELS,
    base_classifier,
    encode_pairs,
    ending_pair,
    mention_pair,
    story_nli_path,
)
from referee.judge.text import content_words
from referee.judge.training import (
    digest,
    freeze_below,
    is_current,
    save_trained_weights,
    seed_everything,
    train_length_batched,
    training_summary,
)
from referee.paths import datasets_dir

ENTAILMENT, NEUTRAL, CONTRADICTION = range(3)


@dataclass(frozen=True)
class NliSettings:
    """Everything that decides the trained weights besides the data."""

    seed: int = 0
    epochs: int = 3
    batch_size: int = 16
    learning_rate: float = 1e-4
    weight_decay: float = 0.01
    warmup_fraction: float = 0.1
    mention_pairs: int = 300
    """How many mention cases (seeded sample) join the training pairs."""
    trained_layers: int = 6
    """Only the top this many transformer layers (and the classifier) learn; the embeddings
    and the layers below keep the base model's weights, and no gradient flows through them."""


@dataclass(frozen=True)
class PairExample:
    """One training pair and its label (an index into ``LABELS``)."""

    premise: str
    hypothesis: str
    label: int
    source: str


def story_pairs(rows: list[dict[str, Any]]) -> list[PairExample]:
    """The hand-written premise/hypothesis pairs of ``datasets/nli/``."""
    return [
        PairExample(row["premise"], row["hypothesis"], LABELS.index(row["label"]), "nli")
        for row in rows
    ]


NEUTRAL_EARLIER = 2
"""Earlier sentences of a coherent case read alone against it, labelled neutral."""


def sharing_most_words(context: list[str], sentence: str, count: int) -> list[int]:
    """Indices of the ``count`` earlier sentences sharing most content words with ``sentence``
    (between equals, the more recent), in story order; none that share nothing.

    >>> sharing_most_words(["A king lived.", "The king died.", "It rained."], "The king ate.", 2)
    [0, 1]
    """
    own = set(content_words(sentence))
    shared = [len(own.intersection(content_words(line))) for line in context]
    ranked = sorted(range(len(context)), key=lambda k: (-shared[k], -k))
    return sorted(k for k in ranked[:count] if shared[k])


def coherence_examples(cases: list[Case]) -> list[PairExample]:
    """Pairs from labelled coherence cases (see the module's docstring)."""
    examples = []
    for case in cases:
        story = " ".join(case.context)
        if case.label == "coherent":
            examples.append(PairExample(story, case.sentence, NEUTRAL, "coherence"))
            examples += [
                PairExample(case.context[index], case.sentence, NEUTRAL, "coherence")
                for index in sharing_most_words(case.context, case.sentence, NEUTRAL_EARLIER)
            ]
        elif case.label == "incoherent":
            index = (case.model_extra or {}).get("contradicts")
            if isinstance(index, int) and 0 <= index < len(case.context):
                examples.append(
                    PairExample(case.context[index], case.sentence, CONTRADICTION, "coherence")
                )
            examples.append(PairExample(story, case.sentence, CONTRADICTION, "coherence"))
    return examples


def ending_examples(cases: list[Case]) -> list[PairExample]:
    """Pairs from labelled ending cases: fits is entailment, does not fit contradiction."""
    label = {"fits": ENTAILMENT, "does_not_fit": CONTRADICTION}
    return [
        PairExample(
            *ending_pair(case.context, case.lead_in, case.ending), label[case.label], "ending"
        )
        for case in cases
        if case.label in label
    ]


def mention_examples(cases: list[Case], count: int, seed: int) -> list[PairExample]:
    """A seeded sample of ``count`` clear mention cases as "this names X" claims."""
    clear = [case for case in cases if case.label in ("named", "not_named")]
    chosen = np.random.RandomState(seed).permutation(len(clear))[:count]
    examples = []
    for index in sorted(int(i) for i in chosen):
        case = clear[index]
        premise, hypothesis = mention_pair(case.context, case.sentence, card_text(case.card_ref()))
        label = ENTAILMENT if case.label == "named" else NEUTRAL
        examples.append(PairExample(premise, hypothesis, label, "mention"))
    return examples


MENTION_CLAIM_FILES = (
    "mention_train.jsonl",
    "mention_train_extra.jsonl",
    "mention_train_more_a.jsonl",
    "mention_train_more_b.jsonl",
)
"""Where the mention claims are sampled from: named, so that mention data added for the
table cross-encoder does not shift this model's seeded sample (and retrain it)."""


def _files(folder: str, pattern: str) -> list[Path]:
    return sorted((datasets_dir() / folder).glob(pattern))


def training_examples(settings: NliSettings) -> list[PairExample]:
    """Every training pair, in a fixed order, from the repository's data."""
    rows = [
        json.loads(line)
        for path in _files("nli", "story_nli*.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    return [
        *story_pairs(rows),
        *coherence_examples(load_cases(_files("judge", "coherence_train*.jsonl"))),
        *ending_examples(load_cases(_files("judge", "ending_train*.jsonl"))),
        *mention_examples(
            load_cases([datasets_dir() / "judge" / name for name in MENTION_CLAIM_FILES]),
            settings.mention_pairs,
            settings.seed,
        ),
    ]


def fingerprint(examples: list[PairExample], settings: NliSettings, base_model: str) -> str:
    """A digest of the data, the settings and the base model's name."""
    return digest([asdict(e) for e in examples], settings, base_model)


def train_pair_classifier(
    examples: list[PairExample],
    out: Path,
    settings: NliSettings = NliSettings(),
    base_model: str | None = None,
    log: Any = print,
) -> dict[str, Any]:
    """Train on ``examples`` and write the model to ``out``; returns ``training.json``."""
    base = base_model or default_model()
    seed_everything(settings.seed)
    model, tokenizer = base_classifier(base)
    freeze_below(model, settings.trained_layers)
    lengths = [len(e.premise) + len(e.hypothesis) for e in examples]

    def loss_of(batch: np.ndarray) -> torch.Tensor:
        chosen = [examples[i] for i in batch]
        inputs = encode_pairs(tokenizer, [(e.premise, e.hypothesis) for e in chosen])
        target = torch.tensor([e.label for e in chosen])
        return torch.nn.functional.cross_entropy(model(**inputs).logits, target)

    seconds = train_length_batched(model, settings, lengths, loss_of, log)
    sources = sorted({e.source for e in examples})
    counts = {
        "pairs": len(examples),
        "by_source": {s: sum(e.source == s for e in examples) for s in sources},
        "by_label": {label: sum(e.label == i for e in examples) for i, label in enumerate(LABELS)},
    }
    summary = training_summary(
        fingerprint(examples, settings, base), base, settings, seconds, counts
    )
    save_trained_weights(model, out, summary)
    return summary


def train_story_nli(
    force: bool = False, out: Path | None = None, log: Any = print
) -> dict[str, Any]:
    """Train the story NLI model unless an identical one is already there."""
    target = out or story_nli_path()
    settings = NliSettings()
    examples = training_examples(settings)
    expected = fingerprint(examples, settings, default_model())
    if not force and is_current(target, expected):
        return {"fingerprint": expected, "trained": False, "path": str(target)}
    log(f"training the story NLI model on {len(examples)} pairs into {target}")
    summary = train_pair_classifier(examples, target, settings, log=log)
    return {**summary, "trained": True, "path": str(target)}
