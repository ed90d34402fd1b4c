"""Whether the judge can read a text at all: its models and lexicon are English.

The embedder, the cross-encoders and the WordNet lexicon know English. Given a line
mostly in another script (Chinese, say), they still answer, with rejections and cited
"contradictions" that mean nothing: told a coherent Chinese tale, the coherence judge
rejected two lines of three. So the judges first ask whether a text is mostly written in
Latin letters, and leave a text that is not to the table's vote, saying why.

>>> in_latin_script("One spring his wife gave birth to a boy.")
True
>>> in_latin_script("从前有一个国王，他有三个女儿。")
False
>>> in_latin_script("The old man bowed and said '你好' twice.")
True
"""

from __future__ import annotations

import unicodedata

LATIN_SHARE = 2 / 3
"""The share of a text's letters that must be Latin for the judge to read it. A Chinese
character is a word or half of one, a Latin letter a fifth of a word: at two thirds, a
line of English may quote a Chinese name or two and still be read."""


def in_latin_script(text: str) -> bool:
    """Whether most of ``text``'s letters are Latin ones (a text without letters is read).

    >>> [in_latin_script(text) for text in ("Ça, c'est la forêt.", "Жил-был царь.", "...")]
    [True, False, True]
    """
    if text.isascii():
        return True
    letters = [char for char in text if char.isalpha()]
    if not letters:
        return True
    latin = sum(1 for char in letters if unicodedata.name(char, "").startswith("LATIN"))
    return latin >= LATIN_SHARE * len(letters)


def unread_lines(lines: list[str]) -> list[int]:
    """Indices of the lines the judge cannot read (mostly another script).

    >>> unread_lines(["A king lived by the sea.", "国王死了。", ""])
    [1]
    """
    return [index for index, line in enumerate(lines) if not in_latin_script(line)]


def unreadable_story(context: list[str], lines: list[str], name: str) -> str | None:
    """What of a story the judge cannot read, as a reason's subject: ``name`` when one of
    ``lines`` (the new sentence; an ending and its lead-in) is in another script, "the
    story so far" when most of ``context`` is; None when it can read them.

    >>> unreadable_story(["A king lived by the sea."], ["国王死了。"], "this sentence")
    'this sentence'
    >>> unreadable_story(["从前有一个国王。", "他很老。"], ["The king died."], "this sentence")
    'the story so far'
    >>> unreadable_story(["从前有个国王。", "He was old.", "He had a son."], ["He died."], "it")
    """
    if unread_lines(lines):
        return name
    if 2 * len(unread_lines(context)) > len(context):
        return "the story so far"
    return None


OTHER_SCRIPT = "the judge reads English, and {what} is mostly in another script"
"""The reason a judge gives for leaving a text it cannot read to the table."""


def unread_sentence(sentence: str, zh: str | None) -> tuple[list[str], str]:
    """The evidence and reason of a mention verdict on a sentence the judge cannot read:
    the card's Chinese name ``zh`` where the sentence has it (which may still be negated,
    figurative or part of another word there).

    >>> unread_sentence("国王很生气。", "国王")[0]
    ['国王']
    >>> unread_sentence("国王很生气。", None)[1]
    'the judge reads English, and this sentence is mostly in another script.'
    """
    reason = OTHER_SCRIPT.format(what="this sentence")
    if zh and zh in sentence:
        return [zh], f"{reason} (it has '{zh}', the card's Chinese name)."
    return [], f"{reason}."
