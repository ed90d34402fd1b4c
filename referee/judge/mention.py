"""The model judge for mentions: lexicon, embeddings and explicit cues, then a cross-encoder.

One call judges a sentence against every card at the table. Card embeddings
are cached, and the sentence goes through the embedding model once. Stage one
scores every card from its features (``mention_calibration.json``); the cards
it leaves in its vote band, and those it would reject though the sentence has
no word for them (a description only a reader can see) unless nothing in the
sentence comes near them (``FAR_FROM_CARD_BELOW``), go to stage two, where
the trained cross-encoder reads each of those cards against the sentence (each
card sees only the story, so that its verdict does not depend on the rest of
the table; one batch), and a second calibration (``mention_ce_calibration.json``)
combines both scores, and the labels of the most similar cases we labelled for
that card (its precedents, ``precedents.py``), into the verdict. A sentence mostly in
another script than Latin is not read: every card goes to the table's vote (``script.py``).
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np

from referee.core.ruling import Decision
from referee.judge.base import CardRef, Verdict
from referee.judge.calibration import Calibration, fingerprint, logit
from referee.judge.cross_encoder import TableScorer, get_table_scorer
from referee.judge.embedding import Embedder, SentenceVectors, get_embedder
from referee.judge.features import Analysis, analyse
from referee.judge.lexicon import PhraseIndex, card_defined, card_glosses, lexicon_key
from referee.judge.precedents import PrecedentMemory, get_memory
from referee.judge.script import in_latin_script, unread_sentence
from referee.judge.text import Token, is_negation, tokenize, words
from referee.paths import models_dir

JUDGE_ID = "minilm-mention"
PIPELINE = 87
"""Raised when the same models and calibrations would give other verdicts: 2 stage two, 3 its
precedents, 4 stage two's rules for a broader term alone and a kind of the card (2026-12-05),
5 stage one's rejection of a card nothing comes near, 6 the list cue's past verb ending its
clause, 7 its word summed up after it, 8 the hypothetical cue's "she'd rather", 9 an event
that "never came" or "was called off", 10 "agreed to", "vowed to", 11 "too old to fight",
12 what a thing asked for is "to" do, 13 the list cue's doings in "-ing" after a word,
14 "of that kind" as a noun, 15 a word repeated with "and" as one phrase, 16 a negative
pronoun after "but", 17 what is searched for, 18 what someone is called ("a real dragon"),
19 a predicate opened by "was" or "would" as no list item, 20 "his first patient that morning"
(2026-12-06), 21 what is only to come ("will", "was to", "gonna"; an event "was to be held"),
22 "hoping", "pretending", "expecting" and the like, and what "almost" or "nearly" happened,
23 an event prevented, put off or forbidden ("prevented the theft", "called off the wedding"),
24 a spoken filler set off by commas as no list item ("pops open, like, fifty bottles"),
25 a card's form written with hyphens ("cat-o'-nine-tails", "knight-errant"), 26 a near
miss that possesses another thing as a description ("her stepmother's two daughters"), 27 a
deed only considered ("thought about going to the tavern"), 28 a list's last item ending where a
clause of time or cause opens ("and grazing cattle until he reached"), and a spoken closer
ending a list ("some sheep, whatever, ..."), 29 an item opened by "be" as a predicate ("and be
quick about it"), and a near miss followed by "beneath" or "under" as described ("the vault
beneath the church" for *Crypt*), 30 "the usual", "all of it" as list closers and "right" as a
filler, and no filler's comma read as ending an item ("locks them in the cellar, right, with
the turnips"), 31 a person card whose only word is its counterpart of the other sex rejected
("her uncle" for *Aunt*, ``counterparts.py``), 32 a noun card's word opening a sentence or
speech as a bidden verb ("Fire the cannon!", ``senses.bidden``), 33 person words in the
plural read by the counterpart rule ("men" for *Woman*; "four wives" beside "king" for *Queen*),
34 a plural closing a clause before a spoken closer as the list's first item ("they pass
swamps, meadows, ..., whatever"), 35 kinds of the card that the lexicon's hyponyms leave out
("a ducat" for *Coin*, "a seagull" for *Bird*: ``lexicon.KIND``), weighed on their own,
36 a noun card's word as the verb of a plural subject ("the hounds bay at the moon",
``senses.after_plural_subject``), 37 an adverb between a modal or a subject pronoun and the
verb ("could hardly bear", "she totally fools them"), 38 a word right after a subject pronoun
as no list item ("he returns, tanned and bearded, and walks up"), 39 an item opened by a
bidding verb before an object or a place as a predicate ("please, my lady, come in and sit"),
40 what is guarded against "in case" as hypothetical ("in case goblins ever come"), 41 a noun
card's near misses matched as nouns only ("kept" is no castle keep for *Dungeon*), 42 and none
right before an object pronoun, a verb there ("hands it to her" for *Glove*), 43 two short
items and a long one as a list where a spoken closer ends them ("jugglers, fire-eaters, a guy
with a dancing bear, all that"), 44 more set idioms ("the salt of the earth", "the power
behind the throne", "let him off the hook", "a heart of gold", "a stone's throw"), 45 the
idioms read from ``datasets/judge/idioms.txt`` as the tokenizer splits them ("a double-edged
sword", which never matched as one word), 46 an aspect's or event's verb phrase matched with its
verb in every form ("fell asleep", "grew up", "kicked the bucket": ``lexicon.inflected_as_verb``),
47 an idiom that is such a form whole naming the card, not a figure ("he kicked the bucket"
for *Death*), 48 a card nothing comes near rejected with its score held at stage one's reject
band's top (it kept stage one's score, up to 0.58 for a line of emoji: a rejection scored as
named), 49 a comparative or superlative only an aspect's form (``lexicon.GRADED_CATEGORIES``:
"widower" read as *Widow*'s own word, "farmer" as *Farm*'s, "beer" as *Bee*'s; 2026-12-07),
50 "a sparrow of a girl" figurative only after "a" or "an" ("the daughter of a man" is no
figure), "this ocean of sand" a measure as "an ocean of sand" is, "as though" as "as if",
51 244 more idioms ("a fool's errand", "just what the doctor ordered", "of low birth"),
52 another deck card's word kept as naming a card it is a kind or synonym of ("a sword" for
*Weapon*, "a crone" for *Hag*: the sense overrides' ``"+word"``), 53 kinds of two or three
words that WordNet has only as kinds of the card ("chain mail" for *Armor*, "goose down" for
*Feather*: ``lexicon_builder.Builder.kinds``), 54 1,837 more idioms, written word by word
through the vocabulary ("count on", "a broken man", "sick and tired", "the naked eye"), 55 a
doing with a bare object after a word, then a plain one, as no list ("an old hag, spinning
thread from nettles and muttering to herself"), 56 an object pronoun after a plural subject's
verb ("half his soldiers desert him"), 57 synonyms and kinds WordNet files elsewhere added by
the overrides' ``"+word"`` ("a sow" for *Pig*, "a rose" for *Flower*; "a flower" broader for
*Rose*), 59 a noun card's synonyms and kinds matched as nouns only ("the council tabled" is no
council table for *Table*, "sowed" no sow for *Pig*) and read for a verb's use as its name is
("began to forge" is no forge for *Workshop*); 58 was tried and reverted; 60 453 more everyday
naming words no lexicon list held, added by the overrides ("a berserker" for *Warrior*, "a
wayfarer" for *Wanderer*, "a conch" for *Shell*), 61 "an argument" names *A Quarrel*, as "a
quarrel" names *Argument* (the deck rule had made it a near miss), 62 a verb the overrides add
to an event names it as a synonym, in its irregular forms too ("she never forgave him" is a
negated *Forgiveness*, "besieged" a *Siege*), 63 the list cue's items set off by commas alone,
four or more, as speech runs a list on ("jugglers, villagers, pickpockets, goats, music
everywhere"), 64 WordNet's compounds that are kinds of another sense of a card's word kept as
compounds ("plate armour" for *Plate*, "queen bee" for *Queen*), 65 common kinds WordNet leaves
untagged or files as siblings added by the overrides ("a stag" for *Deer*, "a drake" for
*Duck*, "a swallow" for *Bird*) and *Kingdom* in the sense of a king's realm ("the realm"), 66
variants of set phrases ("caught him completely off guard", "showing her the ropes"), 67 "out of
nowhere" no negation, and what is agreed or vowed in the present no more done than in the past
("they agree to meet at the bridge"), 68 an event denied after a clause saying which it is
("the tournament the king had promised was never held"), what "nobody" wants "except" someone
done by that someone, and spoken "is like the" before a superlative no likeness ("she's like
the brawniest girl in the valley"), 69 more idioms ("scared half to death", "a fat nest egg",
"sick of", "a dirty trick"), woods as what a thing is made of ("a cradle of carved walnut"; not
"a tunnel of beech trees"), and no list where a word is said again for stress ("just jungle,
like total jungle, vines everywhere") or is the newcomer speech brings in with "this" ("there's
this old mariner, salty guy, one leg and a pipe"), 70 what a negative pronoun's verb is "for"
denied with it where nothing definite comes before ("nobody has money for a coffin"), 71 a
participle after "his eyes were" no metaphor ("his eyes were healed"), 72 spoken lists whose
last item runs into a clause ("weddings and funerals he's played them all", "busted chairs so
he climbs up") or whose items run on ("needles thread buttons combs"), a list's first noun
described before its comma ("wagons heaped with hay, dancing girls, ..."), "no longer" after a
word and "not one of" or "none of" denying what their subject is said to be ("not one of its
halls was ever dark"); and a ladder no kind of *Staircase* (a lexicon override), 73 no list
where the word's clause is followed by another opened by "there's" or a subject ("they hit the
highway, and there's merchants and wagons"), after speech's "these" ("come these buccaneers,
black flag, cutlasses, the whole thing"), nor where the word follows an opening clause and only
what it was doing follows it ("When he drew it in, there sat two tiny boys, dripping wet and
laughing, who ..."), 74 speech's unmarked call no verb ("hey you crab yeah you with the
claws"), 75 what is prayed for only wished ("the merchants prayed for an oasis"), as what is
longed for, 76 a broader term any word of a hypernym one or two levels up, however rarely
WordNet's corpus tags it in that sense ("a gem" for *Diamond*, "a vessel" for *Bottle*), 77 a
list after speech's "this" and its noun's preposition ("this forest with squirrels and deer
and rabbits"), 78 nine cards read in the sense a tale means (lexicon overrides: *Clown* the
entertainer too, *Shield* the armour, *Purse* a small bag for money, *Poisoning* the act), 79 a
half-sister no *Stepsister* (WordNet files both under one sense), 80 a name given ("the dog's
called Lucky"), "anything but lazy" and "not one of them fell asleep" as denials, speech's "no
she's so greedy" as an answer, and "three or four crocodiles" as one item, 81 idioms with a word
inside ("the poor little thing", "breaks the ice", "froze in fear"), and what is "gonna" be "the
biggest birthday party ever" only to come (a superlative's "the" grades a new one), 82 what is
waited or watched for ("waiting for an ambush"), what no one "came to" do, "out of nowhere" read
whole past the negation's reach, no verb after "to" in "-s" ("gave birth to twins"), "berries,
red ones," one item, speech's "there's like a" and "got like a" no likeness, and "a glutton
for punishment", 83 idioms "caught a cold", "the sunset of his life", "stole the show", 84 a
word that examples after ", like" elaborate no list item ("the pass is super treacherous, like
rockslides every hour, ice, sheer drops"), 85 "a thick blanket of snow" and "a big cake of
soap" as idioms whatever stands before them, 86 a frog no *Toad* and a dwarf no *Gnome*, nor
the other way round: the senses file's "~" siblings, 87 an event's verb done to nothing denied
("she swore nothing at all").
"""
CALIBRATION_SETTING = "REFEREE_MENTION_CALIBRATION"
SECOND_STAGE_SETTING = "REFEREE_MENTION_CE_CALIBRATION"
SECOND_STAGE_FEATURES = [
    "stage_one_logit",
    "cross_encoder_logit",
    "precedent",
    "near_miss",
    "gloss_similarity",
]
PRECEDENT_RULING = 0.5
"""How alike (cosine, ``precedents.py``) the nearest precedent ruled not named must read
for stage two to reject the card's own word used plainly. Chosen on the calibration set
and the table plays: every value from 0.3 to 0.53 rejects the same 7 cases there, all
rightly, and no plain play of ``tests/judge/test_mention.py`` (models/judge/HISTORY.md)."""
FAR_FROM_CARD_BELOW = 0.12
"""Stage one rejects a card the sentence has no words for when no phrase of it comes closer
to the card than this (``Analysis.closeness``), instead of leaving it to stage two: a
six-player table's unrelated cards, about 40% of them, no longer cost the cross-encoder's
read. Chosen as the highest floor, in hundredths, under which at most 1% of the named cases
with no word for their card fall, over all our mention files (13 of 1,496; on the
calibration set's unrelated cards stage two rejected 997 of the 1,030 under it and left 33
to the vote; ``models/judge/HISTORY.md``)."""
FAR_FROM_UNDEFINED_CARD_BELOW = 0.07
"""The same floor for a card our lexicons do not define (a table's own card, "Xylophonist's
Umbrella"), whose closeness is its name's alone: by the same rule, over the same cases read
by their span's similarity to the card's name only (10 of 1,496 under 0.07, 15 under 0.08)."""
CONTEXT_LOOK_BACK = 30
"""Story sentences searched for an earlier mention of a card (for bare back-references)."""
BROADER_ALONE_REJECTED_BELOW = 0.25
"""Stage two rejects a card whose only word in the sentence is a broader term ("a bird" for
*Falcon*) below this score, where its band would leave it to the vote: the guide says a
broader term does not name the card, and the cross-encoder's score is what tells a
description built on one ("the building with the steeple, where the villagers prayed" for
*Church*, 0.27 on our calibration set, and which ``broader_term_alone`` sets aside) from a
plain use. Chosen on the calibration set, as the highest round value under its lowest named
case of this kind (``models/judge/HISTORY.md``)."""


def calibration_path() -> Path:
    """Where stage one's calibration lives (``models/judge/mention_calibration.json``)."""
    configured = os.environ.get(CALIBRATION_SETTING)
    return Path(configured) if configured else models_dir() / "judge" / "mention_calibration.json"


def second_stage_path() -> Path:
    """Where stage two's calibration lives (``models/judge/mention_ce_calibration.json``)."""
    configured = os.environ.get(SECOND_STAGE_SETTING)
    default = models_dir() / "judge" / "mention_ce_calibration.json"
    return Path(configured) if configured else default


def second_stage_rows(
    stage_one: np.ndarray, cross_encoder: np.ndarray, analyses: list[Analysis]
) -> np.ndarray:
    """Stage two's inputs, one row per card: both scores as log-odds, what the card's
    precedents say (``precedents.signal``; 0 for a card with none), whether the
    sentence's only word for it is a near miss (a broader term or a related thing,
    which the cross-encoder reads as close to the card: "godmother" for *Stepmother*)
    that nothing describes (a described one is how a description begins: "a white horse
    with a single spiral horn" for *Unicorn*, ``features.described_noun``), and how like
    the card's definition its closest phrase reads (a description with no word for the
    card: "a deep stone shaft" for *Well*)."""
    precedents = [analysis.precedent_signal for analysis in analyses]
    near_misses = [float(analysis.bare_near_miss is not None) for analysis in analyses]
    glosses = [analysis.gloss_similarity for analysis in analyses]
    return np.stack(
        [
            logit(stage_one),
            logit(cross_encoder),
            np.array(precedents),
            np.array(near_misses),
            np.array(glosses),
        ],
        axis=1,
    )


@lru_cache(maxsize=4)
def _load_calibration(path: str) -> Calibration:
    return Calibration.load(Path(path))


def precedent_vector(
    analysis: Analysis, tokens: list[Token], vectors: SentenceVectors
) -> np.ndarray:
    """What a card's precedents are compared by: the words around its match, read in the
    sentence's one pass, or the whole sentence when nothing matches."""
    window = analysis.precedent_window(tokens)
    return vectors.sentence if window is None else vectors.window(*window)


def read_like_definition(
    analysis: Analysis,
    spans: list[tuple[int, int]],
    similarities: np.ndarray,
    glosses: list[str],
) -> None:
    """Set ``analysis``'s phrase most like one of the card's definitions (``similarities``:
    spans by glosses). A phrase holding a near miss (any occurrence) does not count: a
    definition names its broader term ("food" in *Meal*'s "the food served and eaten at
    one time"), and that word alone does not name the card.

    >>> from referee.judge.base import CardRef
    >>> from referee.judge.features import Match
    >>> meal = CardRef(name="Meal", category="thing")
    >>> food = (Match(1, 1, "broader"), Match(3, 1, "broader"))
    >>> analysis = Analysis(meal, None, food[0], near_misses=food)
    >>> spans, cosines = [(0, 1), (1, 2), (3, 4)], np.array([[0.2], [0.7], [0.6]])
    >>> read_like_definition(analysis, spans, cosines, ["the food served"])
    >>> analysis.gloss_similarity, analysis.gloss_span
    (0.2, (0, 1))
    """
    allowed = np.array(
        [
            all(
                end <= near.start or start >= near.start + near.width
                for near in analysis.near_misses
            )
            for start, end in spans
        ]
    )
    if not allowed.any():
        return
    masked = np.where(allowed[:, None], similarities, -np.inf)
    span, gloss = np.unravel_index(int(masked.argmax()), masked.shape)
    analysis.gloss_similarity = float(similarities[span, gloss])
    analysis.gloss_span = spans[span]
    analysis.closest_gloss = glosses[gloss]


def first_stage_decision(calibration: Calibration, score: float, analysis: Analysis) -> Decision:
    """Stage one's decision: its band, except for a card the sentence has no words for
    (``Analysis.has_words_for_card``). Such a card is rejected here only when no phrase of
    the sentence comes near it (``far_from_card``); otherwise stage two reads it.

    >>> bands = Calibration(["x"], [0.0], [1.0], [0.0], 0.0, accept_at=0.9, reject_at=0.2)
    >>> unicorn = Analysis(CardRef(name="Unicorn", category="character"), None, None)
    >>> unicorn.values["span_sim"] = 0.31
    >>> first_stage_decision(bands, 0.1, unicorn)
    'vote'
    >>> unicorn.values["span_sim"] = 0.05
    >>> first_stage_decision(bands, 0.1, unicorn), first_stage_decision(bands, 0.5, unicorn)
    ('reject', 'reject')
    """
    decision = calibration.decide(score)
    if analysis.has_words_for_card or decision == "accept":
        return decision
    return "reject" if far_from_card(analysis) else "vote"


def first_stage_score(calibration: Calibration, score: float, decision: Decision) -> float:
    """The score a verdict of stage one gives: its probability, except that a rejection's is
    held at the reject band's top. Only a card nothing comes near (``far_from_card``) is
    rejected above it: ruled, not scored, as ``second_stage_decision`` holds a counterpart's.

    >>> bands = Calibration(["x"], [0.0], [1.0], [0.0], 0.0, accept_at=0.9, reject_at=0.2)
    >>> first_stage_score(bands, 0.58, "reject"), first_stage_score(bands, 0.1, "reject")
    (0.2, 0.1)
    >>> first_stage_score(bands, 0.58, "vote")
    0.58
    """
    return min(score, calibration.reject_at) if decision == "reject" else score


def far_from_card(analysis: Analysis) -> bool:
    """Whether no phrase of the sentence comes near the card: its closeness under
    ``FAR_FROM_CARD_BELOW``, or under ``FAR_FROM_UNDEFINED_CARD_BELOW`` for a card the
    lexicons do not define.

    >>> umbrella = Analysis(CardRef(name="Xylophonist's Umbrella", category="thing"), None, None)
    >>> well = Analysis(CardRef(name="Well", category="place"), None, None)
    >>> umbrella.values["span_sim"] = well.values["span_sim"] = 0.1
    >>> far_from_card(umbrella), far_from_card(well)
    (False, True)
    """
    card = analysis.card
    defined = card_defined(card.name, card.category)
    floor = FAR_FROM_CARD_BELOW if defined else FAR_FROM_UNDEFINED_CARD_BELOW
    return analysis.closeness < floor


class StageTwoRuling(NamedTuple):
    """Stage two's decision on a card, the score its verdict gives, and whether the decision
    is a rejection doubted into a vote (``rejection_doubted``)."""

    decision: Decision
    score: float
    doubted: bool = False


def second_stage_decision(
    calibration: Calibration, score: float, analysis: Analysis
) -> StageTwoRuling:
    """Stage two's ruling on its probability ``score``. Its band, except that a person card
    whose only word is its counterpart of the other sex is rejected, its score held at the
    reject band's top (``Analysis.counterpart_alone``: ruled, not scored), a broader term
    alone under ``BROADER_ALONE_REJECTED_BELOW`` is rejected, and a kind of the card with no
    cue against it ("a hatchet" for *Axe*) is accepted from a score of one half (the guide
    names kinds; every such case of our sets is named).

    >>> from referee.judge.features import Match
    >>> bands = Calibration(["x"], [0.0], [1.0], [0.0], 0.0, accept_at=0.7, reject_at=0.1)
    >>> falcon = CardRef(name="Falcon", category="character")
    >>> bird = Analysis(falcon, None, Match(1, 1, "broader"))
    >>> second_stage_decision(bands, 0.2, bird).decision
    'reject'
    >>> second_stage_decision(bands, 0.3, bird).decision
    'vote'
    >>> hatchet = Analysis(CardRef(name="Axe", category="thing"), Match(4, 1, "hyponym"), None)
    >>> hatchet.values["clean_hyponym"] = 1.0
    >>> second_stage_decision(bands, 0.6, hatchet).decision
    'accept'
    >>> second_stage_decision(bands, 0.05, hatchet)
    StageTwoRuling(decision='vote', score=0.05, doubted=True)
    >>> aunt = Analysis(CardRef(name="Aunt", category="character"), None, Match(2, 1, "cohyponym"))
    >>> aunt.counterpart_alone = True
    >>> second_stage_decision(bands, 0.8, aunt)
    StageTwoRuling(decision='reject', score=0.1, doubted=False)
    """
    decision = calibration.decide(score)
    if analysis.counterpart_alone:
        return StageTwoRuling("reject", min(score, calibration.reject_at))
    if decision == "vote" and score < BROADER_ALONE_REJECTED_BELOW and broader_term_alone(analysis):
        return StageTwoRuling("reject", score)
    if decision == "vote" and score >= 0.5 and analysis.values.get("clean_hyponym"):
        return StageTwoRuling("accept", score)
    if decision == "reject" and rejection_doubted(analysis):
        return StageTwoRuling("vote", score, doubted=True)
    return StageTwoRuling(decision, score)


def broader_term_alone(analysis: Analysis) -> bool:
    """Whether the sentence's only word for the card is a broader term, not described: no
    form of the card, the nearest miss is broader, and nothing says whose it is or what it is
    like after it ("a bird" for *Falcon*; not "a building with a steeple" for *Church*)."""
    near = analysis.bare_near_miss
    return analysis.best is None and near is not None and near.relation == "broader"


def _plain_use(analysis: Analysis) -> bool:
    """Whether the card's own word, or a kind of it, is used with no cue against it."""
    return bool(analysis.values.get("clean_name") or analysis.values.get("clean_hyponym"))


def rejection_doubted(analysis: Analysis) -> bool:
    """Whether stage two's rejection goes to the table's vote instead: it does for the
    card's own word used with no cue against it, unless the nearest precedent (matched the
    same way) was ruled not named and reads alike (``PRECEDENT_RULING``). The models doubt
    short plain plays ("In the grass at her feet lay a key."), and a rejection needs a
    reason a player can check: a vote does not, and such a precedent is one ("the bridge
    of his nose", like "the bridge of his long nose").
    """
    if not _plain_use(analysis):
        return False
    nearest = analysis.precedents[0] if analysis.precedents else None
    ruled_alike = (
        nearest is not None and not nearest.named and nearest.similarity >= PRECEDENT_RULING
    )
    return not ruled_alike


class MentionJudge:
    """Does the sentence name each card? Verdicts with calibrated scores, evidence and reasons.

    >>> judge = MentionJudge()
    >>> dragon = CardRef(name="Dragon", category="character")
    >>> verdict = judge.mentions("There was no dragon in that land.", [], [dragon])[0]
    >>> verdict.decision, verdict.evidence
    ('reject', ['dragon'])
    """

    id = JUDGE_ID

    def __init__(
        self,
        embedder: Embedder | None = None,
        calibration: Calibration | None = None,
        second_stage: Calibration | None = None,
        scorer: TableScorer | None = None,
        memory: PrecedentMemory | None = None,
    ) -> None:
        self.embedder = embedder or get_embedder()
        self.calibration = calibration or _load_calibration(str(calibration_path()))
        self.second_stage = second_stage or _load_calibration(str(second_stage_path()))
        self._scorer = scorer
        self._memory = memory

    @property
    def scorer(self) -> TableScorer:
        """The cross-encoder, loaded on first use (once per process)."""
        if self._scorer is None:
            self._scorer = get_table_scorer()
        return self._scorer

    @property
    def memory(self) -> PrecedentMemory:
        """The precedents, loaded on first use (once per process)."""
        if self._memory is None:
            self._memory = get_memory()
        return self._memory

    @property
    def version(self) -> str:
        """The pipeline's number (``PIPELINE``), the embedding model's name, the fingerprints
        of the cross-encoder, the precedents and the two calibrations."""
        model = Path(self.embedder.model_name).name
        calibrations = fingerprint(self.calibration, self.second_stage)
        memory = self.memory.fingerprint[:8]
        return f"{PIPELINE}+{model}+ce-{self.scorer.version}+p-{memory}+cal-{calibrations}"

    def analyse(self, sentence: str, context: list[str], cards: list[CardRef]) -> list[Analysis]:
        """Features of every card against the sentence, with its precedents (used by the
        calibration; a table's verdicts look precedents up only for stage two's cards)."""
        analyses, vectors = self.read(sentence, context, cards)
        self._find_precedents(analyses, tokenize(sentence), vectors)
        return analyses

    def read(
        self, sentence: str, context: list[str], cards: list[CardRef]
    ) -> tuple[list[Analysis], SentenceVectors]:
        """Every card's features (without precedents), and the sentence's vectors."""
        tokens = tokenize(sentence)
        story = PhraseIndex([words(tokenize(line)) for line in context[-CONTEXT_LOOK_BACK:]])
        vectors = self.embedder.sentence(sentence, tokens)
        names = self.embedder.encode([lexicon_key(card.name) for card in cards])
        span_sims = vectors.span_vectors @ names.T if len(vectors.spans) else None
        span_index = {span: row for row, span in enumerate(vectors.spans)}
        glosses = [card_glosses(card.name, card.category) for card in cards]
        gloss_sims = self._gloss_similarities(vectors, [g for own in glosses for g in own])
        first_gloss = 0
        analyses = []
        for index, card in enumerate(cards):
            similarities = {
                "sentence_sim": float(vectors.sentence @ names[index]),
                "span_sim": 0.0,
            }
            best_span = None
            if span_sims is not None:
                column = span_sims[:, index]
                top = int(column.argmax())
                similarities["span_sim"] = float(column[top])
                best_span = vectors.spans[top]
            analysis = analyse(tokens, sentence, story, card, similarities)
            analysis.best_span = best_span
            if analysis.best is not None and span_sims is not None:
                matched = (analysis.best.start, analysis.best.start + analysis.best.width)
                if matched in span_index:
                    analysis.values["match_sim"] = float(span_sims[span_index[matched], index])
            own = slice(first_gloss, first_gloss + len(glosses[index]))
            first_gloss = own.stop
            if gloss_sims is not None:
                read_like_definition(analysis, vectors.spans, gloss_sims[:, own], glosses[index])
            analyses.append(analysis)
        return analyses, vectors

    def _gloss_similarities(
        self, vectors: SentenceVectors, glosses: list[str]
    ) -> np.ndarray | None:
        """Cosines of every span of the sentence (rows) with every definition (columns);
        None for a sentence without spans. Definitions are embedded once and cached."""
        if not len(vectors.spans):
            return None
        result: np.ndarray = vectors.span_vectors @ self.embedder.encode(glosses).T
        return result

    def _find_precedents(
        self, analyses: list[Analysis], tokens: list[Token], vectors: SentenceVectors
    ) -> None:
        """Set each analysis's precedents, compared by the words around its match as read
        in the sentence's one pass (``Analysis.precedent_window``)."""
        for analysis in analyses:
            analysis.precedents = self.memory.precedents(
                lexicon_key(analysis.card.name),
                analysis.match_kind,
                precedent_vector(analysis, tokens, vectors),
            )

    def mentions(self, sentence: str, context: list[str], cards: list[CardRef]) -> list[Verdict]:
        """One verdict per card, in the order of ``cards``."""
        if not cards:
            return []
        if not in_latin_script(sentence):
            version = self.version
            return [self._unread(card, sentence, version) for card in cards]
        analyses, vectors = self.read(sentence, context, cards)
        tokens = tokenize(sentence)
        scores = self.calibration.probability(np.stack([a.vector() for a in analyses]))
        decisions = [
            first_stage_decision(self.calibration, float(score), analysis)
            for score, analysis in zip(scores, analyses, strict=True)
        ]
        scores = np.array(
            [
                first_stage_score(self.calibration, float(score), decision)
                for score, decision in zip(scores, decisions, strict=True)
            ]
        )
        uncertain = [index for index, decision in enumerate(decisions) if decision == "vote"]
        doubted: set[int] = set()
        if uncertain:
            self._find_precedents([analyses[i] for i in uncertain], tokens, vectors)
            read = self.scorer.scores(context, sentence, [cards[index] for index in uncertain])
            rows = second_stage_rows(scores[uncertain], read, [analyses[i] for i in uncertain])
            for index, score in zip(uncertain, self.second_stage.probability(rows), strict=True):
                ruling = second_stage_decision(self.second_stage, float(score), analyses[index])
                decisions[index], scores[index] = ruling.decision, ruling.score
                if ruling.doubted:
                    doubted.add(index)
        version = self.version
        return [
            self._verdict(
                analysis, float(score), decision, sentence, tokens, version, index in doubted
            )
            for index, (analysis, score, decision) in enumerate(
                zip(analyses, scores, decisions, strict=True)
            )
        ]

    def _unread(self, card: CardRef, sentence: str, version: str) -> Verdict:
        """The verdict on a sentence the judge cannot read: the table's vote
        (``script.unread_sentence``)."""
        evidence, reason = unread_sentence(sentence, card.zh)
        return Verdict(
            card=card.key,
            decision="vote",
            score=0.5,
            evidence=evidence,
            reason=_lead("vote", reason),
            judge=self.id,
            version=version,
        )

    def _verdict(
        self,
        analysis: Analysis,
        score: float,
        decision: Decision,
        sentence: str,
        tokens: list[Token],
        version: str,
        doubted: bool = False,
    ) -> Verdict:
        evidence, reason = explain(analysis, decision, sentence, tokens, doubted)
        return Verdict(
            card=analysis.card.key,
            decision=decision,
            score=round(score, 4),
            evidence=evidence,
            reason=reason,
            judge=self.id,
            version=version,
        )


_RELATION_WORDS = {
    "name": "is the card's own word, or a form of it, for",
    "synonym": "is a synonym of",
    "form": "is a form of",
    "hyponym": "is a kind of",
    "kind": "is a kind of",
}
_CUE_WORDS = {
    "negated": "is negated, so {card} does not enter the story",
    "hypothetical": "is only hypothetical (a wish, plan, fear, condition, refusal or search, "
    "or what is still to come or only almost happened), "
    "so {card} has not entered the story",
    "in_list": "is one item in a list, a passing mention that does not carry the plot",
    "figurative": "is used figuratively, not as {card} itself",
    "verb_use": "is used as a verb, another sense of the word",
    "noun_use": "is used as a noun, another sense of the word",
    "exclamation": "is an exclamation, another sense of the word",
    "season": "is the time of year, another sense of the word",
    "given_name": "is a name given to someone or something, another sense of the word",
}
CUES_CITED_FIRST = (
    "verb_use",
    "noun_use",
    "exclamation",
    "season",
    "given_name",
    "figurative",
    "negated",
    "hypothetical",
    "in_list",
)
"""Which of a match's cues a reason cites: the one that says most about the word, from
another sense ("She could not bear the thought": a verb, though also negated after a modal)
to a passing mention."""
DESCRIBES_AT = 0.35
"""Span similarity (to the card's name) from which a span is cited as describing the card."""
DEFINED_AT = 0.45
"""Similarity to one of the card's definitions from which an accept or vote with no word
for the card cites that phrase and the definition: on our calibration set and the table's
plays, 9% of the sentences that do not name a card they have no word for reach it, 18% of
those that do (median 0.24 against 0.34)."""


def explain(
    analysis: Analysis, decision: str, sentence: str, tokens: list[Token], doubted: bool = False
) -> tuple[list[str], str]:
    """The evidence (words) and a one-sentence reason for a verdict; ``doubted``: a vote on
    the card's own word that the models would have rejected."""
    card = analysis.card.name
    best = analysis.best
    if best is not None:
        words = best.words(tokens, sentence)
        troubles = [cue for cue in CUES_CITED_FIRST if cue in best.cues]
        if troubles and decision != "accept":
            detail = _CUE_WORDS[troubles[0]].format(card=card)
            return [words], _lead(decision, f"'{words}' {detail}.")
        relation = f"'{words}' {_RELATION_WORDS[best.relation]} {card}"
        if decision == "reject":
            return [words], _lead(decision, f"{relation}, but {_not_naming(analysis)}.")
        if doubted:
            return [words], _lead(decision, f"{relation}, though {_not_naming(analysis)}.")
        return [words], _lead(decision, f"{relation}.")
    near = analysis.near_miss
    if near is not None and decision != "accept":
        words = near.words(tokens, sentence)
        if near.relation == "broader":
            text = f"'{words}' is broader than {card}; a broader term does not name it."
        elif near.relation == "compound":
            text = f"'{words}' is the name of another thing, not {card}."
        else:
            text = f"'{words}' is a related but different thing from {card}."
        return [words], _lead(decision, text)
    if analysis.values.get("back_reference"):
        return [], _lead(
            decision, f"{card} was already in the story; this sentence only refers back to it."
        )
    # An accept with no word of the lexicon (a near miss at most, which alone would not name
    # the card) came from the models: cite the phrase that reads like the card's definition,
    # where one does, else the span most like its name.
    defining = _definition_phrase(analysis, tokens)
    if decision != "reject" and defining is not None:
        words = _cited_phrase(sentence, tokens, defining)
        return [words], _lead(
            decision,
            f"'{words}' describes {card}, '{analysis.closest_gloss}' "
            f"(similarity {analysis.gloss_similarity:.2f}).",
        )
    similarity = analysis.values.get("span_sim", 0.0)
    if analysis.best_span is not None and (
        decision == "accept" or (decision == "vote" and similarity >= DESCRIBES_AT)
    ):
        words = _cited_phrase(sentence, tokens, analysis.best_span)
        return [words], _lead(
            decision, f"'{words}' describes {card} (similarity {similarity:.2f})."
        )
    if decision == "vote":
        return [], _lead(
            decision,
            f"no word names {card} outright, but the judge cannot "
            "rule out that the sentence means it.",
        )
    if far_from_card(analysis):
        return [], _lead(decision, f"nothing in the sentence names {card} or comes near it.")
    return [], _lead(decision, f"nothing in the sentence names {card}.")


def _cited_phrase(sentence: str, tokens: list[Token], span: tuple[int, int]) -> str:
    """The words of the tokens [start, end) as written, with the negation just before them if
    there is one, so the evidence reads "No one could see", not "one could see".

    >>> text = "No one could see him."
    >>> _cited_phrase(text, tokenize(text), (1, 4)), _cited_phrase(text, tokenize(text), (3, 5))
    ('No one could see', 'see him')
    """
    start, end = span
    if start > 0 and is_negation(tokens[start - 1].text):
        start -= 1
    return sentence[tokens[start].start : tokens[end - 1].end]


def _definition_phrase(analysis: Analysis, tokens: list[Token]) -> tuple[int, int] | None:
    """The phrase closest to the card's definition, where it is worth citing: close enough
    (``DEFINED_AT``) and not a lone word of the definition itself ("lock" in *Key*'s
    "... inserted into a lock ..." is what a key opens, not a key)."""
    span = analysis.gloss_span
    if span is None or analysis.gloss_similarity < DEFINED_AT:
        return None
    start, end = span
    if end - start == 1 and tokens[start].text in words(tokenize(analysis.closest_gloss)):
        return None
    return span


def _not_naming(analysis: Analysis) -> str:
    """Why a card whose word is in the sentence was still ruled not named."""
    unlike = [p for p in analysis.precedents if not p.named]
    if unlike and analysis.precedent_signal < 0:
        cited = unlike[0].sentence.rstrip(".!?")
        return f"it is used as in a case ruled not to name it: '{cited}'"
    return "the judge's models read it as not naming the card here"


def _lead(decision: str, text: str) -> str:
    if decision == "vote":
        return f"Unclear, the table should vote: {text}"
    return text[0].upper() + text[1:]
