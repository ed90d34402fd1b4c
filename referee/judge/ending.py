"""The ending judge: does the ending card close this story acceptably?

Tables are told to be lenient and reject only endings that make no sense, or
a lead-in that brings in new elements. Four numbers go to a logistic
calibration (``models/judge/ending_calibration.json``, fitted on
``datasets/judge/ending_calibration.jsonl``): how strongly the story NLI
model finds that the ending follows from the story and lead-in, and that it
contradicts them; how many new characters the lead-in introduces with an
indefinite article or a number ("a handsome prince rode by", "two knights
came"; the mention machinery's lexicon finds them, ``referee.judge.elements``);
and how many characters the ending names that the story never had.

Why those counts: in our calibration data a fitting lead-in often names some
new everyday thing (a coat, a table, a corner) or someone the story already
implies ("the palace guards", "her father"), while a lead-in that does not fit
brings someone in ("a giant came down from the peaks"). 5-fold cross-validated
forced accuracy on ``ending_calibration.jsonl``: 0.84 counting every new element,
0.85 counting new characters, 0.90 counting characters introduced with an
indefinite article or a number. Every new element, thing or character, is still
given as evidence when the ending is not accepted. ``accept`` means it fits.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from referee.judge.base import Judgement
from referee.judge.calibration import logit
from referee.judge.elements import Element, is_character, new_elements
from referee.judge.story_judge import NliJudge
from referee.judge.story_nli import LABELS, ending_pair

JUDGE_ID = "minilm-ending"
CALIBRATION_SETTING = "REFEREE_ENDING_CALIBRATION"
FEATURES = [
    "follows",
    "contradicts",
    "lead_in_introduced_characters",
    "ending_unseen_characters",
]
COUNT_CAP = 3
"""Element counts above this add nothing more."""


class EndingJudge(NliJudge):
    """Does the ending fit the story told (with its lead-in)? With the new elements as evidence."""

    id = JUDGE_ID
    calibration_file = "ending_calibration.json"
    calibration_setting = CALIBRATION_SETTING

    def features(
        self, context: list[str], lead_in: list[str], ending: str
    ) -> tuple[np.ndarray, list[Element], list[Element]]:
        """The calibration's inputs, the lead-in's new elements and the ending's unseen ones."""
        probabilities = self.scorer.probabilities([ending_pair(context, lead_in, ending)])[0]
        brought = new_elements(lead_in, context)
        unseen = new_elements([ending], [*context, *lead_in])
        row = np.array(
            [
                float(logit(probabilities[LABELS.index("entailment")])),
                float(logit(probabilities[LABELS.index("contradiction")])),
                min(_introduced_characters(brought), COUNT_CAP),
                min(_characters(unseen), COUNT_CAP),
            ]
        )
        return row, brought, unseen

    def check(self, context: list[str], lead_in: list[str], ending: str) -> Judgement:
        """Does ``ending`` close the story ``context`` after ``lead_in``?

        ``accept`` fits, ``reject`` does not fit, ``vote`` unclear; the score
        is the calibrated probability that it fits. The reason names what weighed:
        someone the lead-in brings in, else what the ending speaks of that the story
        never had, else the story itself (citing what the lead-in names that the
        story had not, which the guide does not count against it when the story
        implies it: "the palace guards"). An ending, lead-in or story mostly in another
        script than Latin is left to the table (``script.py``).
        """
        unread = self.unread(context, [*lead_in, ending], "the ending or its lead-in")
        if unread is not None:
            return unread
        row, brought, unseen = self.features(context, lead_in, ending)
        score = float(self.calibration.probability(row[None, :])[0])
        decision = self.calibration.decide(score)
        named = [e.words for e in brought]
        evidence: list[str] = []
        if decision == "accept":
            reason = "The ending can close the story told."
        elif _introduced_characters(brought):
            evidence = named
            reason = f"The lead-in brings new elements into the story: {', '.join(named)}."
        elif unseen:
            evidence = [e.words for e in unseen]
            reason = f"The ending speaks of what the story never had: {', '.join(evidence)}."
        elif named:
            evidence = named
            reason = (
                "The ending does not follow from the story told (the lead-in also names "
                f"what the story had not: {', '.join(named)})."
            )
        else:
            reason = "The ending does not follow from the story told."
        return self.answer(score, decision, evidence, reason)


def _characters(found: Iterable[Element]) -> int:
    return sum(is_character(element.keys) for element in found)


def _introduced_characters(found: Iterable[Element]) -> int:
    """Characters brought in with an indefinite article or a number ("a prince")."""
    return _characters(element for element in found if element.indefinite)
