"""The judge as a table's hooks: claims get its ruling before the rules, tells its hints after.

``prepare`` attaches the judge's ruling to each language claim that the rules
will weigh, and a story judge's to each sentence told and each ending played
(``referee.service.ouat_rulings``); ``annotate`` tells each seat
privately which of its own cards the sentence just told names
(``referee.service.ouat_live``), and a Dixit storyteller whose clue seems
too literal or too loose privately gets a tip (``referee.service.dixit_tips``).
The prepared action and the hints are what
the store records, so a replay needs no model.
"""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.games.dixit import GAME as DIXIT
from referee.games.ouat import GAME as OUAT
from referee.judge.base import Judge
from referee.judge.clue import ClueJudge
from referee.service.dixit_tips import clue_tips
from referee.service.ouat_live import mention_hints
from referee.service.ouat_rulings import with_judge_ruling


class JudgeHooks:
    """Table hooks that put ``judge`` to work at every game whose claims hinge on language."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge

    def prepare(self, game: str, state: Any, action: Any) -> Any:
        """``action`` with the judge's ruling when it is one the judge rules on, without one."""
        if game == OUAT.name:
            return with_judge_ruling(action, state, self.judge, OUAT.deck)
        return action

    def annotate(self, game: str, before: Any, action: Any, after: Any) -> list[Event]:
        """The judge's private hints: to each seat about the sentence just told, or a clue tip."""
        if game == OUAT.name:
            return mention_hints(self.judge, OUAT.deck, before, action, after)
        clue_judge: ClueJudge | None = getattr(self.judge, "clue_judge", None)
        if game == DIXIT.name and clue_judge is not None:
            return clue_tips(clue_judge, before, action, after)
        return []
