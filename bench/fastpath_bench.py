"""The live pages' fast paths (scoring/fastpath/), each measured on and off in one run: the path, both figures, the ratio.

    .venv/bin/python bench/fastpath_bench.py [--pairs 64] [--polls 300] [--versions 12] [--phones 20]

Builds a published tournament of ``--pairs`` pairs with one round entered (as bench/live_pages_bench.py), then
sends anonymous phones' requests through Django's WSGI handler in this process (no server, no network), as
``make serve`` is set: connections kept, the public pages' window of 15 s. Each piece has its setting; the
handler with it and the handler without it answer the same requests taking turns (ON, OFF, OFF, ON, …), so the
machine's load falls on both alike:

* ``polls`` (``FASTPATH_POLLS``, the first middleware): a phone's repeated poll of the standings (a page with the
  visitor's form token) and of the round's results (one fragment for everyone), each a 304; a first visit of a
  projector page this process answered already, a 200 from the stored body; and the standings for a phone that
  holds an older version, a 200 from the stored body with his own form token. ``--polls`` requests each way.
* ``shared bodies`` (``FASTPATH_SHARED_BODIES``): a new version of the standings and of a projector page asked for
  by ``--phones`` phones at once (first visits): ON, one of them renders it and the others get the stored body; OFF,
  each renders it. ``--versions`` versions each way; the figure is the mean time of a phone's request.

A hand-written part of the live pages stays only while it is at least 2x faster on its path (docs/deploy.md §3).
Figures only; nothing is asserted but the status of each answer.
"""
from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("DOMINO_LIVE_STALE_SECONDS", "15")  # as under make serve
os.environ.setdefault("DB_CONN_MAX_AGE", "60")
from reports_bench import build, setup  # noqa: E402  (same throw-away database and tournament)


class Phone:
    """An anonymous phone: its cookies and the ETag it last got of each address."""

    def __init__(self):
        self.cookies, self.etags = {}, {}

    def get(self, handler, path, htmx=False, validators=True):
        """(status, milliseconds) of one GET through ``handler`` (a WSGI application)."""
        address, _, query = path.partition("?")
        environ = {"REQUEST_METHOD": "GET", "PATH_INFO": address, "QUERY_STRING": query, "SCRIPT_NAME": "",
                   "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "HTTP_HOST": "127.0.0.1:8000",
                   "REMOTE_ADDR": "127.0.0.1", "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(b""),
                   "wsgi.errors": sys.stderr, "wsgi.version": (1, 0), "wsgi.multithread": True,
                   "wsgi.multiprocess": True, "wsgi.run_once": False, "HTTP_ACCEPT_LANGUAGE": "ru",
                   "HTTP_USER_AGENT": "spectator"}
        if htmx:
            environ["HTTP_HX_REQUEST"] = "true"
        if validators and path in self.etags:
            environ["HTTP_IF_NONE_MATCH"] = self.etags[path]
        if self.cookies:
            environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        answer = {}

        def start_response(status, headers):
            answer["status"], answer["headers"] = int(status.split()[0]), headers

        t0 = time.perf_counter()
        result = handler(environ, start_response)
        b"".join(result)
        result.close()
        ms = (time.perf_counter() - t0) * 1000
        for name, value in answer["headers"]:
            if name.lower() == "set-cookie":
                cookie, _, rest = value.partition("=")
                self.cookies[cookie.strip()] = rest.split(";")[0]
            elif name.lower() == "etag":
                self.etags[path] = value
        return answer["status"], ms


def line(piece, path, on, off, unit="ms"):
    print(f"  {piece:14} {path:60} ON {on:8.3f} {unit}   OFF {off:8.3f} {unit}   OFF/ON {off / on:6.2f}x")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=64)
    parser.add_argument("--polls", type=int, default=300, help="requests each way on each polling path")
    parser.add_argument("--versions", type=int, default=12, help="new versions each way (shared bodies)")
    parser.add_argument("--phones", type=int, default=20, help="phones asking for each new version")
    args = parser.parse_args()
    setup(False)

    from django.core.handlers.wsgi import WSGIHandler
    from django.db import transaction
    from django.test import override_settings
    from django.urls import reverse

    from scoring import live

    tournament, *_ = build(args.pairs, 1)
    tournament.is_public = True
    tournament.save()
    tournament.rounds.update(status="published")
    slug = tournament.slug
    handlers = {}
    for polls in (True, False):  # the middleware is chosen when the handler loads it
        with override_settings(FASTPATH_POLLS=polls):
            handlers[polls] = WSGIHandler()
    print(f"{args.pairs} pairs, round 1 entered; in process, the same requests ON and OFF taking turns")

    print("polls (FASTPATH_POLLS): p50 of a request")
    paths = [("standings, repeated poll -> 304 (a page with forms)", reverse("reports:standings", args=[slug]),
              False, True, 304),
             ("round results, repeated poll -> 304 (htmx fragment)",
              reverse("tournaments:round_results", args=[slug, 1]), True, True, 304),
             ("projector page, first visit -> 200 from the stored body",
              reverse("reports:projector", args=[slug]) + "?page=2", True, False, 200),
             ("standings, an older version held -> 200, his own form token",
              reverse("reports:standings", args=[slug]), False, "older", 200)]
    for title, path, htmx, repeated, status in paths:
        phone = Phone()
        for handler in (handlers[True], handlers[True], handlers[False], handlers[True]):  # noted, cookies set
            phone.get(handler, path, htmx)
        times = {True: [], False: []}
        for i in range(args.polls):
            for on in ((True, False) if i % 2 else (False, True)):
                if repeated == "older":  # a phone back after a while: the body stored of the current version
                    phone.etags[path] = '"0-older"'
                got, ms = (phone if repeated else Phone()).get(handlers[on], path, htmx, validators=bool(repeated))
                assert got == status, (title, on, got)
                times[on].append(ms)
        line("polls", title, statistics.median(times[True]), statistics.median(times[False]))

    print(f"shared bodies (FASTPATH_SHARED_BODIES): a new version asked for by {args.phones} phones, "
          "mean of a phone's request")
    handler = handlers[False]  # the site alone: what the bodies change, without the middleware in front
    pages = [("standings, a new version (a page with forms)", reverse("reports:standings", args=[slug]), False),
             ("projector page, a new version (htmx fragment)", reverse("reports:projector", args=[slug]), True)]
    with override_settings(LIVE_STALE_SECONDS=0):  # every request reads the version: each round is a new one
        for title, path, htmx in pages:
            Phone().get(handler, path, htmx)  # templates compiled
            times = {True: [], False: []}
            for i in range(args.versions):
                for on in ((True, False) if i % 2 else (False, True)):
                    with override_settings(FASTPATH_SHARED_BODIES=on):
                        with transaction.atomic():
                            live.bump(tournament.pk)
                        for _ in range(args.phones):
                            got, ms = Phone().get(handler, path, htmx)
                            assert got == 200, (title, on, got)
                            times[on].append(ms)
            line("shared bodies", title, statistics.mean(times[True]), statistics.mean(times[False]))


if __name__ == "__main__":
    main()
