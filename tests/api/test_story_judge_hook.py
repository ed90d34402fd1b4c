"""With a story judge, tells get its coherence ruling and endings its ending ruling, over HTTP."""

from fastapi.testclient import TestClient

from api.main import create_app
from tests.api.ouat_http import OuatTable
from tests.service.scripted_judge import ScriptedStoryJudge

PLAYERS = ["Ana", "Ben", "Cy"]
KING = "Once there was a king."
NONSENSE = "The dead king laughed at dinner."


def judged(judge, db=":memory:"):
    return TestClient(create_app(db, judge_factory=lambda: judge))


def kinds(events):
    return [event["kind"] for event in events]


def test_an_incoherent_sentence_is_flagged_to_every_seat_and_voted_on(tmp_path):
    db = str(tmp_path / "tables.sqlite3")
    judge = ScriptedStoryJudge("reject")  # no card is named: no hints to wade through
    judge.by_sentence[NONSENSE] = "reject"
    with judged(judge, db) as client:
        table = OuatTable(client, PLAYERS, first="Ana")
        told = table.ok("Ana", type="tell", text=KING)
        assert kinds(told["events"]) == ["tell"]
        assert told["events"][0]["data"]["ruling"]["judge"] == "scripted-story@2"
        assert told["events"][0]["data"]["ruling"]["decision"] == "accept"

        flagged = table.ok("Ana", type="tell", text=NONSENSE)
        assert kinds(flagged["events"]) == ["tell", "incoherence_flagged", "vote_opened"]
        for seat in [*PLAYERS, None]:
            [flag] = [e for e in table.events(seat) if e["kind"] == "incoherence_flagged"]
            assert flag["data"]["evidence"] == [KING] and flag["to"] is None
            assert flag["message"] == "The referee flags the story as incoherent: " + (
                "scripted story: reject"
            )
        vote = flagged["view"]["vote"]
        assert vote["kind"] == "incoherence" and vote["voters"] == ["Ben", "Cy"]
        assert vote["ruling"]["evidence"] == [KING] and vote["ruling"]["decision"] == "accept"
        refused = table.act("Ana", type="tell", text="And then?")
        assert refused.status_code == 409 and refused.json()["rule"] == "vote-open"

        table.ok("Ben", type="vote", agree=True)
        lost = table.ok("Cy", type="vote", agree=True)
        assert lost["view"]["storyteller"] == "Ben" and "turn_lost" in kinds(lost["events"])
        assert judge.story_calls == [("coherence", [], KING), ("coherence", [KING], NONSENSE)]
        before = {seat: (table.table(seat), table.events(seat)) for seat in [*PLAYERS, None]}

    with TestClient(create_app(db)) as client:
        assert client.app.state.judge is None
        table.client = client
        assert {seat: (table.table(seat), table.events(seat)) for seat in before} == before


def test_a_client_ruling_on_a_tell_is_refused():
    judge = ScriptedStoryJudge()
    with judged(judge) as client:
        table = OuatTable(client, PLAYERS, first="Ana")
        ruling = {"decided_by": "judge", "decision": "accept", "reason": "trust me"}
        response = table.act("Ana", type="tell", text=KING, ruling=ruling)
        assert response.status_code == 422 and response.json()["error"] == "malformed_action"
        assert table.table()["seq"] == 0 and judge.story_calls == []


def play_out_the_hand(table, seat):
    """``seat`` names and plays every story card in hand (the scripted judge accepts)."""
    for card in table.hand(seat):
        table.tell_and_play(seat, card)
    assert table.hand(seat) == []


def test_a_rejected_ending_sends_the_storyteller_to_draw_and_hand_over():
    judge = ScriptedStoryJudge(fits="reject")
    with judged(judge) as client:
        table = OuatTable(client, PLAYERS, first="Ana")
        play_out_the_hand(table, "Ana")
        ending = table.endings("Ana")[0]
        told = [line["text"] for line in table.table()["view"]["story"]]
        ended = table.ok("Ana", type="end", ending=ending, lead_in=["At last it was over."])
        assert "ending_rejected" in kinds(ended["events"])
        assert ended["events"][0]["data"]["ruling"]["decision"] == "reject"
        assert ended["view"]["storyteller"] == "Ben" and ended["view"]["winner"] is None
        assert len(table.hand("Ana")) == 1, "Ana drew a story card"
        assert len(table.endings("Ana")) == 1 and ending not in table.endings("Ana")
        assert judge.story_calls[-1][:3] == ("ending", told, ["At last it was over."])


def test_an_unclear_ending_opens_the_table_vote():
    with judged(ScriptedStoryJudge(fits="vote")) as client:
        table = OuatTable(client, PLAYERS, first="Ana")
        play_out_the_hand(table, "Ana")
        ended = table.ok("Ana", type="end", ending=table.endings("Ana")[0])
        vote = ended["view"]["vote"]
        assert vote["kind"] == "ending" and vote["voters"] == ["Ben", "Cy"]
        assert vote["ruling"]["decision"] == "vote" and vote["ruling"]["decided_by"] == "judge"
        table.ok("Ben", type="vote", agree=True)
        assert table.ok("Cy", type="vote", agree=True)["view"]["winner"] == "Ana"


def test_in_a_two_player_game_the_judge_decides_a_challenge():
    """Nobody is uninvolved to vote: the judge's verdict on the latest line decides, and an
    unclear verdict lets the story stand (as for interrupts)."""
    for verdict, storyteller in [("reject", "Ben"), ("accept", "Ana"), ("vote", "Ana")]:
        judge = ScriptedStoryJudge("reject")
        with judged(judge) as client:
            table = OuatTable(client, ["Ana", "Ben"], first="Ana")
            table.ok("Ana", type="tell", text=KING)
            table.ok("Ana", type="tell", text=NONSENSE)  # judged coherent when told
            judge.by_sentence[NONSENSE] = verdict  # and as scripted when challenged
            answer = table.ok("Ben", type="challenge", reason="The king is dead.")
            ruling = answer["events"][0]["data"]["ruling"]
            assert ruling["judge"] == "scripted-story@2"
            assert judge.story_calls[-1] == ("coherence", [KING], NONSENSE)
            assert answer["view"]["storyteller"] == storyteller, verdict


def test_with_voters_a_challenge_carries_the_judges_evidence_to_them():
    judge = ScriptedStoryJudge("reject")
    with judged(judge) as client:
        table = OuatTable(client, PLAYERS, first="Ana")
        table.ok("Ana", type="tell", text=KING)
        table.ok("Ana", type="tell", text="He had a daughter.")
        judge.by_sentence["He had a daughter."] = "vote"
        vote = table.ok("Cy", type="challenge")["view"]["vote"]
        assert vote["kind"] == "incoherence" and vote["voters"] == ["Ben"]
        assert vote["ruling"]["decision"] == "vote" and vote["ruling"]["evidence"] == [KING]


def keep_a_flagged_line(judge, client):
    """Ana tells KING, then NONSENSE, which the judge flags against KING; the table keeps it."""
    table = OuatTable(client, PLAYERS, first="Ana")
    table.ok("Ana", type="tell", text=KING)
    judge.by_sentence[NONSENSE] = "reject"
    table.ok("Ana", type="tell", text=NONSENSE)
    table.ok("Ben", type="vote", agree=False)
    kept = table.ok("Cy", type="vote", agree=False)
    assert kept["view"]["storyteller"] == "Ana" and kept["view"]["vote"] is None
    assert kept["view"]["story"][1]["kept_against"] == [0]
    return table


def test_a_conflict_the_table_kept_is_not_flagged_again():
    """The judge reads the story whole, so the lines that go on from a kept one meet the same
    conflict; a flag that cites only the sentences the kept line was flagged against (and the
    kept line, or a line not flagged again before it) is not raised again: the referee's
    accept, with the judge's evidence and score. One that cites a kept line alone, or any
    other sentence, or comes after a line that was not kept, is raised."""
    judge = ScriptedStoryJudge("reject")
    with judged(judge) as client:
        table = keep_a_flagged_line(judge, client)
        first, second = "Then the dead king ordered more wine.", "The dead king laughed once more."
        for line, cited in [(first, [KING]), (second, [first, NONSENSE, KING])]:
            judge.by_sentence[line], judge.cites[line] = "reject", cited
            told = table.ok("Ana", type="tell", text=line)
            assert kinds(told["events"]) == ["tell"] and told["view"]["vote"] is None
            ruling = told["events"][0]["data"]["ruling"]
            assert (ruling["decided_by"], ruling["decision"]) == ("referee", "accept")
            assert ruling["evidence"] == cited and ruling["score"] == 0.1
        assert ruling["reason"] == (
            "The judge finds it at odds with sentences 1, 2 and 3, a conflict the table "
            "weighed when it voted to keep sentence 2: not flagged again."
        )
        story = told["view"]["story"]
        assert [line.get("kept_against") for line in story] == [None, [0], [0], [0]]
        plain = "The queen smiled."
        table.ok("Ana", type="tell", text=plain)
        for line, cited in [
            ("But the wine had all been poured away that morning.", [KING]),  # not kept before
            ("Yet the king had never laughed in his life.", [NONSENSE]),  # the kept line alone
            ("The king drank alone.", [KING, plain]),  # a sentence not weighed
        ]:
            judge.by_sentence[line], judge.cites[line] = "reject", cited
            flagged = table.ok("Ana", type="tell", text=line)
            assert kinds(flagged["events"]) == ["tell", "incoherence_flagged", "vote_opened"]
            assert flagged["view"]["vote"]["ruling"]["evidence"] == cited
            table.ok("Ben", type="vote", agree=False)
            table.ok("Cy", type="vote", agree=False)


def test_a_challenge_on_a_conflict_the_table_kept_gets_the_judges_own_verdict():
    """Only the referee's own flag is not raised again: a player who challenges asks the
    table, and the voters see what the judge finds."""
    judge = ScriptedStoryJudge("reject")
    with judged(judge) as client:
        table = keep_a_flagged_line(judge, client)
        line = "The dead king sang at the feast."
        table.ok("Ana", type="tell", text=line)  # coherent when told
        judge.by_sentence[line], judge.cites[line] = "reject", [KING]
        vote = table.ok("Ben", type="challenge")["view"]["vote"]
        assert vote["kind"] == "incoherence" and vote["voters"] == ["Cy"]
        # In the challenge's terms: the judge upholds it, citing the conflict.
        assert (vote["ruling"]["decided_by"], vote["ruling"]["decision"]) == ("judge", "accept")
        assert vote["ruling"]["evidence"] == [KING]


def test_a_run_of_kept_lines_ends_where_the_table_rules_a_line_incoherent():
    judge = ScriptedStoryJudge("reject")
    with judged(judge) as client:
        table = keep_a_flagged_line(judge, client)
        line = "Then the dead king ordered more wine."
        judge.by_sentence[line], judge.cites[line] = "reject", [KING]
        assert table.ok("Ana", type="tell", text=line)["view"]["vote"] is None  # not again
        challenged = table.ok("Ben", type="challenge")  # the judge upholds it, citing KING
        assert challenged["view"]["vote"]["ruling"]["decision"] == "accept"
        lost = table.ok("Cy", type="vote", agree=True)
        assert lost["view"]["storyteller"] == "Ben"
        assert "kept_against" not in lost["view"]["story"][2], "ruled incoherent: not kept"
        next_line = "The king's ghost walked the halls."
        judge.by_sentence[next_line], judge.cites[next_line] = "reject", [KING]
        flagged = table.ok("Ben", type="tell", text=next_line)
        assert kinds(flagged["events"]) == ["tell", "incoherence_flagged", "vote_opened"]


def test_only_the_conflict_of_the_run_just_kept_is_not_flagged_again():
    """A sentence settled earlier in the game is not weighed again by a later, other run."""
    judge = ScriptedStoryJudge("reject")
    with judged(judge) as client:
        table = keep_a_flagged_line(judge, client)  # sentence 2 kept against sentence 1
        queen = "The queen had lost her voice."
        table.ok("Ana", type="tell", text=queen)  # coherent: the run ends
        sings = "The queen sang at the feast."
        judge.by_sentence[sings], judge.cites[sings] = "reject", [queen]
        table.ok("Ana", type="tell", text=sings)
        table.ok("Ben", type="vote", agree=False)
        kept = table.ok("Cy", type="vote", agree=False)["view"]["story"]
        assert kept[3]["kept_against"] == [2]
        for line, cited in [
            ("The dead king clapped.", [KING]),
            ("All cheered.", [NONSENSE, sings]),
        ]:
            judge.by_sentence[line], judge.cites[line] = "reject", cited
            flagged = table.ok("Ana", type="tell", text=line)
            assert kinds(flagged["events"]) == ["tell", "incoherence_flagged", "vote_opened"]
            table.ok("Ben", type="vote", agree=False)
            table.ok("Cy", type="vote", agree=False)
