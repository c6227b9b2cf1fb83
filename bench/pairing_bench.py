"""Benchmark: Swiss pairing of 100, 1,000 and 5,000 pairs after 6 rounds.

Run: .venv/bin/python bench/pairing_bench.py   (prints figures; asserts nothing about time)
"""
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import Entrant, check_complete, pair_swiss, swiss_cost  # noqa: E402


def entrants(score, met, byes):
    order = sorted(score, key=lambda i: (-score[i], i))
    return [
        Entrant(i, score=score[i], rank=k, opponents=frozenset(met[i]), had_bye=i in byes)
        for k, i in enumerate(order)
    ]


def field_after(n, rounds, seed=2026):
    """Six rounds paired by the same algorithm, random winners."""
    rng = random.Random(seed)
    score = {i: 0 for i in range(1, n + 1)}
    met = {i: set() for i in range(1, n + 1)}
    byes = set()
    for _ in range(rounds):
        for p in pair_swiss(entrants(score, met, byes)).pairings:
            if p.b is None:
                byes.add(p.a)
                score[p.a] += 1
            else:
                met[p.a].add(p.b)
                met[p.b].add(p.a)
                score[rng.choice([p.a, p.b])] += 1
    return entrants(score, met, byes)


def main(sizes=(100, 1000, 5000), rounds=6):
    print(f"Swiss pairing after {rounds} rounds (pure Python, one core)")
    print(f"{'pairs':>6} {'seconds':>9} {'peak MiB':>9} {'method':>8}  objective (R, B1, B2, X, F)")
    for n in sizes:
        field = field_after(n, rounds)
        tracemalloc.start()
        t0 = time.perf_counter()
        result = pair_swiss(field)
        seconds = time.perf_counter() - t0
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        pairs = [(p.a, p.b) for p in result.pairings]
        check_complete(field, pairs)
        t1 = time.perf_counter()
        pair_swiss(field)
        untraced = time.perf_counter() - t1
        print(f"{n:>6} {untraced:>9.3f} {peak / 2**20:>9.1f} {result.method:>8}  {swiss_cost(field, pairs)}"
              f"   (with tracemalloc on: {seconds:.3f} s)")


if __name__ == "__main__":
    main()
