"""Text a player says: what is left once the spaces and control characters around it go.

>>> spoken("  Once upon a time.\\n")
'Once upon a time.'
>>> spoken("\\x00 \\x07")
''
"""

from __future__ import annotations

import string

_AROUND = string.whitespace + "".join(chr(code) for code in [*range(32), *range(127, 160)])
"""Spaces and control characters (C0, DEL and C1), stripped from both ends."""


def spoken(text: str) -> str:
    """``text`` without the spaces and control characters around it (``""`` when that is all)."""
    return text.strip(_AROUND)
