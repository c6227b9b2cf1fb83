"""Where ``manage.py simulate`` spends its time, per preset: deals per partie, the services, the engine.

    rm -f /tmp/sim.sqlite3
    DATABASE_URL=sqlite:////tmp/sim.sqlite3 .venv/bin/python manage.py migrate
    DATABASE_URL=sqlite:////tmp/sim.sqlite3 .venv/bin/python bench/simulate_bench.py \
        --presets kozel morskoy-kozel --pairs 200 --rounds 5 --seed 2

Plays each preset's tournament with ``simulate`` (Swiss) and prints, per preset: the wall time, the
parties and deals, deals per partie (mean, 95th percentile, largest), milliseconds per deal, and the
engine's part: every protocol re-scored deal by deal as ``record_deal`` scores it (the protocol so
far with the new deal), which is the only part of a deal's cost that grows with the deals before it.
Figures only; nothing is asserted.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def engine_replay(tournament) -> tuple[float, int]:
    """Seconds the engine takes to score every protocol of ``tournament`` once per recorded deal."""
    from engine.rules import score_protocol
    from scoring.models import Protocol
    from scoring.protocol_json import protocol_to_json

    seconds, scored = 0.0, 0
    for protocol in Protocol.objects.filter(partie__round__tournament=tournament).prefetch_related("deals", "remarks"):
        data = protocol_to_json(protocol)
        deals = data["deals"]
        started = time.perf_counter()
        for n in range(1, len(deals) + 1):
            score_protocol({**data, "deals": deals[:n]})
            scored += n
        seconds += time.perf_counter() - started
    return seconds, scored


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", nargs="+", default=["kozel", "morskoy-kozel"])
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", default="2")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL"):
        sys.exit("set DATABASE_URL to a migrated database (a fresh SQLite file)")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db.models import Count

    from scoring.models import Protocol
    from tournaments.models import Tournament

    print(f"{'preset':<15}{'seconds':>9}{'parties':>9}{'deals':>7}{'mean':>6}{'p95':>5}{'max':>5}"
          f"{'ms/deal':>9}{'engine s':>10}{'engine %':>10}{'tables':>8}")
    for preset in args.presets:
        out = io.StringIO()
        slug = f"bench-{preset}-{args.pairs}-{args.seed}"
        started = time.perf_counter()
        call_command("simulate", "--preset", preset, "--pairs", str(args.pairs), "--rounds", str(args.rounds),
                     "--system", "swiss", "--seed", args.seed, "--slug", slug, stdout=out)
        seconds = time.perf_counter() - started
        tournament = Tournament.objects.get(slug=json.loads(out.getvalue())["slug"])
        counts = sorted(Protocol.objects.filter(partie__round__tournament=tournament)
                        .annotate(n=Count("deals")).values_list("n", flat=True))
        deals = sum(counts)
        engine, tables = engine_replay(tournament)
        print(f"{preset:<15}{seconds:>9.1f}{len(counts):>9}{deals:>7}{deals / len(counts):>6.2f}"
              f"{counts[int(len(counts) * .95)]:>5}{counts[-1]:>5}{seconds * 1000 / deals:>9.1f}"
              f"{engine:>10.2f}{engine * 100 / seconds:>9.1f}%{tables:>8}")


if __name__ == "__main__":
    main()
