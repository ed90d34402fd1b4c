"""Text the judge cannot read (another script than Latin) goes to the table, said so."""

import pytest

from referee.judge.base import CardRef
from referee.judge.cases import load_cases
from referee.judge.clue import ClueJudge
from referee.judge.ending import FEATURES as ENDING_FEATURES
from referee.judge.ending import EndingJudge
from referee.judge.lexical import LexicalJudge
from referee.judge.mention import MentionJudge
from referee.judge.script import in_latin_script, unread_lines, unreadable_story
from referee.paths import datasets_dir
from tests.judge.test_story_judges import STORY, StubScorer, bands, coherence_judge

CHINESE_STORY = ["从前有一个国王，他有三个女儿。", "小女儿最善良，每天都去森林里喂鸟。"]
CHINESE_LINE = "有一天，她在森林里遇到了一只会说话的狐狸。"


@pytest.mark.parametrize(
    ("text", "latin"),
    [
        ("One spring his wife gave birth to a boy.", True),
        ("Ça, c'est la forêt où vivait le loup.", True),
        ("The old man bowed and said '你好' twice.", True),
        ("...!", True),
        ("", True),
        (CHINESE_LINE, False),
        ("国王说：OK，我们走吧。", False),
        ("Жил-был царь.", False),
    ],
)
def test_a_text_is_read_when_most_of_its_letters_are_latin(text, latin):
    assert in_latin_script(text) is latin


def test_what_of_a_story_is_unreadable_is_named():
    assert unread_lines(["A king.", CHINESE_LINE, "He died."]) == [1]
    assert unreadable_story(STORY, [CHINESE_LINE], "this sentence") == "this sentence"
    assert unreadable_story(CHINESE_STORY, ["The king died."], "x") == "the story so far"
    assert unreadable_story([*CHINESE_STORY, *STORY], ["The king died."], "x") is None


def test_a_sentence_in_another_script_is_left_to_the_table_unread():
    scorer = StubScorer()
    judgement = coherence_judge(scorer).check(STORY, "国王在宴会上大笑。")
    assert judgement.decision == "vote" and judgement.score == 0.5
    assert judgement.evidence == []
    assert judgement.reason == (
        "Unclear, the table should vote: the judge reads English, and this sentence "
        "is mostly in another script."
    )
    assert scorer.read == []  # the model is not asked what it cannot read


def test_a_story_mostly_in_another_script_is_left_to_the_table():
    judgement = coherence_judge(StubScorer()).check(CHINESE_STORY, "The king laughed.")
    assert judgement.decision == "vote"
    assert "the story so far is mostly in another script" in judgement.reason


def test_an_earlier_line_in_another_script_is_not_read_alone_nor_cited():
    story = [*STORY[:2], "国王死了。", STORY[2]]
    scorer = StubScorer(marker="国王")  # would read the Chinese line as contradicted
    judgement = coherence_judge(scorer).check(story, "The king sat down to dinner.")
    alone = [premise for batch in scorer.read[:-1] for premise, _ in batch]
    assert "国王死了。" not in alone
    assert "国王死了。" not in judgement.evidence


def test_an_ending_or_lead_in_in_another_script_is_left_to_the_table():
    judge = EndingJudge(scorer=StubScorer(), calibration=bands(ENDING_FEATURES, [1, -1, -1, -1]))
    for lead_in, ending in (
        ([], "从此以后，他们过着幸福快乐的生活。"),
        (["她回家了。"], "The end."),
    ):
        judgement = judge.check(STORY, lead_in, ending)
        assert judgement.decision == "vote" and judgement.score == 0.5
        assert "the ending or its lead-in is mostly in another script" in judgement.reason


@pytest.fixture(scope="module")
def mention_judge():
    return MentionJudge()


def test_every_card_is_left_to_the_table_citing_its_chinese_name(mention_judge):
    king = CardRef(name="King", category="character", zh="国王")
    dragon = CardRef(name="Dragon", category="character", zh="龙")
    fox = CardRef(name="Fox", category="character")
    verdicts = mention_judge.mentions("从前有一个国王，他住在山上。", [], [king, dragon, fox])
    assert [v.decision for v in verdicts] == ["vote"] * 3
    assert {v.score for v in verdicts} == {0.5}
    assert [v.evidence for v in verdicts] == [["国王"], [], []]
    assert "the card's Chinese name" in verdicts[0].reason
    assert all("mostly in another script" in v.reason for v in verdicts)
    assert all(v.version == mention_judge.version for v in verdicts)


def test_an_english_sentence_quoting_a_chinese_word_is_read(mention_judge):
    king = CardRef(name="King", category="character", zh="国王")
    verdict = mention_judge.mentions("The king smiled and said '你好'.", [], [king])[0]
    assert verdict.decision == "accept"


def test_the_lexical_judge_leaves_a_chinese_sentence_to_the_table_citing_the_name():
    king = CardRef(name="King", category="character", zh="国王")
    fox = CardRef(name="Fox", category="character", zh="狐狸")
    named, other = LexicalJudge().mentions("从前有一个国王。", [], [king, fox])
    assert (named.decision, named.evidence, named.score) == ("vote", ["国王"], 0.5)
    assert (other.decision, other.evidence) == ("vote", [])
    assert all("mostly in another script" in v.reason for v in (named, other))


def test_a_clue_in_another_script_ranks_no_card_above_another_and_gets_no_tip():
    cards = ["A lighthouse on a cliff at night", "Three rabbits juggling lanterns"]
    judge = ClueJudge.lexical()
    ranking = judge.rank("等待一个永远不会来的人", cards, target=0)
    assert ranking.scores == [0.5, 0.5] and ranking.ranking == [0, 1]
    assert ranking.tip is None
    assert judge.tip("等待", cards[0], cards * 20, layout=6, hand=6) is None


def test_no_case_of_the_chinese_probe_set_gets_a_ruling(mention_judge):
    cases = load_cases([datasets_dir() / "judge" / "mention_probe_zh.jsonl"])
    assert len(cases) == 192 and {case.lang for case in cases} == {"zh"}
    for case in cases:
        verdict = mention_judge.mentions(case.sentence, case.context, [case.card_ref()])[0]
        assert verdict.decision == "vote", case.id
