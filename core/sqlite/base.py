"""SQLite whose writers queue on a file lock instead of SQLite's own wait (the ``ENGINE`` of a SQLite site).

SQLite lets one transaction write at a time (``BEGIN IMMEDIATE``); another writer waits in SQLite's busy
handler, which sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, then 100 ms between its tries and lets a
newcomer take the lock between them. In a hall of 25 deals a second beside 2,000 polling phones a tenth of
the deals waited over 50 ms for the lock and one in a hundred over 400 ms, though no transaction held it that
long. Here a transaction first takes an exclusive ``flock`` on ``<database>.writers`` (tried again every few
milliseconds), then begins as before; the lock is let go at its commit or rollback. SQLite's own lock stays
the judge: a write outside a transaction (autocommit) still waits for it as before. A database in memory has
no lock file, and is left to SQLite.
"""
from __future__ import annotations

import fcntl
import time

from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError

FIRST_WAIT = 0.0005  # seconds between the tries, doubling up to
LONGEST_WAIT = 0.004


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
        deadline = time.monotonic() + float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))
        wait = FIRST_WAIT
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise OperationalError("database is locked") from None
                time.sleep(wait)
                wait = min(2 * wait, LONGEST_WAIT)
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
