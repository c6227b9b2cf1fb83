"""``make serve``'s HTTP server: granian (HTTP in Rust) running the site's WSGI application in worker processes.

``manage.py serve`` prepares the site and then becomes the keeper (config/supervisor.py), which runs
``python -m config.server`` with the options it chose (events/management/commands/serve.py) and starts it
again whenever it stops unasked. With ``WEB_WARM=1`` (``make serve`` unless ``WEB_PRELOAD=0``) the
site is loaded here, once, before granian forks its workers (``config.wsgi``: the URLs, views, templates and
catalogues, then frozen out of the garbage collector, ``core.warm``): every worker starts with it and shares
its memory, as gunicorn's ``--preload`` did.

Why granian: a hall's phones poll the live pages on kept-alive connections, and gunicorn's threaded worker
spent about 0.85 ms of Python on each poll outside the site (parsing, its thread pool, its keep-alive poller),
twice the site's own 0.4 ms. granian keeps the connections and parses the requests in Rust; a worker's
Python threads only run the site (docs/deploy.md §4: the same hall at less CPU in most runs, and the quiet
hall's knee at 4,300 polls/s or more in most runs, where gunicorn's was about 2,350).
"""
from __future__ import annotations

import argparse
import copy
import importlib
import os

from granian.constants import HTTPModes, Interfaces
from granian.http import HTTP1Settings
from granian.log import LOGGING_CONFIG
from granian.server import Server

# A kept-alive connection holds one of its worker's places until it is closed: a hall's phones each keep one.
# granian's own default (its backlog shared out among the workers: 128 each with eight) left the 1,025th phone
# of a hall, and every referee after it, waiting for a phone to leave.
CONNECTIONS_PER_WORKER = 1000
BACKLOG = 2048
# Seconds a stopping worker finishes the requests it has before it is killed.
GRACEFUL_SECONDS = 20


class _NeverACrashLoop(dict):
    """granian's note of when it last started each worker (``respawned_wrks``), read only to give up — «Worker
    crash loop detected, exiting», the whole site down — when a worker dies within 5.5 s of being started. Here
    every start reads as long ago, so a dead worker is always started again: a hall's site must outlive any
    number of worker deaths. A site that cannot start at all fails in the server's own process before any
    worker forks (``preload``), and the keeper (config/supervisor.py) starts the server again with a back-off.
    Checked against the pinned granian by tests/venue/test_worker_deaths.py."""

    def get(self, key, default=None):
        return default


def options(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m config.server", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2, help="threads running the site in each worker")
    parser.add_argument("--keep-alive", type=int, default=20,
                        help="seconds a connection may wait for its next request's headers")
    return parser.parse_args(argv)


def access_log(environ=os.environ) -> dict | None:
    """granian's logging with its access log written where ``WEB_ACCESS_LOG`` says ("-": the terminal); None: no
    access log (a line per request costs a hall of polling phones a twentieth of the server's time)."""
    where = environ.get("WEB_ACCESS_LOG")
    if not where:
        return None
    config = copy.deepcopy(LOGGING_CONFIG)
    if where != "-":
        config["handlers"]["access"] = {"formatter": "access", "class": "logging.FileHandler", "filename": where}
    return config


def build(o: argparse.Namespace, environ=os.environ):
    """The server for ``o`` (not started)."""
    logging = access_log(environ)
    server = Server(
        "config.wsgi:application", address=o.host, port=o.port, interface=Interfaces.WSGI, http=HTTPModes.http1,
        websockets=False, workers=o.workers, blocking_threads=o.threads, backlog=BACKLOG,
        backpressure=CONNECTIONS_PER_WORKER,
        http1_settings=HTTP1Settings(keep_alive=True, header_read_timeout=o.keep_alive * 1000),
        log_access=logging is not None, log_dictconfig=logging,
        respawn_failed_workers=True, respawn_interval=1.0, workers_kill_timeout=GRACEFUL_SECONDS,
    )
    server.respawned_wrks = _NeverACrashLoop()
    return server


def preload(environ=os.environ) -> bool:
    """With ``WEB_WARM=1``, the site loaded (and warmed) in this process, before the workers fork; whether it was."""
    if environ.get("WEB_WARM") != "1":
        return False
    importlib.import_module("config.wsgi")
    return True


def main(argv=None, environ=os.environ) -> None:
    o = options(argv)
    preload(environ)
    build(o, environ).serve()


if __name__ == "__main__":
    main()
