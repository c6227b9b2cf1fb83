"""The log's filter: one line for what is not a bug of the site.

A 4xx response (a page refused, a form forged, a body too large) is logged by Django with the
exception's traceback; a database that does not answer gave a traceback per request (1,310 of them
in one outage). Both keep their line and lose the traceback; a real error (5xx) keeps it.
"""
from __future__ import annotations

import logging

from . import failures


class OneLineFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if exc is None:
            return True
        status = getattr(record, "status_code", None)
        if failures.disk_full(exc) or failures.database_unavailable(exc):
            record.msg, record.args = f"{record.getMessage()} ({failures.summary(exc)})", ()
        elif status is None or status >= 500:
            return True
        record.exc_info = record.exc_text = None
        return True
