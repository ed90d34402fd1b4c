"""The language judge: does a sentence name a card's element? (More tasks to come.)"""

from referee.judge.base import CardRef, Judge, Verdict
from referee.judge.lexical import LexicalJudge

__all__ = ["CardRef", "Judge", "LexicalJudge", "Verdict"]
