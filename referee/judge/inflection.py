"""English word forms: plurals and verb forms, regular and irregular.

>>> {"wolves", "wolf's"} <= forms("wolf")
True
>>> "met" in forms("meet") and "hid" in forms("hide") and "hid" in forms("hidden")
True
>>> "old women" in phrase_forms("old woman")
True
"""

from __future__ import annotations

_PLURALS: dict[str, tuple[str, ...]] = {
    "man": ("men",),
    "woman": ("women",),
    "child": ("children",),
    "foot": ("feet",),
    "tooth": ("teeth",),
    "mouse": ("mice",),
    "goose": ("geese",),
    "person": ("people",),
    "wolf": ("wolves",),
    "thief": ("thieves",),
    "knife": ("knives",),
    "wife": ("wives",),
    "life": ("lives",),
    "leaf": ("leaves",),
    "elf": ("elves",),
    "dwarf": ("dwarves", "dwarfs"),
    "shelf": ("shelves",),
    "loaf": ("loaves",),
    "half": ("halves",),
    "calf": ("calves",),
    "fish": ("fish",),
    "sheep": ("sheep",),
    "deer": ("deer",),
    "ox": ("oxen",),
}
_IRREGULAR: dict[str, tuple[str, ...]] = {
    **_PLURALS,
    "meet": ("met",),
    "hide": ("hid", "hidden"),
    "fight": ("fought",),
    "fly": ("flew", "flown"),
    "fall": ("fell", "fallen"),
    "sleep": ("slept",),
    "steal": ("stole", "stolen"),
    "find": ("found",),
    "lose": ("lost",),
    "run": ("ran",),
    "break": ("broke", "broken"),
    "sing": ("sang", "sung"),
    "swim": ("swam", "swum"),
    "give": ("gave", "given"),
    "take": ("took", "taken"),
    "eat": ("ate", "eaten"),
    "die": ("died", "dying"),
    "go": ("went", "gone"),
    "come": ("came",),
    "see": ("saw", "seen"),
    "get": ("got",),
    "make": ("made",),
    "tell": ("told",),
    "sell": ("sold",),
    "buy": ("bought",),
    "bring": ("brought",),
    "catch": ("caught",),
    "teach": ("taught",),
    "think": ("thought",),
    "keep": ("kept",),
    "leave": ("left",),
    "feel": ("felt",),
    "hold": ("held",),
    "win": ("won",),
    "begin": ("began", "begun"),
    "bite": ("bit", "bitten"),
    "wake": ("woke", "woken"),
    "weep": ("wept",),
    "freeze": ("froze", "frozen"),
    "forget": ("forgot", "forgotten"),
    "curse": ("cursed",),
    "bear": ("bore", "born"),
    "grow": ("grew", "grown"),
    "throw": ("threw", "thrown"),
    "draw": ("drew", "drawn"),
}

_VOWELS = "aeiou"
_BASE_OF: dict[str, str] = {
    form: base for base, irregular in _IRREGULAR.items() for form in irregular
}


def irregular_base(word: str) -> str:
    """The base of an irregular form, or the word itself.

    >>> irregular_base("women"), irregular_base("geese"), irregular_base("queens")
    ('woman', 'goose', 'queens')
    """
    return _BASE_OF.get(word, word)


def forms(word: str, *, degrees: bool = True) -> set[str]:
    """The word with its plural, possessive and verb forms, and with ``degrees`` its
    comparative and superlative (over-generated: "stopper" for *stop*). A noun's "-er" is
    mostly another word (a farmer is no farm, a prisoner no prison), so card forms of
    nouns and events leave degrees out (``lexicon.surface_keys``).

    >>> "farmer" in forms("farm"), "farmer" in forms("farm", degrees=False)
    (True, False)
    >>> {"fishermen", "fishermans"} <= forms("fisherman")
    True
    """
    word = word.lower()
    base = _BASE_OF.get(word)
    if base is not None and base != word:
        return _forms_of(word, degrees) | _forms_of(base, degrees)
    return _forms_of(word, degrees)


def _regular_plural(word: str) -> str:
    """The plural by the spelling rules ("boxes", "ladies", "wolfs": irregulars aside)."""
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and len(word) > 1 and word[-2] not in _VOWELS:
        return word[:-1] + "ies"
    return word + "s"


def _forms_of(word: str, degrees: bool) -> set[str]:
    result = {word, word + "'s", _regular_plural(word)}
    result.update(_IRREGULAR.get(word, ()))
    if word.endswith("man"):
        result.add(word[:-3] + "men")  # "fishermen" beside the spelling rule's "fishermans"
    if word.endswith("y") and len(word) > 1 and word[-2] not in _VOWELS:
        result.add(word[:-1] + "ied")
    if word.endswith("e"):
        result.update({word + "d", word[:-1] + "ing"})
    elif not word.endswith("y") or word[-2:-1] in _VOWELS:
        result.update({word + "ed", word + "ing"})
        if _doubles_final(word):
            result.update({word + word[-1] + "ed", word + word[-1] + "ing"})
    else:
        result.add(word + "ing")
    if degrees:
        result.update(_degrees(word))
    return result


def _degrees(word: str) -> set[str]:
    """Comparative and superlative forms (tiny → tinier, tiniest; brave → braver, bravest)."""
    if word.endswith("y") and len(word) > 2 and word[-2] not in _VOWELS:
        return {word[:-1] + "ier", word[:-1] + "iest"}
    if word.endswith("e"):
        return {word + "r", word + "st"}
    if _doubles_final(word):
        return {word + word[-1] + "er", word + word[-1] + "est"}
    return {word + "er", word + "est"}


def _doubles_final(word: str) -> bool:
    """Short consonant-vowel-consonant words double their last letter (stop → stopped)."""
    return (
        len(word) >= 3
        and word[-1] not in _VOWELS + "wxy"
        and word[-2] in _VOWELS
        and word[-3] not in _VOWELS
        and len(word) <= 4
    )


def noun_forms(phrase: str) -> set[str]:
    """A noun phrase with its plural and possessive only, inflecting its last word: for
    words read strictly as nouns, where ``phrase_forms``'s verb forms would meet other words
    ("marri", a tree, and "married"). A word in "-man" has both plurals ("fishermen",
    "talismans").

    >>> sorted(noun_forms("death adder"))
    ['death adder', "death adder's", 'death adders']
    >>> sorted(noun_forms("barnacle goose")), sorted(noun_forms("fisherman"))[-2:]
    (['barnacle geese', 'barnacle goose', "barnacle goose's"], ['fishermans', 'fishermen'])
    >>> "talismans" in noun_forms("talisman")
    True
    """
    words = phrase.lower().split()
    if not words:
        return set()
    head, last = " ".join(words[:-1]), words[-1]
    if last in _PLURALS:
        plurals = set(_PLURALS[last])
    elif last.endswith("man"):
        plurals = {last[:-3] + "men", _regular_plural(last)}
    else:
        plurals = {_regular_plural(last)}
    return {f"{head} {form}".strip() for form in {last, last + "'s", *plurals}}


def phrase_forms(phrase: str, *, verb: bool = False, degrees: bool = True) -> set[str]:
    """Forms of a phrase, inflecting its last word ("old woman" → "old women"); with
    ``verb``, its first word too, as a verb phrase's ("fall asleep" → "fell asleep");
    ``degrees`` as for ``forms``.

    >>> "fell asleep" in phrase_forms("fall asleep"), "fell asleep" in phrase_forms(
    ...     "fall asleep", verb=True)
    (False, True)
    """
    words = phrase.lower().split()
    if not words:
        return set()
    head = " ".join(words[:-1])
    found = {f"{head} {form}".strip() for form in forms(words[-1], degrees=degrees)}
    if verb and len(words) > 1:
        tail = " ".join(words[1:])
        found |= {f"{form} {tail}" for form in forms(words[0], degrees=degrees)}
    return found
