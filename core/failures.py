"""What went wrong underneath a request: the disk is full, or the database cannot be reached.

Plain functions over an exception (no request, no rendering): the middleware, the server-error
page and the log filter ask the same questions and get the same answers.
"""
from __future__ import annotations

import errno

from django.db import InterfaceError, OperationalError

NO_SPACE_ERRNOS = {errno.ENOSPC, errno.EDQUOT}
# SQLite says SQLITE_FULL in these words; PostgreSQL's class 53 is "insufficient resources" (53100 disk_full).
NO_SPACE_WORDS = ("database or disk is full", "no space left on device", "disk quota exceeded")
NO_SPACE_SQLSTATES = {"53100"}


def _chain(exc):
    """The exception and those it was raised from (a database error wraps the driver's)."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        exc = exc.__cause__ or exc.__context__


def disk_full(exc) -> bool:
    """A write refused for lack of space: a file (errno ENOSPC) or the database (SQLite, PostgreSQL)."""
    for item in _chain(exc):
        if isinstance(item, OSError) and item.errno in NO_SPACE_ERRNOS:
            return True
        if getattr(item, "sqlstate", None) in NO_SPACE_SQLSTATES:
            return True
        if isinstance(item, Exception) and any(words in str(item).lower() for words in NO_SPACE_WORDS):
            return True
    return False


def database_unavailable(exc) -> bool:
    """The database did not answer (down, unreachable, locked past the timeout), disk full aside."""
    return isinstance(exc, (OperationalError, InterfaceError)) and not disk_full(exc)


def summary(exc) -> str:
    """One line for the log: the exception's class and its first line."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}".rstrip(": ")
