"""A stand-in judge with scripted answers, which records what it was asked."""

from referee.judge.base import Verdict

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
