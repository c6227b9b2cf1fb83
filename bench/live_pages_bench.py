"""What one render of each public live page costs: queries and milliseconds, with nothing cached.

    .venv/bin/python bench/live_pages_bench.py [--pairs 64] [--repeat 5] [--profile round]

Builds a tournament of ``--pairs`` pairs (64 by default; 514 is the load test's 257 tables) with one round in
play, every protocol entered, in a throw-away SQLite database (or DATABASE_URL), then gets each page a
spectator polls through Django's test client as an anonymous phone: the round page, its results fragment,
the standings, a projector page, the cross table, a pair's page and the hall map with its tiles. Before
each render the tournament's data version moves (``scoring.live.bump``), so nothing is served from the
cache: this is the work the first phone after a change makes for all the others. ``--profile NAME``
prints cProfile's view of one page (CPU time). Figures only; nothing is asserted.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reports_bench import build, setup  # noqa: E402  (same throw-away database and tournament)

PAGES = {
    "round": ("tournaments:pairings", (1,), {}),
    "round-results": ("tournaments:round_results", (1,), {"HTTP_HX_REQUEST": "true"}),
    "standings": ("reports:standings", (), {}),
    "projector": ("reports:projector", (), {"HTTP_HX_REQUEST": "true"}),
    "crosstable": ("reports:crosstable", (), {}),
    "pair": ("tournaments:pair", (1,), {}),
    "hall": ("referees:hall", (), {}),
    "hall-tiles": ("referees:hall_tiles", (), {"HTTP_HX_REQUEST": "true"}),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=64)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", choices=sorted(PAGES))
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    setup(args.keep)

    from django.db import connection, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from scoring import live

    tournament, *_ = build(args.pairs, 1)
    tournament.is_public = True
    tournament.save()
    tournament.rounds.update(status="published")
    client = Client()

    def fresh(url, headers):
        with transaction.atomic():
            live.bump(tournament.pk)
        response = client.get(url, **headers)
        assert response.status_code == 200, (url, response.status_code)
        return response

    print(f"database: {connection.vendor}; {args.pairs} pairs, {args.pairs // 2} tables, round 1 entered")
    for name, (view, view_args, headers) in PAGES.items():
        url = reverse(view, args=[tournament.slug, *view_args])
        fresh(url, headers)  # templates compiled, the visitor's cookie set
        if args.profile == name:
            import cProfile
            import pstats

            cProfile.runctx("fresh(url, headers)", globals(), {"fresh": fresh, "url": url, "headers": headers},
                            "/tmp/live_pages_bench.prof")
            pstats.Stats("/tmp/live_pages_bench.prof").sort_stats("cumulative").print_stats(45)
        with CaptureQueriesContext(connection) as ctx:
            response = fresh(url, headers)
        queries = [q["sql"] for q in ctx.captured_queries if "domino_cache" not in q["sql"]
                   and "SAVEPOINT" not in q["sql"] and "scoring_dataversion" not in q["sql"]]
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            response = fresh(url, headers)
            times.append(time.perf_counter() - t0)
        tag = response["ETag"]
        t0 = time.perf_counter()
        again = client.get(url, HTTP_IF_NONE_MATCH=tag, **headers)
        poll_ms = (time.perf_counter() - t0) * 1000
        print(f"  {name:14} {len(queries):3} queries  render best {min(times) * 1000:7.1f} ms  "
              f"median {statistics.median(times) * 1000:7.1f} ms  {len(response.content) // 1024:4} KB  "
              f"repeated poll {again.status_code} in {poll_ms:.1f} ms")


if __name__ == "__main__":
    main()
