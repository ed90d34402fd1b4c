"""The ending judge: does the ending card close this story acceptably?

Tables are told to be lenient and reject only endings that make no sense, or
a lead-in that brings in new elements. Four numbers go to a logistic
calibration (``models/judge/ending_calibration.json``, fitted on
``datasets/judge/ending_calibration.jsonl``): how strongly the story NLI
model finds that the ending follows from the story and lead-in, and that it
contradicts them; how many new elements the lead-in brings (the mention
machinery's lexicon, ``referee.judge.elements``); and how many elements the
ending names that the story never had. ``accept`` means it fits.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import numpy as np

from referee.judge.base import Judgement
from referee.judge.calibration import Calibration, logit
from referee.judge.elements import new_elements
from referee.judge.story_nli import LABELS, PairScorer, ending_pair, get_pair_scorer
from referee.paths import models_dir

JUDGE_ID = "minilm-ending"
CALIBRATION_SETTING = "REFEREE_ENDING_CALIBRATION"
FEATURES = ["follows", "contradicts", "lead_in_new_elements", "ending_unseen_elements"]
COUNT_CAP = 3
"""Element counts above this add nothing more."""


def calibration_path() -> Path:
    """Where the ending calibration lives."""
    configured = os.environ.get(CALIBRATION_SETTING)
    return Path(configured) if configured else models_dir() / "judge" / "ending_calibration.json"


@lru_cache(maxsize=4)
def _load(path: str) -> Calibration:
    return Calibration.load(Path(path))


class EndingJudge:
    """Does the ending fit the story told (with its lead-in)? With the new elements as evidence."""

    id = JUDGE_ID

    def __init__(
        self, scorer: PairScorer | None = None, calibration: Calibration | None = None
    ) -> None:
        self._scorer = scorer
        self.calibration = calibration or _load(str(calibration_path()))

    @property
    def scorer(self) -> PairScorer:
        """The story NLI model, loaded on first use (once per process)."""
        if self._scorer is None:
            self._scorer = get_pair_scorer()
        return self._scorer

    @property
    def version(self) -> str:
        """The story NLI model's fingerprint."""
        return f"1+nli-{self.scorer.version}"

    def features(
        self, context: list[str], lead_in: list[str], ending: str
    ) -> tuple[np.ndarray, list[str], list[str]]:
        """The calibration's inputs, the lead-in's new elements and the ending's unseen ones."""
        probabilities = self.scorer.probabilities([ending_pair(context, lead_in, ending)])[0]
        brought = [words for words, _ in new_elements(lead_in, context)]
        unseen = [words for words, _ in new_elements([ending], [*context, *lead_in])]
        row = np.array(
            [
                float(logit(probabilities[LABELS.index("entailment")])),
                float(logit(probabilities[LABELS.index("contradiction")])),
                min(len(brought), COUNT_CAP),
                min(len(unseen), COUNT_CAP),
            ]
        )
        return row, brought, unseen

    def check(self, context: list[str], lead_in: list[str], ending: str) -> Judgement:
        """Does ``ending`` close the story ``context`` after ``lead_in``?

        ``accept`` fits, ``reject`` does not fit, ``vote`` unclear; the score
        is the calibrated probability that it fits.
        """
        row, brought, unseen = self.features(context, lead_in, ending)
        score = float(self.calibration.probability(row[None, :])[0])
        decision = self.calibration.decide(score)
        evidence: list[str] = []
        if decision == "accept":
            reason = "The ending can close the story told."
        elif brought:
            evidence = brought
            reason = f"The lead-in brings new elements into the story: {', '.join(brought)}."
        elif unseen:
            evidence = unseen
            reason = f"The ending speaks of what the story never had: {', '.join(unseen)}."
        else:
            reason = "The ending does not follow from the story told."
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
