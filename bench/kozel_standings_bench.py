"""Benchmark of the Kozel standings, cross table, projector, players page, workbook and ``standings --json``.

    DATABASE_URL=sqlite:////tmp/x.sqlite3 .venv/bin/python manage.py simulate --preset kozel \
        --pairs 200 --rounds 5 --system swiss --seed 2 --slug kozel-200
    DATABASE_URL=sqlite:////tmp/x.sqlite3 .venv/bin/python bench/kozel_standings_bench.py kozel-200 [--repeat 5]

Times, on a tournament already played (``simulate``), the selectors and pages a Kozel tournament
shows, through Django's test client, with the data-version cache cleared before each run so that
every figure is a cold render. Prints SQL queries, best and median milliseconds, and the first rows.
Figures only; nothing is asserted.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slug")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL"):
        sys.exit("set DATABASE_URL to the database the tournament was simulated in")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "0")
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.urls import reverse
    from reports_bench import timed

    from events.documents import exports
    from scoring.reports import selectors
    from tournaments.models import Tournament

    t = Tournament.objects.get(slug=args.slug)
    Tournament.objects.filter(pk=t.pk).update(is_public=True)
    client = Client()
    print(f"{t.name} ({t.rules_preset}): {t.pairs.count()} pairs, {t.rounds.count()} rounds")

    def cold(fn):
        def run():
            cache.clear()
            return fn()
        return run

    def report(label, fn):
        count = [0]

        def counter(execute, sql, params, many, context):
            count[0] += 1
            return execute(sql, params, many, context)

        with connection.execute_wrapper(counter):  # survives the connection being reopened per request
            cold(fn)()
        best, median, result = timed(cold(fn), args.repeat)
        print(f"{label:<46} {count[0]:>4} queries  best {best * 1000:8.1f} ms  median {median * 1000:8.1f} ms")
        return result

    data = report("load_standings (selector)", lambda: selectors.load_standings(t))
    report("load_individual (selector)", lambda: selectors.load_individual(t))
    for name in ("standings", "crosstable", "projector", "players"):
        url = reverse(f"reports:{name}", args=[t.slug])
        response = report(f"page {url}", lambda url=url: client.get(url))
        assert response.status_code == 200, (url, response.status_code)
    report("workbook (xlsx)", lambda: exports.workbook(t))
    report("standings PDF", lambda: exports.standings_pdf(t))
    out = io.StringIO()
    report("standings --json (command)", lambda: call_command("standings", t.slug, "--json", stdout=io.StringIO()))
    call_command("standings", t.slug, "--json", stdout=out)
    rows = json.loads(out.getvalue())
    keys = ("rank", "pair", "match_points", "goats_received", "goats_given", "goats_difference", "dry_goats",
            "games_won", "rating", "points_for", "points_against", "difference", "buchholz")
    print("order:", " → ".join(data.tiebreaks))
    print("first rows:")
    for row in rows[:5]:
        print("  " + ", ".join(f"{k}={row[k]}" for k in keys if k in row))


if __name__ == "__main__":
    main()
