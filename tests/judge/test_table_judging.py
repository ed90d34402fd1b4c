"""The OUAT table asks the judge about plays and interrupts; the rules act on the ruling."""

from referee.games.ouat import GAME
from referee.games.ouat.actions import Interrupt, Pass, Play, Tell
from referee.judge.base import CardRef
from referee.judge.mention import MentionJudge
from referee.judge.ouat import card_ref
from referee.service.ouat_rulings import with_judge_ruling
from tests.games.ouat.helpers import DECK, card, rig, table

JUDGE = MentionJudge()


def start():
    state = table(["Ana", "Ben", "Cy"], first="Ana", seed=2)
    state = rig(state, {"Ana": ["King", "Forest"], "Ben": ["Wolf", "Dragon"], "Cy": ["Ring"]})
    return GAME.apply(
        state, Tell(player="Ana", text="There was no dragon, but a wolf hunted in the forest.")
    ).state


def test_claims_get_the_judges_ruling_and_the_rules_act_on_it():
    state = start()
    claim = with_judge_ruling(Interrupt(player="Ben", card=card("Dragon")), state, JUDGE, GAME.deck)
    assert claim.ruling.decided_by == "judge" and claim.ruling.decision == "reject"
    assert "negated" in claim.ruling.reason
    after = GAME.apply(state, claim).state
    assert card("Dragon") in after.story_discard  # a failed interrupt

    claim = with_judge_ruling(Interrupt(player="Ben", card=card("Wolf")), state, JUDGE, GAME.deck)
    assert claim.ruling.evidence == ["wolf"] and claim.ruling.score >= 0.5
    after = GAME.apply(state, claim).state
    if claim.ruling.decision == "accept":
        assert after.storyteller == "Ben"
    else:  # "vote": the uninvolved player votes
        assert after.vote is not None and after.vote.voters == ["Cy"]
    assert after.vote is None or after.vote.ruling == claim.ruling


def test_other_actions_and_ruled_claims_pass_through():
    state = start()
    passing = Pass(player="Ana")
    assert with_judge_ruling(passing, state, JUDGE, GAME.deck) is passing
    play = Play(player="Ana", card=card("Forest"))
    ruled = with_judge_ruling(play, state, JUDGE, GAME.deck)
    assert ruled.ruling is not None and ruled.ruling.judge.startswith("minilm-mention@")
    card_interrupt = Interrupt(player="Cy", card=card("Ring"), by="interrupt_card")
    assert with_judge_ruling(card_interrupt, state, JUDGE, GAME.deck) is card_interrupt


def test_a_deck_card_is_judged_with_its_aliases_as_by_its_name():
    """The table passes deck cards with their aliases ("boy", "girl", "baby" for Child);
    the judge is calibrated on cards given by name, and must read both the same."""
    plays = [
        ("One spring the woodcutter's wife gave birth to a boy.", "Child"),
        ("The old woman had slept for a hundred years.", "Asleep"),
        ("A raven watched from the gate.", "Bird"),
        ("They argued all the way to the mill.", "An Argument"),
        ("She swore an oath never to return.", "A Promise"),
    ]
    for sentence, name in plays:
        deck_card = DECK.by_name(name)
        assert deck_card.aliases, name
        with_aliases = JUDGE.mentions(sentence, [], [card_ref(deck_card)])[0]
        by_name = JUDGE.mentions(
            sentence, [], [CardRef(name=deck_card.en, category=deck_card.category)]
        )[0]
        assert (with_aliases.decision, with_aliases.score) == (by_name.decision, by_name.score)
    child = JUDGE.mentions(plays[0][0], [], [card_ref(DECK.by_name("Child"))])[0]
    assert child.decision == "accept" and child.evidence == ["boy"]


def test_a_list_spoken_without_commas_is_no_ground_for_an_interrupt():
    """A table with a transcriber that writes no punctuation: a list of scenery is still a
    passing mention (``spoken.py``), so an interrupt on one of its items fails."""
    state = table(["Ana", "Ben", "Cy"], first="Ana", seed=2)
    state = rig(state, {"Ana": ["King", "Forest"], "Ben": ["Wolf", "Dragon"], "Cy": ["Ring"]})
    line = "along the road there were wolves bears foxes and owls"
    state = GAME.apply(state, Tell(player="Ana", text=line)).state
    claim = with_judge_ruling(Interrupt(player="Ben", card=card("Wolf")), state, JUDGE, GAME.deck)
    assert claim.ruling.decided_by == "judge" and claim.ruling.decision == "reject"
    assert "list" in claim.ruling.reason and claim.ruling.evidence == ["wolves"]
    assert card("Wolf") in GAME.apply(state, claim).state.story_discard
