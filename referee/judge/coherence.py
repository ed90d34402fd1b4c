"""The coherence judge: does a new sentence keep the story logical?

The story NLI model reads the new sentence against each earlier sentence
(the last ``MAX_EARLIER`` of them) and against the whole story, in one
batched pass. Two numbers go to a logistic calibration
(``models/judge/coherence_calibration.json``, fitted on
``datasets/judge/coherence_calibration.jsonl``): the strongest contradiction
with any single earlier sentence, and the contradiction with the story as a
whole (which also catches nonsense). ``accept`` means coherent, ``reject``
incoherent (the OUAT table then opens the table's vote), ``vote`` unclear.
The evidence of any verdict but ``accept`` is the earlier sentence most against
the new one, so the table sees what to weigh.
"""

from __future__ import annotations

import numpy as np

from referee.judge.base import Judgement
from referee.judge.calibration import logit
from referee.judge.story_judge import NliJudge
from referee.judge.story_nli import LABELS, coherence_pairs

JUDGE_ID = "minilm-coherence"
CALIBRATION_SETTING = "REFEREE_COHERENCE_CALIBRATION"
FEATURES = ["pair_contradiction", "story_contradiction"]
MAX_EARLIER = 30
"""Earlier sentences read one by one; the whole story is always read too."""
CONTRADICTION = LABELS.index("contradiction")
CITES_AT = 0.5
"""From this contradiction probability an earlier sentence is said to be contradicted; below it,
a verdict other than accept still cites the earlier sentence most against the new one."""


class CoherenceJudge(NliJudge):
    """Flags a sentence that contradicts the story or makes no sense, citing what it contradicts."""

    id = JUDGE_ID
    calibration_file = "coherence_calibration.json"
    calibration_setting = CALIBRATION_SETTING

    def features(self, context: list[str], sentence: str) -> tuple[np.ndarray, int | None, float]:
        """The calibration's inputs, the most contradicted earlier sentence and its probability."""
        pairs = coherence_pairs(context, sentence)
        singles, whole_pair = pairs[:-1][-MAX_EARLIER:], pairs[-1]
        # Single sentences are short and go together; the whole story is read on its own,
        # so the short pairs are not padded to its length.
        single = self.scorer.probabilities(singles)[:, CONTRADICTION]
        whole = float(self.scorer.probabilities([whole_pair])[0, CONTRADICTION])
        top = int(single.argmax()) if len(single) else None
        strongest = float(single[top]) if top is not None else whole
        row = logit(np.array([strongest, whole]))
        offset = len(context) - len(singles)
        return row, (top + offset if top is not None else None), strongest

    def check(self, context: list[str], sentence: str) -> Judgement:
        """Is ``sentence`` coherent after ``context`` (oldest first)?

        ``accept`` coherent, ``reject`` incoherent, ``vote`` unclear; the
        score is the calibrated probability that it is coherent.
        """
        row, top, strongest = self.features(context, sentence)
        score = float(self.calibration.probability(row[None, :])[0])
        decision = self.calibration.decide(score)
        evidence: list[str] = []
        if decision == "accept":
            reason = "Nothing in the story so far contradicts it."
        elif top is not None and strongest >= CITES_AT:
            evidence = [context[top]]
            reason = f"It contradicts an earlier sentence (no. {top + 1}): '{context[top]}'"
        elif top is not None:
            evidence = [context[top]]
            reason = (
                "It is at odds with the story; the earlier sentence most against it is "
                f"no. {top + 1}: '{context[top]}'"
            )
        else:
            reason = "It does not follow from the story: it reads as nonsense or at odds with it."
        return self.answer(score, decision, evidence, reason)
