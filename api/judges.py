"""Which judge the service runs, from ``REFEREE_JUDGE``: ``model`` (default), ``lexical``, ``none``.

``model`` is the trained judges together (``ModelJudge``: mentions, and as a
story judge coherence and endings; loading it takes seconds, so it is imported
only when chosen); ``lexical`` the fast, model-free mention judge; ``none``
runs without a judge, so every claim goes to the table's vote.

>>> JUDGE_FACTORIES["lexical"]().id
'lexical'
"""

from __future__ import annotations

import os
from collections.abc import Callable

from referee.judge.base import Judge
from referee.judge.lexical import LexicalJudge

SETTING = "REFEREE_JUDGE"
DEFAULT = "model"


def _model_judge() -> Judge:
    from referee.judge.panel import ModelJudge

    return ModelJudge()


JUDGE_FACTORIES: dict[str, Callable[[], Judge] | None] = {
    "model": _model_judge,
    "lexical": LexicalJudge,
    "none": None,
}


def judge_factory_from_env() -> Callable[[], Judge] | None:
    """The factory of the judge ``REFEREE_JUDGE`` names (None for ``none``).

    Raises ValueError, naming the choices, for any other value.
    """
    name = os.environ.get(SETTING) or DEFAULT
    if name not in JUDGE_FACTORIES:
        choices = ", ".join(JUDGE_FACTORIES)
        raise ValueError(f"{SETTING}={name!r} names no judge; choose one of: {choices}")
    return JUDGE_FACTORIES[name]
