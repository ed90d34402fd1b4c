"""The lexical judge: the card's words and their forms, negation, hypotheticals, back-references."""

import pytest

from referee.judge import CardRef, LexicalJudge

JUDGE = LexicalJudge()


def verdict(sentence, name, category="character", context=(), aliases=(), zh=None):
    card = CardRef(name=name, category=category, aliases=tuple(aliases), zh=zh)
    return JUDGE.mentions(sentence, list(context), [card])[0]


@pytest.mark.parametrize(
    "sentence, name, category, evidence",
    [
        ("Two wolves howled at the gate.", "Wolf", "character", "wolves"),
        ("She hid in the cellar.", "Hidden", "aspect", "hid"),
        ("An old woman lived alone.", "Old Woman", "character", "old woman"),
        ("Three old women sat spinning.", "Old Woman", "character", "old women"),
        ("The king's horse was white.", "King", "character", "king's"),
        ("They had an argument about bread.", "An Argument", "event", "argument"),
    ],
)
def test_card_words_and_inflections_are_accepted(sentence, name, category, evidence):
    result = verdict(sentence, name, category)
    assert result.decision == "accept"
    assert result.evidence == [evidence]
    assert result.score > 0.5


def test_aliases_and_chinese_names():
    assert (
        verdict("She wandered into the woods.", "Forest", "place", aliases=["woods"]).decision
        == "accept"
    )
    assert verdict("The old 国王 was angry.", "King", zh="国王").decision == "accept"
    chinese = verdict("国王很生气。", "King", zh="国王")  # a sentence it cannot read
    assert chinese.decision == "vote" and chinese.evidence == ["国王"]


def test_event_verbs_through_aliases():
    result = verdict("They met at the crossroads.", "People Meet", "event", aliases=["meet"])
    assert result.decision == "accept" and result.evidence == ["met"]


def test_no_word_for_the_card_is_rejected():
    result = verdict("Deep snoring came from the cave.", "Monster")
    assert result.decision == "reject" and result.evidence == []
    assert "Monster" in result.reason


@pytest.mark.parametrize(
    "sentence, name, category",
    [
        ("The old farmer counted his coins.", "Farm", "place"),
        ("He drank a mug of beer at the inn.", "Bee", "character"),
        ("The blacksmith was a widower with five children.", "Widow", "character"),
        ("A villager waved from the bridge.", "Town", "place"),
    ],
)
def test_a_word_in_er_is_no_form_of_a_noun_or_event(sentence, name, category):
    """ "farmer" is no *Farm* and "beer" no *Bee* (nor, by an alias, "villager" a *Town*):
    only an aspect's words have degrees."""
    aliases = ("village",) if name == "Town" else ()
    assert verdict(sentence, name, category, aliases=aliases).decision == "reject"


def test_an_aspects_comparative_is_its_form():
    result = verdict("She had never been happier.", "Happy", "aspect")
    assert result.evidence == ["happier"]


def test_negation_is_rejected():
    result = verdict("There was no dragon in that land.", "Dragon")
    assert result.decision == "reject" and "negated" in result.reason


def test_hypothetical_goes_to_the_vote():
    assert verdict("If a witch came, they would flee.", "Witch").decision == "vote"
    assert verdict("If she called, the dragon would come.", "Dragon").decision == "vote"


@pytest.mark.parametrize(
    "sentence, name, category",
    [
        ("She wanted to see the world, so she set off on a journey.", "Journey", "event"),
        ("He hoped for gold, but he found a dragon.", "Dragon", "character"),
        ("They feared the night, and then a wolf came.", "Wolf", "character"),
    ],
)
def test_a_wish_ends_with_its_clause(sentence, name, category):
    """A comma and a word that opens a new clause end a wish's reach; what follows is real."""
    assert verdict(sentence, name, category).decision == "accept"


def test_repeated_full_mention_names_again_but_a_pronoun_does_not():
    context = ["A wolf lived in the hills."]
    assert verdict("The wolf slept.", "Wolf", context=context).decision == "accept"
    assert verdict("It slept all day.", "Wolf", context=context).decision == "reject"


def test_one_call_judges_every_card_in_order():
    cards = [CardRef(name=n, category="thing", id=n.lower()) for n in ["Sword", "Ring", "Key"]]
    results = JUDGE.mentions("She took the key and the sword.", [], cards)
    assert [r.card for r in results] == ["sword", "ring", "key"]
    assert [r.decision for r in results] == ["accept", "reject", "accept"]
    assert all(r.judge == "lexical" and r.version for r in results)


def test_verdict_becomes_a_ruling():
    ruling = verdict("A wolf!", "Wolf").to_ruling()
    assert ruling.decided_by == "judge" and ruling.decision == "accept"
    assert ruling.judge == "lexical@1" and ruling.evidence == ["wolf"]
