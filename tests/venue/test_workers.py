"""The server's worker (core/workers.py): it takes new connections only while one of its threads is free."""
import logging
import selectors
import socket
from concurrent.futures import Future

import pytest
from gunicorn.config import Config

from core.workers import FreeThreadWorker


class Pool:
    """A thread pool that only keeps what it is given: the test finishes the requests itself."""

    def __init__(self):
        self.given = []

    def submit(self, fn, conn):
        future = Future()
        self.given.append((conn, future))
        return future


class Conn:
    closed = False

    def close(self, graceful=False):
        self.closed = True


@pytest.fixture
def worker():
    cfg = Config()
    cfg.set("threads", 2)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    w = FreeThreadWorker(0, 0, [listener], None, 30, cfg, logging.getLogger("test"))
    w.tpool, w.poller = Pool(), selectors.DefaultSelector()
    w.method_queue.init()
    yield w
    w.poller.close()
    listener.close()
    w.tmp.close()


def accepting(w) -> bool:
    try:
        w.poller.get_key(w.sockets[0])
        return True
    except KeyError:
        return False


def finish(w, i):
    conn, future = w.tpool.given[i]
    future.set_result(False)  # answered, connection closed
    w.finish_request(conn, future)


def test_with_both_threads_at_work_it_takes_no_new_connection_until_one_is_free(worker):
    worker.set_accept_enabled(True)
    assert accepting(worker)
    worker.enqueue_req(Conn())
    assert worker.in_flight == 1 and accepting(worker)  # one thread still free
    worker.enqueue_req(Conn())
    assert worker.in_flight == 2 and not accepting(worker)
    worker.set_accept_enabled(True)  # what gunicorn's loop asks while under its connection limit
    assert not accepting(worker)
    finish(worker, 0)
    assert worker.in_flight == 1 and worker.tpool.given[0][0].closed
    worker.set_accept_enabled(True)
    assert accepting(worker)


def test_requests_past_its_threads_wait_in_it_and_are_counted_until_answered(worker):
    """A kept-alive connection's next request is still served (it queues in the process), and counted."""
    worker.set_accept_enabled(True)
    for _ in range(3):
        worker.enqueue_req(Conn())
    assert worker.in_flight == 3 and not accepting(worker)
    finish(worker, 0)
    worker.set_accept_enabled(True)
    assert not accepting(worker)  # two still at work
    finish(worker, 1)
    worker.set_accept_enabled(True)
    assert worker.in_flight == 1 and accepting(worker)

