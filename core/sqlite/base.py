"""SQLite whose writers queue on a file lock instead of SQLite's own wait (the ``ENGINE`` of a SQLite site).

SQLite lets one transaction write at a time (``BEGIN IMMEDIATE``); another writer waits in SQLite's busy
handler, which sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, then 100 ms between its tries and lets a
newcomer take the lock between them. In a hall of 25 deals a second beside 2,000 polling phones a tenth of
the deals waited over 50 ms for the lock and one in a hundred over 400 ms, though no transaction held it that
long. Here a transaction first takes an exclusive ``flock`` on ``<database>.writers``, then begins as before;
the lock is let go at its commit or rollback. A writer that finds it taken waits in the kernel's queue
(a blocking ``flock`` in a helper thread, on a duplicate of the same open file): it is woken the moment the
lock is let go. Tried again every few milliseconds instead, as before, the lock stood free 1.3–1.7 ms (p50)
at each hand-over to a waiter, and a newcomer, trying sooner, went before those already waiting longest.
SQLite's own lock stays the judge: a write outside a transaction (autocommit) still waits for it as before.
A database in memory has no lock file, and is left to SQLite.
"""
from __future__ import annotations

import fcntl
import os
import threading

from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError


def wait_for_lock(lock, timeout: float) -> bool:
    """Take the exclusive ``flock`` of ``lock`` (an open file), waiting at most ``timeout`` seconds; False if
    it was not had in time. The wait is a blocking ``flock`` in a helper thread on a duplicate descriptor (a
    lock taken through it is the open file's, so this connection's); a helper that gets the lock after its
    caller has given up lets it go at once."""
    fd = os.dup(lock.fileno())
    got, guard, gave_up = threading.Event(), threading.Lock(), []

    def wait():
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            with guard:
                if gave_up:
                    fcntl.flock(fd, fcntl.LOCK_UN)
                else:
                    got.set()
        finally:
            os.close(fd)  # the lock stays with the open file until let go (flock, unlike POSIX locks)

    threading.Thread(target=wait, name="sqlite-writers-lock", daemon=True).start()
    if got.wait(timeout):
        return True
    with guard:
        if got.is_set():
            return True
        gave_up.append(True)
        return False


class DatabaseWrapper(base.DatabaseWrapper):
    _writers = None  # the lock file, open while the connection lives
    _holding = False

    def _lock_file(self):
        name = str(self.settings_dict.get("NAME") or "")
        if not name or name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
            return None
        if self._writers is None:
            self._writers = open(f"{name}.writers", "a+b")  # noqa: SIM115 — kept open with the connection
        return self._writers

    def _take_writers_lock(self):
        lock = self._lock_file()
        if lock is None or self._holding:
            return
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not wait_for_lock(lock, float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))):
                # The helper still waits on this open file: the next try opens another, so that a lock the
                # helper takes and lets go later is never this connection's.
                self._writers.close()
                self._writers = None
                raise OperationalError("database is locked") from None
        self._holding = True

    def _let_go(self):
        if self._holding:
            self._holding = False
            fcntl.flock(self._writers, fcntl.LOCK_UN)

    def _start_transaction_under_autocommit(self):
        self._take_writers_lock()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._let_go()
            raise

    def _commit(self):
        try:
            super()._commit()
        finally:
            self._let_go()

    def _rollback(self):
        try:
            super()._rollback()
        finally:
            self._let_go()

    def _close(self):
        try:
            super()._close()
        finally:
            self._let_go()
            if self._writers is not None:
                self._writers.close()
                self._writers = None
