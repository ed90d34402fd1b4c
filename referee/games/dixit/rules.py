"""The rules of Dixit: what each action does, and when it is refused.

Every check runs on the state as given, before anything is copied or changed; a refusal
names the rule it enforces.

>>> from referee.games.dixit.config import DixitConfig
>>> from referee.games.dixit.setup import new_game
>>> from referee.games.dixit.actions import Clue, Submit
>>> state = new_game(DixitConfig(players=["Ana", "Ben", "Cy", "Dee"], first_storyteller="Ana"), 1)
>>> state.phase
'clue'
>>> apply(state, Submit(player="Ben", cards=[state.hands["Ben"][0]]))
Traceback (most recent call last):
...
referee.core.errors.IllegalActionError: wait for the storyteller's clue before submitting a card
>>> state = apply(state, Clue(player="Ana", card=state.hands["Ana"][0], text="Lost")).state
>>> state.phase, state.clue, len(state.hands["Ana"])
('submitting', 'Lost', 5)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.core.errors import IllegalActionError, MalformedActionError, NotYourTurnError
from referee.core.game import Applied
from referee.core.text import spoken
from referee.games.dixit.actions import Action, Clue, Submit, Vote
from referee.games.dixit.cards import DixitCard
from referee.games.dixit.scoring import score_round
from referee.games.dixit.state import DixitState, RoundRecord
from referee.games.dixit.step import Step


def apply(
    state: DixitState, action: Action, cards: Mapping[str, DixitCard] | None = None
) -> Applied[DixitState]:
    """The game after ``action``, with the events it caused; ``state`` is left unchanged.

    ``cards`` is the table's deck by id (looked up from the configuration when absent).
    """
    cards = state.config.cards() if cards is None else cards
    if action.player not in state.players:
        raise MalformedActionError(f"unknown player {action.player!r}")
    if state.over:
        raise IllegalActionError(f"the game is over: {_and(state.winners())} won", rule="game-over")
    handler, check = _HANDLERS.get(type(action)), _CHECKS.get(type(action))
    if handler is None or check is None:
        raise MalformedActionError(f"not a Dixit action: {type(action).__name__}")
    check(state, action, cards)
    step = Step(state, cards)
    handler(step, action)
    return Applied(state=step.state, events=step.events)


# --- checks (on the unchanged state) ------------------------------------------------------


def _require_known(cards: Mapping[str, DixitCard], card: str) -> None:
    if card not in cards:
        raise MalformedActionError(f"unknown card {card!r}")


def _require_held(state: DixitState, player: str, card: str) -> None:
    if card not in state.hands[player]:
        raise IllegalActionError(f"{player} does not hold card {card!r}", rule="own-card")


def _check_clue(state: DixitState, action: Clue, cards: Mapping[str, DixitCard]) -> None:
    phase = state.phase
    if phase != "clue":
        raise IllegalActionError(
            f"{state.storyteller} has already given this round's clue; "
            + (
                "the other players are submitting cards"
                if phase == "submitting"
                else "it is time to vote"
            ),
            rule="phase",
        )
    if action.player != state.storyteller:
        raise NotYourTurnError(f"only the storyteller ({state.storyteller}) gives the clue")
    if not spoken(action.text):
        raise MalformedActionError("the clue must not be blank")
    _require_known(cards, action.card)
    _require_held(state, action.player, action.card)


def _check_submit(state: DixitState, action: Submit, cards: Mapping[str, DixitCard]) -> None:
    phase = state.phase
    if phase == "clue":
        raise IllegalActionError(
            "wait for the storyteller's clue before submitting a card", rule="phase"
        )
    if phase == "voting":
        raise IllegalActionError(
            "the cards are laid out; it is time to vote, not to submit", rule="phase"
        )
    player = action.player
    if player == state.storyteller:
        raise IllegalActionError(
            "the storyteller does not submit a card; the others submit to them",
            rule="storyteller-abstains",
        )
    if player in state.submissions:
        raise IllegalActionError(f"{player} has already submitted", rule="one-submission")
    for card in action.cards:
        _require_known(cards, card)
    if len(set(action.cards)) != len(action.cards):
        raise MalformedActionError("the same card is submitted twice")
    wanted = state.config.submissions
    if len(action.cards) != wanted:
        variant = " (the 3-player variant)" if wanted == 2 else ""
        raise IllegalActionError(
            f"submit exactly {wanted} card{'s' if wanted > 1 else ''}{variant}, "
            f"not {len(action.cards)}",
            rule="submission-count",
        )
    for card in action.cards:
        _require_held(state, player, card)


def _check_vote(state: DixitState, action: Vote, cards: Mapping[str, DixitCard]) -> None:
    if state.phase != "voting":
        raise IllegalActionError(
            "the cards are not laid out yet; votes come after every submission", rule="phase"
        )
    player = action.player
    if player == state.storyteller:
        raise IllegalActionError("the storyteller does not vote", rule="storyteller-abstains")
    if player in state.votes:
        raise IllegalActionError(f"{player} has already voted", rule="one-vote")
    size = len(state.layout)
    if action.position > size:
        raise MalformedActionError(
            f"there is no card {action.position}: the cards are numbered 1 to {size}"
        )
    if action.position in state.positions_of(player):
        own = "either of your own cards" if state.config.submissions > 1 else "your own card"
        raise IllegalActionError(
            f"card {action.position} is yours; you may not vote for {own}", rule="not-own-card"
        )


# --- what each action does ----------------------------------------------------------------


def _clue(step: Step, action: Clue) -> None:
    state = step.state
    text = spoken(action.text)
    state.hands[action.player].remove(action.card)
    state.storyteller_card = action.card
    state.clue = text
    step.emit("clue", f"{action.player} gives the clue: {text!r}.", player=action.player, clue=text)
    step.emit(
        "clue_card",
        f"Your card for this clue: {step.describe(action.card)}",
        player=action.player,
        to=action.player,
        card=step.shown([action.card])[0],
    )


def _submit(step: Step, action: Submit) -> None:
    state = step.state
    player = action.player
    for card in action.cards:
        state.hands[player].remove(card)
    state.submissions[player] = list(action.cards)
    waiting = [p for p in state.voters if p not in state.submissions]
    step.emit(
        "submitted",
        f"{player} gives {_cards(len(action.cards))} face down.",
        player=player,
        count=len(action.cards),
        waiting=waiting,
    )
    step.emit(
        "submitted_cards",
        "You submitted: " + "; ".join(step.describe(card) for card in action.cards),
        player=player,
        to=player,
        cards=step.shown(action.cards),
    )
    if not waiting:
        _lay_out(step)


def _lay_out(step: Step) -> None:
    """Shuffle the storyteller's card with the submissions and number them 1..N."""
    state = step.state
    assert state.storyteller_card is not None
    laid = [state.storyteller_card]
    for player in state.voters:
        laid.extend(state.submissions[player])
    state.rng.shuffle(laid)
    state.layout = laid
    shown = [{"position": i + 1, **card} for i, card in enumerate(step.shown(laid))]
    step.emit(
        "layout",
        "The cards are laid out: "
        + " ".join(f"{c['position']}. {c['description']}" for c in shown)
        + f" Which one is {state.storyteller}'s?",
        player=state.storyteller,
        layout=shown,
    )


def _vote(step: Step, action: Vote) -> None:
    state = step.state
    player = action.player
    state.votes[player] = action.position
    waiting = [p for p in state.voters if p not in state.votes]
    step.emit("voted", f"{player} has voted.", player=player, waiting=waiting)
    card = state.layout[action.position - 1]
    step.emit(
        "your_vote",
        f"You voted for card {action.position}: {step.describe(card)}",
        player=player,
        to=player,
        position=action.position,
        card=card,
    )
    if not waiting:
        _end_round(step)


def _end_round(step: Step) -> None:
    """Reveal and score, box the laid-out cards, then refill the hands or end the game."""
    state = step.state
    storyteller, card = state.storyteller, state.storyteller_card
    assert card is not None and state.clue is not None
    owned = {card: storyteller}
    for player in state.voters:
        owned.update((submitted, player) for submitted in state.submissions[player])
    owners = {laid: owned[laid] for laid in state.layout}
    votes = {voter: state.votes[voter] for voter in state.voters}
    scored = score_round(
        storyteller,
        owners,
        {voter: state.layout[position - 1] for voter, position in votes.items()},
        state.config.scoring,
    )
    gained = {player: scored.gained.get(player, 0) for player in state.players}
    for player, points in gained.items():
        state.scores[player] += points
    record = RoundRecord(
        round=state.round,
        storyteller=storyteller,
        clue=state.clue,
        storyteller_card=card,
        layout=list(state.layout),
        owners=owners,
        votes=votes,
        gained=gained,
        found=scored.found,
        case=scored.case,
    )
    state.rounds.append(record)
    position = state.layout.index(card) + 1
    found = {"all": "everyone found it", "none": "nobody found it"}.get(
        scored.case, f"found by {_and(scored.found)}"
    )
    step.emit(
        "reveal",
        f"{storyteller}'s card was {position}: {step.describe(card)} ({found}). Points: "
        + ", ".join(f"{p} +{gained[p]}" for p in state.players)
        + ". Scores: "
        + ", ".join(f"{p} {state.scores[p]}" for p in state.players)
        + ".",
        player=storyteller,
        round=state.round,
        storyteller_card=card,
        position=position,
        description=step.describe(card),
        owners=owners,
        votes=votes,
        found=scored.found,
        case=scored.case,
        gained=gained,
        scores=dict(state.scores),
    )
    state.box.extend(state.layout)
    state.clue = None
    state.storyteller_card = None
    state.submissions = {}
    state.layout = []
    state.votes = {}
    _refill_or_end(step)


def _refill_or_end(step: Step) -> None:
    state = step.state
    size = state.config.hand_size
    needed = sum(size - len(state.hands[player]) for player in state.players)
    reasons = []
    if len(state.pile) < needed:
        reasons.append("pile")
    target = state.config.target_score
    if target is not None and max(state.scores.values()) >= target:
        reasons.append("target_score")
    if reasons:
        state.over = True
        winners = state.winners()
        why = (
            f"the draw pile ({len(state.pile)} cards) cannot refill the hands ({needed} needed)"
            if "pile" in reasons
            else f"someone reached {target} points"
        )
        step.emit(
            "game_over",
            f"The game ends: {why}. {_and(winners)} win{'s' if len(winners) == 1 else ''} "
            f"with {state.scores[winners[0]]} points.",
            reasons=reasons,
            pile=len(state.pile),
            needed=needed,
            scores=dict(state.scores),
            winners=winners,
        )
        return
    seat = state.players.index(state.storyteller)
    for player in state.players[seat:] + state.players[:seat]:
        missing = size - len(state.hands[player])
        if missing:
            step.draw(player, missing)
    state.storyteller = state.next_player(state.storyteller)
    state.round += 1
    step.emit(
        "storyteller",
        f"Round {state.round}: {state.storyteller} is the storyteller.",
        player=state.storyteller,
        round=state.round,
    )


def _cards(count: int) -> str:
    """A number of cards in words.

    >>> _cards(1), _cards(2)
    ('a card', '2 cards')
    """
    return "a card" if count == 1 else f"{count} cards"


def _and(names: list[str]) -> str:
    """Names joined in words.

    >>> _and(["Ana"]), _and(["Ana", "Ben"]), _and(["Ana", "Ben", "Cy"])
    ('Ana', 'Ana and Ben', 'Ana, Ben and Cy')
    """
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


_CHECKS: dict[type, Callable[[DixitState, Any, Mapping[str, DixitCard]], None]] = {
    Clue: _check_clue,
    Submit: _check_submit,
    Vote: _check_vote,
}

_HANDLERS: dict[type, Callable[[Step, Any], None]] = {
    Clue: _clue,
    Submit: _submit,
    Vote: _vote,
}
