"""Server logs without secrets: a seat's token in a query string (``?token=...``) is masked.

The WebSocket takes its token in the query string (browsers cannot set headers on
one), and uvicorn logs every request's path; the store keeps only tokens' digests,
and the log must not undo that.

>>> redact('"WebSocket /v1/tables/t1/ws?token=Uc7aTs_0tt-W" [accepted]')
'"WebSocket /v1/tables/t1/ws?token=***" [accepted]'
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

_TOKEN = re.compile(r"(token=)[^&\s\"']+")


def redact(text: str) -> str:
    """``text`` with every ``token=...`` value masked."""
    return _TOKEN.sub(r"\1***", text)


class RedactTokens(logging.Filter):
    """Masks tokens in a record's message and in its arguments (uvicorn's access lines
    keep the path as an argument, formatted later)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Mask, and keep the record."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def log_config() -> dict[str, Any]:
    """Uvicorn's logging configuration, with ``RedactTokens`` on every handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"redact_tokens": {"()": RedactTokens}}
    for handler in config["handlers"].values():
        handler["filters"] = ["redact_tokens"]
    return config
