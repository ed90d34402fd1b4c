"""Labelled judge cases in the shared JSONL format (../shared/judge/format.md)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from referee.judge.base import CardRef, Category
from referee.judge.spoken import as_transcribed

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

    def as_speech(self) -> Case:
        """The case as a table that speaks would send it: what players say (the sentence,
        the story, the lead-in, the ending, the clue) as a transcriber without punctuation
        or capitals writes it (``spoken.as_transcribed``); the cards stay as they are.

        >>> case = Case(id="m1", task="mention", context=["Once, a king."], sentence="Hi, Bo!")
        >>> spoken = case.as_speech()
        >>> spoken.context, spoken.sentence
        (['once a king'], 'hi bo')
        """
        return self.model_copy(
            update={
                "context": [as_transcribed(line) for line in self.context],
                "sentence": as_transcribed(self.sentence),
                "lead_in": [as_transcribed(line) for line in self.lead_in],
                "ending": as_transcribed(self.ending),
                "clue": as_transcribed(self.clue),
            }
        )

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
