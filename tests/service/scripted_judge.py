"""Stand-in judges with scripted answers, which record what they were asked."""

from referee.judge.base import Judgement, Verdict

SCORES = {"accept": 0.9, "vote": 0.5, "reject": 0.1}


class ScriptedJudge:
    """Answers ``decision`` for every card, or ``by_name[card name]`` where given."""

    id = "scripted"
    version = "1"

    def __init__(self, decision="accept", by_name=None):
        self.decision = decision
        self.by_name = by_name or {}
        self.calls = []

    def mentions(self, sentence, context, cards):
        self.calls.append((sentence, list(context), [card.key for card in cards]))
        verdicts = []
        for card in cards:
            decision = self.by_name.get(card.name, self.decision)
            verdicts.append(
                Verdict(
                    card=card.key,
                    decision=decision,
                    score=SCORES[decision],
                    evidence=[sentence.split()[0]],
                    reason=f"scripted: {decision}",
                    judge=self.id,
                    version=self.version,
                )
            )
        return verdicts


class ScriptedStoryJudge(ScriptedJudge):
    """A story judge too: ``coherence`` and ``ending`` answer as scripted.

    ``coherence`` answers ``by_sentence[sentence]``, else ``coherent``; ``ending``
    answers ``fits``. Every answer but accept cites the story's last line as evidence, or
    for coherence ``cites[sentence]`` where given.
    """

    def __init__(self, decision="accept", by_name=None, coherent="accept", fits="accept"):
        super().__init__(decision, by_name)
        self.coherent = coherent
        self.by_sentence = {}
        self.cites = {}
        self.fits = fits
        self.story_calls = []

    def coherence(self, context, sentence):
        self.story_calls.append(("coherence", list(context), sentence))
        decision = self.by_sentence.get(sentence, self.coherent)
        return self._judgement(decision, context, self.cites.get(sentence))

    def ending(self, context, lead_in, ending):
        self.story_calls.append(("ending", list(context), list(lead_in), ending))
        return self._judgement(self.fits, [*context, *lead_in])

    def _judgement(self, decision, story, cited=None):
        return Judgement(
            decision=decision,
            score=SCORES[decision],
            evidence=(cited or story[-1:]) if decision != "accept" else [],
            reason=f"scripted story: {decision}",
            judge="scripted-story",
            version="2",
        )
