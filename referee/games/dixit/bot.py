"""The referee's own Dixit player, for seats listed in ``DixitConfig.bots``.

A bot decides only from its seat's view (``GAME.view(state, seat)``), so it cannot see
more than a person in that seat would. As storyteller it picks a card and names a few
words of its picture; otherwise it submits the card(s) that best fit the clue and votes
for the laid-out card that fits best, never its own, as ranked by a ``ClueRanker``.
Every choice is deterministic: the only randomness comes from ``seed``, the seat, the
round and the phase.

>>> class Overlap:
...     def scores(self, clue, descriptions):
...         words = set(clue.replace(",", " ").lower().split())
...         return [float(len(words & set(d.lower().rstrip(".").split()))) for d in descriptions]
>>> view = {"you": "Ben", "phase": "voting", "storyteller": "Ana", "clue": "lantern, snow",
...         "submitted": ["Ben", "Cy"], "voted": [], "your_positions": [2],
...         "layout": [{"position": 1, "description": "A red boat."},
...                    {"position": 2, "description": "A lantern in the snow."},
...                    {"position": 3, "description": "A lantern on a hill."}]}
>>> bot_action(view, Overlap(), seed=0)
Vote(player='Ben', type='vote', position=3)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from hashlib import sha256
from typing import Any, Protocol

from referee.core.rng import Rng
from referee.games.dixit.actions import Action, Clue, Submit, Vote

MAX_CLUE_WORDS = 3

_STOPWORD_TEXT = """
a about above across after against all along also am among an and another any are
around as at be been before behind being below beneath beside between beyond both but
by can could did do does down during each either every few for from had has have he her
here hers him his how i if in inside into is it its itself just like many me more most
much my near neither next no nor not now of off on one onto or other our out outside
over own same she so some something still such than that the their them then there
these they this those through to too toward towards under until up upon us very was we
were what when where which while who whom whose why will with within without would yet
you your
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())
"""Words that carry no picture: they never make a clue."""

_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


class ClueRanker(Protocol):
    """Anything that scores how well each picture description fits a clue."""

    def scores(self, clue: str, descriptions: Sequence[str]) -> list[float]:
        """One score per description, in order; higher fits better."""
        ...


MAX_WORD = 30
"""The longest word a bot puts in a clue, so that its clue always fits ``Clue.text``."""


def clue_words(description: str) -> list[str]:
    """The picture words of ``description``: lower-cased, in order, once each, no stopwords.

    >>> clue_words("A lantern glows in the snow, and the snow is deep.")
    ['lantern', 'glows', 'snow', 'deep']
    """
    seen: list[str] = []
    for word in _WORD.findall(description.lower()):
        if 2 < len(word) <= MAX_WORD and word not in STOPWORDS and word not in seen:
            seen.append(word)
    return seen


def make_clue(description: str, rng: Rng) -> str:
    """A short clue drawn from a picture's description: 1-3 of its words, in their order.

    >>> [make_clue("A lantern glows in the snow.", Rng.from_seed(seed)) for seed in (1, 2, 6)]
    ['snow', 'glows, snow', 'lantern, glows']
    >>> make_clue("It is.", Rng.from_seed(4))
    'it'
    >>> make_clue("q" * 600, Rng.from_seed(4))  # no word short enough to say
    'this'
    """
    words = clue_words(description)
    if not words:
        fallback = [word for word in _WORD.findall(description.lower()) if len(word) <= MAX_WORD]
        return fallback[0] if fallback else "this"
    count = 1 + rng.below(min(MAX_CLUE_WORDS, len(words)))
    picked = list(range(len(words)))
    rng.shuffle(picked)
    return ", ".join(words[i] for i in sorted(picked[:count]))


def decision_rng(seed: int, seat: str, round_: int, phase: str) -> Rng:
    """The generator for one decision: the same inputs always give the same choices.

    >>> decision_rng(1, "Ana", 2, "clue") == decision_rng(1, "Ana", 2, "clue")
    True
    >>> decision_rng(1, "Ana", 2, "clue") == decision_rng(1, "Ben", 2, "clue")
    False
    """
    digest = sha256(f"{seed}:{seat}:{round_}:{phase}".encode()).digest()
    return Rng.from_seed(int.from_bytes(digest[:8], "big"))


def _best(scores: Sequence[float], count: int) -> list[int]:
    """Indices of the ``count`` highest scores, best first; ties go to the lower index."""
    return sorted(range(len(scores)), key=lambda i: (-scores[i], i))[:count]


def bot_action(view: dict[str, Any], ranker: ClueRanker, seed: int) -> Action | None:
    """What the seat whose ``view`` this is does now, or None when it has nothing to do.

    ``view`` must be a seat's view (it has ``you``); a spectator's view gives None. The
    storyteller's card is a seeded choice from the hand; submitted cards are the best
    fits, listed in hand order (as ``legal_actions`` lists them); ties go to the earlier
    card or position.
    """
    seat = view.get("you")
    if seat is None:
        return None
    phase = view["phase"]
    storyteller = view["storyteller"] == seat
    if phase == "clue" and storyteller:
        rng = decision_rng(seed, seat, view["round"], phase)
        card = rng.choice(list(view["hand"]))
        return Clue(player=seat, card=card["id"], text=make_clue(card["description"], rng))
    if phase == "submitting" and not storyteller and seat not in view["submitted"]:
        hand = view["hand"]
        scores = ranker.scores(view["clue"], [card["description"] for card in hand])
        chosen = _best(scores, view["rules"]["submissions"])
        return Submit(player=seat, cards=[hand[i]["id"] for i in sorted(chosen)])
    if phase == "voting" and not storyteller and seat not in view["voted"]:
        own = set(view["your_positions"])
        open_cards = [card for card in view["layout"] if card["position"] not in own]
        scores = ranker.scores(view["clue"], [card["description"] for card in open_cards])
        return Vote(player=seat, position=open_cards[_best(scores, 1)[0]]["position"])
    return None
