"""A noun card's word used as a verb ("the bells began to ring", or bidden: "Ring the bell!";
not where someone is called it, "come back, you thief!", or "to" leads to a place, "ran away
to sea"), as an exclamation ("Well, he buried the crown") or as a season ("in the fall"), an
adjective used as a noun ("her first patient was a goatherd"), and words inside quoted
speech."""

from __future__ import annotations

from referee.judge.text.tokens import Token
from referee.judge.text.vocabulary import (
    BARE_DESTINATIONS,
    DETERMINERS,
    DOUBLE_QUOTES,
    NUMBER_WORDS,
    OPENING_PREPOSITIONS,
    PLACE_PREPOSITIONS,
    SENTENCE_BREAKS,
    SUBJECT_PRONOUNS,
    VERB_MARKERS,
    looks_plural,
)

NEGATED_VERB_MARKERS = frozenset(
    {"don't", "doesn't", "didn't", "won't", "wouldn't", "can't", "couldn't", "shouldn't"}
    | {"mustn't", "shan't", "cannot"}
)
"""Contracted, these make the word after them a verb as well ("she couldn't bear it")."""

ASPECT_VERBS = frozenset({"began", "started", "kept"})
"""Before a verb's "-ing" form, these make it a verb ("kept clearing his throat"); before
any other word they take it as their object ("kept goats", "kept King Olaf")."""

PLACE_REACHED_BEFORE = frozenset({"and", "or", "but", "to", "every", "each", "early", "late"})
"""After a word "to" leads to, these (or a punctuation mark, or the end) show the word is
where someone went ("to market.", "to town to sell", "to church every Sunday")."""

INFINITIVE_TAKERS = frozenset(
    {"began", "begin", "begins", "started", "start", "starts", "tried", "try", "tries"}
    | {"wanted", "want", "wants", "seemed", "seem", "seems", "used", "ought", "about"}
    | {"able", "had", "has", "have", "needed", "need", "liked", "loved", "hoped", "refused"}
    | {"learned", "learnt", "forgot", "decided", "agreed", "dared", "longed", "meant"}
)
"""Before "to", these make the next word a verb: "began to ring", "tried to crown him"."""

GOING = frozenset(
    {"went", "go", "goes", "gone", "came", "come", "comes", "rode", "ride", "rides", "ran"}
    | {"run", "runs", "walked", "walk", "walks", "sailed", "sail", "sails", "drove", "flew"}
    | {"fled", "hurried", "returned", "return", "travelled", "traveled", "journeyed"}
    | {"marched", "moved", "sent", "taken", "took", "brought", "led", "carried", "way"}
    | {"back", "away", "down", "up", "off", "home", "out", "on", "straight"}
)
"""Before "to", these make it the preposition of where someone goes: "ran away to sea"."""


BIDDING_OPENERS = SENTENCE_BREAKS | DOUBLE_QUOTES | {"'", "‘"}
"""What may come right before a bidden verb: the start of a sentence or of speech."""

BIDDEN_OBJECTS = (DETERMINERS - {"that"}) | {"me", "him", "us", "them", "it"}
"""What opens a bidden verb's object ("Saddle my horse", "Crown him"); not "that", which
makes an opening noun's relative clause ("Gold that is never spent")."""

MEASURES = frozenset({"size", "colour", "color", "shape", "length", "height", "width", "weight"})
"""After an opening noun and "the", these describe it ("Bread the colour of ash")."""


def bidden(tokens: list[Token], index: int) -> bool:
    """Whether the word opens its sentence, or speech, as a verb bidding someone ("Ring the
    bell!", "Saddle my horse", "Pass me the salt"): its object follows at once. Not a plural
    ("Dragons the size of houses"), a form in "-ing" ("Slaying the troll was easy"), nor
    before "that" ("Gold that is never spent").

    >>> from referee.judge.text.tokens import tokenize
    >>> bidden(tokenize("Ring the bell, and be quick!"), 0)
    True
    >>> bidden(tokenize('He shouted: "Saddle my horse!"'), 4)
    True
    >>> bidden(tokenize("Gold that is never spent is no use."), 0)
    False
    >>> bidden(tokenize("Dragons the size of houses flew over."), 0)
    False
    >>> bidden(tokenize("Bread the colour of ash was all they had."), 0)
    False
    >>> bidden(tokenize("Slaying the troll was a fine feather in his cap."), 0)
    False
    >>> bidden(tokenize("The ring was gold."), 1)
    False
    """
    if index > 0 and tokens[index - 1].text not in BIDDING_OPENERS:
        return False
    word = tokens[index].text
    if word.endswith("s") and not word.endswith("ss"):
        return False
    if word.endswith("ing") and any(letter in "aeiouy" for letter in word[:-3]):
        return False  # a deed as the subject ("Slaying the troll was ..."), not "Ring"
    after = [token.text for token in tokens[index + 1 : index + 3]]
    if not after or after[0] not in BIDDEN_OBJECTS:
        return False
    return not (after[0] == "the" and len(after) > 1 and after[1] in MEASURES)


PLURAL_SUBJECT_OPENERS = (
    (DETERMINERS - {"a", "an", "that", "this", "every", "each"})
    | NUMBER_WORDS
    | {"all", "many", "few", "several", "both"}
)
"""What opens a plural subject right before a verb ("the hounds bay", "two kangaroos box",
"eight black ravens rose"); not "that", which opens a clause ("that sprays water")."""

AFTER_PLURAL_SUBJECT_VERB = frozenset(
    {"at", "on", "in", "into", "onto", "over", "under", "through", "across", "up", "down"}
    | {"out", "off", "away", "back", "around", "round", "along", "past", "from", "with"}
    | {"the", "a", "an", "his", "her", "their", "its", "every", "all", "so", "together"}
    | {"him", "them", "me", "us", "it"}
)
"""After a verb, these open where, how or what ("bay at the moon", "sail into the harbour",
"lock the door", "desert him"); after a noun they would be rare ("the farmers market in the
square")."""


def after_plural_subject(tokens: list[Token], index: int) -> bool:
    """Whether the word is the verb of a plural subject that a determiner or a number opens,
    with at most one word between ("the hounds bay at the moon", "eight black ravens rose
    from the well"), followed by a preposition or an object's determiner. A plural subject's
    verb does not end in "-s"; a word that does is another noun.

    >>> from referee.judge.text.tokens import tokenize
    >>> after_plural_subject(tokenize("All night the hounds bay at the moon."), 4)
    True
    >>> after_plural_subject(tokenize("Eight black ravens rose from the well."), 3)
    True
    >>> after_plural_subject(tokenize("That night half his soldiers desert him."), 5)
    True
    >>> after_plural_subject(tokenize("A plumber fixes a pipe that sprays water over us."), 7)
    False
    >>> after_plural_subject(tokenize("For three days knights from every land came."), 3)
    False
    """
    if index < 2 or index + 1 >= len(tokens) or looks_plural(tokens[index].text):
        return False  # "for three days knights from every land jousted": a noun in "-s"
    subject = tokens[index - 1].text
    if not (subject.isalpha() and looks_plural(subject)):
        return False
    if tokens[index + 1].text not in AFTER_PLURAL_SUBJECT_VERB:
        return False
    opener = tokens[index - 2].text
    if opener in PLURAL_SUBJECT_OPENERS:
        return True
    between = opener  # one describing word: "eight black ravens"
    return (
        index >= 3
        and tokens[index - 3].text in PLURAL_SUBJECT_OPENERS
        and between.isalpha()
        and not looks_plural(between)
    )


ADVERBS_BEFORE_VERBS = frozenset(
    {"often", "always", "sometimes", "still", "just", "also", "then", "soon", "only", "even"}
    | {"hardly", "barely", "rarely", "usually", "already", "ever", "all"}
)
"""Between a modal or a subject pronoun and its verb, these leave the verb a verb ("could
hardly bear", "would ever pass", "they all hated"), as "not" does."""


OBJECTS_AFTER_VERBS = frozenset({"it", "him", "them", "me", "us"})
"""Object pronouns: right after a word with no determiner or preposition before it, they make
it a verb ("hands it to her", "set them a task")."""

NOUN_OPENERS = DETERMINERS | PLACE_PREPOSITIONS | OPENING_PREPOSITIONS | {"of", "for", "with"}
"""Before a word, these make it a noun, even before "it" ("the sound it made", "at dinner it
was", "a bowl of milk it lapped")."""


def before_object(tokens: list[Token], index: int, width: int = 1) -> bool:
    """Whether the word ends right before an object pronoun (``OBJECTS_AFTER_VERBS``) with no
    determiner or preposition before it (``NOUN_OPENERS``), so that it is that object's verb:
    "she hands it to him", "they left him there", not "the door it hid".

    >>> from referee.judge.text.tokens import tokenize
    >>> before_object(tokenize("He pulls off his gauntlet and hands it to her."), 6)
    True
    >>> before_object(tokenize("She looked at the door it hid."), 4)
    False
    >>> before_object(tokenize("At dinner it was all anyone spoke of."), 1)
    False
    """
    after = index + width
    if index == 0 or after >= len(tokens) or tokens[after].text.lower() not in OBJECTS_AFTER_VERBS:
        return False
    return tokens[index - 1].text.lower() not in NOUN_OPENERS


def _adverb(word: str) -> bool:
    """Whether ``word`` is one of ``ADVERBS_BEFORE_VERBS`` or an adverb in "-ly" ("totally")."""
    return word in ADVERBS_BEFORE_VERBS or (len(word) > 4 and word.endswith("ly"))


def verb_use(tokens: list[Token], index: int, place: bool = False) -> bool:
    """Whether a noun card's word is used as a verb here ("the bells began to ring", or bidden
    at the start: ``bidden``); after "to", not where "to" is the preposition (``to_reaches``:
    "he ran away to sea"; before a plural: "gave birth to twins").

    >>> from referee.judge.text.tokens import tokenize
    >>> verb_use(tokenize("The bells began to ring."), 4)
    True
    >>> verb_use(tokenize("The miller rode to town to sell his flour."), 4, place=True)
    False
    >>> verb_use(tokenize("The old woman kept goats."), 4)
    False
    >>> verb_use(tokenize("She could not bear the thought."), 3)
    True
    >>> verb_use(tokenize("Bell the cat, said the old mouse."), 0)
    True
    >>> verb_use(tokenize("They watched the ships sail into the harbour."), 4)
    True
    >>> verb_use(tokenize("He could barely spell his own name."), 3)
    True
    >>> verb_use(tokenize("Come here, you silly goose!"), 5)
    False
    >>> verb_use(tokenize("At last she gave birth to twins."), 6)
    False
    """
    if bidden(tokens, index) or after_plural_subject(tokens, index):
        return True
    if index == 0:
        return False
    before = tokens[index - 1].text
    if before in NEGATED_VERB_MARKERS:
        return True
    skipped = before in ("not", "never") or _adverb(before)
    if skipped and index >= 2 and tokens[index - 2].text != "you":
        # "could not bear", "could hardly bear", "they all hated"; not "you silly goose"
        before = tokens[index - 2].text
    if before == "to" and (to_reaches(tokens, index, place) or looks_plural(tokens[index].text)):
        return False  # "ran away to sea"; no verb follows "to" in "-s": "gave birth to twins"
    if before == "you" and addressed(tokens, index):
        return False
    if before in ASPECT_VERBS:
        return _ing_form(tokens[index].text)
    return before in VERB_MARKERS or before in SUBJECT_PRONOUNS


EXCLAMATIONS = frozenset({"well", "why", "now", "look", "say", "heavens", "goodness"})
"""Words that open a sentence as an exclamation, never calling anyone ("Well, well")."""

EXCLAMATION_OPENERS = SENTENCE_BREAKS | DOUBLE_QUOTES | {"'", "‘", "oh", "ah"}
"""What may come right before an exclamation: the start of a sentence or of speech, "oh"."""

TALK_CARRIERS = SUBJECT_PRONOUNS | (
    {"so", "um", "uh", "er", "then", "now", "anyway", "well", "there", "this", "that"}
    | {"nobody", "everybody", "everyone", "someone", "somebody"}
)
"""Unpunctuated, as speech is sent, these after an opening "well" carry on the talk
("well so um there's this family"), where "well water" goes on with a noun."""


NOUN_DETERMINERS = frozenset(
    {"a", "an", "his", "her", "their", "my", "your", "our", "its", "every", "each", "another"}
    | {"no", "any", "some"}
)
"""Before an adjective, these make it a noun when nothing follows for it to describe."""

KIND_POINTERS = frozenset({"this", "that", "these", "those", "what", "which"})
"""Before an adjective and "of", these make it a noun too ("that kind of flower"); before
any other word they may stress it ("he was that poor")."""

NOUN_ORDINALS = frozenset({"first", "next", "last", "only", "new", "own", "second", "third"})
"""Between the determiner and the word, these leave it a noun ("his next patient")."""

NOUN_ENDERS = frozenset(
    {"was", "is", "were", "are", "had", "has", "would", "will", "could", "did", "who", "whom"}
    | {"whose", "of", "that", "which"}
    | SENTENCE_BREAKS
)
"""Right after an adjective, these show that no noun follows for it to describe ("his first
patient that morning was a goat")."""


OF_KIND_ENDERS = frozenset({",", "before", "again", "ever", "anywhere", "here", "there"}) | (
    PLACE_PREPOSITIONS | DOUBLE_QUOTES | {"and", "or", "but", "with", "for", "from", "like"}
)
"""After "of that" and an adjective, these show no noun follows it ("a beast of that kind
before"), where "of that wooden wheel" goes on with one."""


def noun_use(tokens: list[Token], index: int, width: int = 1) -> bool:
    """Whether an adjective (``width`` tokens from ``index``) is used as a noun: a determiner
    before it (past "first", "next"...) and nothing after it to describe ("Her first patient
    was a goatherd", "every kind of ribbon"). This reads the shape only: the judge asks it
    only of a card's own word that the lexicon marks ``noun_elsewhere`` (mostly a noun of
    another sense), so "her magic was strong" still names *Magic*.

    >>> from referee.judge.text.tokens import tokenize
    >>> noun_use(tokenize("Her first patient was a goatherd."), 2)
    True
    >>> noun_use(tokenize("His cart held every kind of ribbon."), 4)
    True
    >>> noun_use(tokenize("She had never seen that kind of flower."), 5)
    True
    >>> noun_use(tokenize("A patient woman waited by the well."), 1)
    False
    >>> noun_use(tokenize("The shepherd was patient."), 3)
    False
    >>> noun_use(tokenize("He was that kind."), 3)
    False
    >>> noun_use(tokenize("No one had seen a beast of that kind before."), 8)
    True
    >>> noun_use(tokenize("His first patient that morning was a goat."), 2)
    True
    """
    after = tokens[index + width].text if index + width < len(tokens) else "."
    before = index - 1
    while before >= 0 and tokens[before].text in NOUN_ORDINALS:
        before -= 1
    if before < 0:
        return False
    word = tokens[before].text
    if word in KIND_POINTERS and before > 0 and tokens[before - 1].text == "of":
        # "a beast of that kind before": what it is of, where no noun follows to describe
        return after in NOUN_ENDERS or after in OF_KIND_ENDERS
    if after not in NOUN_ENDERS:
        return False
    return word in NOUN_DETERMINERS or (word in KIND_POINTERS and after == "of")


def exclamation(tokens: list[Token], index: int) -> bool:
    """Whether the word opens its sentence, or speech, as an exclamation (``EXCLAMATIONS``), or
    repeats one ("Well, well"): a comma or "!" follows, or, unpunctuated, a word that carries
    on the talk (``TALK_CARRIERS``).

    >>> from referee.judge.text.tokens import tokenize
    >>> exclamation(tokenize("Well, he buried the crown under that palm."), 0)
    True
    >>> exclamation(tokenize('"Well, well," said the fox.'), 1)
    True
    >>> exclamation(tokenize('"Well, well," said the fox.'), 3)
    True
    >>> exclamation(tokenize("well so um there's this family of bakers"), 0)
    True
    >>> exclamation(tokenize("well well said the fox"), 1)
    True
    >>> exclamation(tokenize("Well water is the sweetest."), 0)
    False
    >>> exclamation(tokenize("She fell into the well, and the frog laughed."), 4)
    False
    """
    if tokens[index].text not in EXCLAMATIONS:
        return False
    before = index - 2 if index >= 2 and tokens[index - 1].text == "," else index - 1
    if before >= 0 and tokens[before].text in EXCLAMATIONS and exclamation(tokens, before):
        return True  # "Well, well", "well well said the fox"
    if index > 0 and tokens[index - 1].text not in EXCLAMATION_OPENERS:
        return False
    after = tokens[index + 1].text if index + 1 < len(tokens) else ""
    return after in {",", "!"} or after in TALK_CARRIERS


SEASONS = frozenset({"spring", "fall", "autumn", "summer", "winter"})

SEASON_POINTERS = frozenset({"that", "this", "last", "next", "every", "each", "one", "early"})
"""Right before a season's word, these make it a time ("that fall", "every spring")."""

SEASON_ARRIVALS = frozenset({"came", "comes", "arrived", "returned", "passed", "ended", "began"})
"""Right after a season's word, these make it a time ("when spring came")."""

NOT_SEASON_AFTER = frozenset({"from", "off", "down", "into", "of"})
"""After "in the fall", these make it a fall ("injured in the fall from his horse")."""


def season(tokens: list[Token], index: int) -> bool:
    """Whether a season's word (``SEASONS``) names the time of year: "in (the) spring",
    "that fall", "when spring came"; not "in the fall from the tower", a fall.

    >>> from referee.judge.text.tokens import tokenize
    >>> season(tokenize("In the fall the geese flew south."), 2)
    True
    >>> season(tokenize("That fall the garden gave more pumpkins than ever."), 1)
    True
    >>> season(tokenize("When spring came, he woke thin and hungry."), 1)
    True
    >>> season(tokenize("He broke his arm in the fall from the tower."), 6)
    False
    >>> season(tokenize("She drank from a spring in the rocks."), 4)
    False
    """
    word = tokens[index].text
    if word not in SEASONS:
        return False
    before = [t.text for t in tokens[max(0, index - 2) : index]]
    after = tokens[index + 1].text if index + 1 < len(tokens) else "."
    if after in SEASON_ARRIVALS or set(before[-1:]) & SEASON_POINTERS:
        return True
    in_season = before[-1:] == ["in"] or before == ["in", "the"] or before == ["during", "the"]
    return in_season and after not in NOT_SEASON_AFTER


def _ing_form(word: str) -> bool:
    """Whether ``word`` looks like a verb's "-ing" form: "clearing", "ringing", not "king".

    >>> _ing_form("clearing"), _ing_form("king"), _ing_form("spring")
    (True, False, False)
    """
    return word.endswith("ing") and len(word) >= 7


CALLS = frozenset({"hey", "oi", "oy", "yo", "oh"})
"""Words that call someone before "you" where speech writes no comma ("hey you crab")."""

CALL_CLOSERS = frozenset({"yeah", "yes", "right", "okay", "ok", "listen", "look", "come"})
"""After a call, words of talk that close it where speech writes no mark ("... crab yeah")."""


def addressed(tokens: list[Token], index: int) -> bool:
    """Whether the "you" before ``tokens[index]`` calls someone by it ("Come back, you
    thief!"): "you" opens the phrase (after a comma, a quotation mark or nothing) and the
    word closes it (a punctuation mark or the end follows), where "Do you fish?" asks.

    >>> from referee.judge.text.tokens import tokenize
    >>> addressed(tokenize('"Come back here, you thief!" shouted the baker.'), 6)
    True
    >>> addressed(tokenize("Do you fish?"), 2)
    False

    Speech sends no marks: there a call opens it ("hey you crab yeah you with the claws") and
    a word of talk may close it.

    >>> addressed(tokenize("and she's like hey you crab yeah you with the claws"), 5)
    True
    >>> addressed(tokenize("hey do you fish for a living"), 3)
    False
    """
    after = tokens[index + 1].text if index + 1 < len(tokens) else "."
    opener = tokens[index - 2].text if index >= 2 else '"'
    opens = not opener[0].isalnum() or opener in CALLS
    closes = not after[0].isalnum() or (opener in CALLS and after in CALL_CLOSERS)
    return opens and closes


def to_reaches(tokens: list[Token], index: int, place: bool) -> bool:
    """Whether the "to" before ``tokens[index]`` is the preposition of a place reached ("to
    market", "down to hell", "home to bed") rather than the infinitive's ("to ring").

    It is only where the word ends the phrase (a punctuation mark, the end or one of
    ``PLACE_REACHED_BEFORE`` follows: not "to crown Prince John", "to tower over them",
    "to fire at the dragon"), no verb that takes an infinitive comes before "to" ("began
    to ring"), and the card is a place (places are hardly ever verbs) or the words before
    "to" go somewhere ("went", "ran away", "home").

    >>> from referee.judge.text.tokens import tokenize
    >>> to_reaches(tokenize("The farmer drove his cow to market."), 6, place=True)
    True
    >>> to_reaches(tokenize("He went home to bed."), 4, place=False)
    True
    >>> to_reaches(tokenize("He went down to the river to fish."), 8, place=False)
    False
    >>> to_reaches(tokenize("The hills seemed to tower over the town."), 4, place=True)
    False
    >>> to_reaches(tokenize("She was going to bed when the wolf knocked."), 4, place=False)
    True
    """
    earlier = tokens[index - 2].text if index >= 2 else ""
    if tokens[index].text in BARE_DESTINATIONS and (earlier in GOING or earlier == "going"):
        return True  # "going to bed when ...": a destination whatever follows
    after = tokens[index + 1].text if index + 1 < len(tokens) else "."
    if after[0].isalnum() and after not in PLACE_REACHED_BEFORE:
        return False
    if earlier in INFINITIVE_TAKERS:
        return False
    return place or earlier in GOING


def quoted(text: str, token: Token) -> bool:
    """Whether ``token`` is inside quotation marks."""
    before = text[: token.start]
    return (before.count('"') + before.count("“") - before.count("”")) % 2 == 1


NAMING_VERBS = frozenset({"called", "named", "nicknamed", "dubbed"})
"""Verbs after which a capitalised word is a name someone or something is given."""


def given_name(text: str, tokens: list[Token], index: int) -> bool:
    """Whether ``tokens[index]`` is a name given right after ``NAMING_VERBS``, written with a
    capital ("the dog's called Lucky"): a name, another sense of the word, where "they called
    him lucky" still says he is.

    >>> from referee.judge.text.tokens import tokenize
    >>> sentence = "and the dog's called Lucky which is kind of a joke"
    >>> given_name(sentence, tokenize(sentence), 4)
    True
    >>> sentence = "They called him lucky after that."
    >>> given_name(sentence, tokenize(sentence), 3)
    False
    >>> sentence = "A mare named Patience pulled the cart."
    >>> given_name(sentence, tokenize(sentence), 3), given_name(sentence, tokenize(sentence), 1)
    (True, False)
    """
    token = tokens[index]
    return (
        index > 0
        and tokens[index - 1].text in NAMING_VERBS
        and text[token.start : token.start + 1].isupper()
    )
