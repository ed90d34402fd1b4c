"""Errors that separate a client's malformed input from an illegal move.

Every error carries a message in words a player understands; an illegal move
names the rule it breaks.

>>> err = IllegalActionError("you do not hold King", rule="play-own-card")
>>> str(err), err.rule
('you do not hold King', 'play-own-card')
"""

from __future__ import annotations


class RefereeError(Exception):
    """Base class of every error the referee raises on purpose."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MalformedActionError(RefereeError):
    """The input cannot be understood: wrong shape, unknown card id, bad value."""


class IllegalActionError(RefereeError):
    """The input is understood but the rules forbid it now; ``rule`` names the rule."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class NotYourTurnError(IllegalActionError):
    """A player acted when the rules give the move to someone else."""

    def __init__(self, message: str) -> None:
        super().__init__(message, rule="turn-order")


class UnknownGameError(RefereeError):
    """No game is registered under that name."""


class ConfigError(RefereeError):
    """A game's configuration (players, variants, house rules) is invalid."""
