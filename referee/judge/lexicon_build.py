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
- ``broader``: hypernyms, every word 1-2 levels up and common ones further up (they do not);
- ``cohyponyms``: related but different things (they do not): antonyms, siblings,
  and for characters, things and places, cousins in a small family
  (``lexicon_builder.Builder.cohyponyms``);
- ``compounds``: for characters, things and places, WordNet's names of other things
  that hold the word (they do not name it): "fairy tale", "king cobra", "last straw"
  (``lexicon_builder.Builder.compounds``);
- ``forms``: for aspects and events, related verbs, adjectives and nouns with
  WordNet's irregular verb forms ("hide", "hid" for *Hidden*).
- ``kinds``: the rarer or deeper kinds the ``hyponyms`` leave out, single words mostly used
  in such a sense ("ducat" for *Coin*, "seagull" for *Bird*: ``lexicon_builder.Builder.kinds``);
  they name the element too, and the mention judge weighs them on their own
  (``lexicon.KIND``).
- ``noun_elsewhere``: present (true) where a word chosen as an adjective is mostly a noun
  of another sense ("patient", "kind"), so that used as a noun it does not name the card
  (``lexicon_builder.NOUN_ELSEWHERE_COUNT``).

An override is a list of synset names; an item ``"-word"`` drops that word from
every list (for words whose reading is disputed, like "castle" for *Palace*).
A WordNet word that is another deck card's name or alias is moved from the
positive lists to ``cohyponyms``: the deck's cards are distinct elements ("witch" is
not a *Hag*, though WordNet files them as one sense). An item ``"+word"`` names the card
whatever WordNet says: it keeps such a word where it is a kind or a synonym of the card all
the same ("+sword" for *Weapon*, "+crone" for *Hag*), and adds a word WordNet files elsewhere
("+sow" for *Pig*, beside the hog under swine; "+rose" for *Flower*, under shrubs), as a
synonym where it is a word of the card's senses, or a verb added to an aspect or event (with
WordNet's irregular forms: "+forgive" for *Forgiveness*, "forgave"), and as a kind otherwise;
where the word is itself a vocabulary card, the card is broader for it ("a flower" for
*Rose*). An override that both keeps and drops a word fails the build.

With ``--wide`` it writes ``datasets/judge/lexicon_wide.json`` instead: entries for
the common WordNet words the vocabulary lacks (``lexicon_wide.wide_vocabulary``), so a
card named by any such word (a table's own deck, a card sent over the API) is judged
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
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from referee.judge.lexicon_builder import Builder, build
from referee.judge.lexicon_sources import Sources, read_sources
from referee.judge.lexicon_wide import build_wide
from referee.judge.wordnet import DEFAULT_WORDNET, WordNet
from referee.paths import datasets_dir


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
