"""A lone deal entered at a table, in process: the plain form post (redirect, then the whole page) against the
page script's quick post (JSON answer, referees/deal_answer.py), as bench/load_test.py's referees send them.

A throw-away SQLite site in production settings (DEBUG off, the site's middleware, no test instrumentation of
the templates), a tournament like the load test's (``pusto-shest``, one published round, one referee per
table); each table's partie is entered deal by deal, alternately through each path, by the Django client.
Prints, per path, the milliseconds (wall and this process's CPU) and the queries of a deal with what it
follows (the POST and, for the plain post or a quick answer that names the page, the GET); asserts nothing.

    python bench/deal_answer_bench.py --tables 20
    python bench/deal_answer_bench.py --tables 10 --profile 30     # where each path spends its CPU
"""
from __future__ import annotations

import argparse
import contextlib
import cProfile
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

BASE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE))

KEY_RE = re.compile(r'id="deal-form".*?name="form_key" value="([^"]+)"', re.S)


def start():
    folder = tempfile.mkdtemp(prefix="domino-deal-answer.")
    os.environ.update({"DOMINO_DATA_DIR": folder, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "bench-" + os.urandom(8).hex(),
                       "DJANGO_SETTINGS_MODULE": "config.settings"})
    os.environ.pop("DATABASE_URL", None)
    import django  # noqa: PLC0415 app registry: settings come from the environment set just above

    django.setup()
    from django.core.management import call_command  # noqa: PLC0415 app registry

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)


def setup(tables):
    from django.contrib.auth import get_user_model  # noqa: PLC0415 app registry

    from access.models import RoleKind, TournamentRole  # noqa: PLC0415 app registry
    from tournaments.models import Entrant, Partie, Player, Round, Tournament  # noqa: PLC0415 app registry

    t = Tournament.objects.create(name="Стенд", slug="deal-answer", start_date="2026-11-30", is_public=True,
                                  rules_preset="pusto-shest", pairing_system="swiss", rounds_planned=1)
    pairs = Entrant.objects.bulk_create([Entrant(tournament=t, number=i + 1) for i in range(2 * tables)])
    Player.objects.bulk_create([Player(pair=p, number=k, name=f"Игрок {p.number}-{k}") for p in pairs for k in (1, 2)])
    rnd = Round.objects.create(tournament=t, number=1, status="published")
    parties = Partie.objects.bulk_create([Partie(round=rnd, table=i + 1, pair_a=pairs[2 * i], pair_b=pairs[2 * i + 1])
                                          for i in range(tables)])
    user = get_user_model().objects.create_user("bench-referee", password="x")
    TournamentRole.objects.create(tournament=t, user=user, role=RoleKind.REFEREE)
    return t, parties, user


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="profile each path's CPU (cProfile) and print its N costliest functions")
    args = parser.parse_args()
    start()
    from django.db import connection  # noqa: PLC0415 app registry
    from django.test import Client  # noqa: PLC0415 app registry
    from django.test.utils import CaptureQueriesContext  # noqa: PLC0415 app registry

    from engine.rules.generate import random_deal  # noqa: PLC0415 app registry
    from tests.queries import own_queries  # noqa: PLC0415 app registry

    t, parties, user = setup(args.tables)
    client = Client()
    client.force_login(user)
    rules = t.rules()
    rng = random.Random(1)
    figures = {path: {"ms": [], "cpu": [], "queries": [], "reloads": 0} for path in ("plain", "quick")}
    profiles = {path: cProfile.Profile(time.process_time) for path in figures}
    for i, partie in enumerate(parties):
        path = ("plain", "quick")[i % 2]
        page = client.get(f"/referee/partie/{partie.pk}/").content.decode()
        n, version = (int(re.search(rf'name="{f}" value="(\d+)"', page).group(1)) for f in ("n", "version"))
        key, shape = KEY_RE.search(page).group(1), re.search(r'data-shape="([^"]*)"', page).group(1)
        while n is not None and n <= 12:
            deal = random_deal(rng, n, rules)
            form = {"n": n, "version": version, "form_key": key, "result": deal["result"], "out": deal.get("out", ""),
                    "offender": deal.get("offender", "")}
            for seat, hand in (deal.get("hands") or {}).items():
                form[f"tiles_{seat}" if isinstance(hand, list) else f"hand_{seat}"] = (
                    " ".join(hand) if isinstance(hand, list) else hand)
            url = f"/referee/partie/{partie.pk}/deal/"
            with CaptureQueriesContext(connection) as q, (profiles[path] if args.profile else contextlib.nullcontext()):
                t0, c0 = time.perf_counter(), time.process_time()
                if path == "plain":
                    response = client.post(url, form)
                    assert response.status_code == 302, response.status_code
                    page = client.get(response["Location"]).content.decode()
                else:
                    answer = json.loads(client.post(url, form, headers={"accept": "application/json",
                                                                         "x-page-shape": shape}).content)
                    assert answer["result"] == "saved", answer
                    if answer.get("reload"):
                        figures[path]["reloads"] += 1
                        page = client.get(answer["reload"].split("#")[0]).content.decode()
                    else:
                        page = None
                        n, version, key = answer["next"], answer["version"], answer.get("form_key", "")
                cpu, ms = time.process_time() - c0, time.perf_counter() - t0
            if page is not None:
                found = re.search(r'name="n" value="(\d+)"', page)
                n = int(found.group(1)) if found else None
                version = int(re.search(r'data-version="(\d+)"', page).group(1))
                key = (KEY_RE.search(page) or re.search("()", "")).group(1)
                shape = re.search(r'data-shape="([^"]*)"', page).group(1)
            figures[path]["ms"].append(ms * 1000)
            figures[path]["cpu"].append(cpu * 1000)
            figures[path]["queries"].append(len(own_queries(q)))

    def p95(values):
        return sorted(values)[int(0.95 * (len(values) - 1))]

    print(f"{'path':8} {'deals':>5} {'p50 ms':>7} {'p95 ms':>7} {'CPU p50':>8} {'CPU mean':>8} {'queries':>7} {'pages':>5}")
    for path, f in figures.items():
        pages = len(f["ms"]) if path == "plain" else f["reloads"]
        print(f"{path:8} {len(f['ms']):5} {statistics.median(f['ms']):7.1f} {p95(f['ms']):7.1f} "
              f"{statistics.median(f['cpu']):8.1f} {statistics.mean(f['cpu']):8.1f} {statistics.median(f['queries']):7.0f} "
              f"{pages:5}")
    if args.profile:
        import pstats  # noqa: PLC0415 only with --profile

        for path, prof in profiles.items():
            print(f"\n--- {path}: the {args.profile} costliest functions (cumulative CPU, all its deals)")
            pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats(args.profile)


if __name__ == "__main__":
    main()
