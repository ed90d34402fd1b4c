"""Build ``datasets/judge/lexicon.json`` from WordNet 3.0: what else names each element.

Run it where WordNet is installed (``apt-get install wordnet-base wordnet-sense-index``)
and ``nltk`` is importable (the ``dev`` extra)::

    .venv/bin/python -m referee.judge.lexicon_build [--wordnet DIR] [--out FILE]

It reads ``datasets/judge/vocabulary.txt`` (``word<TAB>category``), the deck
``datasets/ouat/story_cards.json`` (for its hand-checked aliases) and the sense
overrides ``datasets/judge/lexicon_senses.json``, and writes one entry per word,
keyed by the lowercase name without a leading article:

- ``category``: character | thing | place | aspect | event;
- ``senses``: the WordNet synsets chosen for the word;
- ``glosses``: their definitions, in the same order (the mention judge compares the
  sentence's phrases with them: "a deep stone shaft" reads like *Well*'s "a deep hole or
  shaft dug or drilled to obtain water or oil or gas or brine");
- ``synonyms``: other words of those synsets, plus the deck card's aliases;
- ``hyponyms``: common words for more specific kinds (they name the element);
- ``broader``: hypernyms, 1-2 levels up and common ones further up (they do not);
- ``cohyponyms``: related but different things (they do not): antonyms, siblings,
  and for characters, things and places, cousins in a small family (``Builder.cohyponyms``);
- ``compounds``: for characters, things and places, WordNet's names of other things
  that hold the word (they do not name it): "fairy tale", "king cobra", "last straw"
  (``Builder.compounds``);
- ``forms``: for aspects and events, related verbs, adjectives and nouns with
  WordNet's irregular verb forms ("hide", "hid" for *Hidden*).

An override is a list of synset names; an item ``"-word"`` drops that word from
every list (for words whose reading is disputed, like "castle" for *Palace*).
A WordNet word that is another deck card's name or alias is moved from the
positive lists to ``cohyponyms``: the deck's cards are distinct elements.

With ``--wide`` it writes ``datasets/judge/lexicon_wide.json`` instead: entries for
the common WordNet words the vocabulary lacks (``wide_vocabulary``), so a card
named by any such word (a table's own deck, a card sent over the API) is judged
with its synonyms, kinds and near misses too. Nobody checks those entries by
hand, so they are built more strictly (``Builder(..., checked=False)``): each word
in its commonest sense that fits the category, naming words only where mostly used
in that sense, with no sense overrides, aliases or deck rule. They are keyed by
word, then by category (``usual``: the category with the most tagged uses)::

    {"vegetable": {"usual": "thing", "entries": {"thing": {"senses": [...], ...}}}}

The output is deterministic: sorted keys and lists, no timestamps. Only this
builder needs nltk and WordNet; the judge reads the JSON files.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.judge.lexicon import lexicon_key
from referee.judge.text import MATERIALS
from referee.paths import datasets_dir

CATEGORIES = ("character", "thing", "place", "aspect", "event")
DEFAULT_WORDNET = Path("/usr/share/wordnet")

#: WordNet 3.0's standard ``lexnames`` file (lexnames(5WN)); Debian's packages lack it.
LEXNAMES = (
    "adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal",
    "noun.artifact", "noun.attribute", "noun.body", "noun.cognition", "noun.communication",
    "noun.event", "noun.feeling", "noun.food", "noun.group", "noun.location", "noun.motive",
    "noun.object", "noun.person", "noun.phenomenon", "noun.plant", "noun.possession",
    "noun.process", "noun.quantity", "noun.relation", "noun.shape", "noun.state",
    "noun.substance", "noun.time", "verb.body", "verb.change", "verb.cognition",
    "verb.communication", "verb.competition", "verb.consumption", "verb.contact",
    "verb.creation", "verb.emotion", "verb.motion", "verb.perception", "verb.possession",
    "verb.social", "verb.stative", "verb.weather", "adj.ppl",
)  # fmt: skip
_SYNTACTIC_CATEGORY = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}

#: Noun lexicographer files whose senses fit each category, for the default sense choice.
NOUN_LEXNAMES: dict[str, frozenset[str]] = {
    "character": frozenset({"noun.person", "noun.animal"}),
    "thing": frozenset({
        "noun.artifact", "noun.object", "noun.food", "noun.substance", "noun.plant",
        "noun.animal", "noun.body", "noun.communication", "noun.possession",
    }),
    "place": frozenset({
        "noun.location", "noun.artifact", "noun.object", "noun.plant", "noun.group",
    }),
    "event": frozenset({
        "noun.act", "noun.event", "noun.phenomenon", "noun.process", "noun.communication",
        "noun.state", "noun.feeling",
    }),
    "aspect": frozenset({"noun.attribute", "noun.state", "noun.feeling"}),
}  # fmt: skip

HYPONYM_DEPTH = 3
BROADER_DEPTH = 2
COMMON_COUNT = 3  # sense count for a hypernym beyond BROADER_DEPTH to be kept
MAX_SYNONYMS = 40
MAX_HYPONYMS = 60
MAX_BROADER = 40
MAX_COHYPONYMS = 40
MAX_COUSINS = 20
COUSIN_FAMILY = 250  # a grandparent with at most this many kinds has cousins
COUSIN_RANK = 3  # the first rank of cousins among cohyponyms' candidates
PHYSICAL_CATEGORIES = ("character", "thing", "place")
MAX_FORMS = 40
MAX_WORDS = 3
FAMILY_SIZE = 30  # untagged kinds are kept only from families this small
WIDE_MIN_COUNT = 3
"""Tagged uses (in senses of the category) a word needs to get a wide entry."""
#: Noun lexicographer files that give a word a wide entry in each category; stricter than
#: ``NOUN_LEXNAMES`` (a knife is not offered as a place), and a place is also a structure.
#: Adjectives are aspects too.
WIDE_LEXNAMES: dict[str, frozenset[str]] = {
    "character": frozenset({"noun.person", "noun.animal"}),
    "thing": frozenset({
        "noun.artifact", "noun.object", "noun.food", "noun.substance", "noun.plant",
        "noun.body", "noun.possession",
    }),
    "place": frozenset({"noun.location"}),
    "event": frozenset({
        "noun.act", "noun.event", "noun.phenomenon", "noun.process", "noun.time",
    }),
    "aspect": frozenset({"noun.attribute", "noun.state", "noun.feeling"}),
}  # fmt: skip
HOLDER_ROOTS = frozenset({"container.n.01", "food.n.01", "food.n.02", "beverage.n.01"})
"""A card under one of these ``holds`` what "a <card> of ..." names: its contents or what it
is made of ("a basket of apples", "a cup of wine", "a cake of honey"), not a figure of speech."""
WIDE_PLACES = frozenset({"structure.n.01", "facility.n.01", "geological_formation.n.01"})
"""Artifacts and objects under these count as places for the wide lexicon (a mill, a cave)."""
_TOP_ROOTS = (
    ("character", frozenset({"person.n.01", "animal.n.01"})),
    ("event", frozenset({"event.n.01"})),
    ("thing", frozenset({"physical_entity.n.01"})),
)
"""For ``noun.Tops`` senses: the first category whose root is above the sense."""
COMPOUND_CATEGORIES = PHYSICAL_CATEGORIES
"""Cards whose word inside another thing's name ("fairy tale", "king cobra") does not name
them. An aspect's or event's word keeps its sense in most of WordNet's compounds ("a rich
man", "a magic spell", "a birthday party"), so theirs are not collected."""
LITERAL_MODIFIERS = frozenset(
    {"white", "black", "red", "green", "blue", "yellow", "brown", "grey", "gray", "pink"}
    | {"purple", "golden", "silver", "little", "big", "small", "great", "old", "young"}
    | {"hot", "cold", "warm", "deep", "high", "low", "rough", "dry", "wet", "fresh"}
    | {"open", "closed", "sea", "river", "mountain", "forest", "desert", "field", "garden"}
    | MATERIALS
)
"""Before the card's word at the end of a compound, these are read as describing the card
("a silver bell", "a white feather", "hot water", "a brass ring", "a sea serpent"), not as
naming another thing."""
THING_LEXNAMES = frozenset(
    {"noun.artifact", "noun.animal", "noun.food", "noun.object", "noun.plant", "noun.body"}
    | {"noun.substance", "noun.location"}
)
"""Kinds of physical things: a compound that ends with the card's word and is one of these
is as likely a kind of it as another thing ("mustard seed", "custard pie", "rib cage")."""
_COMPOUND_STOPS = frozenset(
    {"one's", "someone's", "somebody's", "something", "someone", "somebody", "oneself"}
    | {"and", "the", "a", "an"}
)
"""Words that keep a WordNet compound out: placeholders no sentence writes as such, and
pairs and phrases read literally as often as not ("bread and butter", "the devil")."""
_SINGLE_WORD = re.compile(r"^[a-z]+$")
_TOPS = frozenset({"entity.n.01", "physical_entity.n.01", "abstraction.n.06", "causal_agent.n.01"})
_WORD = re.compile(r"^[a-z](?:[a-z' -]*[a-z])?$")


@dataclass(frozen=True)
class Word:
    """One vocabulary line: the name as written and its category."""

    name: str
    category: str

    @property
    def key(self) -> str:
        """The lexicon key for this word."""
        return lexicon_key(self.name)


@dataclass
class Sources:
    """Everything the build reads besides WordNet."""

    vocabulary: list[Word]
    aliases: dict[str, list[str]]
    overrides: dict[str, list[str]] = field(default_factory=dict)


def read_vocabulary(path: Path) -> list[Word]:
    """Parse ``word<TAB>category`` lines; blank lines and ``#`` comments are skipped."""
    words: list[Word] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 2 or parts[1] not in CATEGORIES:
            raise ValueError(f"{path}:{number}: expected 'word<TAB>category', got {raw!r}")
        word = Word(parts[0].strip(), parts[1])
        if word.key in seen:
            raise ValueError(f"{path}:{number}: {word.key!r} repeats line {seen[word.key]}")
        seen[word.key] = number
        words.append(word)
    return words


def read_deck(path: Path) -> list[dict[str, Any]]:
    """The story cards of a deck file."""
    return list(json.loads(path.read_text(encoding="utf-8")))


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    if repeated:
        raise ValueError(f"repeated keys: {repeated}")
    return dict(pairs)


def read_sources(vocabulary: Path, deck: Path, senses: Path | None) -> Sources:
    """Load the vocabulary, the deck's aliases and the sense overrides, cross-checked."""
    words = read_vocabulary(vocabulary)
    by_key = {word.key: word for word in words}
    aliases: dict[str, list[str]] = {}
    for card in read_deck(deck):
        key = lexicon_key(card["en"])
        word = by_key.get(key)
        if word is None or word.name != card["en"] or word.category != card["category"]:
            raise ValueError(
                f"deck card {card['en']!r} ({card['category']}) is not in "
                f"{vocabulary} as written on the card"
            )
        aliases[key] = sorted({" ".join(a.lower().split()) for a in card.get("aliases", [])})
    overrides: dict[str, list[str]] = {}
    if senses is not None and senses.exists():
        overrides = json.loads(senses.read_text(encoding="utf-8"), object_pairs_hook=_unique)
        unknown = sorted(set(overrides) - set(by_key))
        if unknown:
            raise ValueError(f"{senses}: overrides for words not in the vocabulary: {unknown}")
    return Sources(words, aliases, overrides)


class WordNet:
    """WordNet 3.0 through nltk, with sense counts, index order and irregular forms."""

    def __init__(self, directory: Path) -> None:
        """Open the WordNet database files in ``directory`` (copied to a private temp dir)."""
        import nltk.data
        from nltk.corpus.reader.wordnet import WordNetCorpusReader

        if not (directory / "data.noun").is_file():
            raise FileNotFoundError(f"no WordNet database (data.noun) in {directory}")
        self._tmp = tempfile.TemporaryDirectory(prefix="wordnet-")
        root = Path(self._tmp.name)
        for source in directory.iterdir():
            if source.is_file():
                shutil.copyfile(source, root / source.name)
        if not (root / "lexnames").exists():
            (root / "lexnames").write_text(
                "".join(
                    f"{number:02d}\t{name}\t{_SYNTACTIC_CATEGORY[name.split('.')[0]]}\n"
                    for number, name in enumerate(LEXNAMES)
                ),
                encoding="ascii",
            )
        # nltk only opens files under its data path.
        nltk.data.path.append(str(root))

        class _Reader(WordNetCorpusReader):  # type: ignore[misc]
            def map_wn(self, version: str = "wordnet") -> None:
                # This is the 3.0 database itself: there is nothing to map, and the
                # default would look for nltk's own downloaded copy.
                return None

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "multilingual functions are not available"
            self.reader = _Reader(str(root), None)
        self.version = self.reader.get_version()
        self._counts = self._read_counts(root / "cntlist.rev")
        self._index = self._read_index(root)
        self._irregular = self._read_irregular(root / "verb.exc")
        self._frequency: dict[tuple[str, str], int] = {}

    def close(self) -> None:
        """Remove the temporary copy."""
        import nltk.data

        if self._tmp.name in nltk.data.path:
            nltk.data.path.remove(self._tmp.name)
        self._tmp.cleanup()

    def __enter__(self) -> WordNet:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @staticmethod
    def _read_counts(path: Path) -> dict[str, int]:
        counts: dict[str, int] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                parts = line.split()
                if len(parts) == 3:
                    counts[parts[0]] = int(parts[2])
        return counts

    @staticmethod
    def _read_index(root: Path) -> dict[tuple[str, str], list[int]]:
        index: dict[tuple[str, str], list[int]] = {}
        for pos, name in (("n", "index.noun"), ("v", "index.verb"), ("a", "index.adj")):
            for line in (root / name).read_text(encoding="utf-8").splitlines():
                if line.startswith(" "):
                    continue
                parts = line.split()
                synset_count = int(parts[2])
                index[(parts[0], pos)] = [int(offset) for offset in parts[-synset_count:]]
        return index

    @staticmethod
    def _read_irregular(path: Path) -> dict[str, list[str]]:
        forms: dict[str, set[str]] = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            inflected, *bases = line.split()
            for base in bases:
                forms.setdefault(base, set()).add(inflected)
        return {base: sorted(inflected) for base, inflected in forms.items()}

    @staticmethod
    def _pos_key(pos: str) -> str:
        return "a" if pos in ("a", "s") else pos

    def synset(self, name: str) -> Any:
        """The synset called ``name`` ("forest.n.01")."""
        return self.reader.synset(name)

    def senses(self, word: str, pos: str) -> list[Any]:
        """Synsets of the exact lemma ``word`` (underscores for spaces), most frequent first."""
        key = self._pos_key(pos)
        return [
            self.reader.synset_from_pos_and_offset(key, offset)
            for offset in self._index.get((word.lower(), key), [])
        ]

    def common_senses(self, word: str, pos: str) -> list[Any]:
        """Like :meth:`senses`, without proper names ("Page", "Miller") and instances."""
        return [
            synset
            for synset in self.senses(word, pos)
            if not synset.instance_hypernyms()
            and any(lemma.name() == word.lower() for lemma in synset.lemmas())
        ]

    def count(self, lemma: Any) -> int:
        """How often ``lemma`` (a word in one sense) is tagged in WordNet's corpus."""
        return self._counts.get(lemma.key(), 0)

    def frequency(self, word: str, pos: str) -> int:
        """All tagged uses of ``word`` in ``pos``, over its senses."""
        key = (word.lower(), self._pos_key(pos))
        if key not in self._frequency:
            self._frequency[key] = sum(
                self.count(lemma)
                for synset in self.senses(word, pos)
                for lemma in synset.lemmas()
                if lemma.name().lower() == word.lower()
            )
        return self._frequency[key]

    def is_primary(self, lemma: Any) -> bool:
        """Whether the lemma's synset is the first (most frequent) sense of its word."""
        offsets = self._index.get((lemma.name().lower(), self._pos_key(lemma.synset().pos())))
        if not offsets:
            return False
        return offsets[0] == lemma.synset().offset()

    def indexed(self) -> list[tuple[str, str]]:
        """Every (word, part of speech) in WordNet's index, ``n``, ``v`` or ``a``."""
        return list(self._index)

    def irregular(self, verb: str) -> list[str]:
        """WordNet's irregular inflections of a verb ("hide" -> "hid", "hidden")."""
        return self._irregular.get(verb.replace(" ", "_"), [])

    def verb_base(self, word: str) -> str | None:
        """The verb a participle or verb form comes from ("hidden" -> "hide"), if any."""
        base = self.reader.morphy(word, "v")
        return base if base and base != word else None


def clean(name: str) -> str | None:
    """A WordNet lemma name as a plain lowercase word or phrase, or None if it is not one.

    >>> clean("woods"), clean("ash_tree"), clean("Equus_caballus"), clean("B-52")
    ('woods', 'ash tree', None, None)
    """
    text = name.replace("_", " ")
    if text != text.lower() or not _WORD.match(text) or len(text.split()) > MAX_WORDS:
        return None
    return text


@dataclass(order=True)
class _Candidate:
    rank: tuple[int, ...]
    word: str


def _ranked(candidates: Iterable[_Candidate], limit: int) -> list[str]:
    """The ``limit`` best words (lowest rank), each once, sorted alphabetically."""
    best: dict[str, tuple[int, ...]] = {}
    for candidate in candidates:
        if candidate.word not in best or candidate.rank < best[candidate.word]:
            best[candidate.word] = candidate.rank
    chosen = sorted(best, key=lambda word: (best[word], word))[:limit]
    return sorted(chosen)


class Builder:
    """Turns vocabulary words into lexicon entries with one open WordNet."""

    def __init__(self, wordnet: WordNet, sources: Sources, *, checked: bool = True) -> None:
        """Prepare to build entries for ``sources`` from ``wordnet``.

        ``checked`` entries (the vocabulary's) are read by hand, overrides and all; an
        unchecked one (the wide lexicon's) takes a word as naming it only where the
        word is mostly used in that sense, and only the derived forms that are.
        """
        self.wn = wordnet
        self.sources = sources
        self.checked = checked
        # Another deck card's name or alias, mapped to that card's key.
        self.card_words = {key: {key, *aliases} for key, aliases in sources.aliases.items()}
        self.deck_category = {
            w.key: w.category for w in sources.vocabulary if w.key in self.card_words
        }
        self._senses_of: dict[str, set[str]] = {}
        self._family_sizes: dict[str, int] = {}
        self._compound_index: dict[str, list[str]] | None = None
        self.deck_words: dict[str, set[str]] = {}
        for key, words in self.card_words.items():
            for word in words:
                self.deck_words.setdefault(word, set()).add(key)

    def _card_senses(self, key: str) -> set[str]:
        """The synset names chosen for the deck card ``key``."""
        if key not in self._senses_of:
            word = Word(key, self.deck_category[key])
            self._senses_of[key] = {synset.name() for synset in self.choose(word)[0]}
        return self._senses_of[key]

    # -- sense choice ---------------------------------------------------------------------

    def choose(self, word: Word) -> tuple[list[Any], set[str]]:
        """The synsets for ``word`` and the words its override excludes."""
        override = self.sources.overrides.get(word.key)
        if override is not None:
            synsets = [self.wn.synset(name) for name in override if not name.startswith("-")]
            excluded = {name[1:].replace("_", " ") for name in override if name.startswith("-")}
            return synsets, excluded
        lemma = word.key.replace(" ", "_")
        if word.category == "aspect":
            chosen = self.wn.common_senses(lemma, "a")[:1]
            base = self.wn.verb_base(lemma)
            if base:
                chosen += self.wn.common_senses(base, "v")[:1]
            if chosen:
                return chosen, set()
        nouns = self.wn.common_senses(lemma, "n")
        base = self.wn.reader.morphy(lemma, "n")
        if not nouns and base:  # "ruins" -> "ruin"
            nouns = self.wn.common_senses(base, "n")
        fitting = [s for s in nouns if s.lexname() in NOUN_LEXNAMES[word.category]]
        return (fitting or nouns)[:1], set()

    # -- relations ------------------------------------------------------------------------

    def _usable(self, lemma: Any, *, strict: bool = True) -> str | None:
        """The lemma as a plain word, if the word is used in this sense.

        Strictly (for words that name the card): this is the word's first sense, or at
        least half its tagged uses in WordNet's corpus, or (for a noun) its commoner
        senses are of the same kind (lexicographer file), or the word is never tagged
        and has at most two senses; and the word is not used more in another part of
        speech ("entire", "gray" for horses). Loosely (for negative evidence): the
        sense is tagged at all, or first, or the word is never tagged.
        """
        text = clean(lemma.name())
        if text is None:
            return None
        name, pos = lemma.name(), lemma.synset().pos()
        frequency = self.wn.frequency(name, pos)
        count = self.wn.count(lemma)
        if not strict:
            return text if count > 0 or frequency == 0 or self.wn.is_primary(lemma) else None
        if any(self.wn.frequency(name, other) > frequency for other in ("n", "v", "a")):
            return None
        if self.wn.is_primary(lemma) or (count > 0 and 2 * count >= frequency):
            return text
        if not self.checked:
            return None
        senses = self.wn.senses(name, pos)
        if frequency == 0 and len(senses) <= 2:
            return text
        # Commoner noun senses of the same kind ("oak" the wood before "oak" the tree).
        earlier = senses[: senses.index(lemma.synset())] if lemma.synset() in senses else senses
        if pos == "n" and all(other.lexname() == lemma.synset().lexname() for other in earlier):
            return text
        return None

    def _score(self, lemma: Any) -> tuple[int, int, int]:
        """Commoner first: count in this sense, the word's total count, fewer words."""
        return (
            -self.wn.count(lemma),
            -self.wn.frequency(lemma.name(), lemma.synset().pos()),
            lemma.name().count("_"),
        )

    def _words(self, synset: Any, *rank: int, strict: bool = True) -> list[_Candidate]:
        """The usable words of ``synset``, ranked by ``rank`` and then by commonness."""
        found = []
        for lemma in synset.lemmas():
            text = self._usable(lemma, strict=strict)
            if text:
                found.append(_Candidate((*rank, *self._score(lemma)), text))
        return found

    @staticmethod
    def _kinds(synsets: Sequence[Any]) -> list[tuple[int, int, Any]]:
        """(depth, family size, synset) for kinds of the chosen senses: noun hyponyms to
        HYPONYM_DEPTH levels, and the satellites of a head adjective. The family size
        is how many kinds the parent has."""
        kinds: list[tuple[int, int, Any]] = []
        seen = set(synsets)
        for synset in synsets:
            if synset.pos() == "n":
                frontier = [synset]
                for depth in range(1, HYPONYM_DEPTH + 1):
                    parents, frontier = frontier, []
                    for parent in parents:
                        family = parent.hyponyms()
                        children = [child for child in family if child not in seen]
                        seen.update(children)
                        kinds.extend((depth, len(family), child) for child in children)
                        frontier.extend(children)
            elif synset.pos() == "a":
                similar = [s for s in synset.similar_tos() if s not in seen]
                kinds.extend((1, len(similar), s) for s in similar)
        return kinds

    def synonyms(self, synsets: Sequence[Any]) -> list[_Candidate]:
        """Other words of the chosen noun and adjective synsets."""
        return [c for s in synsets if s.pos() != "v" for c in self._words(s)]

    def hyponyms(self, synsets: Sequence[Any]) -> list[_Candidate]:
        """Words for more specific kinds, commonest first, then nearest.

        A word never tagged in WordNet's corpus is kept only one level down and from
        a small family (at most FAMILY_SIZE kinds): "palfrey" under horse, but not
        every one of the hundreds of species under tree.
        """
        found = []
        for depth, family, kind in self._kinds(synsets):
            for candidate in self._words(kind):
                count, frequency, words = candidate.rank
                if frequency < 0 or (depth == 1 and family <= FAMILY_SIZE):
                    found.append(_Candidate((count, frequency, depth, words), candidate.word))
        return found

    def broader(self, synsets: Sequence[Any]) -> list[_Candidate]:
        """Hypernyms: every word 1-2 levels up, and common words further up."""
        found: list[_Candidate] = []
        for synset in synsets:
            if synset.pos() != "n":
                continue
            frontier, seen, depth = [synset], {synset}, 0
            while frontier:
                depth += 1
                frontier = [
                    h
                    for s in frontier
                    for h in (*s.hypernyms(), *s.instance_hypernyms())
                    if h not in seen
                ]
                seen.update(frontier)
                for hypernym in frontier:
                    if hypernym.name() in _TOPS:
                        continue
                    found.extend(
                        c
                        for c in self._words(hypernym, depth, strict=False)
                        if depth <= BROADER_DEPTH or -c.rank[1] >= COMMON_COUNT
                    )
        return found

    def cohyponyms(self, synsets: Sequence[Any], own: set[str], category: str) -> list[_Candidate]:
        """Antonyms, siblings under the same hypernym and their commoner kinds, and for
        characters, things and places, cousins in a small family.

        Cousins are the kinds (and their kinds) of the hypernym's siblings under a
        grandparent with at most COUSIN_FAMILY kinds in all: "torch" for *Candle*
        (sources of illumination), "hat" for *Crown* (headdresses), "mother" for
        *Stepmother* (parents), "cottage" for *Palace* (dwellings), but not every
        device under "device". In such a small family, a word's first sense counts even if
        it is untagged in this sense. A sibling sharing a word with ``own`` (the card's
        name and aliases) is the card's own sense, not a different thing, and is left out.
        """
        found = []
        chosen = set(synsets)
        physical = category in PHYSICAL_CATEGORIES

        def other(synset: Any) -> bool:
            names = {clean(lemma.name()) or lemma.name() for lemma in synset.lemmas()}
            return synset not in chosen and not names & own

        for synset in synsets:
            if synset.pos() != "n":
                continue
            for lemma in synset.lemmas():
                for antonym in lemma.antonyms():
                    if other(antonym.synset()) and (text := self._usable(antonym, strict=False)):
                        found.append(_Candidate((0, *self._score(antonym)), text))
            for hypernym in synset.hypernyms():
                small = physical and self._family_size(hypernym) <= COUSIN_FAMILY
                for sibling in filter(other, hypernym.hyponyms()):
                    found.extend(self._words(sibling, 1, strict=False))
                    for nephew in filter(other, sibling.hyponyms()):
                        found.extend(self._common_words(nephew, 2, first_sense=small))
                for grandparent in hypernym.hypernyms():
                    if not physical or self._family_size(grandparent) > COUSIN_FAMILY:
                        continue
                    for aunt in filter(other, grandparent.hyponyms()):
                        if aunt == hypernym:
                            continue
                        found.extend(self._first_sense_words(aunt, 3))
                        for cousin in filter(other, aunt.hyponyms()):
                            found.extend(self._first_sense_words(cousin, 4))
        return found

    def compounds(self, word: Word, synsets: Sequence[Any]) -> list[str]:
        """WordNet's names of other things that hold the card's word: "fairy tale" and
        "witch hazel", "king cobra", "horse chestnut", "last straw", "night owl".

        A compound is kept when none of its noun senses is one of the word's noun senses
        (or the chosen ``synsets``) or a kind of one ("grey wolf", "forest fire" for *Fire*
        are kinds). Where the card's word ends it, the compound must be no physical thing
        (``THING_LEXNAMES``) nor of the word's senses' kind (lexicographer file): "last
        straw", "night owl", "family tree" are kept, "sea lion", "banana tree" and "mustard
        seed" are left to the judge; and it must not be led by a ``LITERAL_MODIFIERS`` word
        ("hot water", "ivory tower"). Proper names, hyphenated words and ``_COMPOUND_STOPS``
        are left out. Only cards of ``COMPOUND_CATEGORIES`` have compounds. The caller
        drops the words that name the card or are broader (``entry``).
        """
        if word.category not in COMPOUND_CATEGORIES:
            return []
        parts = word.key.split()
        lemma = word.key.replace(" ", "_")
        base = self.wn.reader.morphy(lemma, "n") or lemma
        own = {*self.wn.senses(lemma, "n"), *self.wn.senses(base, "n"), *synsets}
        own_names = {synset.name() for synset in own}
        own_kinds = {synset.lexname() for synset in own}
        found = []
        for name in self._compounds_holding(parts[0]):
            words = name.split()
            ends = [i + len(parts) for i in range(len(words)) if words[i : i + len(parts)] == parts]
            if not ends or name == word.key:
                continue
            senses = self.wn.senses(name.replace(" ", "_"), "n")
            if any(own_names & _self_and_above(sense) for sense in senses):
                continue
            if ends[-1] == len(words) and (
                any(sense.lexname() in own_kinds | THING_LEXNAMES for sense in senses)
                or words[ends[-1] - len(parts) - 1] in LITERAL_MODIFIERS
            ):
                continue
            found.append(name)
        return found

    def _compounds_holding(self, part: str) -> list[str]:
        """WordNet's multi-word common nouns that have ``part`` as one of their words."""
        if self._compound_index is None:
            index: dict[str, list[str]] = {}
            for name, pos in self.wn.indexed():
                text = clean(name) if pos == "n" and "_" in name else None
                if text is None or "-" in text or set(text.split()) & _COMPOUND_STOPS:
                    continue
                if not all(_common_noun(sense, name) for sense in self.wn.senses(name, "n")):
                    continue
                for word in set(text.split()):
                    index.setdefault(word, []).append(text)
            self._compound_index = index
        return self._compound_index.get(part, [])

    def _family_size(self, synset: Any) -> int:
        """How many kinds ``synset`` has, at every depth."""
        name = synset.name()
        if name not in self._family_sizes:
            self._family_sizes[name] = sum(1 for _ in synset.closure(lambda s: s.hyponyms()))
        return self._family_sizes[name]

    def _common_words(self, synset: Any, rank: int, *, first_sense: bool) -> list[_Candidate]:
        """Words of ``synset`` tagged in this sense in WordNet's corpus, and (with
        ``first_sense``) those of :meth:`_first_sense_words`."""
        tagged = [
            candidate
            for lemma in synset.lemmas()
            if self.wn.count(lemma) > 0
            for candidate in self._words_of(lemma, rank)
        ]
        return tagged + (self._first_sense_words(synset, rank) if first_sense else [])

    def _first_sense_words(self, synset: Any, rank: int) -> list[_Candidate]:
        """Words whose first sense ``synset`` is, tagged at all and mostly as nouns
        ("torch", "hat"; not "light", whose first sense is radiation, nor "left")."""
        found = []
        for lemma in synset.lemmas():
            name = lemma.name()
            frequency = self.wn.frequency(name, "n")
            if (
                self.wn.is_primary(lemma)
                and frequency > 0
                and all(self.wn.frequency(name, other) <= frequency for other in ("v", "a"))
            ):
                found.extend(self._words_of(lemma, rank))
        return found

    def _words_of(self, lemma: Any, rank: int) -> list[_Candidate]:
        """The lemma as a loosely usable word (``_usable``), ranked by ``rank``."""
        text = self._usable(lemma, strict=False)
        return [_Candidate((rank, *self._score(lemma)), text)] if text else []

    def related(self, synsets: Sequence[Any]) -> set[str]:
        """Every word of the chosen senses and of their kinds, usable or not."""
        words: set[str] = set()
        for synset in [*synsets, *(kind for _, _, kind in self._kinds(synsets))]:
            words.update(clean(lemma.name()) or lemma.name() for lemma in synset.lemmas())
        return words

    def forms(self, word: Word, synsets: Sequence[Any], excluded: set[str]) -> list[_Candidate]:
        """Related verbs, adjectives and nouns, with WordNet's irregular verb forms.

        Ranked: the word's own verb and derivations first, then the words of chosen
        verb senses, then the other words of derived verb senses, then the words of
        the chosen verbs' verb groups. Irregular forms of ``excluded`` verbs are left
        out too.
        """
        found: list[_Candidate] = []
        verbs: dict[str, int] = {}

        def add(lemma: Any, priority: int, *, usable: bool = True) -> None:
            text = self._usable(lemma) if usable else clean(lemma.name())
            if text:
                found.append(_Candidate((priority, *self._score(lemma)), text))
                if lemma.synset().pos() == "v":
                    verbs[text] = min(priority, verbs.get(text, priority))

        own = word.key.replace(" ", "_")
        base = self.wn.verb_base(own)
        if base and (text := clean(base)):
            found.append(_Candidate((0,), text))
            verbs[text] = 0
        for synset in synsets:
            if synset.pos() == "v" and self.checked:
                for group in synset.verb_groups():
                    for lemma in group.lemmas():
                        add(lemma, 3)
            for lemma in synset.lemmas():
                if synset.pos() == "v":
                    add(lemma, 1)
                elif not self._usable(lemma) and lemma.name().lower() != own:
                    continue
                related = [
                    *lemma.derivationally_related_forms(),
                    *lemma.pertainyms(),
                    *lemma._related("<"),
                ]  # "<": participle of a verb
                for other in related:
                    add(other, 0, usable=not self.checked)
                    if other.synset().pos() == "v" and self.checked:
                        for sibling in other.synset().lemmas():
                            add(sibling, 2)
        for verb, priority in verbs.items():
            if verb in excluded:
                continue
            found.extend(
                _Candidate((priority,), clean(form) or form) for form in self.wn.irregular(verb)
            )
        return [candidate for candidate in found if _WORD.match(candidate.word)]

    # -- entries --------------------------------------------------------------------------

    def entry(self, word: Word, senses: Sequence[Any] | None = None) -> dict[str, Any]:
        """The lexicon entry for one word, in ``senses`` if given, else in the senses
        ``choose`` picks."""
        synsets, excluded = (list(senses), set()) if senses is not None else self.choose(word)
        key = word.key
        aliases = self.sources.aliases.get(key, [])
        own = {key, *aliases}
        synonyms = _ranked(self.synonyms(synsets), MAX_SYNONYMS)
        hyponyms = _ranked(self.hyponyms(synsets), MAX_HYPONYMS)
        broader = _ranked(self.broader(synsets), MAX_BROADER)
        related_things = self.cohyponyms(synsets, own, word.category)
        cohyponyms = [
            *_ranked((c for c in related_things if c.rank[0] < COUSIN_RANK), MAX_COHYPONYMS),
            *_ranked((c for c in related_things if c.rank[0] >= COUSIN_RANK), MAX_COUSINS),
        ]
        forms: list[str] = []
        if word.category in ("aspect", "event"):
            forms = _ranked(self.forms(word, synsets, excluded), MAX_FORMS)

        # Another deck card's name, or an alias of another card of this category, names
        # that card, not this one (unless this word is one of that card's words or
        # shares a sense with it: "two people fall in love" and *Falling In Love*).
        sense_names = {synset.name() for synset in synsets}
        others = {
            w
            for w, keys in self.deck_words.items()
            if w not in own
            and any(
                k != key
                and key not in self.card_words[k]
                and not sense_names & self._card_senses(k)
                and (w == k or self.deck_category[k] == word.category)
                for k in keys
            )
        }
        moved = {w for w in (*synonyms, *hyponyms, *forms) if w in others}
        # Nothing that names the card in some chosen sense is negative evidence.
        positive = (
            self.related(synsets) | set(synonyms) | set(hyponyms) | set(forms) | own
        ) - moved

        def keep(words: Iterable[str], banned: set[str]) -> list[str]:
            return sorted({w for w in words if w not in banned and w not in excluded})

        broader = keep(broader, positive)
        return {
            "category": word.category,
            "senses": [synset.name() for synset in synsets],
            "glosses": [definition(synset) for synset in synsets],
            "holds": any(_holds(synset) for synset in synsets),
            "synonyms": keep([*synonyms, *aliases], {key, *moved}),
            "hyponyms": keep(hyponyms, {key, *moved}),
            "broader": broader,
            "cohyponyms": keep([*cohyponyms, *moved], positive | set(broader)),
            "compounds": keep(self.compounds(word, synsets), positive | set(broader)),
            "forms": keep(forms, {key, *moved}),
        }

    def build(self) -> dict[str, dict[str, Any]]:
        """Entries for the whole vocabulary, by key."""
        return {word.key: self.entry(word) for word in self.sources.vocabulary}


def definition(synset: Any) -> str:
    """A synset's definition without the empty parts and quotation credits that nltk
    leaves in some (their quotations are dropped from WordNet's gloss, the credits are not).

    >>> class Sad:
    ...     def definition(self):
    ...         return "experiencing or showing sorrow or unhappiness; ; - Christina Rossetti"
    >>> definition(Sad())
    'experiencing or showing sorrow or unhappiness'
    """
    parts = [part.strip() for part in synset.definition().split(";")]
    return "; ".join(part for part in parts if part and not part.startswith("-"))


def _self_and_above(synset: Any) -> set[str]:
    """The names of the synset and of every hypernym above it."""
    return {synset.name(), *(h.name() for h in synset.closure(lambda s: s.hypernyms()))}


def _common_noun(synset: Any, name: str) -> bool:
    """Whether ``synset`` writes the lemma ``name`` in lower case (not "King_Arthur")."""
    return any(lemma.name() == name for lemma in synset.lemmas())


def _holds(synset: Any) -> bool:
    """Whether the sense is a container, a food or a drink (``HOLDER_ROOTS``)."""
    return bool(_self_and_above(synset) & HOLDER_ROOTS)


def _top_category(synset: Any) -> str | None:
    """The category of one of WordNet's top concepts (lexicographer file ``noun.Tops``)."""
    above = _self_and_above(synset)
    for category, roots in _TOP_ROOTS:
        if above & roots:
            return category
    return None


def _fits(synset: Any, category: str) -> bool:
    """Whether a noun sense fits ``category`` for the wide lexicon (``WIDE_LEXNAMES``; one
    of WordNet's top concepts by what is above it; a place may also be a structure)."""
    if synset.lexname() in WIDE_LEXNAMES[category]:
        return True
    if synset.lexname() == "noun.Tops":  # food, person, animal, event...
        return _top_category(synset) == category
    if category != "place" or synset.lexname() not in ("noun.artifact", "noun.object"):
        return False
    return any(h.name() in WIDE_PLACES for h in synset.closure(lambda s: s.hypernyms()))


def _fitting_senses(wordnet: WordNet, word: str, category: str) -> list[Any]:
    """The word's noun senses that fit ``category``, most frequent first."""
    return [s for s in wordnet.common_senses(word, "n") if _fits(s, category)]


def _tagged_uses(wordnet: WordNet, word: str, category: str) -> int:
    """How often ``word`` is tagged in WordNet's corpus in senses that fit ``category``
    (for aspects, its adjective senses too)."""
    adjective = wordnet.frequency(word, "a") if category == "aspect" else 0
    return adjective + sum(
        wordnet.count(lemma)
        for synset in _fitting_senses(wordnet, word, category)
        for lemma in synset.lemmas()
        if lemma.name().lower() == word
    )


def wide_vocabulary(wordnet: WordNet, known: set[str]) -> dict[str, dict[str, int]]:
    """The common single words WordNet has that ``known`` lacks, with their tagged uses
    in each category they fit (at least ``WIDE_MIN_COUNT``), by word.

    Nouns are offered in every category (``WIDE_LEXNAMES``); adjectives as aspects.
    """
    found: dict[str, dict[str, int]] = {}
    words = {word for word, pos in wordnet.indexed() if pos in ("n", "a")}
    for word in sorted(words - known):
        if not _SINGLE_WORD.match(word):
            continue
        for category in WIDE_LEXNAMES:
            uses = _tagged_uses(wordnet, word, category)
            if uses >= WIDE_MIN_COUNT:
                found.setdefault(word, {})[category] = uses
    return found


def build_wide(wordnet_dir: Path, vocabulary: Path) -> str:
    """The wide lexicon's text: entries for common words outside ``vocabulary``."""
    known = {word.key for word in read_vocabulary(vocabulary)}
    with WordNet(wordnet_dir) as wordnet:
        if wordnet.version != "3.0":
            raise ValueError(f"expected WordNet 3.0 in {wordnet_dir}, found {wordnet.version}")
        builder = Builder(wordnet, Sources(vocabulary=[], aliases={}), checked=False)
        wide: dict[str, dict[str, Any]] = {}
        for word, uses in wide_vocabulary(wordnet, known).items():
            entries = {}
            for category in uses:
                senses = None  # an aspect: the adjective's sense where it is one
                if category != "aspect" or not wordnet.senses(word, "a"):
                    # the sense that let the word in, not another
                    senses = _fitting_senses(wordnet, word, category)[:1]
                entry = builder.entry(Word(word, category), senses)
                if entry["senses"]:
                    del entry["category"]
                    entries[category] = entry
            if entries:
                usual = max(entries, key=lambda c: (uses[c], -CATEGORIES.index(c)))
                wide[word] = {"usual": usual, "entries": entries}
    return render(wide)


def render(lexicon: dict[str, dict[str, Any]]) -> str:
    """The lexicon as committed: sorted keys, one list item a line, trailing newline."""
    return json.dumps(lexicon, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def build(wordnet_dir: Path, vocabulary: Path, deck: Path, senses: Path | None) -> str:
    """Build the lexicon text from WordNet in ``wordnet_dir`` and the given sources."""
    sources = read_sources(vocabulary, deck, senses)
    with WordNet(wordnet_dir) as wordnet:
        if wordnet.version != "3.0":
            raise ValueError(f"expected WordNet 3.0 in {wordnet_dir}, found {wordnet.version}")
        return render(Builder(wordnet, sources).build())


def _explain(wordnet_dir: Path, sources: Sources, keys: Sequence[str]) -> None:
    """Print each word's chosen senses with their glosses, for checking by eye."""
    with WordNet(wordnet_dir) as wordnet:
        builder = Builder(wordnet, sources)
        for word in sources.vocabulary:
            if keys and word.key not in keys:
                continue
            synsets, excluded = builder.choose(word)
            flag = "*" if word.key in sources.overrides else " "
            glosses = "; ".join(f"{s.name()}: {s.definition()[:60]}" for s in synsets) or "-"
            print(
                f"{flag} {word.key:24s} {word.category:9s} {glosses}"
                + (f" [without {', '.join(sorted(excluded))}]" if excluded else "")
            )


def rebuild_if_possible() -> dict[str, Any]:
    """Rebuild both committed lexicons when WordNet and nltk are here; else say why not."""
    judge = datasets_dir() / "judge"
    if not (DEFAULT_WORDNET / "data.noun").exists():
        return {"skipped": f"WordNet 3.0 is not installed at {DEFAULT_WORDNET}"}
    try:
        import nltk  # noqa: F401
    except ImportError:
        return {"skipped": "nltk is not installed"}
    vocabulary = judge / "vocabulary.txt"
    text = build(
        DEFAULT_WORDNET,
        vocabulary,
        datasets_dir() / "ouat" / "story_cards.json",
        judge / "lexicon_senses.json",
    )
    (judge / "lexicon.json").write_text(text, encoding="utf-8")
    wide = build_wide(DEFAULT_WORDNET, vocabulary)
    (judge / "lexicon_wide.json").write_text(wide, encoding="utf-8")
    return {"entries": len(json.loads(text)), "wide_entries": len(json.loads(wide))}


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: build (or with ``--explain``, show the chosen senses)."""
    judge = datasets_dir() / "judge"
    parser = argparse.ArgumentParser(
        prog="python -m referee.judge.lexicon_build", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--wordnet",
        type=Path,
        default=DEFAULT_WORDNET,
        help="WordNet 3.0 database directory (default: %(default)s)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        help="where to write (default: the committed lexicon.json, or with "
        "--wide lexicon_wide.json, in datasets/judge)",
    )
    parser.add_argument(
        "--wide", action="store_true", help="build the wide lexicon of words outside the vocabulary"
    )
    parser.add_argument("--vocabulary", type=Path, default=judge / "vocabulary.txt")
    parser.add_argument("--deck", type=Path, default=datasets_dir() / "ouat" / "story_cards.json")
    parser.add_argument("--senses", type=Path, default=judge / "lexicon_senses.json")
    parser.add_argument(
        "--explain",
        nargs="*",
        metavar="KEY",
        help="print the chosen senses (of KEYs, or of every word) and exit",
    )
    args = parser.parse_args(argv)
    if args.explain is not None:
        _explain(args.wordnet, read_sources(args.vocabulary, args.deck, args.senses), args.explain)
        return 0
    started = time.perf_counter()
    if args.wide:
        out = args.out or judge / "lexicon_wide.json"
        text = build_wide(args.wordnet, args.vocabulary)
    else:
        out = args.out or judge / "lexicon.json"
        text = build(args.wordnet, args.vocabulary, args.deck, args.senses)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    entries = len(json.loads(text))
    print(
        f"wrote {entries} entries ({len(text.encode()) / 1e6:.2f} MB) to {out} "
        f"in {time.perf_counter() - started:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
