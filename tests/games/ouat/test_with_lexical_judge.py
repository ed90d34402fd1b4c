"""A whole game refereed by the lexical judge: its verdicts become the rulings."""

from referee.games.ouat import GAME
from referee.games.ouat.actions import End, Interrupt, Play, Tell, Vote
from referee.judge import LexicalJudge
from referee.judge.ouat import mention_ruling
from tests.games.ouat.helpers import card, rig, table

JUDGE = LexicalJudge()


def test_whole_game_with_lexical_rulings():
    state = rig(
        table(["Ana", "Ben", "Cy"], first="Ana", seed=8),
        {"Ana": ["King", "Forest"], "Ben": ["Wolf"], "Cy": ["Sword"]},
    )

    def tell_and_claim(state, player, text, claimant, name, by="play"):
        state = GAME.apply(state, Tell(player=player, text=text)).state
        ruling = mention_ruling(JUDGE, state, GAME.deck.by_name(name))
        cls = Play if by == "play" else Interrupt
        return GAME.apply(state, cls(player=claimant, card=card(name), ruling=ruling)).state

    state = tell_and_claim(state, "Ana", "Once there was a king.", "Ana", "King")
    # A failed interrupt: the judge finds no sword in the sentence.
    state = tell_and_claim(state, "Ana", "He ruled a quiet land.", "Cy", "Sword", by="interrupt")
    assert card("Sword") in state.story_discard and state.storyteller == "Ana"
    state = tell_and_claim(state, "Ana", "Beyond the forest lived a wolf.", "Ana", "Forest")
    # Ben's Wolf was named in that sentence: his interrupt succeeds.
    state = GAME.apply(
        state,
        Interrupt(
            player="Ben",
            card=card("Wolf"),
            ruling=mention_ruling(JUDGE, state, GAME.deck.by_name("Wolf")),
        ),
    ).state
    assert state.storyteller == "Ben"
    assert state.table[-1].ruling.judge == "lexical@1"
    assert state.table[-1].ruling.evidence == ["wolf"]
    ending = state.endings["Ben"][0]
    state = GAME.apply(
        state, End(player="Ben", ending=ending, lead_in=["The wolf went home at last."])
    ).state
    for voter in state.vote.voters:
        if state.vote is None:
            break
        state = GAME.apply(state, Vote(player=voter, agree=True)).state
    assert GAME.outcome(state).winners == ["Ben"]
