"""The worked example at the end of ouat.md, step by step."""

from referee.games.ouat import GAME
from referee.games.ouat.actions import Discard, Interrupt, Pass, Play, Tell, Vote
from tests.games.ouat.helpers import accept, card, rig, table

PLAYERS = ["Cliff", "Spike", "Jessica", "Tom", "Anna", "Bo"]


def start():
    state = table(PLAYERS, first="Cliff", seed=11)
    return rig(
        state,
        {
            "Cliff": ["Old Woman", "King", "Wolf", "Sword", "Forest"],
            "Spike": ["Journey", "Village", "Mountain", "Door", "Dragon"],
            "Jessica": ["Key", "Window", "This Animal Can Talk", "Cave", "Ring"],
            "Tom": ["People Meet", "Witch", "Stone", "Fire", "Palace"],
        },
    )


def step(state, action):
    result = GAME.apply(state, action)
    return result.state, result.events


def test_worked_example_step_by_step():
    state = start()
    assert state.storyteller == "Cliff"

    # 1. Cliff opens and plays Old Woman.
    state, _ = step(state, Tell(player="Cliff", text="Once upon a time there was an old woman..."))
    state, _ = step(state, Play(player="Cliff", card=card("Old Woman"), ruling=accept("old woman")))
    # 2. ...a land ruled by an evil king: plays King (one card per sentence, new sentence).
    state, _ = step(
        state,
        Tell(
            player="Cliff",
            text="...she was sad, because she lived in a land ruled by an evil king.",
        ),
    )
    state, _ = step(state, Play(player="Cliff", card=card("King"), ruling=accept("king")))
    assert [p.card for p in state.table] == [card("Old Woman"), card("King")]
    assert len(state.hands["Cliff"]) == 3

    # 3. "...she set off on a long journey..." Spike interrupts with Journey.
    state, _ = step(state, Tell(player="Cliff", text="...she set off on a long journey..."))
    state, events = step(
        state, Interrupt(player="Spike", card=card("Journey"), ruling=accept("journey"))
    )
    assert state.storyteller == "Spike"
    assert len(state.hands["Cliff"]) == 4  # Cliff draws 1
    assert card("Journey") not in state.hands["Spike"]
    assert state.table[-1].how == "element" and state.table[-1].sentence == 2
    assert any(e.kind == "interrupt" for e in events)
    assert any(e.kind == "drew" and e.to == "Cliff" for e in events)

    # 4. Spike plays Village, then Mountain, then Door (a thing).
    for text, name in [
        ("She reached a little village.", "Village"),
        ("Beyond it rose a mountain.", "Mountain"),
        ("She knocked on the door.", "Door"),
    ]:
        state, _ = step(state, Tell(player="Spike", text=text))
        state, _ = step(state, Play(player="Spike", card=card(name), ruling=accept(name.lower())))
    assert state.window is not None and state.window.category == "thing"
    spike_hand = len(state.hands["Spike"])

    # 5. Jessica plays "Interrupt: any thing" right after Door: succeeds.
    state, _ = step(state, Interrupt(player="Jessica", card=card("Key"), by="interrupt_card"))
    assert state.storyteller == "Jessica"
    assert len(state.hands["Spike"]) == spike_hand + 1
    state, _ = step(state, Tell(player="Jessica", text="Through the window she saw a light."))
    state, _ = step(state, Play(player="Jessica", card=card("Window"), ruling=accept("window")))

    # 6. Tom tries People Meet; the others judge no real meeting happened.
    tom_hand = len(state.hands["Tom"])
    state, events = step(state, Interrupt(player="Tom", card=card("People Meet")))
    assert state.phase == "voting"
    assert state.vote.voters == ["Cliff", "Spike", "Anna", "Bo"]
    for voter in ["Cliff", "Spike", "Anna"]:
        state, events = step(state, Vote(player=voter, agree=False))
    assert state.phase == "telling" and state.storyteller == "Jessica"
    assert card("People Meet") in state.story_discard
    assert len(state.hands["Tom"]) == tom_hand - 1 + 2
    assert any(e.kind == "interrupt_failed" for e in events)

    # 7. Jessica plays This Animal Can Talk, then passes; Tom is next.
    state, _ = step(state, Tell(player="Jessica", text="The cat on the sill said good evening."))
    state, _ = step(
        state,
        Play(
            player="Jessica", card=card("This Animal Can Talk"), ruling=accept("the cat ... said")
        ),
    )
    before = len(state.hands["Jessica"])
    state, _ = step(state, Pass(player="Jessica"))
    assert len(state.hands["Jessica"]) == before + 1
    assert state.phase == "discarding"
    state, _ = step(state, Discard(player="Jessica", card=card("Cave")))
    assert len(state.hands["Jessica"]) == before
    assert card("Cave") in state.story_discard
    assert state.storyteller == "Tom"
