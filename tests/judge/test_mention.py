"""The model judge on the labeling guide's examples, run with the real MiniLM model."""

from dataclasses import replace

import numpy as np
import pytest

from referee.judge.base import CardRef
from referee.judge.bench import CONTEXT, SENTENCES, table_cards
from referee.judge.cases import load_cases
from referee.judge.cross_encoder import (
    CARDS_PER_ROW,
    TableInput,
    batch_tensors,
    get_table_scorer,
)
from referee.judge.lexicon import POSITIVE, PhraseIndex, card_forms, lexicon_entry
from referee.judge.mention import (
    CONTEXT_LOOK_BACK,
    FAR_FROM_CARD_BELOW,
    FAR_FROM_UNDEFINED_CARD_BELOW,
    SECOND_STAGE_FEATURES,
    MentionJudge,
    far_from_card,
    second_stage_rows,
)
from referee.judge.text import tokenize, words
from referee.paths import datasets_dir


@pytest.fixture(scope="module")
def judge():
    return MentionJudge()


def one(judge, sentence, name, category, context=()):
    return judge.mentions(sentence, list(context), [CardRef(name=name, category=category)])[0]


NAMED = [
    ("One spring his wife gave birth to a boy.", "Child", "character"),
    ("Two wolves howled at the moon.", "Wolf", "character"),
    ("She hid behind the curtain.", "Hidden", "aspect"),
    ("They walked into the woods.", "Forest", "place"),
    ("He drew a blade from his belt.", "Sword", "thing"),
    ("A stallion galloped past the inn.", "Horse", "character"),
    ("An oak stood alone on the hill.", "Tree", "place"),
    ("They met at the crossroads.", "People Meet", "event"),
]
NOT_NAMED = [
    ("There was no dragon in that land.", "Dragon", "character"),
    ("If a witch came, they would run.", "Witch", "character"),
    ("They planned to meet.", "People Meet", "event"),
    ("The bells began to ring.", "Ring", "thing"),
    ("She had a heart of stone.", "Stone", "thing"),
    ("He was a lion in battle.", "Lion", "character"),
    ("They passed villages with horses, shepherdesses, frogs and giants.", "Horse", "character"),
    ("An animal watched them from the bushes.", "Wolf", "character"),
    ("A dog barked all night.", "Wolf", "character"),
    ("The queen smiled at the guests.", "King", "character"),
    ("Deep snoring came from the cave.", "Monster", "character"),
    ("Hoof-beats sounded on the road.", "Horse", "character"),
    ("Smoke rose over the hill.", "Fire", "thing"),
    ("That was the key question.", "Key", "thing"),
]


@pytest.mark.parametrize("sentence, name, category", NAMED)
def test_guide_examples_named_score_above_half(judge, sentence, name, category):
    verdict = one(judge, sentence, name, category)
    assert verdict.score >= 0.5, verdict.reason
    assert verdict.decision != "reject"
    assert verdict.evidence


@pytest.mark.parametrize("sentence, name, category", NOT_NAMED)
def test_guide_examples_not_named_score_below_half(judge, sentence, name, category):
    verdict = one(judge, sentence, name, category)
    assert verdict.score < 0.5, verdict.reason
    assert verdict.decision != "accept"


ODD_LINES = [
    "🐉🐉",
    "boy 🐉🐉 born",
    "\u0001 boy born",
    "zzz qqq",
    "a boy was born",
    "Deep in the forest, something snored inside a cave.",
]
"""Lines a transcriber or a client may send, some with nothing a card's name comes near."""


@pytest.mark.parametrize("sentence", ODD_LINES)
def test_a_verdicts_score_agrees_with_its_decision(judge, sentence):
    """A rejection scores under one half and an acceptance at least one half, whichever rule
    decided it: a card nothing comes near kept stage one's score, 0.58 for a line of emoji."""
    for verdict in judge.mentions(sentence, [], table_cards()):
        if verdict.decision == "reject":
            assert verdict.score < 0.5, (verdict.card, verdict.score, verdict.reason)
        if verdict.decision == "accept":
            assert verdict.score >= 0.5, (verdict.card, verdict.score, verdict.reason)


PLAIN_PLAYS = [
    ("She found a boat.", "Boat", "thing"),
    ("Then, on the road, she met a horse.", "Horse", "character"),
    ("In the grass at her feet lay a key.", "Key", "thing"),
    ("The children ran all the way to the village.", "Village", "place"),
    ("A wolf came out of the trees.", "Wolf", "character"),
    ("He crossed the bridge at noon.", "Bridge", "place"),
    ("The queen sat down by the fire.", "Queen", "character"),
    ("There was a tower on the hill.", "Tower", "place"),
    ("The old man picked up a sword.", "Sword", "thing"),
    ("A storm rose over the sea.", "Storm", "event"),
    ("The fisherman pushed his boat into the water.", "Boat", "thing"),
    ("Her brother was a giant.", "Giant", "character"),
]
"""Ordinary plays: the card's own word, used literally, in a plain sentence."""
PLAIN_CONTEXT = ["Once upon a time a girl lived at the edge of a forest."]


@pytest.fixture(scope="module")
def plain_verdicts(judge):
    return [one(judge, *play, context=PLAIN_CONTEXT) for play in PLAIN_PLAYS]


def test_plain_plays_are_never_rejected(plain_verdicts):
    assert all(v.decision != "reject" for v in plain_verdicts), [v.reason for v in plain_verdicts]
    assert all(v.evidence for v in plain_verdicts)


@pytest.mark.xfail(
    strict=True,
    reason="below target since found on 2026-11-30 (fifth session): the cross-encoder, "
    "trained on data where most uses of a card's own word are the guide's traps, doubts "
    "plain short plays (0.16 for 'She found a boat.'), and the judge accepts 9 of these "
    "12 as measured in the 65th session (3 before precedents, 7 with the first memory, 8 "
    "from the 22nd to the 31st session and from the 35th), leaving the rest to the vote "
    "(models/judge/README.md, limits)",
)
def test_plain_plays_are_accepted(plain_verdicts):
    accepted = sum(v.decision == "accept" for v in plain_verdicts)
    assert accepted >= 10, [(v.card, v.decision, v.score) for v in plain_verdicts]


OPENED_PLAYS = [
    ("Then, the king and the queen rode out.", "King", "character"),
    ("Then, the king and the queen rode out.", "Queen", "character"),
    ("Meanwhile, the witch and the cat were plotting.", "Witch", "character"),
    ("That night, the wolf and the fox crept out.", "Wolf", "character"),
    ("Inside the cave, the dragon and the knight fought.", "Dragon", "character"),
    ("Years later, the boy and the girl met again.", "Boy", "character"),
]
"""Two characters after an opening that says when or where: until 2026-12-04 the opening
counted as a list's first item and both characters were rejected as passing mentions."""


@pytest.mark.parametrize(("sentence", "name", "category"), OPENED_PLAYS)
def test_an_opening_and_two_subjects_are_not_a_list_of_scenery(judge, sentence, name, category):
    verdict = one(judge, sentence, name, category, context=PLAIN_CONTEXT)
    assert verdict.decision != "reject", verdict.reason
    assert "list" not in verdict.reason
    assert verdict.evidence == [name.lower()]


@pytest.mark.parametrize(
    ("sentence", "name", "category"),
    [
        ("Oh no, the tree fell on the house!", "Tree", "thing"),
        ("Without warning, the thief ran off.", "Thief", "character"),
        ("If you ask me, the wolf was the real hero.", "Wolf", "character"),
        ("As the dragon flew over the town, everyone hid.", "Dragon", "character"),
    ],
)
def test_a_cue_of_an_opening_clause_stops_at_its_comma(judge, sentence, name, category):
    """Until 2026-12-04 each of these was rejected as negated, hypothetical or figurative."""
    verdict = one(judge, sentence, name, category, context=PLAIN_CONTEXT)
    assert verdict.decision != "reject", verdict.reason
    assert not any(cue in verdict.reason for cue in ("negated", "hypothetical", "figurative"))


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The wedding was to take place at midsummer.", "reject"),
        ("The wedding will be held at midsummer.", "reject"),
        ("They will marry at midsummer.", "reject"),
        ("The wedding was held at midsummer.", "accept"),
    ],
)
def test_an_event_only_to_come_has_not_entered_the_story(judge, sentence, expected):
    assert one(judge, sentence, "Wedding", "event").decision == expected


@pytest.mark.parametrize(
    ("sentence", "name", "category", "expected"),
    [
        ("They're hoping to find some treasure in the cave.", "Treasure", "thing", "reject"),
        ("She's pretending to be a ghost.", "Ghost", "character", "reject"),
        ("He almost died of the fever.", "Death", "event", "reject"),
        ("The girl threw a coin into the wishing well.", "Well", "place", "accept"),
    ],
)
def test_what_is_hoped_or_pretended_or_almost_done_has_not_entered(
    judge, sentence, name, category, expected
):
    assert one(judge, sentence, name, category).decision == expected


def test_a_thing_the_story_has_is_not_hypothetical_for_being_wanted(judge):
    """Until 2026-12-04 "wanted" made any word after it hypothetical, and Crown was rejected."""
    sentence = "The princess wanted the crown for herself, and she took it that night."
    verdict = one(judge, sentence, "Crown", "thing", context=PLAIN_CONTEXT)
    assert verdict.decision != "reject", verdict.reason
    assert "hypothetical" not in verdict.reason
    wished = one(judge, "The princess wanted a crown of her own.", "Crown", "thing")
    assert wished.decision == "reject"
    assert "hypothetical" in wished.reason


def test_what_a_modal_does_to_a_thing_the_story_has_is_not_hypothetical(judge):
    """Until 2026-12-04 any "would", "could" or "should" before a word made it hypothetical:
    "they could see the sea" rejected Sea, and "who should they meet but a bear" Bear."""
    seen = one(judge, "From the hill they could see the sea.", "Sea", "place")
    assert seen.decision != "reject", seen.reason
    assert "hypothetical" not in seen.reason
    met = one(judge, "And who should they meet there but a bear?", "Bear", "character")
    assert "hypothetical" not in met.reason  # the models decide (0.08, near the reject band)
    imagined = one(judge, "He swore he would never become a beggar.", "Beggar", "character")
    assert imagined.decision == "reject"


def test_what_a_negative_pronoun_leaves_alone_is_not_negated(judge):
    """Until 2026-12-04 "no one opened the door" rejected Door and "nothing but a wolf" Wolf."""
    door = one(judge, "He knocked, but no one opened the door.", "Door", "thing")
    assert door.decision != "reject", door.reason
    assert "negated" not in door.reason
    only = one(judge, "Nothing but a wolf could have left such tracks.", "Wolf", "character")
    assert "negated" not in only.reason
    denied = one(judge, "No one had a horse in that village.", "Horse", "character")
    assert denied.decision == "reject"
    assert "negated" in denied.reason


def test_a_reason_cites_another_sense_before_a_negation_or_a_modal(judge):
    """Until 2026-12-04 a reason cited the first of a match's cues alphabetically, so "She
    could not bear the thought" was rejected as hypothetical."""
    verdict = one(judge, "She could not bear the thought of leaving him.", "Bear", "character")
    assert verdict.decision == "reject"
    assert "used as a verb" in verdict.reason


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("Her first patient was a goatherd with a broken arm.", "Patient"),
        ("His cart held every kind of ribbon a seamstress could want.", "Kind"),
        ("The hunters had never tracked a beast of that kind before.", "Kind"),
        ("He had seen many wolves, but none of this kind.", "Kind"),
        ("Her first patient that day was a fox with a sore paw.", "Patient"),
    ],
)
def test_an_adjective_used_as_a_noun_of_another_sense_is_rejected(judge, sentence, name):
    """Both were accepted or left to the vote until 2026-12-05 (probes b and c)."""
    verdict = one(judge, sentence, name, "aspect")
    assert verdict.decision == "reject"
    assert "used as a noun" in verdict.reason


@pytest.mark.parametrize(
    ("sentence", "name", "category"),
    [
        ("The farmer sowed the barley before the rain came.", "Pig", "character"),
        ("The hunters trailed the wolf for three days and nights.", "Path", "place"),
        ("The council tabled the question of the bridge until the spring.", "Table", "thing"),
        ("At dawn the smith began to forge a sword for the prince.", "Workshop", "place"),
    ],
)
def test_a_kind_of_a_noun_card_used_as_a_verb_does_not_name_it(judge, sentence, name, category):
    """ "sow" and "trail" name *Pig* and *Path* as nouns; until the sixty-eighth session their
    verb forms did too ("the council tabled" was accepted as a council table)."""
    verdict = one(judge, sentence, name, category)
    assert verdict.decision != "accept"
    assert verdict.score < 0.5


def test_an_adjective_used_as_a_noun_of_its_own_sense_is_not_that_cue(judge):
    """Only words mostly used as nouns of another sense are read so (the lexicon's
    ``noun_elsewhere``): "her magic" and a patient person keep the card's sense."""
    for sentence, name in [
        ("Her magic was stronger than any spell of the old king's.", "Magic"),
        ("A patient woman waited by the well for three days.", "Patient"),
    ]:
        assert "used as a noun" not in one(judge, sentence, name, "aspect").reason


def test_a_list_after_an_opening_is_still_a_list(judge):
    verdict = one(judge, "At the market, apples, pears and plums were sold.", "Pear", "thing")
    assert verdict.decision == "reject"
    assert "list" in verdict.reason


@pytest.mark.parametrize(
    ("sentence", "name", "category", "compound", "decisions"),
    [
        # scored 0.08-0.09, near stage two's reject band (0.08 to 0.11 as refits moved it)
        (
            "The monk drew the king's family tree on a scroll.",
            "Tree",
            "thing",
            "family tree",
            {"reject", "vote"},
        ),
        (
            "They rested under a horse chestnut by the road.",
            "Horse",
            "character",
            "horse chestnut",
            {"reject"},
        ),
        (
            "The old soldier was a bad egg, and everyone knew it.",
            "Egg",
            "thing",
            "bad egg",
            {"reject"},
        ),
    ],
)
def test_another_things_name_holding_the_cards_word_does_not_name_it(
    judge, sentence, name, category, compound, decisions
):
    """WordNet's compounds (``lexicon_builder.Builder.compounds``): until 2026-12-04 these
    were matched as the card's own word."""
    verdict = one(judge, sentence, name, category, context=PLAIN_CONTEXT)
    assert verdict.decision in decisions, verdict.reason
    assert verdict.evidence == [compound]
    assert "the name of another thing" in verdict.reason


def test_a_compound_left_to_the_vote_is_cited_as_another_things_name(judge):
    sentence = "That was the last straw, and the miller sold the mill."
    verdict = one(judge, sentence, "Straw", "thing", context=PLAIN_CONTEXT)
    assert verdict.decision != "accept"
    assert verdict.evidence == ["last straw"]
    assert "the name of another thing" in verdict.reason


def test_the_cards_own_word_beside_a_compound_still_names_it(judge):
    sentence = "A fairy flew in at the window and told them a fairy tale."
    verdict = one(judge, sentence, "Fairy", "character", context=PLAIN_CONTEXT)
    assert verdict.decision == "accept", verdict.reason
    assert verdict.evidence == ["fairy"]


def test_back_reference_and_repeated_mention(judge):
    context = ["She found a rusty sword in the river."]
    assert one(judge, "She picked it up.", "Sword", "thing", context).decision == "reject"
    assert one(judge, "She lifted the sword.", "Sword", "thing", context).score >= 0.5


def test_a_back_reference_looks_for_the_card_in_the_recent_story_only(judge):
    """``She picked it up.`` refers back to a sword told of within the last
    ``CONTEXT_LOOK_BACK`` sentences; one told of long before is not what "it" means."""
    sword = CardRef(name="Sword", category="thing")
    filler = ["The days went by."] * (CONTEXT_LOOK_BACK - 1)
    recent = ["She found a rusty sword in the river.", *filler]
    long_ago = ["She found a rusty sword in the river.", "Years passed.", *filler]
    analyses = [
        judge.analyse("She picked it up.", story, [sword])[0] for story in (recent, long_ago)
    ]
    assert [a.values["back_reference"] for a in analyses] == [1.0, 0.0]


def test_the_story_index_finds_what_a_line_by_line_search_finds():
    """``PhraseIndex`` (one index per call, shared by every card) against the plain search
    of each line, over every card of the deck and the stories of the table plays, and one
    story of all those lines (more runs than a card has forms, where the short stories have
    fewer)."""
    stories = [c.context for c in load_cases([datasets_dir() / "judge" / "mention_table.jsonl"])]
    long_story = [line for story in stories for line in story]
    assert sum(len(words(tokenize(line))) for line in long_story) > 2000
    for story in [*stories[::10], long_story]:
        lines = [words(tokenize(line)) for line in story]
        index = PhraseIndex(lines)
        for card in table_cards(112):
            forms = card_forms(card)
            expected = any(forms.occur_in(line, POSITIVE) for line in lines)
            assert index.has_any(forms, POSITIVE) == expected, (card.name, story)


def test_an_accept_without_a_lexicon_word_cites_the_models_best_span(judge):
    """The models may accept with no word of the lexicon; the reason must not then say nothing
    names the card."""
    plays = [  # from our calibration file
        (
            "The three brothers left home and went out into the wide world to seek their fortune.",
            "Journey",
            "event",
        ),
        (
            "She climbed down the ivy and slipped away into the night, leaving her prison behind.",
            "Escape",
            "event",
        ),
    ]
    verdicts = [one(judge, *play) for play in plays]
    accepted = [v for v in verdicts if v.decision == "accept"]
    assert accepted, [(v.card, v.decision, v.score) for v in verdicts]
    for verdict in accepted:
        assert verdict.evidence and "describes" in verdict.reason, verdict.reason


def test_an_accept_with_only_a_near_miss_cites_what_describes_the_card(judge):
    """A broader term alone does not name the card; when the models still accept (a woman
    whose husband drowned is a widow), the reason cites the description, never the broader
    term as not naming it."""
    sentence = "In the fishing village lived a woman whose husband had drowned at sea."
    verdict = one(judge, sentence, "Widow", "character")
    assert verdict.decision == "accept", (verdict.decision, verdict.score)
    assert "describes Widow" in verdict.reason, verdict.reason
    assert "does not name" not in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    ("sentence", "name", "category"),
    [
        ("A big bird landed on the knight's shoulder and stared at him.", "Falcon", "character"),
        ("From the tall grass sprang a great beast and knocked him down.", "Tiger", "character"),
        ("The sailors sighted land at last.", "Island", "place"),
    ],
)
def test_a_broader_term_alone_is_rejected_with_the_guides_reason(judge, sentence, name, category):
    """Stage two rejects a broader term alone that the cross-encoder scores low, where its band
    would leave it to the vote; a described one ("a building with a steeple") it does not."""
    verdict = one(judge, sentence, name, category)
    assert verdict.decision == "reject", (verdict.decision, verdict.score)
    assert "a broader term does not name it" in verdict.reason, verdict.reason


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("Out of the broken egg rolled a ruby the size of a plum.", "Jewel"),
        ("He split the logs with an old hatchet.", "Axe"),
        ("The thief drew a stiletto from his boot.", "Dagger"),
    ],
)
def test_a_kind_of_the_card_used_plainly_is_never_rejected(judge, sentence, name):
    """The guide names kinds ("a boy" for *Child*): where the models doubt one, the table
    votes, and a verdict never contradicts its score."""
    verdict = one(judge, sentence, name, "thing")
    assert verdict.decision != "reject", (verdict.decision, verdict.score)
    assert "is a kind of" in verdict.reason, verdict.reason
    assert (verdict.decision == "accept") <= (verdict.score >= 0.5), verdict.score


@pytest.mark.parametrize(
    ("sentence", "name", "category"),
    [
        ("The old miser bit the ducat to see whether it was real gold.", "Coin", "thing"),
        ("A seagull swooped down and snatched the bread out of her hand.", "Bird", "character"),
        ("The old soldier took his musket down from the wall.", "Weapon", "thing"),
        ("The children watched a molly dart between the stones of the pool.", "Fish", "character"),
    ],
)
def test_a_kind_the_lexicons_hyponyms_leave_out_names_the_card(judge, sentence, name, category):
    """Rare or deep WordNet kinds (``lexicon.KIND``) name the card, as the guide says."""
    verdict = one(judge, sentence, name, category)
    assert verdict.decision == "accept", (verdict.decision, verdict.score, verdict.reason)
    assert "is a kind of" in verdict.reason, verdict.reason


def test_a_kind_keeps_the_cues_against_it_and_a_capital_makes_it_a_name(judge):
    negated = one(judge, "There was no seagull anywhere on that grey shore.", "Bird", "character")
    assert negated.decision == "reject" and "negated" in negated.reason, negated.reason
    girl = one(judge, "In the night Molly crept down to the harbour.", "Fish", "character")
    assert girl.evidence == [] and girl.decision != "accept", (girl.evidence, girl.decision)


def test_a_described_broader_term_is_not_rejected_for_being_broader(judge):
    sentence = "The building with the steeple, where the villagers prayed on Sundays, stood empty."
    verdict = one(judge, sentence, "Church", "place")
    assert verdict.decision != "reject", (verdict.decision, verdict.score)


def test_a_cited_description_keeps_the_negation_that_opens_it(judge):
    verdict = one(judge, "No one could see him when he wore the ring.", "Invisible", "aspect")
    assert verdict.decision != "reject", (verdict.decision, verdict.score)
    assert verdict.evidence and verdict.evidence[0].startswith("No one"), verdict.evidence


def test_negation_and_hypothetical_are_decided_with_a_reason(judge):
    verdict = one(judge, "There was no dragon in that land.", "Dragon", "character")
    assert verdict.decision == "reject" and "negated" in verdict.reason
    assert verdict.evidence == ["dragon"]
    verdict = one(judge, "If a witch came, they would run.", "Witch", "character")
    assert verdict.decision == "reject" and "hypothetical" in verdict.reason


def test_an_events_irregular_verb_is_read_with_its_negation(judge):
    """ "forgave" is a form of *Forgiveness* (PIPELINE 62), so its negation is read; before,
    the phrase was taken as describing the card and went to the vote."""
    verdict = one(judge, "She never forgave him for what he did.", "Forgiveness", "event")
    assert verdict.decision == "reject" and "negated" in verdict.reason, verdict
    assert verdict.evidence == ["forgave"]


def test_an_event_denied_after_a_clause_about_it_did_not_happen(judge):
    """The denial may follow a clause saying which event it is (PIPELINE 68); before, the
    judge accepted the tournament that "was never held"."""
    sentence = "But the tournament the king had promised for midsummer was never held."
    verdict = one(judge, sentence, "A Tournament", "event")
    assert verdict.decision == "reject" and "negated" in verdict.reason, verdict
    verdict = one(
        judge,
        "The tournament the king had promised was held at midsummer.",
        "A Tournament",
        "event",
    )
    assert verdict.decision == "accept", verdict


def test_a_name_given_is_another_sense_and_anything_but_denies(judge):
    """A capitalised word right after "called" or "named" is a name, and "anything but" after
    a linking verb denies (PIPELINE 80); before, the judge accepted both."""
    verdict = one(judge, "The widow's old dog was called Lucky.", "Lucky", "aspect")
    assert verdict.decision == "reject" and "name given" in verdict.reason, verdict
    verdict = one(judge, "Yet he was anything but lazy, and rose before the sun.", "Lazy", "aspect")
    assert verdict.decision == "reject" and "negated" in verdict.reason, verdict
    verdict = one(judge, "but no she's so greedy now she wants a palace", "Greedy", "aspect")
    assert verdict.decision == "accept", verdict


def test_out_of_nowhere_and_birth_to_twins_name_the_card(judge):
    """ "out of nowhere" is read whole however far from the word, and no verb follows "to" in
    "-s" (PIPELINE 82); before, the judge rejected both as negated and as a verb."""
    sentence = "out of nowhere there's this crone hobbling up the path with a lantern"
    verdict = one(judge, sentence, "Crone", "character")
    assert verdict.decision == "accept", verdict
    verdict = one(judge, "At last she gave birth to twins.", "Twin", "character")
    assert verdict.decision == "accept", verdict


def test_a_kind_mostly_used_as_a_verb_names_the_card_as_a_noun_only(judge):
    """ "a swallow" names *Bird* since the sixty-ninth session (PIPELINE 65); the verb is read
    as another sense, as every naming word of a noun card is."""
    verdict = one(judge, "A swallow swooped down and carried her off.", "Bird", "character")
    assert verdict.decision == "accept", verdict.reason
    verdict = one(judge, "The prince could not swallow a single bite.", "Bird", "character")
    assert verdict.decision == "reject" and "used as a verb" in verdict.reason, verdict.reason


def test_one_call_judges_the_whole_table(judge):
    cards = [
        CardRef(name=n, category=c, id=n.lower())
        for n, c in [
            ("Wolf", "character"),
            ("Forest", "place"),
            ("Ring", "thing"),
            ("King", "character"),
        ]
    ]
    verdicts = judge.mentions("A wolf ran through the forest.", [], cards)
    assert [v.card for v in verdicts] == ["wolf", "forest", "ring", "king"]
    for verdict in verdicts:
        assert verdict.decision in {"accept", "reject", "vote"}
        assert 0.0 <= verdict.score <= 1.0
        assert verdict.reason and verdict.judge == "minilm-mention"
        assert verdict.version == judge.version
    assert verdicts[0].score > verdicts[2].score and verdicts[1].score > verdicts[3].score
    assert judge.mentions("Anything.", [], []) == []


def test_the_version_names_the_calibrations(judge):
    stricter = replace(judge.second_stage, accept_at=judge.second_stage.accept_at + 0.01)
    other = MentionJudge(
        embedder=judge.embedder,
        calibration=judge.calibration,
        second_stage=stricter,
        scorer=judge.scorer,
        memory=judge.memory,
    )
    assert "+cal-" in judge.version and other.version != judge.version
    assert other.version.split("+cal-")[0] == judge.version.split("+cal-")[0]


@pytest.mark.parametrize("bf16, tolerance", [(False, 1.01e-4), (True, 0.01)])
def test_a_cards_verdict_does_not_depend_on_the_other_cards_at_the_table(bf16, tolerance):
    """Impartiality: the verdict on a card is the same alone (a claim) and among a whole table
    (the live hints), whatever the other players hold and in whatever order. In float32 the
    scores agree to about 2e-7, so the verdicts' scores, rounded to four places, to one unit
    of that rounding (a score of 0.07355 rounds either way); bfloat16 sums rows of other
    lengths in another order (differences near 0.003)."""
    judge = MentionJudge(scorer=get_table_scorer(bf16=bf16))
    cards = table_cards(30)
    sentence = "One spring the woodcutter's wife gave birth to a boy."
    at_table = judge.mentions(sentence, CONTEXT, cards)
    shuffled = judge.mentions(sentence, CONTEXT, cards[::-1])[::-1]
    for card, verdict, other_order in zip(cards, at_table, shuffled, strict=True):
        alone = judge.mentions(sentence, CONTEXT, [card])[0]
        assert verdict.score == pytest.approx(alone.score, abs=tolerance)
        assert other_order.score == pytest.approx(alone.score, abs=tolerance)
        if not bf16:
            assert (verdict.decision, other_order.decision) == (alone.decision, alone.decision)


def test_the_largest_table_the_api_takes_is_read_in_rows_each_card_as_alone():
    """200 cards with names of the longest the cross-encoder reads (12 tokens) go in
    several rows of one padded batch (one row of about 2,700 tokens took three times as
    long), and each card still scores as it does alone."""
    scorer = get_table_scorer(bf16=False)
    cards = [
        CardRef(
            name=f"The Enchanted Golden Ring of the Seventh Mountain King {n}", category="thing"
        )
        for n in range(199)
    ] + [CardRef(name="Wolf", category="character")]
    assert len(cards) > 3 * CARDS_PER_ROW
    sentence = "A wolf ran through the woods."
    scores = scorer.scores(CONTEXT, sentence, cards)
    assert scores.shape == (200,)
    for index in (0, CARDS_PER_ROW, 150, 199):
        alone = scorer.scores(CONTEXT, sentence, [cards[index]])[0]
        assert scores[index] == pytest.approx(alone, abs=1e-5)
    assert scores[199] > scores[0]


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("The miller rode to town to sell his flour.", "Town"),
        ("Early on Sunday the farmer drove his cow to market.", "Market"),
    ],
)
def test_a_place_reached_with_to_is_named_not_read_as_a_verb(judge, sentence, name):
    """ "to market" is where someone goes; until the twentieth session the judge rejected
    it as the verb "to market", another sense of the word."""
    verdict = one(judge, sentence, name, "place")
    assert verdict.decision == "accept", verdict.reason
    assert "verb" not in verdict.reason


def test_a_character_called_by_its_name_in_dialogue_is_named(judge):
    """ "you thief!" calls the thief; until the twentieth session the judge rejected it as
    the verb after "you", another sense of the word."""
    verdict = one(judge, '"Come back here, you thief!" shouted the baker.', "Thief", "character")
    assert verdict.decision == "accept", verdict.reason


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ('"Fire the cannon!" shouted the admiral, and the great gun boomed.', "Fire"),
        ('"Ring the bell, the wolves are coming!" he cried.', "Ring"),
        ('"Light a candle, child, the fire has gone out," her grandmother said.', "Light"),
        ('"Saddle my horse and be quick about it," the knight told the stable boy.', "Saddle"),
    ],
)
def test_a_bidden_verb_does_not_name_the_thing(judge, sentence, name):
    """ "Fire the cannon!" bids someone fire it; until the fifty-ninth session the judge
    accepted *Fire* (0.88), *Ring*, *Light* and *Saddle* (0.77 to 0.97) for such orders."""
    verdict = one(judge, sentence, name, "thing")
    assert verdict.decision == "reject", verdict.reason
    assert "used as a verb" in verdict.reason


@pytest.mark.parametrize(
    ("sentence", "name", "category"),
    [
        ("All night long the hounds bay at the moon under the walls.", "Bay", "place"),
        ("They stood on the cliff and watched the ships sail into the harbour.", "Sail", "thing"),
        ("Eight black ravens rose from the well and flew off.", "Rose", "thing"),
        ("The soldiers combed the forest for the missing prince.", "Comb", "thing"),
        ("That very night his hired guards desert him and take the horses.", "Desert", "place"),
    ],
)
def test_a_plural_subjects_verb_does_not_name_the_thing(judge, sentence, name, category):
    """ "the hounds bay at the moon": until the sixtieth session *Bay* was accepted (0.86),
    and so was *Sail* for the ships that sail into the harbour."""
    verdict = one(judge, sentence, name, category)
    assert verdict.decision == "reject", verdict.reason
    assert "used as a verb" in verdict.reason


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("The old woman could hardly bear the cold.", "Bear"),
        ("The giant boasted that no one could ever fool him.", "Fool"),
        ("But she totally fools them with a fake beard and walks out the gate.", "Fool"),
    ],
)
def test_an_adverb_between_a_modal_or_subject_and_the_verb_keeps_it_a_verb(judge, sentence, name):
    """ "could hardly bear", as "could not bear" was already read."""
    verdict = one(judge, sentence, name, "character")
    assert verdict.decision == "reject", verdict.reason
    assert "used as a verb" in verdict.reason


def test_a_verb_after_its_subject_pronoun_is_no_list_item(judge):
    """ "he returns, tanned and bearded, and walks": until the sixty-first session the list
    cue read "returns", "tanned", "bearded" as a list and rejected *A Return* (0.04)."""
    verdict = one(
        judge,
        "Years later he returns, tanned and bearded, and walks right up to the old gate.",
        "A Return",
        "event",
    )
    assert verdict.decision == "accept", verdict.reason


def test_one_spoken_to_between_biddings_is_no_list_item(judge):
    """ "Please, my lady, come in and sit": until the sixty-first session the list cue read
    "please", "my lady", "come in", "sit ..." as a list and rejected *Lady* (0.09)."""
    verdict = one(
        judge,
        '"Please, my lady, come in and sit near the stove," the old servant said.',
        "Lady",
        "character",
    )
    assert verdict.decision == "accept", verdict.reason


def test_what_is_guarded_against_in_case_is_not_named(judge):
    """ "in case goblins ever come, but none ever do": until the sixty-first session
    *Goblin* was accepted (0.78)."""
    verdict = one(
        judge,
        "She keeps a jar of salt by the door in case goblins ever come, though none ever do.",
        "Goblin",
        "character",
    )
    assert verdict.decision == "reject", verdict.reason
    assert "only hypothetical" in verdict.reason


def test_a_near_miss_used_as_a_verb_is_no_near_miss(judge):
    """ "hands it to the girl": until the sixty-first session "hands" was *Glove*'s related
    thing, and the gauntlets were rejected (0.20) as "a related but different thing"."""
    verdict = one(
        judge,
        "The knight tugs off one of his steel gauntlets and hands it to the girl as a token.",
        "Glove",
        "thing",
    )
    assert verdict.decision == "accept", verdict.reason


def test_two_items_and_a_long_one_before_a_spoken_closer_are_a_passing_list(judge):
    """ "jugglers, fire-eaters, a guy with a dancing bear, all that": until the sixty-first
    session a list needed three short items before a long one, and *Juggler* was accepted."""
    verdict = one(
        judge,
        "There were acrobats, clowns, a man with a performing goat, all that, and he walked "
        "straight past them to the tent.",
        "Clown",
        "character",
    )
    assert verdict.decision == "reject", verdict.reason
    assert "list" in verdict.reason


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("The old baker was the salt of the earth, and every child in the lane knew him.", "Salt"),
        ("All the court knew that the queen's nephew was the power behind the throne.", "Throne"),
    ],
)
def test_a_card_word_inside_a_common_idiom_is_not_named(judge, sentence, name):
    """ "the salt of the earth", "the power behind the throne": until the sixty-first session
    neither idiom was in the judge's list, and *Throne* was accepted here."""
    verdict = one(judge, sentence, name, "thing")
    assert verdict.decision == "reject", verdict.reason


def test_a_noun_after_a_plural_is_still_a_noun(judge):
    verdict = one(
        judge, "For three days knights from every land jousted in the lists.", "Knight", "character"
    )
    assert verdict.decision == "accept", verdict.reason


def test_animals_kept_are_named_not_read_as_a_verb(judge):
    """ "kept goats": until the twentieth session "kept" made any word after it a verb."""
    verdict = one(
        judge, "The old woman kept goats and hens behind her cottage.", "Goat", "character"
    )
    assert verdict.decision == "accept", verdict.reason


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("Little Red Riding Hood carried a basket of cakes to her grandmother.", "Basket"),
        ("The pirates buried a chest of coins on the island.", "Chest"),
        ("The miller carried a sack of flour up the hill.", "Sack"),
        ("She offered the traveller a cup of water.", "Cup"),
    ],
)
def test_a_container_of_something_is_never_rejected_as_a_figure(judge, sentence, name):
    """Until the thirty-second session every one of these was rejected: "a <card> of ..."
    read as a measure of something else, like "a storm of arrows"."""
    verdict = one(judge, sentence, name, "thing")
    assert verdict.decision != "reject", verdict.reason
    assert "figurative" not in verdict.reason


def test_a_card_lexicon_says_which_cards_hold_what_follows_of():
    assert lexicon_entry("Basket", "thing")["holds"] is True
    assert lexicon_entry("Potion", "thing")["holds"] is True
    assert lexicon_entry("Storm", "event")["holds"] is False


def test_a_planned_act_named_by_the_cards_word_has_not_happened(judge):
    verdict = one(judge, "They were going to steal the king's crown.", "Theft", "event")
    assert verdict.decision == "reject", verdict.reason
    assert "hypothetical" in verdict.reason


def test_padding_sits_at_position_zero_so_wide_batches_stay_in_the_models_range():
    """A short row padded to a long one's width: its padding must not take position ids
    from the width (past 512, the model's position table, the read fails)."""
    wide = TableInput(
        ids=list(range(1, 701)), token_types=[0] * 700, card_spans=[], story_length=700
    )
    short = TableInput(ids=[1, 2, 3], token_types=[0, 0, 1], card_spans=[(2, 2)], story_length=2)
    positions = batch_tensors([wide, short])["position_ids"]
    assert positions[1].tolist() == [0, 1, 2] + [0] * 697


def test_a_table_is_not_asked_to_vote_on_most_of_its_cards(judge):
    """Six sentences against a six-player table's 30 cards: a sentence names a card or two;
    the rest should be ruled out, not sent to the vote (with the cards of a row of nine
    seeing each other, 76 of these 180 verdicts were votes; each card seeing only the
    story, 32)."""
    cards = table_cards(30)
    verdicts = [v for s in SENTENCES for v in judge.mentions(s, CONTEXT, cards)]
    votes = sum(v.decision == "vote" for v in verdicts)
    assert votes <= 0.2 * len(verdicts), votes


class CountingScorer:
    """The real cross-encoder, counting the cards it is asked to read."""

    def __init__(self) -> None:
        self.scorer = get_table_scorer()
        self.version = self.scorer.version
        self.cards_read = 0

    def scores(self, context, sentence, cards):
        self.cards_read += len(cards)
        return self.scorer.scores(context, sentence, cards)


def test_cards_nothing_comes_near_are_rejected_without_the_cross_encoder():
    """A six-player table's unrelated cards mostly end at stage one, each with a reason;
    a description with no word for its card still goes to the cross-encoder."""
    counting = CountingScorer()
    judge = MentionJudge(scorer=counting)
    cards = table_cards(30)
    verdicts = [v for s in SENTENCES for v in judge.mentions(s, CONTEXT, cards)]
    assert counting.cards_read <= 0.8 * len(verdicts), counting.cards_read
    far = [v for v in verdicts if v.reason.endswith("or comes near it.")]
    assert len(far) >= 0.2 * len(verdicts)
    assert all(v.decision == "reject" and v.evidence == [] for v in far)
    unicorn = CardRef(name="Unicorn", category="character")
    before = counting.cards_read
    judge.mentions("A white horse with a single spiral horn grazed there.", [], [unicorn])
    assert counting.cards_read == before + 1


def test_a_card_the_lexicons_do_not_define_is_screened_only_when_farther_still():
    """A table's own card has no definitions to read a description by, so stage one
    rejects it unread only under the lower floor: "Clockwork Owl" against "something
    snored inside a cave" (0.105) goes to the cross-encoder, as the same closeness
    would not for a card of our deck."""
    counting = CountingScorer()
    judge = MentionJudge(scorer=counting)
    owl = CardRef(name="Clockwork Owl", category="thing")
    sentence = "Deep in the forest, something snored inside a cave."
    analysis = judge.analyse(sentence, [], [owl])[0]
    assert not analysis.has_words_for_card
    assert FAR_FROM_UNDEFINED_CARD_BELOW <= analysis.closeness < FAR_FROM_CARD_BELOW
    assert not far_from_card(analysis)
    judge.mentions(sentence, [], [owl])
    assert counting.cards_read == 1


def test_card_embeddings_are_cached(judge):
    cards = [CardRef(name="Lantern", category="thing")]
    judge.mentions("A lantern swung in the wind.", [], cards)
    cached = len(judge.embedder._cache)
    judge.mentions("The lantern went out.", [], cards)
    assert len(judge.embedder._cache) == cached


def test_stage_two_knows_when_the_only_word_for_a_card_is_a_near_miss(judge):
    sentence = "One night a fox slipped under the fence."
    cards = [
        CardRef(name="Wolf", category="character"),
        CardRef(name="Dragon", category="character"),
    ]
    analyses = judge.analyse(sentence, [], cards)
    rows = second_stage_rows(np.array([0.5, 0.5]), np.array([0.5, 0.5]), analyses)
    assert rows.shape == (2, len(SECOND_STAGE_FEATURES))
    near_miss = SECOND_STAGE_FEATURES.index("near_miss")
    assert rows[:, near_miss].tolist() == [1.0, 0.0]  # "fox" is a related thing for Wolf


def test_a_described_near_miss_is_read_as_a_description_not_as_a_near_miss(judge):
    """A related thing followed by what it is like is how a description begins."""
    unicorn = [CardRef(name="Unicorn", category="character")]
    plain = judge.analyse("A white horse grazed in the clearing.", [], unicorn)
    described = judge.analyse("A white horse with a single spiral horn grazed there.", [], unicorn)
    near_miss = SECOND_STAGE_FEATURES.index("near_miss")
    rows = [
        second_stage_rows(np.array([0.5]), np.array([0.5]), analyses)[0, near_miss]
        for analyses in (plain, described)
    ]
    assert plain[0].near_miss is not None and described[0].near_miss_described
    assert rows == [1.0, 0.0]
    assert plain[0].has_words_for_card and not described[0].has_words_for_card
    sentence = "A white horse with a single spiral horn grazed in the clearing."
    assert judge.mentions(sentence, [], unicorn)[0].decision != "reject"


@pytest.mark.parametrize(
    "sentence, name, relative",
    [
        ("A donkey pulled the miller's cart up the hill.", "Mule", "donkey"),
        ("On the pond swam a brown duck with her ducklings.", "Swan", "duck"),
        ("The widow moved into an old manor at the edge of the moor.", "Castle", "manor"),
    ],
)
def test_a_related_thing_the_embedder_finds_is_not_accepted(judge, sentence, name, relative):
    """Relatives WordNet files far apart ("lexicon_related.json") are near misses."""
    card = CardRef(name=name, category="character" if name != "Castle" else "place")
    analysis = judge.analyse(sentence, [], [card])[0]
    assert analysis.near_miss is not None and analysis.best is None
    assert judge.mentions(sentence, [], [card])[0].decision != "accept"


def test_stage_two_reads_how_like_the_cards_definition_the_closest_phrase_is(judge):
    """A description with no word for the card reads like its WordNet definition; a
    sentence about something else does not, and a card nobody defined is compared by name."""
    sentence = "The villagers drew their water from a deep shaft dug in the square."
    cards = [
        CardRef(name="Well", category="place"),
        CardRef(name="Dragon", category="character"),
        CardRef(name="Xylophonist's Umbrella", category="thing"),
    ]
    analyses = judge.analyse(sentence, [], cards)
    rows = second_stage_rows(np.array([0.5] * 3), np.array([0.5] * 3), analyses)
    gloss = rows[:, SECOND_STAGE_FEATURES.index("gloss_similarity")]
    assert gloss[0] > gloss[1] + 0.2, gloss
    assert analyses[0].closest_gloss.startswith("a deep hole or shaft")
    assert analyses[2].closest_gloss == "xylophonist's umbrella"


def test_a_description_accepted_by_its_definition_cites_the_definition(judge):
    verdict = one(
        judge,
        "The villagers drew their water from a deep shaft dug in the middle of the square.",
        "Well",
        "place",
    )
    assert verdict.decision == "accept", verdict
    assert "shaft" in verdict.evidence[0]
    assert "'a deep hole or shaft dug or drilled to obtain water" in verdict.reason


def test_a_lone_word_of_the_definition_is_not_cited_as_describing_the_card(judge):
    """*Key*'s definition speaks of a lock; a lock is not a key."""
    verdict = one(judge, "The lock rusted shut long ago.", "Key", "thing")
    assert verdict.decision != "accept"
    assert "describes Key" not in verdict.reason, verdict.reason


def test_definitions_are_not_read_through_a_near_miss_or_without_phrases(judge):
    """Every occurrence of a broader term is kept out of the comparison (*Meal* is "the
    food served..."); a sentence with no phrase to compare gets 0."""
    meal = CardRef(name="Meal", category="thing")
    once = judge.analyse("The orphan had had no food for days.", [], [meal])[0]
    twice = judge.analyse(
        "The orphan had had no food, and food was all she dreamed of.", [], [meal]
    )[0]
    assert len(twice.near_misses) == 2
    for analysis in (once, twice):
        start, end = analysis.gloss_span
        assert all(end <= m.start or start >= m.start + m.width for m in analysis.near_misses)
    assert (
        one(
            judge, "The orphan had had no food, and food was all she dreamed of.", "Meal", "thing"
        ).decision
        == "reject"
    )
    assert judge.analyse("...", [], [meal])[0].gloss_similarity == 0.0


def test_a_card_outside_the_vocabulary_is_read_with_wordnet_relations(judge):
    """*Vegetable* and *Meal* are not in our vocabulary: the wide lexicon gives the kind
    that names one and the broader term that does not name the other."""
    cabbage = one(judge, "She pulled a cabbage from the frozen garden.", "Vegetable", "thing")
    assert cabbage.decision == "accept"
    assert "kind of Vegetable" in cabbage.reason
    food = one(judge, "The orphan had had no food for three days.", "Meal", "thing")
    assert food.decision == "reject"
    assert "broader than Meal" in food.reason


@pytest.mark.parametrize(
    "sentence, name, category, words, relation",
    [
        ("The bosun flogged him with a cat-o'-nine-tails.", "Whip", "thing", "cat-o'-nine-tails",
         "hyponym"),
        ("A man-of-war sailed into the bay.", "Ship", "thing", "man-of-war", "hyponym"),
        ("A knight-errant rode into the village.", "Knight", "character", "knight-errant",
         "synonym"),
    ],
)  # fmt: skip
def test_a_form_written_with_hyphens_is_matched_as_written(
    judge, sentence, name, category, words, relation
):
    """The lexicon keeps forms without their hyphens; the sentence is read the same way."""
    analysis = judge.analyse(sentence, [], [CardRef(name=name, category=category)])[0]
    assert analysis.best is not None
    assert analysis.best.relation == relation
    assert analysis.best.words(tokenize(sentence), sentence) == words


def test_a_near_miss_that_possesses_another_thing_describes_it(judge):
    """Her stepmother's two daughters are described by her, as "the king's son" is."""
    card = CardRef(name="Stepsister", category="character")
    analysis = judge.analyse("Her stepmother's two daughters laughed at her.", [], [card])[0]
    assert analysis.near_miss is not None and analysis.bare_near_miss is None
    assert not analysis.has_words_for_card


@pytest.mark.parametrize(
    "sentence",
    [
        "It could say 'pieces of eight' and 'give us a kiss', and nothing else.",
        "Suddenly the word 'and' stole the horses and married a Tuesday.",
        "He bought gold, silver, and more.",
    ],
)
def test_a_card_whose_word_joins_list_items_is_judged(judge, sentence):
    """A table's own card named "And" or "Or" matches the words that join list items; the
    list cue once failed on it (an IndexError, a 500 for the table)."""
    cards = [CardRef(name="And", category="thing"), CardRef(name="Or", category="thing")]
    verdicts = judge.mentions(sentence, [], cards)
    assert [verdict.card for verdict in verdicts] == ["And", "Or"]


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("Then her uncle arrived with a suitcase and stayed the whole winter.", "Aunt"),
        ("Her cruel stepmother made her scrub the floors until midnight.", "Stepfather"),
        ("A sorcerer lived in the tower, brewing storms in glass jars.", "Sorceress"),
    ],
)
def test_a_counterpart_of_the_other_sex_does_not_name_a_person(judge, sentence, name):
    """The guide's "a queen is not a King": the models read "her uncle" as close to *Aunt*."""
    verdict = judge.mentions(sentence, [], [CardRef(name=name, category="character")])[0]
    assert verdict.decision == "reject"
    assert verdict.score < 0.5


def test_a_person_of_the_cards_sex_beside_the_counterpart_may_be_the_one_named(judge):
    sentence = "His daughter was seventeen, and every prince in the world wanted to marry her."
    card = CardRef(name="Princess", category="character")
    assert judge.mentions(sentence, [], [card])[0].decision != "reject"
