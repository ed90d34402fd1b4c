"""What the coherence and ending judges share: the story NLI model, a calibration, the answer.

Each judge names its calibration file (``models/judge/<file>``) and the
environment setting that moves it; the model loads on first use, once per
process, and each reports its fingerprint and its calibration's as its version, so a
verdict recorded at a table says which model and which calibration gave it.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from referee.core.ruling import Decision
from referee.judge.base import Judgement
from referee.judge.calibration import Calibration, fingerprint
from referee.judge.script import OTHER_SCRIPT, unreadable_story
from referee.judge.story_nli import PairScorer, get_pair_scorer
from referee.paths import models_dir


@lru_cache(maxsize=8)
def _load(path: str) -> Calibration:
    return Calibration.load(Path(path))


class NliJudge:
    """A judge answering from the story NLI model through a calibration of its own."""

    id = "nli"
    calibration_file = ""
    calibration_setting = ""

    def __init__(
        self, scorer: PairScorer | None = None, calibration: Calibration | None = None
    ) -> None:
        self._scorer = scorer
        self.calibration = calibration or _load(str(self.calibration_path()))

    @classmethod
    def calibration_path(cls) -> Path:
        """``models/judge/<calibration_file>``, or the path ``calibration_setting`` names."""
        configured = os.environ.get(cls.calibration_setting)
        return Path(configured) if configured else models_dir() / "judge" / cls.calibration_file

    @property
    def scorer(self) -> PairScorer:
        """The story NLI model, loaded on first use (once per process)."""
        if self._scorer is None:
            self._scorer = get_pair_scorer()
        return self._scorer

    @property
    def version(self) -> str:
        """The story NLI model's fingerprint and the calibration's."""
        return f"1+nli-{self.scorer.version}+cal-{fingerprint(self.calibration)}"

    def unread(self, context: list[str], lines: list[str], name: str) -> Judgement | None:
        """The table's vote, saying why, when ``lines`` (called ``name``) or most of
        ``context`` are in another script than Latin (``script.py``); None when the judge
        can read them."""
        what = unreadable_story(context, lines, name)
        if what is None:
            return None
        return self.answer(0.5, "vote", [], f"{OTHER_SCRIPT.format(what=what)}.")

    def answer(
        self, score: float, decision: Decision, evidence: list[str], reason: str
    ) -> Judgement:
        """The judgement, its reason marked as the table's to settle when ``decision`` is vote."""
        if decision == "vote":
            reason = f"Unclear, the table should vote: {reason[0].lower()}{reason[1:]}"
        return Judgement(
            decision=decision,
            score=round(score, 4),
            evidence=evidence,
            reason=reason,
            judge=self.id,
            version=self.version,
        )
