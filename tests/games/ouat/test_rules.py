"""Each rule of ouat.md as behaviour: interrupts, votes, pass, pause, challenges, endings, decks."""

import pytest

from referee.core.errors import IllegalActionError
from referee.core.ruling import Ruling
from referee.games.ouat import GAME
from referee.games.ouat.actions import (
    CallPause,
    Challenge,
    Discard,
    End,
    Interrupt,
    Pass,
    Play,
    Tell,
    Vote,
)
from tests.games.ouat.helpers import accept, card, reject, rig, run, table, unclear

FOUR = ["Ana", "Ben", "Cy", "Dee"]


def four(**options):
    state = table(FOUR, first="Ana", seed=3, **options)
    return rig(
        state,
        {
            "Ana": ["King", "Sword", "Forest"],
            "Ben": ["Wolf", "Key", "Journey"],
            "Cy": ["Bird", "Witch", "Dragon"],
            "Dee": ["Door", "Fire"],
        },
    )


def two():
    state = table(["Ana", "Ben"], first="Ana", seed=4)
    return rig(state, {"Ana": ["King", "Sword"], "Ben": ["Wolf", "Key"]})


def apply(state, action):
    result = GAME.apply(state, action)
    return result.state, [e.kind for e in result.events]


def wolf_sentence(state):
    return run(state, Tell(player="Ana", text="A wolf came out of the forest.", at=10.0))


def empty_hand(state, player):
    state = state.model_copy(deep=True)
    state.story_deck += state.hands[player]
    state.hands[player] = []
    return state


# --- interrupts ---------------------------------------------------------------------------------


def test_element_interrupt_succeeds():
    state = wolf_sentence(four())
    state, kinds = apply(
        state, Interrupt(player="Ben", card=card("Wolf"), ruling=accept("wolf"), at=11.0)
    )
    assert state.storyteller == "Ben" and state.turn == 2
    assert len(state.hands["Ana"]) == 4 and len(state.hands["Ben"]) == 2
    assert state.table[-1].ruling.evidence == ["wolf"]
    assert state.last_spoken_at == 11.0
    assert kinds[:2] == ["interrupt", "draw"]


def test_failed_interrupt_discards_and_draws_two():
    state = wolf_sentence(four())
    state, kinds = apply(
        state, Interrupt(player="Cy", card=card("Dragon"), ruling=reject("no dragon here"))
    )
    assert state.storyteller == "Ana"
    assert card("Dragon") in state.story_discard
    assert len(state.hands["Cy"]) == 4
    assert "interrupt_failed" in kinds


def test_unclear_interrupt_goes_to_the_uninvolved_players():
    state = wolf_sentence(four())
    state, _ = apply(state, Interrupt(player="Ben", card=card("Wolf"), ruling=unclear()))
    assert state.vote.voters == ["Cy", "Dee"]
    state = run(state, Vote(player="Cy", agree=True), Vote(player="Dee", agree=True))
    assert state.storyteller == "Ben"
    assert state.table[-1].ruling.decided_by == "vote"


def test_interrupt_vote_tie_storyteller_keeps_and_card_returns():
    state = wolf_sentence(four())
    state = run(state, Interrupt(player="Ben", card=card("Wolf")), Vote(player="Cy", agree=True))
    state, kinds = apply(state, Vote(player="Dee", agree=False))
    assert "interrupt_tied" in kinds
    assert state.storyteller == "Ana"
    assert card("Wolf") in state.hands["Ben"] and len(state.hands["Ben"]) == 3


def test_interrupt_vote_tie_house_rule_interrupter_wins():
    state = wolf_sentence(four(interrupt_tie="interrupter_wins"))
    state = run(
        state,
        Interrupt(player="Ben", card=card("Wolf")),
        Vote(player="Cy", agree=True),
        Vote(player="Dee", agree=False),
    )
    assert state.storyteller == "Ben"


def test_vote_closes_as_soon_as_a_majority_is_reached():
    state = table(["Ana", "Ben", "Cy", "Dee", "Eve"], first="Ana", seed=1)
    state = rig(state, {"Ben": ["Wolf"]})
    state = run(
        state, Tell(player="Ana", text="A wolf."), Interrupt(player="Ben", card=card("Wolf"))
    )
    assert state.vote.voters == ["Cy", "Dee", "Eve"]
    state = run(state, Vote(player="Cy", agree=False), Vote(player="Dee", agree=False))
    assert state.vote is None and card("Wolf") in state.story_discard


@pytest.mark.parametrize(
    "decision, storyteller, ben_cards",
    [("accept", "Ben", 1), ("reject", "Ana", 3), ("vote", "Ana", 2)],
)
def test_two_players_the_referee_verdict_decides(decision, storyteller, ben_cards):
    state = run(two(), Tell(player="Ana", text="A wolf ran by."))
    ruling = Ruling(decided_by="judge", decision=decision, reason="judge")
    state, kinds = apply(state, Interrupt(player="Ben", card=card("Wolf"), ruling=ruling))
    assert state.vote is None
    assert state.storyteller == storyteller
    assert len(state.hands["Ben"]) == ben_cards
    if decision == "vote":
        assert kinds == ["interrupt_unclear"]
        assert card("Wolf") in state.hands["Ben"]


def test_interrupt_card_only_right_after_a_played_card_of_its_category():
    state = run(
        four(),
        Tell(player="Ana", text="She drew her sword."),
        Play(player="Ana", card=card("Sword"), ruling=accept()),
    )
    state, _ = apply(state, Interrupt(player="Ben", card=card("Key"), by="interrupt_card"))
    assert state.storyteller == "Ben"
    assert state.table[-1].how == "interrupt_card"


def test_simultaneous_interrupts_first_wins_second_fails_without_penalty():
    state = wolf_sentence(four())
    sentence = state.story[-1].index
    state = run(
        state, Interrupt(player="Ben", card=card("Wolf"), sentence=sentence, ruling=accept())
    )
    cy_hand = list(state.hands["Cy"])
    late = Interrupt(player="Cy", card=card("Witch"), sentence=sentence, ruling=accept())
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, late)
    assert caught.value.rule == "first-interrupt-wins"
    assert "without penalty" in str(caught.value)
    assert state.hands["Cy"] == cy_hand


def test_interrupt_shown_during_a_vote_waits_and_loses_if_the_first_wins():
    state = wolf_sentence(four())
    state = run(state, Interrupt(player="Ben", card=card("Wolf")))
    state, kinds = apply(state, Interrupt(player="Cy", card=card("Witch"), ruling=accept()))
    assert kinds == ["interrupt_queued"] and state.vote.queued[0].player == "Cy"
    state = run(state, Vote(player="Cy", agree=True))
    state, kinds = apply(state, Vote(player="Dee", agree=True))
    assert state.storyteller == "Ben"
    assert "interrupt_too_late" in kinds
    assert card("Witch") in state.hands["Cy"] and len(state.hands["Cy"]) == 3


def test_interrupt_shown_during_a_vote_is_settled_if_the_first_fails():
    state = wolf_sentence(four())
    state = run(
        state,
        Interrupt(player="Ben", card=card("Wolf")),
        Interrupt(player="Cy", card=card("Witch"), ruling=accept()),
        Vote(player="Cy", agree=False),
    )
    state, kinds = apply(state, Vote(player="Dee", agree=False))
    assert card("Wolf") in state.story_discard
    assert state.storyteller == "Cy"
    assert kinds.index("interrupt_failed") < kinds.index("interrupt")


def test_storyteller_play_without_ruling_is_put_to_the_others():
    state = run(four(), Tell(player="Ana", text="A sword gleamed."))
    state = run(state, Play(player="Ana", card=card("Sword")))
    assert state.vote.kind == "play" and state.vote.voters == ["Ben", "Cy", "Dee"]
    state, kinds = apply(
        run(state, Vote(player="Ben", agree=False)), Vote(player="Cy", agree=False)
    )
    assert "play_refused" in kinds and card("Sword") in state.hands["Ana"]
    state = run(
        state,
        Tell(player="Ana", text="A sword gleamed again."),
        Play(player="Ana", card=card("Sword")),
        Vote(player="Ben", agree=True),
        Vote(player="Cy", agree=True),
    )
    assert card("Sword") not in state.hands["Ana"]


# --- losing the turn --------------------------------------------------------------------------


def test_pass_draw_one_optional_discard_next_player():
    state, _ = apply(four(), Pass(player="Ana"))
    assert len(state.hands["Ana"]) == 4 and state.discarding == "Ana"
    assert state.storyteller == "Ana"
    state = run(state, Discard(player="Ana"))
    assert len(state.hands["Ana"]) == 4 and state.storyteller == "Ben"


def test_pass_goes_round_the_table():
    state = four()
    for expected in ["Ben", "Cy", "Dee", "Ana"]:
        state = run(state, Pass(player=state.storyteller), Discard(player=state.storyteller))
        assert state.storyteller == expected


def test_pause_over_five_seconds_loses_the_turn():
    state = run(
        four(),
        Tell(player="Ana", text="Once.", at=100.0),
        Tell(player="Ana", text="Exactly five seconds later.", at=105.0),
    )
    assert state.storyteller == "Ana" and len(state.story) == 2
    state, kinds = apply(state, Tell(player="Ana", text="Too late.", at=110.5))
    assert kinds[0] == "turn_lost"
    assert state.storyteller == "Ben" and len(state.story) == 2
    assert len(state.hands["Ana"]) == 4
    assert state.last_spoken_at == 110.5


def test_pause_called_by_another_player():
    state = run(four(), Tell(player="Ana", text="Once.", at=100.0))
    state, _ = apply(state, CallPause(player="Cy", at=106.0))
    assert state.storyteller == "Ben"
    state, _ = apply(state, CallPause(player="Cy", at=111.5))
    assert state.storyteller == "Cy"


def test_incoherence_challenge_upheld_by_vote():
    state = run(
        four(),
        Tell(player="Ana", text="The dead king laughed at dinner."),
        Challenge(player="Ben", reason="the king died"),
    )
    assert state.vote.kind == "incoherence" and state.vote.voters == ["Cy", "Dee"]
    state = run(state, Vote(player="Cy", agree=True), Vote(player="Dee", agree=True))
    assert state.storyteller == "Ben" and len(state.hands["Ana"]) == 4


@pytest.mark.parametrize("votes", [(False, False), (True, False)])
def test_incoherence_challenge_rejected_or_tied_storyteller_continues(votes):
    state = run(four(), Tell(player="Ana", text="It rained."), Challenge(player="Ben"))
    state = run(state, Vote(player="Cy", agree=votes[0]), Vote(player="Dee", agree=votes[1]))
    assert state.storyteller == "Ana" and state.phase == "telling"


def test_incoherence_decided_by_the_table_directly():
    ruling = Ruling(decided_by="table", decision="accept", reason="everyone agreed")
    state = run(four(), Tell(player="Ana", text="x"), Challenge(player="Ben", ruling=ruling))
    assert state.storyteller == "Ben"


@pytest.mark.parametrize(
    "decision, storyteller", [("accept", "Ben"), ("vote", "Ana"), ("reject", "Ana")]
)
def test_two_player_challenge_decided_by_the_referee(decision, storyteller):
    ruling = Ruling(decided_by="judge", decision=decision, reason="contradiction")
    state = run(two(), Tell(player="Ana", text="x"), Challenge(player="Ben", ruling=ruling))
    assert state.storyteller == storyteller


# --- endings ------------------------------------------------------------------------------------


def test_accepted_ending_wins():
    state = empty_hand(four(), "Ana")
    ending = state.endings["Ana"][0]
    state, kinds = apply(
        state,
        End(player="Ana", ending=ending, lead_in=["And so the journey ended."], ruling=accept()),
    )
    assert state.winner == "Ana" and "game_over" in kinds
    assert state.story[-1].kind == "lead_in"
    outcome = GAME.outcome(state)
    assert outcome.finished and outcome.winners == ["Ana"]
    assert outcome.details["cards_in_hand"]["Ana"] == 0


def test_rejected_ending_discarded_draw_one_of_each_next_player():
    state = empty_hand(four(), "Ana")
    ending = state.endings["Ana"][0]
    state, kinds = apply(state, End(player="Ana", ending=ending, ruling=reject("no sense")))
    assert "ending_rejected" in kinds
    assert ending in state.ending_discard
    assert len(state.endings["Ana"]) == 1 and ending not in state.endings["Ana"]
    assert len(state.hands["Ana"]) == 1
    assert state.storyteller == "Ben" and state.winner is None


def test_ending_vote_tie_is_lenient():
    state = empty_hand(four(), "Ana")
    state = run(state, End(player="Ana", ending=state.endings["Ana"][0]))
    assert state.vote.kind == "ending" and state.vote.voters == ["Ben", "Cy", "Dee"]
    state = run(state, Vote(player="Ben", agree=True), Vote(player="Cy", agree=False))
    assert state.vote is not None
    state = run(state, Vote(player="Dee", agree=True))
    assert state.winner == "Ana"


def test_ending_vote_majority_rejects():
    state = empty_hand(four(), "Ana")
    state = run(
        state,
        End(player="Ana", ending=state.endings["Ana"][0]),
        Vote(player="Ben", agree=False),
        Vote(player="Cy", agree=False),
    )
    assert state.winner is None and state.storyteller == "Ben"


def test_multiple_endings_variant_either_may_finish():
    state = empty_hand(four(multiple_endings=True), "Ana")
    assert len(state.endings["Ana"]) == 2
    second = state.endings["Ana"][1]
    state = run(state, End(player="Ana", ending=second, ruling=accept()))
    assert state.winner == "Ana"


def test_swap_ending_variant():
    state = four(swap_ending=True)
    old = state.endings["Ana"][0]
    state, _ = apply(state, Pass(player="Ana", swap_ending=old))
    assert old in state.ending_discard and old not in state.endings["Ana"]
    assert len(state.endings["Ana"]) == 1
    assert len(state.hands["Ana"]) == 5
    assert state.discarding is None and state.storyteller == "Ben"


# --- decks --------------------------------------------------------------------------------------


def test_empty_deck_reshuffles_the_discard_pile():
    state = four().model_copy(deep=True)
    state.story_discard = state.story_deck[:-1]
    state.story_deck = state.story_deck[-1:]
    state, kinds = apply(
        run(state, Tell(player="Ana", text="A wolf.")),
        Interrupt(player="Cy", card=card("Dragon"), ruling=reject()),
    )
    assert "reshuffle" in kinds
    assert len(state.hands["Cy"]) == 4


def test_both_piles_empty_the_draw_is_skipped():
    state = four().model_copy(deep=True)
    state.story_deck, state.story_discard = [], []
    state, _ = apply(state, Pass(player="Ana"))
    assert len(state.hands["Ana"]) == 3


def test_same_seed_same_reshuffle():
    state = four().model_copy(deep=True)
    state.story_discard = state.story_deck
    state.story_deck = []
    one = GAME.apply(state, Pass(player="Ana")).state
    again = GAME.apply(state, Pass(player="Ana")).state
    assert one == again


# --- views -------------------------------------------------------------------------------------


def test_view_shows_only_your_own_hand():
    state = four()
    view = GAME.view(state, "Ben")
    assert [c["id"] for c in view["hand"]] == state.hands["Ben"]
    text = str(view)
    for other in ["Ana", "Cy", "Dee"]:
        for hidden in state.hands[other] + state.endings[other]:
            assert f"'{hidden}'" not in text
    assert "rng" not in view and isinstance(view["story_deck"], int)
    spectator = GAME.view(state, None)
    assert "hand" not in spectator and "endings" not in spectator


# --- the silence clock around other players' claims -------------------------------------------


def sword_vote(at=100.0):
    """Ana tells a line at ``at`` and plays Sword on it with no ruling: the table votes."""
    return run(
        four(),
        Tell(player="Ana", text="A sword gleamed.", at=at),
        Play(player="Ana", card=card("Sword"), at=at + 0.5),
    )


def test_the_time_the_table_spends_voting_is_not_the_storytellers_silence():
    state = run(sword_vote(), Vote(player="Ben", agree=True, at=103.0))
    state, kinds = apply(state, Vote(player="Cy", agree=True, at=106.0))
    assert kinds[-1] == "play" and state.last_spoken_at == 106.0
    state, kinds = apply(state, Tell(player="Ana", text="It was sharp.", at=107.5))
    assert kinds == ["tell"] and state.storyteller == "Ana"
    with pytest.raises(IllegalActionError, match="not more than 5s"):
        GAME.apply(state, CallPause(player="Cy", at=112.0))


def test_a_refused_play_restarts_the_clock_too():
    state = run(sword_vote(), Vote(player="Ben", agree=False, at=103.0))
    state, kinds = apply(state, Vote(player="Cy", agree=False, at=108.0))
    assert "play_refused" in kinds and state.last_spoken_at == 108.0
    state, kinds = apply(state, CallPause(player="Dee", at=113.5))
    assert kinds[0] == "turn_lost", "silent 5.5 s after the vote ended"


def test_a_vote_without_a_timestamp_leaves_the_silence_unmeasured_until_the_next_line():
    state = run(sword_vote(), Vote(player="Ben", agree=True), Vote(player="Cy", agree=True))
    assert state.last_spoken_at is None
    with pytest.raises(IllegalActionError, match="not being measured"):
        GAME.apply(state, CallPause(player="Dee", at=130.0))
    state, kinds = apply(state, Tell(player="Ana", text="It was sharp.", at=140.0))
    assert kinds == ["tell"] and state.last_spoken_at == 140.0


def test_a_failed_interrupt_and_a_rejected_challenge_restart_the_clock():
    state = wolf_sentence(four())
    state = run(state, Interrupt(player="Cy", card=card("Dragon"), ruling=reject(), at=14.0))
    assert state.storyteller == "Ana" and state.last_spoken_at == 14.0
    state = run(state, Challenge(player="Ben", at=18.0))
    state = run(state, Vote(player="Cy", agree=False, at=20.0))
    state, kinds = apply(state, Vote(player="Dee", agree=False, at=24.0))
    assert "challenge_rejected" in kinds and state.last_spoken_at == 24.0
    state, kinds = apply(state, Tell(player="Ana", text="The wolf sat down.", at=28.0))
    assert kinds == ["tell"]


def test_an_ending_after_too_long_a_silence_loses_the_turn_instead_of_winning():
    state = run(empty_hand(four(), "Ana"), Tell(player="Ana", text="And so.", at=50.0))
    ending = state.endings["Ana"][0]
    state, kinds = apply(state, End(player="Ana", ending=ending, at=70.0))
    assert kinds[0] == "turn_lost" and state.winner is None
    assert state.storyteller == "Ben" and ending in state.endings["Ana"]
    assert len(state.hands["Ana"]) == 1


def test_a_pass_after_too_long_a_silence_is_the_pause_draw_one_and_no_discard():
    state = run(four(), Tell(player="Ana", text="Once.", at=50.0))
    state, kinds = apply(state, Pass(player="Ana", at=58.0))
    assert kinds[0] == "turn_lost" and "pass" not in kinds
    assert state.discarding is None and state.storyteller == "Ben"
    assert len(state.hands["Ana"]) == 4


# --- interrupts shown while the table votes on a play ------------------------------------------


def wolf_and_king_vote():
    """Ana names a wolf and plays King on the line with no ruling: the table votes."""
    state = run(
        four(),
        Tell(player="Ana", text="A wolf bowed to the king.", at=10.0),
        Play(player="Ana", card=card("King"), at=10.5),
    )
    assert state.vote.kind == "play"
    return state


def test_an_interrupt_shown_during_a_play_vote_waits_and_is_settled_after_it():
    state = wolf_and_king_vote()
    assert Interrupt(player="Ben", card=card("Wolf")) in GAME.legal_actions(state, "Ben")
    state, kinds = apply(state, Interrupt(player="Ben", card=card("Wolf"), ruling=accept()))
    assert kinds == ["interrupt_queued"] and state.vote.kind == "play"
    state = run(state, Vote(player="Cy", agree=True))
    state, kinds = apply(state, Vote(player="Dee", agree=True))
    assert kinds.index("play") < kinds.index("interrupt")
    assert card("King") not in state.hands["Ana"] and state.storyteller == "Ben"


def test_the_first_interrupt_shown_wins_even_if_shown_during_a_play_vote():
    state = run(
        wolf_and_king_vote(),
        Interrupt(player="Ben", card=card("Wolf"), ruling=accept()),
        Interrupt(player="Cy", card=card("Witch"), ruling=accept()),
    )
    assert [q.player for q in state.vote.queued] == ["Ben", "Cy"]
    state = run(state, Vote(player="Cy", agree=False))
    state, kinds = apply(state, Vote(player="Dee", agree=False))
    assert "play_refused" in kinds and state.storyteller == "Ben"
    assert "interrupt_too_late" in kinds and card("Witch") in state.hands["Cy"]


def test_the_storyteller_cannot_interrupt_their_own_play_vote():
    with pytest.raises(IllegalActionError) as refusal:
        GAME.apply(wolf_and_king_vote(), Interrupt(player="Ana", card=card("Sword")))
    assert refusal.value.rule == "no-self-interrupt"


def test_no_interrupt_waits_on_an_ending_vote():
    state = run(empty_hand(four(), "Ana"), Tell(player="Ana", text="And so.", at=50.0))
    state = run(state, End(player="Ana", ending=state.endings["Ana"][0], at=51.0))
    assert state.vote.kind == "ending"
    with pytest.raises(IllegalActionError) as refusal:
        GAME.apply(state, Interrupt(player="Ben", card=card("Wolf")))
    assert refusal.value.rule == "vote-open"
    assert GAME.legal_actions(state, "Ben") == [
        Vote(player="Ben", agree=True),
        Vote(player="Ben", agree=False),
    ]


def test_an_interrupt_after_the_story_changed_hands_says_it_came_too_late():
    state = run(wolf_sentence(four()), Interrupt(player="Ben", card=card("Wolf"), ruling=accept()))
    with pytest.raises(IllegalActionError, match=r"since taking the story.*too late") as refusal:
        GAME.apply(state, Interrupt(player="Cy", card=card("Witch")))
    assert refusal.value.rule == "interrupt-moment"


def test_a_waiting_interrupt_that_takes_the_story_starts_its_clock_when_settled():
    state = run(
        wolf_and_king_vote(),
        Interrupt(player="Ben", card=card("Wolf"), ruling=accept(), at=11.0),
        Vote(player="Cy", agree=True, at=30.0),
    )
    state, kinds = apply(state, Vote(player="Dee", agree=True, at=31.0))
    assert state.storyteller == "Ben" and state.last_spoken_at == 31.0
    state, kinds = apply(state, Tell(player="Ben", text="The wolf ran off.", at=33.0))
    assert kinds == ["tell"]


def test_a_play_after_too_long_a_silence_is_the_pause_and_opens_no_vote():
    state = run(four(), Tell(player="Ana", text="A sword gleamed.", at=100.0))
    state, kinds = apply(state, Play(player="Ana", card=card("Sword"), at=130.0))
    assert kinds[0] == "turn_lost" and state.vote is None
    assert state.storyteller == "Ben" and card("Sword") in state.hands["Ana"]
