"""Labelled judge cases in the shared JSONL format (../shared/judge/format.md)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from referee.judge.base import CardRef, Category

Task = Literal["mention", "coherence", "ending", "clue"]


class CaseCard(BaseModel):
    """The card of a mention case."""

    name: str
    category: Category


class Case(BaseModel):
    """One labelled case; the fields used depend on ``task``."""

    model_config = ConfigDict(extra="allow")

    id: str
    task: Task
    lang: str = "en"
    kind: str = ""
    context: list[str] = []
    sentence: str = ""
    card: CaseCard | None = None
    label: str | None = None
    lead_in: list[str] = []
    ending: str = ""
    clue: str = ""
    cards: list[str] = []
    target: int | None = None

    def card_ref(self) -> CardRef:
        """The mention case's card as the judge takes it."""
        if self.card is None:
            raise ValueError(f"case {self.id} has no card")
        return CardRef(name=self.card.name, category=self.card.category)

    def target_card(self) -> int:
        """The clue case's storyteller card, as an index into ``cards``.

        >>> Case(id="c1", task="clue", cards=["a fox", "a moon"], target=1).target_card()
        1
        >>> Case(id="c2", task="clue", cards=["a fox"]).target_card()
        Traceback (most recent call last):
        ...
        ValueError: clue case c2 has no valid target
        """
        if self.target is None or not 0 <= self.target < len(self.cards):
            raise ValueError(f"clue case {self.id} has no valid target")
        return self.target


def load_cases(paths: Sequence[Path]) -> list[Case]:
    """Every case in ``paths``; a malformed line raises ValueError naming file and line."""
    cases: list[Case] = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                data: Any = json.loads(line)
                cases.append(Case.model_validate(data))
            except (json.JSONDecodeError, ValidationError) as exc:
                raise ValueError(f"{path}:{number}: not a valid case: {exc}") from None
    return cases
