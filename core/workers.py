"""gunicorn's threaded worker that takes a new connection only while one of its threads is free.

``make serve`` runs several processes of two threads each, all waiting on one listening socket. gunicorn's
``gthread`` worker accepts every connection it is woken for, up to a thousand, whatever its threads are
doing; a connection stays with the process that accepted it, and a phone keeps its connection for as long
as it polls. At a hall's opening (2,000 phones within seconds) the processes that happened to wake first took
the most: measured in `bench/load_test.py`, the eight processes held from 59 to 413 connections each, and
a deal sent on a connection of the busiest one waited behind that process's polls.

This worker stops taking new connections while all its threads are at work, and takes them again as soon
as one is free, so a new connection goes to a process that can answer it now (a ``sync`` worker, with one
thread, balances the same way). The connections it already holds are served as before. When every thread
of every process is busy, new connections wait in the listening socket's queue until a thread is free,
which is where they would have waited inside a process anyway.

Not the default: ``make serve`` runs ``gthread``, and this worker only with
``WEB_WORKER_CLASS=core.workers.FreeThreadWorker``. With it the connections spread evenly (270 to 300 a
process), but in eight pairs of benchmark runs it did better in four and worse in four, and its worst runs
were worse (docs/deploy.md §4).
"""
from __future__ import annotations

from gunicorn.workers.gthread import ThreadWorker


class FreeThreadWorker(ThreadWorker):
    """``gthread`` with ``in_flight``: the requests handed to its threads and not finished yet."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.in_flight = 0

    def has_free_thread(self) -> bool:
        return self.in_flight < self.cfg.threads

    def set_accept_enabled(self, enabled):
        super().set_accept_enabled(enabled and self.has_free_thread())

    def enqueue_req(self, conn):
        self.in_flight += 1
        super().enqueue_req(conn)
        if not self.has_free_thread():
            self.set_accept_enabled(False)

    def finish_request(self, conn, fs):
        # Runs on the worker's main thread (gunicorn's method queue); its loop takes connections again after it.
        self.in_flight -= 1
        super().finish_request(conn, fs)
