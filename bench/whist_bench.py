"""Benchmark: building the round-robin schedule of an individual event (prints figures; asserts nothing about time).

Run:  .venv/bin/python bench/whist_bench.py            every n from 4 to 64
      .venv/bin/python bench/whist_bench.py 13 64      only these n

For each n: the time of ``schedule(n)`` and ``properties`` cold (the data file read again, nothing cached),
then the schedule's properties. At the end the worst time, and the worst n built once more in a fresh
process (the import of the module included). The target: under 1 s for any n ≤ 64.
"""
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.pairing import whist, whist_data  # noqa: E402
from engine.pairing.base import PairingError  # noqa: E402

FRESH = ("import time; t0 = time.perf_counter(); from engine.pairing.whist import schedule, properties; "
         "n = {n}; properties(schedule(n), n); print(time.perf_counter() - t0)")


def cold(n):
    whist_data.load.cache_clear()
    whist._raw.cache_clear()
    t0 = time.perf_counter()
    rounds = whist.schedule(n)
    got = whist.properties(rounds, n)
    return time.perf_counter() - t0, got


def main(argv):
    sizes = [int(a) for a in argv] or list(range(4, whist_data.MAX_PLAYERS + 1))
    print(f"{'n':>3} {'seconds':>8} {'rounds':>6} {'whist':>5} {'repeats':>7} {'opp min–max':>11} "
          f"{'never opp':>9} {'sit-outs max':>12}")
    worst, missing = (0.0, None), []
    for n in sizes:
        try:
            seconds, got = cold(n)
        except PairingError as exc:
            missing.append(n)
            print(f"{n:>3} {'—':>8}  {exc.message}")
            continue
        worst = max(worst, (seconds, n))
        print(f"{n:>3} {seconds:>8.4f} {got['rounds']:>6} {'да' if got['whist'] else 'нет':>5} "
              f"{got['partner_repeats']:>7} {got['opponents_min']:>5}–{got['opponents_max']:<5} "
              f"{got['never_opponents']:>9} {got['sit_outs_max']:>12}")
    if worst[1] is not None:
        print(f"worst: n = {worst[1]}, {worst[0]:.4f} s (target < 1 s)")
        run = subprocess.run([sys.executable, "-c", FRESH.format(n=worst[1])], cwd=ROOT, capture_output=True,
                             text=True, check=True)
        print(f"n = {worst[1]} in a fresh process (import included): {float(run.stdout):.4f} s")
    if missing:
        print("no schedule for n = " + ", ".join(map(str, missing)))


if __name__ == "__main__":
    main(sys.argv[1:])
