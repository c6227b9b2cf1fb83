"""Worker memory for a hostile .xlsx: a small file whose one cell unpacks to hundreds of megabytes.

    .venv/bin/python bench/xlsx_bomb_bench.py [--megabytes 400]

Builds the file with zipfile in chunks (never whole in memory), then in this
process reads it as the import page does (``parse_pairs_file``) and prints the
file's size, the answer, the time, the peak of Python allocations during the
call (tracemalloc) and the process's resident memory before and after
(``resource.getrusage``; ru_maxrss is the peak, in KB on Linux).
Figures only; nothing is asserted.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=int, default=400)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from events.services.imports import parse_pairs_file
    from tests.hostile.test_hostile_xlsx import huge_cell
    from tournaments.errors import TournamentError

    data = huge_cell(args.megabytes)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    started = time.perf_counter()
    try:
        parse_pairs_file(data, "pairs.xlsx")
        answer = "read (!)"
    except TournamentError as exc:
        answer = f"refused [{exc.code}]: {exc.message}"
    elapsed = time.perf_counter() - started
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"file: {len(data) / 1024:.0f} KB, one cell of {args.megabytes} MB")
    print(f"answer: {answer}")
    print(f"time: {elapsed * 1000:.1f} ms; Python allocations peak during the call: {peak / 1024 / 1024:.2f} MB")
    print(f"peak resident memory: {rss_before / 1024:.0f} MB before the call, {rss_after / 1024:.0f} MB after")


if __name__ == "__main__":
    main()
