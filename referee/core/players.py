"""What a player's name may be: every seat is addressed by its name, in URLs too.

>>> check_player_names(["Ana", "Ben"])
>>> check_player_names(["Ana", "ana"])
Traceback (most recent call last):
...
ValueError: player names must be unique (ignoring case)
>>> check_player_names(["A/B", "C"])
Traceback (most recent call last):
...
ValueError: player name 'A/B' has a '/' or a control character (seats are addressed by name)
"""

from __future__ import annotations

from referee.core.text import spoken

NAME_LIMIT = 64
"""The longest name, in characters."""


def check_player_names(names: list[str]) -> None:
    """Raise ValueError, naming the problem, unless every name is visible, composed (NFC), at
    most ``NAME_LIMIT`` characters, without spaces around it, ``/``, control characters or
    only dots, and unique ignoring case."""
    for name in names:
        if not spoken(name):
            raise ValueError("player names must not be empty")
        if len(name) > NAME_LIMIT:
            raise ValueError(f"player names are at most {NAME_LIMIT} characters")
        if spoken(name) != name:
            raise ValueError(
                f"player name {name!r} has spaces or invisible characters around it, or is "
                "not in composed Unicode (NFC)"
            )
        if "/" in name or set(name) == {"."} or not all(c.isprintable() for c in name):
            raise ValueError(
                f"player name {name!r} has a '/' or a control character "
                "(seats are addressed by name)"
            )
    if len({name.casefold() for name in names}) != len(names):  # composed: checked above
        raise ValueError("player names must be unique (ignoring case)")
