"""Benchmark of backup, restore, export_tournament and import_tournament.

    .venv/bin/python bench/transfer_bench.py [--pairs 200] [--rounds 7]

Simulates a tournament (``simulate``: every partie played through the
services) in a throw-away SQLite database (or DATABASE_URL when set), then
prints the time and size of a whole-database backup, a tournament export, and
its import under a new slug. Figures only; nothing is asserted.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="domino-bench-")
    if not os.environ.get("DATABASE_URL"):
        os.environ["DOMINO_DATA_DIR"] = folder
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "0")
    import django

    django.setup()
    from django.core.management import call_command

    from events.services import backup, transfer
    from scoring.models import Deal
    from tournaments.models import Tournament

    call_command("migrate", verbosity=0)
    t0 = time.perf_counter()
    call_command("simulate", pairs=args.pairs, rounds=args.rounds, slug="bench", seed="1", stdout=open(os.devnull, "w"))
    tournament = Tournament.objects.get(slug="bench")
    deals = Deal.objects.filter(protocol__partie__round__tournament=tournament).count()
    print(f"simulated {args.pairs} pairs x {args.rounds} rounds, {deals} deals in {time.perf_counter() - t0:.1f} s")

    def timed(label, fn, path=None):
        start = time.perf_counter()
        result = fn()
        size = f", {Path(path).stat().st_size / 1e6:.2f} MB" if path else ""
        print(f"{label}: {time.perf_counter() - start:.2f} s{size}")
        return result

    bak = Path(folder) / "all.bak"
    timed("backup (whole database)", lambda: backup.backup(bak), bak)
    js = Path(folder) / "bench.json"
    timed("export_tournament", lambda: transfer.export_tournament(tournament, js), js)
    result = timed("import_tournament --slug bench-copy", lambda: transfer.import_tournament(js, slug="bench-copy"))
    print("imported rows: " + ", ".join(f"{k} {v}" for k, v in result.counts.items()))


if __name__ == "__main__":
    main()
