"""2,000 seeded bot-only games checked after every action.

Seeds 0-1999; 3 to 6 players cycling over seeds; both scoring variants for every player
count; every fifth game also plays to a target score. Every seat is the referee's bot,
deciding from its own view. After every action: each card of the deck is in exactly one
place (pile, a hand, this round's cards, box), every hand has the size the phase says,
the scores equal a recount from the recorded rounds (an independent recount, below), the
game ends exactly when the pile cannot refill the hands (or the target is reached) and the
winners are the top scorers. The first games are probed harder: the state round-trips
through JSON, ``apply`` leaves its input alone, the bot's move is a listed move, every seat
may act exactly when it has listed actions, and private facts stay out of public events.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from referee.core.game import Applied
from referee.games.dixit import GAME, Action, Clue, DixitConfig, DixitState
from referee.games.dixit.bot import bot_action
from referee.games.dixit.state import RoundRecord
from referee.games.dixit.view import waiting_for
from referee.judge.clue import ClueJudge
from tests.games.dixit.helpers import NAMES, all_cards, bot_move

GAMES = 2000
CHUNKS = 4
CHUNK = GAMES // CHUNKS
PROBED = 60
"""Games whose every step is also probed (JSON round trip, input untouched, legal moves)."""
TARGET = 20
STEP_CAP = 400

RANKER = ClueJudge.lexical()
"""The project's model-free clue judge: the bots rank cards as the lexical service judge does."""


def config_for(seed: int) -> DixitConfig:
    count = 3 + seed % 4
    return DixitConfig(
        players=NAMES[:count],
        scoring="four_points" if (seed // 4) % 2 else "standard",
        target_score=TARGET if seed % 5 == 4 else None,
        bots=NAMES[:count],
    )


def recount(record: RoundRecord, players: list[str], scoring: str) -> dict[str, int]:
    """The points of one recorded round, worked out afresh from its votes and owners."""
    points = dict.fromkeys(players, 0)
    picked = {voter: record.layout[spot - 1] for voter, spot in record.votes.items()}
    finders = [voter for voter, card in picked.items() if card == record.storyteller_card]
    if finders and len(finders) < len(picked):
        bonus = 4 if scoring == "four_points" and len(finders) == 1 else 3
        for player in [record.storyteller, *finders]:
            points[player] += bonus
    else:
        for player in players:
            if player != record.storyteller:
                points[player] += 2
    for card in picked.values():
        if card != record.storyteller_card:
            points[record.owners[card]] += 1
    return points


def check_record(record: RoundRecord, state: DixitState) -> dict[str, int]:
    config = state.config
    assert len(record.layout) == config.laid_out == len(set(record.layout))
    assert record.owners[record.storyteller_card] == record.storyteller
    owned = Counter(record.owners.values())
    assert owned == {p: 1 if p == record.storyteller else config.submissions for p in state.players}
    assert set(record.votes) == {p for p in state.players if p != record.storyteller}
    for voter, spot in record.votes.items():
        assert record.owners[record.layout[spot - 1]] != voter, "a vote for one's own card"
    points = recount(record, state.players, config.scoring)
    assert record.gained == points
    found = [v for v in record.votes if record.voted_card(v) == record.storyteller_card]
    assert record.found == found
    assert record.case == (
        "none" if not found else "all" if len(found) == len(record.votes) else "some"
    )
    return points


def expected_hands(state: DixitState) -> dict[str, int]:
    size = state.config.hand_size
    out = dict.fromkeys(state.players, 0)
    if state.phase == "over":
        last = state.rounds[-1]
        return {p: size - Counter(last.owners.values())[p] for p in state.players}
    if state.storyteller_card is not None:
        out[state.storyteller] = 1
    for player, cards in state.submissions.items():
        out[player] = len(cards)
    return {p: size - out[p] for p in state.players}


def check_state(
    before: DixitState, state: DixitState, every: list[str], tally: dict[str, int]
) -> None:
    assert sorted(all_cards(state)) == every, "a card was lost or duplicated"
    assert {p: len(h) for p, h in state.hands.items()} == expected_hands(state)
    finished = len(state.rounds) > len(before.rounds)
    if finished:
        record = state.rounds[-1]
        points = check_record(record, state)
        for player, gained in points.items():
            tally[player] += gained
        needed = state.config.laid_out
        short = len(before.pile) < needed
        target = state.config.target_score
        reached = target is not None and max(tally.values()) >= target
        assert state.over == (short or reached), "the game must end exactly then"
        if state.over:
            assert len(state.pile) == len(before.pile), "no partial refill at the end"
        else:
            assert len(state.pile) == len(before.pile) - needed
            assert state.storyteller == state.next_player(before.storyteller)
            assert state.round == before.round + 1
    else:
        assert not state.over and state.pile == before.pile
    assert state.scores == tally, "the scores differ from the recount"
    outcome = GAME.outcome(state)
    assert outcome.finished == state.over
    if state.over:
        top = max(tally.values())
        assert outcome.winners == [p for p in state.players if tally[p] == top]
    else:
        assert outcome.winners == []


def probe(before: DixitState, action: Action, applied: Applied[DixitState], where: str) -> None:
    """The harder checks, on the probed games."""
    state = applied.state
    assert DixitState.model_validate_json(state.model_dump_json()) == state, f"{where}: JSON"
    if isinstance(action, Clue):
        listed = [a.card for a in GAME.legal_actions(before, action.player) if isinstance(a, Clue)]
        assert action.card in listed, f"{where}: unlisted clue card"
    else:
        assert action in GAME.legal_actions(before, action.player), f"{where}: unlisted move"
    for player in state.players:
        legal = GAME.legal_actions(state, player)
        mine = bot_action(GAME.view(state, player), RANKER, 0)
        assert (player in waiting_for(state)) == bool(legal) == (mine is not None), where
    hidden = {c for p in state.players for c in state.hands[p]} | set(state.pile)
    for event in applied.events:
        assert event.to in (None, *state.players)
        if event.public:
            text = event.model_dump_json()
            leaked = [c for c in hidden if f'"{c}"' in text]
            assert not leaked, f"{where}: public {event.kind} shows {leaked}"
            if event.kind in ("submitted", "voted"):
                assert set(event.data) <= {"count", "waiting"}, f"{where}: {event.data}"


def play_one(seed: int, seen: Counter[str]) -> None:
    config = config_for(seed)
    state = GAME.new_game(config, seed)
    every = sorted(all_cards(state))
    assert len(every) == 84
    tally = dict.fromkeys(state.players, 0)
    chooser = random.Random(seed)
    probed = seed < PROBED
    check_state(state, state, every, tally)
    for step in range(STEP_CAP):
        if state.over:
            break
        where = f"seed {seed} step {step}"
        action = bot_move(state, RANKER, seed, chooser)
        before_json = state.model_dump_json() if probed else ""
        try:
            applied = GAME.apply(state, action)
        except Exception as refusal:  # a bot's move refused is a bug in the bot or the rules
            pytest.fail(f"{where}: {action!r} refused: {refusal!r}")
        if probed:
            assert state.model_dump_json() == before_json, f"{where}: apply changed its input"
            probe(state, action, applied, where)
        check_state(state, applied.state, every, tally)
        state = applied.state
    else:
        pytest.fail(f"seed {seed}: not over after {STEP_CAP} actions")
    seen.update(record.case for record in state.rounds)
    seen.update(f"gain {g}" for record in state.rounds for g in record.gained.values())
    reached = config.target_score is not None and max(tally.values()) >= config.target_score
    seen["ended target" if reached else "ended pile"] += 1
    if len(GAME.outcome(state).winners) > 1:
        seen["shared win"] += 1


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_bot_playouts(chunk):
    seen: Counter[str] = Counter()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_one(seed, seen)
    print(f"chunk {chunk}: {dict(sorted(seen.items()))}")
    for wanted in ["all", "none", "some", "gain 4", "shared win", "ended pile", "ended target"]:
        assert seen[wanted] > 0, f"no {wanted!r} in chunk {chunk}: {dict(seen)}"
