"""WordNet 3.0 read through nltk from the database files Debian installs: senses,
sense counts, index order and irregular verb forms. Only the lexicon build needs it.
"""

from __future__ import annotations

import shutil
import tempfile
import warnings
from pathlib import Path
from typing import Any

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

    def bases(self, word: str, pos: str) -> list[str]:
        """Every word in ``pos`` that ``word`` may be a form of, itself included where it
        is one ("clocks" -> "clocks", "clock"; "sang" as a verb -> "sing")."""
        return list(self.reader._morphy(word, self._pos_key(pos)))

    def verb_base(self, word: str) -> str | None:
        """The verb a participle or verb form comes from ("hidden" -> "hide"), if any."""
        base = self.reader.morphy(word, "v")
        return base if base and base != word else None


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


def self_and_above(synset: Any) -> set[str]:
    """The names of the synset and of every hypernym above it."""
    return {synset.name(), *(h.name() for h in synset.closure(lambda s: s.hypernyms()))}


def common_noun(synset: Any, name: str) -> bool:
    """Whether ``synset`` writes the lemma ``name`` in lower case (not "King_Arthur")."""
    return any(lemma.name() == name for lemma in synset.lemmas())
