"""Errors of the table service, beside the rules' own (``referee.core.errors``).

Each names what went wrong in words a client can act on; the API maps each
class to one HTTP status.
"""

from __future__ import annotations

from referee.core.errors import RefereeError


class ServiceError(RefereeError):
    """Base class of the table service's errors."""


class UnknownTableError(ServiceError):
    """No table has that id."""


class UnknownSeatError(ServiceError):
    """The table has no seat of that name."""


class SeatTakenError(ServiceError):
    """Someone already joined that seat."""


class AuthenticationError(ServiceError):
    """The bearer token is missing or is not a token of this table."""


class ForbiddenError(ServiceError):
    """The caller is authenticated, but may not do this (e.g. act for another seat)."""


class IdempotencyConflictError(ServiceError):
    """An idempotency key was reused with a different request."""


class TableUnavailableError(ServiceError):
    """A stored table the server could not restore when it started (``ReplayError``, or data
    that no longer reads): kept in storage, not served, so that the other tables are."""


class JudgeDisabledError(ServiceError):
    """The server's judge (``REFEREE_JUDGE``) cannot answer the question asked.

    Without a judge (``none``) the server rules on nothing; a judge that is not a
    story judge (``lexical``) rules on mentions, not on coherence or endings.
    """


class ReplayError(RuntimeError):
    """Replaying a table's stored actions did not reach the state that was recorded.

    A fault of the server's data or engines, never of a client: the table is logged and
    not served (``TableUnavailableError``); the server's other tables are.
    """
