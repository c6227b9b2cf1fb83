"""Benchmark of the organizer's management page with many pairs (default 10,000) and a round in play.

    .venv/bin/python bench/manage_bench.py [--pairs 10000] [--repeat 5] [--keep]

Builds the tournament with bulk_create in a throw-away SQLite database (or in
DATABASE_URL when set): numbered pairs with two players each, one published
round with every partie, half of the protocols signed. Then prints the SQL
queries and the time of the management page (first page of the pair list and
the last page) through Django's test client, and of the state selector alone.

Figures only; nothing is asserted.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from reports_bench import setup, timed  # noqa: E402


def build(n_pairs: int):
    import datetime

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from access.models import RoleKind, TournamentRole
    from scoring.models import Protocol
    from tournaments.choices import ProtocolStatus
    from tournaments.models import Entrant, Partie, Player, Round, RoundStatus, Tournament

    user = get_user_model().objects.create_user("bench-organizer", password="x")
    t = Tournament.objects.create(name="Бенчмарк", slug="manage-bench", start_date=datetime.date(2026, 12, 5),
                                  draw_done_at=timezone.now(), draw_closed=True, rounds_planned=7)
    TournamentRole.objects.create(tournament=t, user=user, role=RoleKind.ORGANIZER)
    pairs = Entrant.objects.bulk_create(Entrant(tournament=t, number=i + 1) for i in range(n_pairs))
    Player.objects.bulk_create(
        Player(pair=p, name=f"Игрок {2 * i + k} Фамилия", club="Клуб", number=k)
        for i, p in enumerate(pairs) for k in (1, 2))
    rnd = Round.objects.create(tournament=t, number=1, status=RoundStatus.PUBLISHED)
    parties = Partie.objects.bulk_create(
        Partie(round=rnd, table=i // 2 + 1, pair_a=pairs[i], pair_b=pairs[i + 1]) for i in range(0, n_pairs - 1, 2))
    Protocol.objects.bulk_create(
        Protocol(partie=p, status=ProtocolStatus.SIGNED if k % 2 else ProtocolStatus.IN_PLAY)
        for k, p in enumerate(parties))
    return t, user


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    setup(args.keep)

    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from events.state import tournament_state

    best, _median, (t, user) = timed(lambda: build(args.pairs))
    print(f"built {args.pairs} pairs, one round of {args.pairs // 2} parties in {best:.1f} s")
    client = Client()
    client.force_login(user)
    url = reverse("tournaments:manage", args=[t.slug])
    last_page = -(-args.pairs // 50)
    for label, address in (("management page, first page of pairs", url),
                           (f"management page, page {last_page}", f"{url}?page={last_page}")):
        reset_queries()  # the request resets the query log: start the capture from an empty one
        with CaptureQueriesContext(connection) as queries:
            response = client.get(address)
            n_queries = len(queries.captured_queries)
        assert response.status_code == 200
        best, median, _r = timed(lambda: client.get(address), args.repeat)
        print(f"{label}: {n_queries} queries, {len(response.content) // 1024} KB, "
              f"best {best * 1000:.0f} ms, median {median * 1000:.0f} ms")
    best, median, state = timed(lambda: tournament_state(t), args.repeat)
    print(f"state selector ({state.code}, {len(state.unsigned)} unsigned tables): "
          f"best {best * 1000:.0f} ms, median {median * 1000:.0f} ms")


if __name__ == "__main__":
    main()
