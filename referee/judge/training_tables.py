"""The mention cross-encoder's training tables: which deck cards sit beside each case's card.

Each labelled case becomes a table: its card and up to ``max_distractors`` cards of the
deck that its story names by no word of the lexicon (its name, a synonym, form or
hyponym), labelled not named. Every card the story has a related word for (a co-hyponym:
"king" for *Queen*) is among them, the hardest negatives there are; the rest are drawn
from one stream seeded by the run's seed, and the table is shuffled. Some cases also give
a table of one or two such cards alone, so that a card judged alone is not presumed named.

The draws are kept in git (``datasets/judge/mention_tables.json``, one line a case and
run), so the data a model was trained on stays pinned when the lexicon grows: a kept draw
is used again while its cards are still ones the story does not name, and only a case
whose draw the lexicon has made wrong (or a new case) is drawn again, from the stream.
Without the file, the draws are those the stream gives case after case.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from referee.judge.base import CardRef
from referee.judge.cases import Case
from referee.judge.lexicon import POSITIVE, card_forms, lexicon_key
from referee.judge.text import tokenize
from referee.paths import datasets_dir

RELATED = ("cohyponym",)
"""The lexicon relations that make a card a hard negative."""
TABLES_FILE = "mention_tables.json"


@dataclass(frozen=True)
class Draw:
    """One case's tables, as deck card ids: its table in order (``None`` stands for the
    case's own card), and the cards shown alone (empty when there is no such table)."""

    table: tuple[str | None, ...]
    alone: tuple[str, ...] = ()

    def cards(self) -> set[str]:
        """The deck cards this draw puts beside the case's card."""
        return {card for card in (*self.table, *self.alone) if card is not None}


@dataclass(frozen=True)
class DrawSettings:
    """What a draw depends on besides the cases and the deck."""

    seed: int
    max_distractors: int
    distractor_only_share: float


Draws = dict[str, Draw]
"""A run's draws by case id."""


def tables_path() -> Path:
    """Where the kept draws live: ``datasets/judge/mention_tables.json``."""
    return datasets_dir() / "judge" / TABLES_FILE


def story_words(case: Case) -> list[str]:
    """The words of a case's story and sentence, as the lexicon's forms are matched."""
    return [t.text for line in [*case.context, case.sentence] for t in tokenize(line)]


def unnamed_cards(
    case: Case, pool: Sequence[CardRef], relations: tuple[str, ...] | None = POSITIVE
) -> list[CardRef]:
    """The deck cards other than the case's own that its story has no lexicon word of
    ``relations`` for (by default, none that names them; ``None``: no word of any kind)."""
    own = lexicon_key(case.card_ref().name)
    words = story_words(case)
    return [
        other
        for other in pool
        if lexicon_key(other.name) != own and not card_forms(other).occur_in(words, relations)
    ]


def draw_tables(
    cases: Sequence[Case],
    pool: Sequence[CardRef],
    runs: Sequence[DrawSettings],
    kept: Mapping[int, Mapping[str, Draw]] | None = None,
) -> dict[int, Draws]:
    """Each run's draws (by seed) of every clear case (``unclear`` ones teach nothing here):
    the ``kept`` one while its cards are all still unnamed by the story (and it holds the
    case's own card once), else a fresh one from the run's stream.

    >>> from referee.judge.train_cross_encoder import distractor_pool
    >>> horse = {"name": "Horse", "category": "character"}
    >>> case = Case.model_validate({"id": "c1", "task": "mention", "label": "named",
    ...     "sentence": "The old king rode out.", "card": horse})
    >>> runs = [DrawSettings(seed=0, max_distractors=8, distractor_only_share=0.25)]
    >>> pool = distractor_pool()
    >>> draws = draw_tables([case], pool, runs)
    >>> "queen" in draws[0]["c1"].table and "king" not in draws[0]["c1"].cards()
    True
    >>> draw_tables([case], pool, runs, {0: {"c1": Draw(table=(None, "wolf"))}})[0]["c1"]
    Draw(table=(None, 'wolf'), alone=())
    >>> draw_tables([case], pool, runs, {0: {"c1": Draw(table=(None, "king"))}}) == draws
    True
    """
    kept = kept or {}
    streams = {run.seed: np.random.RandomState(run.seed) for run in runs}
    draws: dict[int, Draws] = {run.seed: {} for run in runs}
    for case in cases:
        if case.label not in ("named", "not_named"):
            continue
        candidates = unnamed_cards(case, pool)
        allowed = {card.id for card in candidates}
        for run in runs:
            old = kept.get(run.seed, {}).get(case.id)
            if old is not None and old.table.count(None) == 1 and old.cards() <= allowed:
                draws[run.seed][case.id] = old
            else:
                draws[run.seed][case.id] = _fresh_draw(case, candidates, run, streams[run.seed])
    return draws


def _fresh_draw(
    case: Case, candidates: list[CardRef], settings: DrawSettings, rng: np.random.RandomState
) -> Draw:
    """A new draw from the stream: the related cards first, then random others, shuffled."""
    words = story_words(case)
    near = [other for other in candidates if card_forms(other).occur_in(words, RELATED)]
    far = [other for other in candidates if other not in near]
    count = int(rng.randint(0, settings.max_distractors + 1))
    chosen = near[: settings.max_distractors]
    extra = max(0, count - len(chosen))
    chosen += [far[i] for i in rng.choice(len(far), extra, replace=False)]
    table: list[str | None] = [None, *(other.id for other in chosen)]
    order = rng.permutation(len(table))
    alone: tuple[str, ...] = ()
    if rng.random_sample() < settings.distractor_only_share:
        count = int(rng.randint(1, 3))
        alone = tuple(far[i].id for i in rng.choice(len(far), count, replace=False))
    return Draw(table=tuple(table[i] for i in order), alone=alone)


def load_draws(path: Path) -> dict[int, Draws]:
    """The kept draws by run seed; none if the file is missing."""
    if not path.exists():
        return {}
    runs: dict[int, Draws] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            row = json.loads(line)
            draw = Draw(table=tuple(row["table"]), alone=tuple(row.get("alone", ())))
            runs.setdefault(int(row["seed"]), {})[str(row["case"])] = draw
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{path}:{number}: not a kept draw ({error})") from error
    return runs


def draws_text(runs: Mapping[int, Draws]) -> str:
    """The file's text: one line per run and case, by seed and then in the cases' order."""
    lines = []
    for seed in sorted(runs):
        for case_id, draw in runs[seed].items():
            row: dict[str, object] = {"seed": seed, "case": case_id, "table": list(draw.table)}
            if draw.alone:
                row["alone"] = list(draw.alone)
            lines.append(json.dumps(row))
    return "".join(f"{line}\n" for line in lines)
