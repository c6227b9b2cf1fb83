"""Benchmark of the standings page and the exports on 1,000 pairs × 11 rounds × 4 deals.

    .venv/bin/python bench/reports_bench.py [--pairs 1000] [--rounds 11] [--keep]

Builds the tournament with bulk_create in a throw-away SQLite database (or in
DATABASE_URL when set), every protocol scored by the engine, then prints:

* one raw SQL aggregate over the same deals (the yardstick);
* the standings page through Django's test client: SQL queries and time;
* the signed score sheets of one round (500 parties: query, score, draw, sign);
* the full Excel workbook; and a few other exports for reference.

Figures only; nothing is asserted.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup(keep: bool):
    if not os.environ.get("DATABASE_URL"):
        folder = tempfile.mkdtemp(prefix="domino-bench-")
        os.environ["DOMINO_DATA_DIR"] = folder
        if not keep:
            import atexit
            import shutil

            atexit.register(shutil.rmtree, folder, ignore_errors=True)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "0")  # as in production: no query log, no template debug
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def timed(fn, repeat=1):
    """(best seconds, median seconds, last result)."""
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times), result


def build(n_pairs: int, n_rounds: int, seed: int = 7):
    import datetime

    from engine.rules import Rules, score_partie
    from engine.rules.generate import random_deal
    from scoring.models import Deal, Protocol, Signature
    from tournaments.choices import ProtocolStatus
    from tournaments.models import Entrant, Partie, Player, Round, Tournament

    rng = random.Random(seed)
    slug = f"bench-{n_pairs}x{n_rounds}"
    Tournament.objects.filter(slug=slug).delete()
    t = Tournament.objects.create(name="Большой турнир", slug=slug, start_date=datetime.date(2026, 11, 29),
                                  venue="Дворец спорта", rounds_planned=n_rounds)
    rules = Rules.from_config(t.rules_config())
    pairs = Entrant.objects.bulk_create([Entrant(tournament=t, number=i + 1) for i in range(n_pairs)], batch_size=2000)
    if pairs[0].pk is None:  # backends without RETURNING
        pairs = list(Entrant.objects.filter(tournament=t).order_by("number"))
    surnames = ["Иванов", "Петров", "Сидоров", "Кузнецов", "Смирнов", "Попов", "Волков", "Соколов"]
    Player.objects.bulk_create([
        Player(pair=p, number=k, name=f"{surnames[(2 * i + k) % 8]} {i + 1}-{k}", club="Тверь")
        for i, p in enumerate(pairs) for k in (1, 2)
    ], batch_size=5000)
    rounds = Round.objects.bulk_create([Round(tournament=t, number=r + 1, status="finished") for r in range(n_rounds)])
    if rounds[0].pk is None:
        rounds = list(Round.objects.filter(tournament=t).order_by("number"))
    parties = []
    for rnd in rounds:
        order = pairs[:]
        rng.shuffle(order)
        for table in range(len(order) // 2):
            a, b = sorted((order[2 * table], order[2 * table + 1]), key=lambda p: p.number)
            parties.append(Partie(round=rnd, table=table + 1, pair_a=a, pair_b=b))
    parties = Partie.objects.bulk_create(parties, batch_size=5000)
    if parties[0].pk is None:
        parties = list(Partie.objects.filter(round__tournament=t).order_by("round__number", "table"))
    protocols, deal_rows, engine_seconds = [], [], 0.0
    for partie in parties:
        deals = [random_deal(rng, n, rules) for n in range(1, 5)]
        t0 = time.perf_counter()
        result = score_partie(rules, deals, [])
        while result.extra_deal_needed:
            deals.append(random_deal(rng, len(deals) + 1, rules))
            result = score_partie(rules, deals, [])
        engine_seconds += time.perf_counter() - t0
        protocols.append(Protocol(
            partie=partie, status=ProtocolStatus.SIGNED, version=len(deals), score_a=result.totals_a,
            score_b=result.totals_b, deals_won_a=result.deals_won_a, deals_won_b=result.deals_won_b,
            winner=result.winner or "", finished=result.finished,
        ))
        deal_rows.append(deals)
    protocols = Protocol.objects.bulk_create(protocols, batch_size=5000)
    if protocols[0].pk is None:
        protocols = list(Protocol.objects.filter(partie__round__tournament=t).order_by("partie__round__number",
                                                                                      "partie__table"))
    Deal.objects.bulk_create([
        Deal(protocol=p, n=d["n"], result=d["result"], out=d.get("out", ""), offender=d.get("offender", ""),
             hands=d.get("hands", {}))
        for p, deals in zip(protocols, deal_rows) for d in deals
    ], batch_size=5000)
    signatures = []
    for p in protocols[: len(pairs) // 2]:  # round 1: players and referee signed
        for seat in ("A1", "A2", "B1", "B2"):
            signatures.append(Signature(protocol=p, role="player", seat=seat, name=f"Игрок {seat}", fingerprint="0" * 64))
        signatures.append(Signature(protocol=p, role="referee", name="Судья Главный", fingerprint="0" * 64))
    Signature.objects.bulk_create(signatures, batch_size=5000)
    return t, len(parties), sum(len(d) for d in deal_rows), engine_seconds


RAW_AGGREGATE = """
SELECT side.pair_id, COUNT(*) AS deals, COUNT(DISTINCT side.protocol_id) AS parties,
       SUM(CASE WHEN side.n = 1 THEN side.points ELSE 0 END) AS points_for
FROM (
    SELECT pa.pair_a_id AS pair_id, d.protocol_id, d.n, pr.score_a AS points
    FROM scoring_deal d JOIN scoring_protocol pr ON d.protocol_id = pr.id
    JOIN tournaments_partie pa ON pr.partie_id = pa.id JOIN tournaments_round r ON pa.round_id = r.id
    WHERE r.tournament_id = %s
    UNION ALL
    SELECT pa.pair_b_id, d.protocol_id, d.n, pr.score_b
    FROM scoring_deal d JOIN scoring_protocol pr ON d.protocol_id = pr.id
    JOIN tournaments_partie pa ON pr.partie_id = pa.id JOIN tournaments_round r ON pa.round_id = r.id
    WHERE r.tournament_id = %s
) side
GROUP BY side.pair_id
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", action="store_true", help="keep the temporary database folder")
    parser.add_argument("--profile", choices=["page", "workbook", "signed"], help="print a profile of one step")
    args = parser.parse_args()
    setup(args.keep)

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from events.documents import exports
    from scoring.reports import selectors

    t0 = time.perf_counter()
    tournament, n_parties, n_deals, engine_seconds = build(args.pairs, args.rounds)
    print(f"database: {connection.vendor}; built {args.pairs} pairs × {args.rounds} rounds: {n_parties} protocols, "
          f"{n_deals} deals in {time.perf_counter() - t0:.1f} s (engine {engine_seconds:.2f} s)")

    def raw():
        with connection.cursor() as cur:
            cur.execute(RAW_AGGREGATE, [tournament.pk, tournament.pk])
            return cur.fetchall()

    if args.profile:
        import cProfile
        import pstats

        client = Client()
        url = reverse("reports:standings", args=[tournament.slug])
        step = {"page": lambda: client.get(url), "workbook": lambda: exports.workbook(tournament),
                "signed": lambda: exports.signed_sheets_pdf(tournament, 1)}[args.profile]
        step()
        cProfile.runctx("step()", globals(), {"step": step}, "/tmp/reports_bench.prof")
        pstats.Stats("/tmp/reports_bench.prof").sort_stats("cumulative").print_stats(40)
        return

    raw_best, raw_median, rows = timed(raw, args.repeat)
    print(f"raw SQL aggregate over the deals: {len(rows)} pairs, best {raw_best * 1000:.1f} ms, "
          f"median {raw_median * 1000:.1f} ms")

    client = Client()
    url = reverse("reports:standings", args=[tournament.slug])
    client.get(url)  # warm up templates
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    n_queries = len(ctx.captured_queries)  # read now: the next request clears the query log
    page_best, page_median, _ = timed(lambda: client.get(url), args.repeat)
    print(f"standings page: {n_queries} SQL queries, best {page_best * 1000:.1f} ms, "
          f"median {page_median * 1000:.1f} ms → {page_best / raw_best:.2f} × the raw aggregate (best/best), "
          f"{page_median / raw_median:.2f} × (median/median)")
    sel_best, _, _ = timed(lambda: selectors.load_standings(tournament), args.repeat)
    print(f"  of which load_standings (queries + ranking): best {sel_best * 1000:.1f} ms")

    for name, view in (("players page", "reports:players"), ("cross table page", "reports:crosstable"),
                       ("projector page", "reports:projector")):
        u = reverse(view, args=[tournament.slug])
        client.get(u)
        with CaptureQueriesContext(connection) as ctx:
            client.get(u)
        n_queries = len(ctx.captured_queries)
        best, _, _ = timed(lambda u=u: client.get(u), 3)
        print(f"{name}: {n_queries} SQL queries, best {best * 1000:.1f} ms")

    best, _, data = timed(lambda: exports.signed_sheets_pdf(tournament, 1, base_url="https://domino.example"))
    print(f"signed score sheets of round 1 ({n_parties // args.rounds} parties, PAdES-signed): {best:.2f} s, "
          f"{len(data) / 1e6:.1f} MB")
    best, _, data = timed(lambda: exports.blank_sheets_pdf(tournament, 2, base_url="https://domino.example"))
    print(f"blank score sheets of round 2: {best:.2f} s, {len(data) / 1e6:.1f} MB")
    best, _, data = timed(lambda: exports.workbook(tournament))
    print(f"full Excel workbook: {best:.2f} s, {len(data) / 1e6:.1f} MB")
    best, _, data = timed(lambda: exports.standings_pdf(tournament))
    print(f"standings PDF: {best:.2f} s, {len(data) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
