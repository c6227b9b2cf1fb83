"""Benchmark of the pages that list every pair or player, on 10,000 pairs (20,000 players).

    .venv/bin/python bench/pages_bench.py [--pairs 10000] [--repeat 5] [--keep]

Builds the tournament with bulk_create in a throw-away SQLite database (or in
DATABASE_URL when set), with accounts for half of the players, then times
through Django's test client, as the organizer:

* the draw page: first page, a middle page, a search by surname, by number;
* the accounts page: first page, a search by surname, a search that finds nothing.

Prints SQL queries, best and median milliseconds. Figures only; nothing is asserted.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reports_bench import setup, timed  # noqa: E402  (same throw-away database and timer)


def build(n_pairs: int):
    import datetime

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from access.models import RoleKind, TournamentRole
    from tests.factories import player_name
    from tournaments.models import Entrant, Player, Tournament

    t = Tournament.objects.create(name="Большой кубок", slug="big", start_date=datetime.date(2026, 11, 29),
                                  venue="Дворец спорта", is_public=True)
    pairs = Entrant.objects.bulk_create([Entrant(tournament=t, number=i + 1) for i in range(n_pairs)], batch_size=2000)
    User = get_user_model()
    unusable = make_password(None)
    users = User.objects.bulk_create(
        [User(username=f"big-{i + 1}-1", password=unusable) for i in range(0, n_pairs, 2)], batch_size=2000)
    accounts = iter(users)
    Player.objects.bulk_create([
        Player(pair=pair, name=player_name(2 * i + k), club=f"Клуб {i % 97}", number=k + 1,
               user=next(accounts) if k == 0 and i % 2 == 0 else None)
        for i, pair in enumerate(pairs) for k in (0, 1)
    ], batch_size=2000)
    organizer = User.objects.create_user("bench-organizer", password="bench-password-1")
    TournamentRole.objects.create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    return t, organizer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    setup(args.keep)

    import time

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse
    t0 = time.perf_counter()
    tournament, organizer = build(args.pairs)
    print(f"database: {connection.vendor}; built {args.pairs} pairs, {2 * args.pairs} players "
          f"in {time.perf_counter() - t0:.1f} s")
    client = Client()
    client.force_login(organizer)
    draw = reverse("tournaments:draw", args=[tournament.slug])
    accounts = reverse("referees:signing", args=[tournament.slug])
    cases = [
        ("draw page, page 1", draw, {}),
        ("draw page, page 50", draw, {"page": 50}),
        ("draw page, search «иванов»", draw, {"q": "иванов"}),
        ("draw page, search «7777»", draw, {"q": "7777"}),
        ("signing page, page 1", accounts, {}),
        ("signing page, page 150", accounts, {"page": 150}),
        ("signing page, search «петров»", accounts, {"q": "петров"}),
        ("signing page, search that finds nothing", accounts, {"q": "нет такого"}),
    ]
    for label, url, query in cases:
        client.get(url, query)  # warm up templates
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url, query)
        n_queries = len(ctx.captured_queries)
        size = len(response.content)
        best, median, _ = timed(lambda: client.get(url, query), args.repeat)
        print(f"{label}: status {response.status_code}, {n_queries} SQL queries, {size // 1024} KB, "
              f"best {best * 1000:.0f} ms, median {median * 1000:.0f} ms")


if __name__ == "__main__":
    main()
