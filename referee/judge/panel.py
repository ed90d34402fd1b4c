"""The model judge as one object: mentions, coherence, endings and clues, each loaded on first use.

It is a ``Judge`` (mentions) and a ``StoryJudge`` (coherence, endings), so a
table asks it about every claim, every sentence told and every ending played.
"""

from __future__ import annotations

from referee.judge.base import CardRef, Judgement, Verdict
from referee.judge.clue import ClueJudge, get_clue_judge
from referee.judge.coherence import CoherenceJudge
from referee.judge.ending import EndingJudge
from referee.judge.mention import MentionJudge


class ModelJudge:
    """The trained judges together: ``MentionJudge``, ``CoherenceJudge`` and ``EndingJudge``."""

    def __init__(
        self,
        mention: MentionJudge | None = None,
        coherence: CoherenceJudge | None = None,
        ending: EndingJudge | None = None,
    ) -> None:
        self.mention_judge = mention or MentionJudge()
        self.coherence_judge = coherence or CoherenceJudge()
        self.ending_judge = ending or EndingJudge()
        self.id = self.mention_judge.id

    @property
    def version(self) -> str:
        """The mention judge's version (the one a mention verdict reports)."""
        return self.mention_judge.version

    @property
    def clue_judge(self) -> ClueJudge:
        """The Dixit clue judge with sentence embeddings, loaded on first use."""
        return get_clue_judge("model")

    def mentions(self, sentence: str, context: list[str], cards: list[CardRef]) -> list[Verdict]:
        """One verdict per card, in the order of ``cards`` (see ``MentionJudge``)."""
        return self.mention_judge.mentions(sentence, context, cards)

    def coherence(self, context: list[str], sentence: str) -> Judgement:
        """Is ``sentence`` coherent after ``context``? (see ``CoherenceJudge``)."""
        return self.coherence_judge.check(context, sentence)

    def ending(self, context: list[str], lead_in: list[str], ending: str) -> Judgement:
        """Does ``ending`` close the story after ``lead_in``? (see ``EndingJudge``)."""
        return self.ending_judge.check(context, lead_in, ending)
