"""What stops a request that hangs its worker: the worker itself, after ``DOMINO_REQUEST_TIMEOUT`` seconds.

granian, unlike gunicorn (whose limit was 120 s), never stops a request. Every wait the site has is bounded on
its own — a SQLite writer waits at most ``DOMINO_SQLITE_TIMEOUT`` (60 s under ``make serve``), PostgreSQL
answers or fails, mail has ``EMAIL_TIMEOUT`` — so a request that runs longer than the limit is a bug (a loop
that never ends, a lock never let go), and its thread would be lost to the hall until the server stops.

Under ``make serve`` (``WEB_REQUEST_TIMEOUT``, 120 s; 0 turns it off, as it is in development and the tests)
this middleware notes when each request began; a watcher thread in each worker process looks every few
seconds, and when a request has run past the limit it logs the request's path and where its thread stands,
and ends the worker process. granian starts a new worker, and if granian gives up, the keeper
(config/supervisor.py) starts it again. The other requests of that worker fail with it, as with gunicorn's
limit; a write in progress is rolled back whole (every write is one transaction), and the referee's page
sends an entry again until the server confirms it.
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import time
import traceback

from django.conf import settings

logger = logging.getLogger("domino.watchdog")
EXIT_STATUS = 70  # EX_SOFTWARE

# thread id -> (monotonic start, path) of the requests running in this process.
_running: dict[int, tuple[float, str]] = {}
_watcher_pid: int | None = None
_watcher_lock = threading.Lock()


def overdue(limit: float, now: float) -> list[tuple[int, float, str]]:
    """(thread id, seconds, path) of the requests running longer than ``limit``."""
    return [(ident, now - start, path) for ident, (start, path) in list(_running.items()) if now - start > limit]


def check(limit: float, *, now=None, stop=os._exit) -> bool:
    """One look: log every overdue request and stop the process if there is one; whether there was."""
    late = overdue(limit, time.monotonic() if now is None else now)
    if not late:
        return False
    frames = sys._current_frames()
    for ident, seconds, path in late:
        stack = "".join(traceback.format_stack(frames[ident])) if ident in frames else "(thread gone)\n"
        logger.error("Request %s has run %.0f s, past the limit of %g s (DOMINO_REQUEST_TIMEOUT): the worker "
                     "stops and is started again.\n%s", path, seconds, limit, stack)
    logging.shutdown()
    stop(EXIT_STATUS)
    return True


def _watch(limit: float) -> None:
    while True:
        time.sleep(max(1.0, min(5.0, limit / 8)))
        check(limit)


def _ensure_watcher(limit: float) -> None:
    """A watcher thread in this process (a forked worker does not inherit its parent's threads)."""
    global _watcher_pid
    if _watcher_pid == os.getpid():
        return
    with _watcher_lock:
        if _watcher_pid != os.getpid():
            _running.clear()
            threading.Thread(target=_watch, args=(limit,), name="request-watchdog", daemon=True).start()
            _watcher_pid = os.getpid()


class RequestWatchdogMiddleware:
    """Notes each request's start for the watcher; does nothing when the limit is 0."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.limit = float(getattr(settings, "DOMINO_REQUEST_TIMEOUT", 0) or 0)

    def __call__(self, request):
        if self.limit <= 0:
            return self.get_response(request)
        _ensure_watcher(self.limit)
        ident = threading.get_ident()
        _running[ident] = (time.monotonic(), request.path[:200])
        try:
            return self.get_response(request)
        finally:
            _running.pop(ident, None)
