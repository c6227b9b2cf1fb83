"""Benchmark: Swiss pairing speed (prints figures; asserts nothing about time).

Run:  .venv/bin/python bench/pairing_bench.py            all three parts below
      .venv/bin/python bench/pairing_bench.py typical    100, 1,000 and 5,000 pairs after 6 rounds
      .venv/bin/python bench/pairing_bench.py sweep      the worst round of every size
      .venv/bin/python bench/pairing_bench.py long       1,000 pairs after 30 rounds

The sweep plays 13 rounds with random results (seeds 1–3) for 64, 200, 500, 1,000, 2,000,
5,000 and 10,000 pairs, timing the pairing of every round; the slowest rounds of each size
are then timed again several times and the worst is printed with its minimum and median.
Timings on a shared machine are noisy: read the minimum first.
"""
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import Entrant, check_complete, pair_swiss, swiss_cost  # noqa: E402

SWEEP_SIZES = (64, 200, 500, 1000, 2000, 5000, 10000)
SWEEP_ROUNDS = 13
SWEEP_SEEDS = (1, 2, 3)
REPEAT = 5


def entrants(score, met, byes):
    order = sorted(score, key=lambda i: (-score[i], i))
    return [
        Entrant(i, score=score[i], rank=k, opponents=frozenset(met[i]), had_bye=i in byes)
        for k, i in enumerate(order)
    ]


def play(n, rounds, seed=2026, on_round=None):
    """``rounds`` rounds paired by the same algorithm, random winners; the field before the next.

    ``on_round(number, field, seconds, result)`` is told the time the pairing of each round took.
    """
    rng = random.Random(seed)
    score = {i: 0 for i in range(1, n + 1)}
    met = {i: set() for i in range(1, n + 1)}
    byes = set()
    for number in range(1, rounds + 1):
        field = entrants(score, met, byes)
        t0 = time.perf_counter()
        result = pair_swiss(field)
        if on_round:
            on_round(number, field, time.perf_counter() - t0, result)
        for p in result.pairings:
            if p.b is None:
                byes.add(p.a)
                score[p.a] += 1
            else:
                met[p.a].add(p.b)
                met[p.b].add(p.a)
                score[rng.choice([p.a, p.b])] += 1
    return entrants(score, met, byes)


def field_after(n, rounds, seed=2026):
    return play(n, rounds, seed)


def timed(field, repeat=REPEAT):
    """(min, median) seconds of ``repeat`` pairings of ``field``, and the last result."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = pair_swiss(field)
        times.append(time.perf_counter() - t0)
    pairs = [(p.a, p.b) for p in result.pairings]
    check_complete(field, pairs)
    return min(times), statistics.median(times), result, swiss_cost(field, pairs)


def typical(sizes=(100, 1000, 5000), rounds=6):
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


def sweep(sizes=SWEEP_SIZES, rounds=SWEEP_ROUNDS, seeds=SWEEP_SEEDS, repeat=REPEAT):
    print(f"\nWorst round of {rounds} rounds, random results, seeds {', '.join(map(str, seeds))}; "
          f"the slowest rounds timed {repeat} times again")
    print(f"{'pairs':>6} {'min s':>7} {'median s':>8} {'seed':>4} {'round':>5}  {'method':<20} objective"
          f"   (rounds by method)")
    worst_of_all = None
    for n in sizes:
        rounds_seen = []
        methods: dict = {}

        def note(number, field, seconds, result, seed):
            rounds_seen.append((seconds, seed, number, field))
            methods[result.method] = methods.get(result.method, 0) + 1

        for seed in seeds:
            play(n, rounds, seed, on_round=lambda k, f, s, r, seed=seed: note(k, f, s, r, seed))
        rounds_seen.sort(key=lambda item: -item[0])
        worst = None
        for _, seed, number, field in rounds_seen[:3]:
            low, median, result, cost = timed(field, repeat)
            if worst is None or median > worst[1]:
                worst = (low, median, seed, number, result.method, cost)
        low, median, seed, number, method, cost = worst
        counts = ", ".join(f"{m} {c}" for m, c in sorted(methods.items()))
        print(f"{n:>6} {low:>7.3f} {median:>8.3f} {seed:>4} {number:>5}  {method:<20} {cost}   ({counts})")
        if worst_of_all is None or median > worst_of_all[1]:
            worst_of_all = (n, median, low)
    n, median, low = worst_of_all
    print(f"worst round of the sweep: {n} pairs, median {median:.3f} s, min {low:.3f} s")


def long(n=1000, rounds=30, seed=2026, repeat=REPEAT):
    field = play(n, rounds, seed)
    low, median, result, cost = timed(field, repeat)
    print(f"\n{n} pairs after {rounds} rounds (seed {seed}), {repeat} runs: min {low:.3f} s, "
          f"median {median:.3f} s, {result.method}, objective {cost}")


if __name__ == "__main__":
    parts = sys.argv[1:] or ["typical", "sweep", "long"]
    for part in parts:
        {"typical": typical, "sweep": sweep, "long": long}[part]()
