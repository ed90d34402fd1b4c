"""Text a player says or names: in one Unicode form, without what cannot be seen around it.

>>> spoken("  Once upon a time.\\n")
'Once upon a time.'
>>> spoken("\\x00 \\u3000\\u200b\\ufeff")
''
>>> spoken("Jose\\u0301") == "Jos\\u00e9"  # composed (NFC), as most keyboards type it
True
"""

from __future__ import annotations

import unicodedata


def invisible(character: str) -> bool:
    """Whether ``character`` shows nothing: any Unicode space, a control or a format character
    (a zero-width space, a byte-order mark).

    >>> [invisible(c) for c in " \\u00a0\\u200b\\x07a"]
    [True, True, True, True, False]
    """
    return character.isspace() or unicodedata.category(character) in ("Cc", "Cf")


def composed(text: str) -> str:
    """``text`` in Unicode's composed form (NFC), as the judge reads words and names are compared.

    >>> composed("e\u0301") == "\u00e9"
    True
    """
    return unicodedata.normalize("NFC", text)


def spoken(text: str) -> str:
    """``text`` in Unicode's composed form (NFC), without the invisible characters around it
    (``""`` when that is all there is)."""
    text = composed(text)
    start, end = 0, len(text)
    while start < end and invisible(text[start]):
        start += 1
    while end > start and invisible(text[end - 1]):
        end -= 1
    return text[start:end]
