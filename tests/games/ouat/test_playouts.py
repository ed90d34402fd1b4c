"""Seeded random playouts of OUAT through the public engine API, checking invariants every step.

2,000 games (seeds 0-1999, 2 to 6 players cycling over seeds), split into chunks. A seeded agent
picks a player who may act (the storyteller more often than not), then one of that player's
listed actions (weighted by kind), and randomises its ruling (citing up to two sentences of the
story), text and timestamp. After every step: each card is somewhere exactly once, the state
round-trips through JSON, and a line the table kept against the judge's flag is kept against
earlier sentences only. On every step
of the first 300 games, and a random 10% of steps after that, every listed action of the chosen
player is also tried (each must be accepted) and every seat's view is checked to hide other
players' hands (spectators see none). Runtime is dominated by ``apply`` itself.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from referee.core.errors import IllegalActionError
from referee.core.ruling import DecidedBy, Decision, Ruling
from referee.games.ouat import GAME, OuatState
from referee.games.ouat.actions import (
    Action,
    CallPause,
    Challenge,
    End,
    Interrupt,
    Play,
    Tell,
)
from referee.games.ouat.config import OuatConfig
from referee.games.ouat.state import Sentence
from tests.games.ouat.helpers import DECK, all_cards

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
GAMES = 2000
CHUNKS = 8
CHUNK = GAMES // CHUNKS
FULLY_CHECKED = 300
"""Games where every listed action of the chosen player is tried on every step."""
SPOT_CHECK = 0.1
"""Share of steps where they are tried in the other games."""
STEP_CAP = 400
MIN_FINISHED = 0.8
EVERY_CARD = sorted([*DECK.story, *DECK.endings])

STORYTELLER_FIRST = 0.9
"""How often the agent lets the storyteller act when they may (else any player who may act)."""
WEIGHTS = {
    "tell": 3,
    "play": 6,
    "pass": 0.3,
    "discard": 1,
    "end": 20,
    "interrupt": 1,
    "challenge": 1,
    "vote": 1,
}
"""How keen the agent is on each kind of listed action; a uniform agent rarely finishes a game."""
CALL_PAUSE = 0.03
"""Chance, each step, that someone also calls a pause."""

RULINGS: dict[Decision | None, int] = {None: 1, "accept": 8, "vote": 1, "reject": 1}
"""How often a claim comes with no ruling, or with each decision (reject: not on plays)."""
_DECIDERS: list[DecidedBy] = ["judge", "table", "vote", "referee"]


def _ruling(chooser: random.Random, may_reject: bool, story: list[str]) -> Ruling | None:
    decisions = [d for d in RULINGS if may_reject or d != "reject"]
    decision = chooser.choices(decisions, weights=[RULINGS[d] for d in decisions])[0]
    if decision is None:
        return None
    cited = chooser.sample(story, min(len(story), chooser.randrange(3)))
    return Ruling(
        decided_by=chooser.choice(_DECIDERS),
        decision=decision,
        evidence=cited,
        reason=f"random {decision}",
        score=chooser.choice([None, chooser.random()]),
    )


class Agent:
    """A seeded random player for every seat, with a clock for timestamps."""

    def __init__(self, seed: int) -> None:
        self.chooser = random.Random(seed)
        self.clock = 0.0

    def tick(self) -> float:
        """Advance the clock, now and then by more than the 5-second pause."""
        jump = (
            self.chooser.uniform(5.5, 9.0)
            if self.chooser.random() < 0.05
            else (self.chooser.uniform(0.0, 3.0))
        )
        self.clock += jump
        return self.clock

    def pick_player(self, state: OuatState, legal: dict[str, list[Action]]) -> str:
        may_act = [player for player in state.players if legal[player]]
        assert may_act, "the game is not over but nobody may act"
        if legal[state.storyteller] and self.chooser.random() < STORYTELLER_FIRST:
            return state.storyteller
        return self.chooser.choice(may_act)

    def pick_action(self, actions: list[Action]) -> Action:
        return self.chooser.choices(actions, weights=[WEIGHTS[a.type] for a in actions])[0]

    def randomise(self, action: Action, state: OuatState) -> Action:
        """Replace the neutral fields a listed action comes with, as a real client would;
        rulings cite up to two sentences of the story as evidence."""
        chooser = self.chooser
        story = [line.text for line in state.story]
        if isinstance(action, Play):
            # A play the judge rejects is refused by design, so the agent never sends one.
            ruling = _ruling(chooser, may_reject=False, story=story)
            return action.model_copy(update={"ruling": ruling})
        if isinstance(action, End | Challenge) or (
            isinstance(action, Interrupt) and action.by == "element"
        ):
            ruling = _ruling(chooser, may_reject=True, story=story)
            return action.model_copy(update={"ruling": ruling})
        if isinstance(action, Tell):
            update: dict[str, object] = {
                "text": f"Sentence {chooser.randrange(10**6)}.",
                "ruling": _ruling(chooser, may_reject=True, story=story),
            }
            if chooser.random() < 0.5:
                update["at"] = self.tick()
            return action.model_copy(update=update)
        return action

    def maybe_call_pause(self, state: OuatState) -> CallPause | None:
        if self.chooser.random() >= CALL_PAUSE:
            return None
        return CallPause(player=self.chooser.choice(state.players), at=self.tick())


def _check_state(state: OuatState, where: str) -> None:
    assert sorted(all_cards(state)) == EVERY_CARD, f"{where}: a card was lost or duplicated"
    restored = OuatState.model_validate_json(state.model_dump_json())
    assert restored == state, f"{where}: the state does not round-trip through JSON"
    for line in state.story:
        assert all(0 <= earlier < line.index for earlier in line.kept_against), (
            f"{where}: sentence {line.index} is kept against a sentence not before it"
        )


def _kept(line: Sentence) -> bool:
    return bool(line.kept_against)


def _check_views(state: OuatState, where: str) -> None:
    for player in state.players:
        hand = [c["id"] for c in GAME.view(state, player)["hand"]]
        assert hand == state.hands[player], f"{where}: {player}'s view shows a wrong hand"
        others = {c for p in state.players if p != player for c in state.hands[p]}
        assert not others & set(hand), f"{where}: {player}'s view shows another's cards"
    spectator = GAME.view(state, None)
    assert "hand" not in spectator and "endings" not in spectator, f"{where}: spectator hand"


def _try_every_listed_action(state: OuatState, actions: list[Action], where: str) -> None:
    before = state.model_dump_json()
    for action in actions:
        try:
            GAME.apply(state, action)
        except Exception as refusal:  # any refusal of a listed action is a bug
            pytest.fail(f"{where}: listed action {action!r} refused: {refusal!r}")
    assert state.model_dump_json() == before, f"{where}: apply changed the state it was given"


def play_one(seed: int, events: Counter[str]) -> bool:
    """Play game ``seed``; True when it finished within the step cap.

    Every step checks the cards and the JSON round trip. Probed steps (all of the first
    ``FULLY_CHECKED`` games, ``SPOT_CHECK`` of the others) also try every listed action of the
    chosen player and check every seat's view, which costs an ``apply`` per action.
    """
    agent = Agent(seed)
    players = NAMES[: 2 + seed % 5]
    state = GAME.new_game(OuatConfig(players=players), seed)
    _check_state(state, f"seed {seed} setup")
    _check_views(state, f"seed {seed} setup")
    for step in range(STEP_CAP):
        outcome = GAME.outcome(state)
        if outcome.finished:
            assert outcome.winners == [state.winner]
            assert all(not GAME.legal_actions(state, p) for p in players)
            break
        where = f"seed {seed} step {step}"
        call = agent.maybe_call_pause(state)
        if call is not None:
            try:
                applied = GAME.apply(state, call)
            except IllegalActionError:
                events["call_pause_refused"] += 1
            else:
                events["call_pause_accepted"] += 1
                state = applied.state
                _check_state(state, f"{where} (pause)")
                continue
        legal = {player: GAME.legal_actions(state, player) for player in players}
        player = agent.pick_player(state, legal)
        probe = seed < FULLY_CHECKED or agent.chooser.random() < SPOT_CHECK
        if probe:
            _try_every_listed_action(state, legal[player], where)
        action = agent.randomise(agent.pick_action(legal[player]), state)
        try:
            applied = GAME.apply(state, action)
        except Exception as refusal:  # any refusal of the chosen action is a bug
            pytest.fail(f"{where}: {action!r} refused: {refusal!r}")
        events.update(event.kind for event in applied.events)
        if sum(map(_kept, applied.state.story)) > sum(map(_kept, state.story)):
            events["line_kept_against_its_flag"] += 1
        state = applied.state
        _check_state(state, where)
        if probe:
            _check_views(state, where)
    _check_views(state, f"seed {seed} end")
    return GAME.outcome(state).finished


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts(chunk):
    events: Counter[str] = Counter()
    seeds = range(chunk * CHUNK, (chunk + 1) * CHUNK)
    finished = sum(play_one(seed, events) for seed in seeds)
    print(f"chunk {chunk}: {finished} of {len(seeds)} games finished; events {dict(events)}")
    assert finished >= MIN_FINISHED * len(seeds), (
        f"only {finished} of {len(seeds)} games finished within {STEP_CAP} steps"
    )
    # The agent really exercises the rules, not just a happy path.
    for kind in [
        "play",
        "interrupt",
        "interrupt_failed",
        "vote_closed",
        "pass",
        "discard",
        "turn_lost",
        "challenge",
        "ending_rejected",
        "incoherence_flagged",
        "line_kept_against_its_flag",
        "game_over",
        "call_pause_accepted",
        "call_pause_refused",
    ]:
        assert events[kind] > 0, f"no {kind!r} in chunk {chunk}: {dict(events)}"
