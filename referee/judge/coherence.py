"""The coherence judge: does a new sentence keep the story logical?

The story NLI model reads the new sentence against the whole story and
against the ``MAX_EARLIER`` earlier sentences most like it (of the last
``LOOK_BACK``, by the embedder's vectors, which are cached as the story grows):
a contradiction is between sentences about the same things, and reading every
earlier sentence of a long story would cost a pass as long as the story.
Three numbers go to a logistic calibration
(``models/judge/coherence_calibration.json``, fitted on
``datasets/judge/coherence_calibration.jsonl``): the strongest contradiction
with any single earlier sentence, the contradiction with the story as a
whole, and how much the sentence reads as nonsense on its own (``nonsense.py``).
``accept`` means coherent, ``reject`` incoherent (the OUAT table then opens the
table's vote), ``vote`` unclear. The evidence of any verdict but ``accept`` is
its clause that reads most like nonsense when the probe reads it as nonsense (then any
earlier sentences the model finds contradicted); else, when the line has again by name a
thing an earlier sentence did away with ("sold his donkey" and now "climbed onto his
donkey": ``losses.py``), those earlier sentences first (latest first), since the model's
most contradicted sentence is the contradicted one only about half the time; then every
earlier sentence the model finds contradicted (most contradicted first), or the one most
against the new line, so the table sees what to weigh. A line, or a story mostly, in
another script than Latin goes to the vote unread (``script.py``).
"""

from __future__ import annotations

import numpy as np

from referee.judge.base import Judgement
from referee.judge.calibration import Calibration, fingerprint, logit
from referee.judge.embedding import Embedder, get_embedder
from referee.judge.losses import NONE, Loss, brought_back
from referee.judge.nonsense import NonsenseProbe, NonsenseReading, get_nonsense_probe
from referee.judge.script import unread_lines
from referee.judge.story_judge import NliJudge
from referee.judge.story_nli import LABELS, PairScorer, coherence_pairs

JUDGE_ID = "minilm-coherence"
CALIBRATION_SETTING = "REFEREE_COHERENCE_CALIBRATION"
FEATURES = ["pair_contradiction", "story_contradiction", "nonsense"]
MAX_EARLIER = 4
"""Earlier sentences read one by one (the most similar); the whole story is always read too."""
LOOK_BACK = 30
"""How far back the earlier sentences to read are chosen from."""
WHOLE_STORY_TOKENS = 128
"""The whole story's pair is cut to this many tokens (its oldest words go first)."""
CONTRADICTION = LABELS.index("contradiction")
CITES_AT = 0.5
"""From this contradiction probability an earlier sentence is said to be contradicted; below it,
a verdict other than accept still cites the earlier sentence most against the new one (after
the nonsense phrase, when the probe reads the line as nonsense)."""
NONSENSE_AT = 0.75
"""From this probe probability a verdict other than accept says the sentence reads as nonsense."""


class CoherenceJudge(NliJudge):
    """Flags a sentence that contradicts the story or makes no sense, citing what it contradicts."""

    id = JUDGE_ID
    calibration_file = "coherence_calibration.json"
    calibration_setting = CALIBRATION_SETTING

    def __init__(
        self,
        scorer: PairScorer | None = None,
        calibration: Calibration | None = None,
        nonsense: NonsenseProbe | None = None,
    ) -> None:
        super().__init__(scorer, calibration)
        self._nonsense = nonsense

    @property
    def version(self) -> str:
        """The story NLI model's fingerprint, the calibration's and the nonsense probe's."""
        return f"{super().version}+probe-{fingerprint(self.nonsense.calibration)}"

    @property
    def nonsense(self) -> NonsenseProbe:
        """The nonsense probe (the process-wide one unless given)."""
        if self._nonsense is None:
            self._nonsense = get_nonsense_probe()
        return self._nonsense

    def features(
        self, context: list[str], sentence: str
    ) -> tuple[np.ndarray, list[tuple[int, float]]]:
        """The calibration's inputs, and the earlier sentences read alone with their
        contradiction probabilities, most contradicted first."""
        pairs = coherence_pairs(context, sentence)
        chosen = self.nearest_earlier(context, sentence)
        # Single sentences are short and go together; the whole story is read on its own,
        # so the short pairs are not padded to its length.
        single = self.scorer.probabilities([pairs[i] for i in chosen])[:, CONTRADICTION]
        whole = self.scorer.probabilities([pairs[-1]], WHOLE_STORY_TOKENS)[0, CONTRADICTION]
        ranked = sorted(
            ((index, float(p)) for index, p in zip(chosen, single, strict=True)),
            key=lambda item: -item[1],
        )
        strongest = ranked[0][1] if ranked else float(whole)
        row = logit(np.array([strongest, float(whole)]))
        return np.append(row, self.nonsense.log_odds(sentence)), ranked

    def nearest_earlier(self, context: list[str], sentence: str) -> list[int]:
        """Indices (in story order) of the earlier sentences read against ``sentence``."""
        unread = set(unread_lines(context))
        window = [
            index
            for index in range(max(0, len(context) - LOOK_BACK), len(context))
            if index not in unread
        ]
        if len(window) <= MAX_EARLIER:
            return window
        vectors = self.embedder.encode([*(context[i] for i in window), sentence])
        similarity = vectors[:-1] @ vectors[-1]
        # Most similar first; between equals, the more recent.
        ranked = sorted(range(len(window)), key=lambda k: (-float(similarity[k]), -k))
        return sorted(window[k] for k in ranked[:MAX_EARLIER])

    @property
    def embedder(self) -> Embedder:
        """The process-wide sentence embedder (the mention judge's), loaded on first use."""
        return get_embedder()

    def check(self, context: list[str], sentence: str) -> Judgement:
        """Is ``sentence`` coherent after ``context`` (oldest first)?

        ``accept`` coherent, ``reject`` incoherent, ``vote`` unclear; the
        score is the calibrated probability that it is coherent. A sentence (or a story,
        mostly) in another script than Latin is left to the table (``script.py``), and
        earlier lines in one are not read alone.
        """
        unread = self.unread(context, [sentence], "this sentence")
        if unread is not None:
            return unread
        row, ranked = self.features(context, sentence)
        score = float(self.calibration.probability(row[None, :])[0])
        decision = self.calibration.decide(score)
        if decision == "accept":
            return self.answer(score, decision, [], "Nothing in the story so far contradicts it.")
        contradicted = [index for index, probability in ranked if probability >= CITES_AT]
        reading = self.nonsense.read(sentence)
        if reading.probability >= NONSENSE_AT:
            evidence, reason = _nonsense_reason(reading, context, contradicted)
        else:
            returned = brought_back(context, sentence)
            evidence, reason = _contradiction_reason(context, contradicted, ranked, returned)
        return self.answer(score, decision, evidence, reason)


def _nonsense_reason(
    reading: NonsenseReading, context: list[str], contradicted: list[int]
) -> tuple[list[str], str]:
    """Nonsense comes first (a line that means nothing is at odds with any sentence, so the
    contradictions the model sees in it explain little); they follow as further evidence."""
    reason = (
        f"It reads as nonsense (probability {reading.probability:.2f}), "
        f"most of all '{reading.phrase}'"
    )
    if contradicted:
        top = contradicted[0]
        reason += f"; it is also at odds with earlier sentence no. {top + 1}: '{context[top]}'"
    return [reading.phrase, *(context[index] for index in contradicted)], reason


def _contradiction_reason(
    context: list[str],
    contradicted: list[int],
    ranked: list[tuple[int, float]],
    returned: list[Loss],
) -> tuple[list[str], str]:
    """The earlier sentences that did away with what the line has again, then those the model
    finds contradicted; or else the one most against the line."""
    if returned:
        return _returned_reason(context, contradicted, returned)
    if len(contradicted) == 1:
        top = contradicted[0]
        reason = f"It contradicts an earlier sentence (no. {top + 1}): '{context[top]}'"
        return [context[top]], reason
    if contradicted:
        numbers = ", ".join(str(index + 1) for index in contradicted)
        return [context[index] for index in contradicted], (
            f"It contradicts earlier sentences (nos. {numbers}), most of all "
            f"no. {contradicted[0] + 1}: '{context[contradicted[0]]}'"
        )
    if ranked:
        top = ranked[0][0]
        return [context[top]], (
            "It is at odds with the story; the earlier sentence most against it is "
            f"no. {top + 1}: '{context[top]}'"
        )
    return [], "It does not follow from the story: it reads as nonsense or at odds with it."


def _returned_reason(
    context: list[str], contradicted: list[int], returned: list[Loss]
) -> tuple[list[str], str]:
    """Cite the latest sentence that did away with a thing the line has again, then the rest.

    >>> story = ["He sold it.", "He went home."]
    >>> evidence, reason = _returned_reason(story, [1], [Loss(0, "donkey", "sold")])
    >>> evidence == story
    True
    >>> reason
    "It has the donkey again, though earlier sentence no. 1 says the donkey is gone: 'He sold it.'"
    """
    first = returned[0]
    cited = list(dict.fromkeys([*(loss.sentence for loss in returned), *contradicted]))
    if first.how == NONE:
        has, said = f"the {first.thing}", f"the story had no {first.thing}"
    else:
        has, said = f"the {first.thing} again", f"the {first.thing} is gone"
    number, text = first.sentence + 1, context[first.sentence]
    reason = f"It has {has}, though earlier sentence no. {number} says {said}: '{text}'"
    return [context[index] for index in cited], reason
