"""One lexicon entry per vocabulary word from WordNet: senses, glosses, synonyms, kinds,
near misses, compounds and forms (``Builder``), and the committed file's text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.judge.lexicon_sources import Sources, Word, read_sources
from referee.judge.text import MATERIALS
from referee.judge.wordnet import WordNet, common_noun, definition, self_and_above

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
NOUN_ELSEWHERE_COUNT = 20
"""A word chosen as an adjective (an aspect's, mostly) whose commonest noun sense is tagged at
least this often in WordNet's corpus, and more often than the word is as an adjective, is
mostly a noun of another sense:
"patient" (73 against 3), "kind" (126 against 4); not "magic", "secret" or "cold", whose
nouns may name the quality itself ("her magic was strong")."""
HOLDER_ROOTS = frozenset({"container.n.01", "food.n.01", "food.n.02", "beverage.n.01"})
"""A card under one of these ``holds`` what "a <card> of ..." names: its contents or what it
is made of ("a basket of apples", "a cup of wine", "a cake of honey"), not a figure of speech."""
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
_TOPS = frozenset({"entity.n.01", "physical_entity.n.01", "abstraction.n.06", "causal_agent.n.01"})
_WORD = re.compile(r"^[a-z](?:[a-z' -]*[a-z])?$")
_ONE_WORD = re.compile(r"^[a-z]{3,}$")
_FEW_WORDS = re.compile(r"^[a-z]{2,}(?:_[a-z]{2,}){1,2}$")


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
        self.vocabulary_keys = {w.key for w in sources.vocabulary}
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
        override = self.sources.senses(word.key)
        if override is not None:
            synsets = [self.wn.synset(name) for name in override]
            return synsets, self.sources.excluded(word.key)
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

    def _words(
        self, synset: Any, *rank: int, strict: bool = True, every: bool = False
    ) -> list[_Candidate]:
        """The usable words of ``synset`` (with ``every``, every plain word, however rarely
        WordNet's corpus tags it in this sense: "gem" among the precious stones, tagged only
        as art), ranked by ``rank`` and then by commonness."""
        found = []
        for lemma in synset.lemmas():
            text = clean(lemma.name()) if every else self._usable(lemma, strict=strict)
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
        """Hypernyms: every word 1-2 levels up, however rarely tagged, and common ones higher."""
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
                    if depth <= BROADER_DEPTH:
                        found.extend(self._words(hypernym, depth, every=True))
                    else:
                        found.extend(
                            c
                            for c in self._words(hypernym, depth, strict=False)
                            if -c.rank[1] >= COMMON_COUNT
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

    def kinds(self, synsets: Sequence[Any], naming: set[str]) -> list[str]:
        """Words for kinds of the chosen noun senses at any depth, the ones ``hyponyms``
        leaves out for being rare or deep ("cobra" for *Snake*, "ducat" for *Coin*,
        "seagull" for *Bird*), where the word is mostly used in such a sense
        (``_mostly_kind``): not "palm" for *Tree* (mostly the hand's), "crook" for *Staff*
        or "adder" for *Snake* (three senses, none ever tagged); none that is also another
        word's plural or verb form. Names of two or three words are kept where every sense
        they have is such a kind (``_only_kind``): "chain mail" for *Armor*, "barn swallow"
        for *Bird*. Instances (proper names) are left out, and so are the wide lexicon's
        entries, which nobody checks (``checked``): a loose list of thousands of kinds under
        a word like "plant" is not worth its risk there.
        """
        below = {
            kind
            for synset in synsets
            if synset.pos() == "n"
            for kind in synset.closure(lambda s: s.hyponyms())
        }
        found = set()
        for kind in below:
            for lemma in kind.lemmas():
                name = lemma.name()
                if (
                    _ONE_WORD.match(name)
                    and not self._inflected(name)
                    and self._mostly_kind(name, below)
                ) or self._only_kind(name, below, naming):
                    found.add(name.replace("_", " "))
        return sorted(found)

    def _only_kind(self, name: str, kinds: set[Any], naming: set[str]) -> bool:
        """Whether ``name``, of two or three words, is a noun only in ``kinds`` (and no verb
        or adjective), and its last word neither names the card already (``naming``: "weeping
        willow" is found by "willow") nor is a vocabulary word ("silver bell", a tree, is a
        bell; "green frog" is a *Frog*, whatever *Toad*'s sense files it under)."""
        if not _FEW_WORDS.match(name):
            return False
        last = name.rsplit("_", 1)[-1]
        if last in naming or last in self.vocabulary_keys:
            return False
        senses = self.wn.senses(name, "n")
        others = [s for pos in ("v", "a") for s in self.wn.senses(name, pos)]
        return bool(senses) and not others and all(sense in kinds for sense in senses)

    def _inflected(self, word: str) -> bool:
        """Whether ``word`` is also another word's plural or verb form ("clocks", a plant,
        and "clock"; "sang", a plant, and "sing")."""
        return any(base != word for pos in ("n", "v") for base in self.wn.bases(word, pos))

    def _mostly_kind(self, name: str, kinds: set[Any]) -> bool:
        """Whether the noun ``name`` is mostly used in one of ``kinds`` (``Builder.kinds``):
        its only sense in WordNet, of any part of speech ("ducat"), or its commonest noun
        sense by tagged uses, tagged at least once, where it is used no more as a verb or
        adjective ("seagull"; not "jack" or "kite", untagged and of several senses)."""

        def uses(synset: Any) -> int:
            own = [lemma for lemma in synset.lemmas() if lemma.name().lower() == name.lower()]
            return sum(self.wn.count(lemma) for lemma in own)

        senses = self.wn.senses(name, "n")
        others = [s for pos in ("v", "a") for s in self.wn.senses(name, pos)]
        if len(senses) == 1 and not others:
            return senses[0] in kinds
        in_kind = [uses(s) for s in senses if s in kinds]
        elsewhere = [uses(s) for s in senses if s not in kinds]
        noun = self.wn.frequency(name, "n")
        return max(in_kind, default=0) > max(elsewhere, default=0) and all(
            self.wn.frequency(name, other) <= noun for other in ("v", "a")
        )

    def compounds(self, word: Word, synsets: Sequence[Any]) -> list[str]:
        """WordNet's names of other things that hold the card's word: "fairy tale" and
        "witch hazel", "king cobra", "horse chestnut", "last straw", "night owl".

        A compound is kept when none of its noun senses is one of the chosen ``synsets`` or a
        kind of one ("grey wolf", "forest fire" for *Fire* are kinds); a kind of the word's
        other senses is kept, since it names another sense ("plate armour" for *Plate*, the
        dish; "queen bee" for *Queen*), but only in checked entries: the wide lexicon's sense
        is chosen unread, so there a kind of any of the word's senses is left out. Where the
        card's word ends it, the compound must be no physical thing (``THING_LEXNAMES``) nor
        of the word's senses' kind (lexicographer file): "last straw", "night owl", "family
        tree" are kept, "sea lion", "banana tree" and "mustard seed" are left to the judge;
        and it must not be led by a ``LITERAL_MODIFIERS`` word ("hot water", "ivory tower").
        Proper names, hyphenated words and ``_COMPOUND_STOPS`` are left out. Only cards of
        ``COMPOUND_CATEGORIES`` have compounds. The caller drops the words that name the card
        or are broader (``entry``).
        """
        if word.category not in COMPOUND_CATEGORIES:
            return []
        parts = word.key.split()
        lemma = word.key.replace(" ", "_")
        base = self.wn.reader.morphy(lemma, "n") or lemma
        own = {*self.wn.senses(lemma, "n"), *self.wn.senses(base, "n"), *synsets}
        own_kinds = {synset.lexname() for synset in own}
        named = {synset.name() for synset in (synsets if self.checked else own)}
        found = []
        for name in self._compounds_holding(parts[0]):
            words = name.split()
            ends = [i + len(parts) for i in range(len(words)) if words[i : i + len(parts)] == parts]
            if not ends or name == word.key:
                continue
            senses = self.wn.senses(name.replace(" ", "_"), "n")
            if any(named & self_and_above(sense) for sense in senses):
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
                if not all(common_noun(sense, name) for sense in self.wn.senses(name, "n")):
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
        # shares a sense with it: "two people fall in love" and *Falling In Love*), unless
        # the override keeps it ("+sword" for *Weapon*: a sword is a kind of weapon).
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
        # The override's "+word" names the card whatever WordNet files it under: kept where
        # the deck rule would move it, added where no naming list has it ("a sow" for *Pig*,
        # which WordNet files beside the hog; "a rose" for *Flower*, filed under shrubs).
        kept = self.sources.kept(key)
        if both := sorted(kept & excluded):
            raise ValueError(f"{key!r}: the override both keeps and drops {both}")
        siblings = self.sources.siblings(key)
        if both := sorted(siblings & (kept | excluded)):
            raise ValueError(f"{key!r}: the override makes {both} a sibling and keeps or drops it")
        added = kept - {*synonyms, *hyponyms, *forms}
        verbs: set[str] = set()
        if word.category in ("aspect", "event"):
            # An added verb names an aspect or event as a synonym does, in all its forms,
            # irregular ones too ("she never forgave him": "+forgive" for *Forgiveness*, which
            # WordNet derives no verb from), as "swore" and "sworn" do *Promise*.
            verbs = {w for w in added if self._mostly_verb(w)}
            added -= verbs
        own_lemmas = {w for s in synsets for lemma in s.lemmas() if (w := clean(lemma.name()))}
        synonyms = [
            *synonyms,
            *sorted(added & own_lemmas),
            *sorted(verbs | self._irregular_forms(verbs)),
        ]
        hyponyms = [*hyponyms, *sorted(added - own_lemmas)]
        naming = {*synonyms, *hyponyms, *forms}
        # The override's "~word" is a sibling filed in the card's own sense ("~toad" for *Frog*).
        moved = ({w for w in naming if w in others} - kept) | siblings
        # Nothing that names the card in some chosen sense is negative evidence.
        positive = (
            self.related(synsets) | set(synonyms) | set(hyponyms) | set(forms) | own
        ) - moved

        def keep(words: Iterable[str], banned: set[str]) -> list[str]:
            return sorted({w for w in words if w not in banned and w not in excluded})

        broader = keep(broader, positive)
        entry: dict[str, Any] = {
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
        if self.checked:
            listed = {w for relation in _WORD_LISTS for w in entry[relation]}
            names_card = own | {w for relation in _NAMING_LISTS for w in entry[relation]}
            entry["kinds"] = keep(self.kinds(synsets, names_card), own | listed | others)
        if any(synset.pos() in ("a", "s") for synset in synsets) and self.noun_elsewhere(key):
            entry["noun_elsewhere"] = True
        return entry

    def _mostly_verb(self, word: str) -> bool:
        """Whether WordNet has ``word`` as a verb and tags it so no less often than as a noun
        or an adjective ("forgive", "besiege"; not "ambush", mostly a noun)."""
        name = word.replace(" ", "_")
        if not self.wn.senses(name, "v"):
            return False
        uses = self.wn.frequency(name, "v")
        return all(uses >= self.wn.frequency(name, pos) for pos in ("n", "a"))

    def _irregular_forms(self, verbs: Iterable[str]) -> set[str]:
        """WordNet's irregular forms of ``verbs`` ("forgive" -> "forgave", "forgiven")."""
        return {clean(form) or form for verb in verbs for form in self.wn.irregular(verb)}

    def noun_elsewhere(self, key: str) -> bool:
        """Whether a word chosen as an adjective is mostly a noun of another sense
        (``NOUN_ELSEWHERE_COUNT``), so that used as a noun it does not name the card ("her
        first patient")."""
        counts = [
            sum(self.wn.count(lemma) for lemma in synset.lemmas() if lemma.name().lower() == key)
            for synset in self.wn.senses(key, "n")
        ]
        commonest = max(counts, default=0)
        return commonest >= NOUN_ELSEWHERE_COUNT and commonest > self.wn.frequency(key, "a")

    def build(self) -> dict[str, dict[str, Any]]:
        """Entries for the whole vocabulary, by key; a card that an override's "+word" makes
        a kind of another is given that other as broader (``_broader_of_kept``)."""
        entries = {word.key: self.entry(word) for word in self.sources.vocabulary}
        _broader_of_kept(entries, self.sources)
        return entries


_WORD_LISTS = ("synonyms", "hyponyms", "broader", "cohyponyms", "compounds", "forms")
"""An entry's lists of words; ``kinds`` holds none of theirs."""
_NAMING_LISTS = ("synonyms", "hyponyms", "forms")
"""The lists of words that name the entry's card."""


def _broader_of_kept(entries: dict[str, dict[str, Any]], sources: Sources) -> None:
    """Where an override's "+word" is itself a vocabulary card's word, the card that keeps
    it is broader for that card unless its entry already relates them: "+rose" for
    *Flower* makes "a flower" a broader term for *Rose*, as "an animal" is for *Wolf*."""
    for key in entries:
        for word in sources.kept(key):
            other = entries.get(word)
            if other is None or any(
                key in other.get(relation, []) for relation in (*_WORD_LISTS, "kinds")
            ):
                continue
            other["broader"] = sorted({*other["broader"], key})


def _holds(synset: Any) -> bool:
    """Whether the sense is a container, a food or a drink (``HOLDER_ROOTS``)."""
    return bool(self_and_above(synset) & HOLDER_ROOTS)


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
