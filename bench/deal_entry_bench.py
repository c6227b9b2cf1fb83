"""The work of one deal entered at a table, in process (no HTTP): the POST and the page it redirects to.

Creates a throw-away SQLite database, lets one referee enter four-deal parties at ``--tables`` tables
through Django's test client, and prints the queries and the milliseconds of the POST and of the
page after it (median and p95 over all deals). Prints figures; asserts nothing.

    python bench/deal_entry_bench.py --tables 40
    python bench/deal_entry_bench.py --tables 20 --profile 40     # where a POST and a page spend their time
"""
from __future__ import annotations

import argparse
import contextlib
import cProfile
import re
import statistics
import sys
import time
from pathlib import Path

BASE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE))

import throwaway_site  # noqa: E402  (bench/ beside this file)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="also profile the POSTs and the pages (cProfile) and print the N costliest functions "
                             "(the milliseconds then include the profiler's own cost)")
    parser.add_argument("--show-queries", action="store_true", help="print the queries of the last deal's POST and page")
    args = parser.parse_args()
    throwaway_site.start("domino-deal-bench.")
    import random

    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from access.models import TournamentRole
    from engine.rules.generate import random_deal
    from tests.factories import make_round, make_tournament

    cup = make_tournament(2 * args.tables, slug="deal-bench")
    rnd = make_round(cup, 1, [(2 * i + 1, 2 * i + 2) for i in range(args.tables)])
    user = get_user_model().objects.create_user("bench-referee", password="x")
    TournamentRole.objects.create(tournament=cup, user=user, role="referee")
    client = Client()
    client.force_login(user)
    rules = cup.rules()
    rng = random.Random(1)
    post_ms, page_ms, post_q, page_q = [], [], [], []
    post_prof, page_prof = cProfile.Profile(time.process_time), cProfile.Profile(time.process_time)  # CPU time
    measure = (lambda prof: prof) if args.profile else (lambda prof: contextlib.nullcontext())
    for partie in rnd.parties.order_by("table"):
        page = client.get(f"/referee/partie/{partie.pk}/").content.decode()
        while (m := re.search(r'name="n" value="(\d+)"', page)) and int(m.group(1)) <= 12:
            n = int(m.group(1))
            deal = random_deal(rng, n, rules)
            form = {"n": n, "version": re.search(r'name="version" value="(\d+)"', page).group(1),
                    "result": deal["result"], "out": deal.get("out", ""), "offender": deal.get("offender", "")}
            for seat, hand in (deal.get("hands") or {}).items():
                form[f"tiles_{seat}" if isinstance(hand, list) else f"hand_{seat}"] = (
                    " ".join(hand) if isinstance(hand, list) else hand)
            with CaptureQueriesContext(connection) as q:
                t0 = time.perf_counter()
                with measure(post_prof):
                    response = client.post(f"/referee/partie/{partie.pk}/deal/", form)
                post_ms.append((time.perf_counter() - t0) * 1000)
            post_q.append(len(q.captured_queries))
            post_shown = q.captured_queries
            assert response.status_code == 302, response.status_code
            with CaptureQueriesContext(connection) as q:
                t0 = time.perf_counter()
                with measure(page_prof):
                    page = client.get(response["Location"]).content.decode()
                page_ms.append((time.perf_counter() - t0) * 1000)
            page_q.append(len(q.captured_queries))
            shown = (post_shown, q.captured_queries)

    def p95(values):
        return sorted(values)[int(0.95 * (len(values) - 1))]

    print(f"deals entered        {len(post_ms)} at {args.tables} tables")
    print(f"POST  queries        {statistics.median(post_q):.0f} (max {max(post_q)})")
    print(f"POST  ms             p50 {statistics.median(post_ms):.1f}  p95 {p95(post_ms):.1f}")
    print(f"page  queries        {statistics.median(page_q):.0f} (max {max(page_q)})")
    print(f"page  ms             p50 {statistics.median(page_ms):.1f}  p95 {p95(page_ms):.1f}")
    print(f"POST + page ms       p50 {statistics.median([a + b for a, b in zip(post_ms, page_ms)]):.1f}")
    if args.show_queries:
        for title, queries in zip(("POST", "page"), shown):
            print(f"\n--- {title}: its {len(queries)} queries")
            for query in queries:
                print(f"{query['time']:>6}  {query['sql'][:300]}")
    if args.profile:
        import pstats

        for title, prof in (("POST", post_prof), ("page", page_prof)):
            print(f"\n--- {title}: the {args.profile} costliest functions (cumulative time, all deals)")
            pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats(args.profile)


if __name__ == "__main__":
    main()
