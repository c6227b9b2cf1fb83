"""Benchmark: Swiss pairing speed (prints figures; asserts nothing about time).

Run:  .venv/bin/python bench/pairing_bench.py            all three parts below
      .venv/bin/python bench/pairing_bench.py typical    100, 1,000 and 5,000 pairs after 6 rounds
      .venv/bin/python bench/pairing_bench.py sweep      the worst round of every size
      .venv/bin/python bench/pairing_bench.py long       1,000 pairs after 30 rounds
      .venv/bin/python bench/pairing_bench.py individual individual events: 100, 1,000 and 10,000 players
      .venv/bin/python bench/pairing_bench.py individual-small   the same for 100 and 1,000 players, seed 1

The sweep plays 13 rounds with random results (seeds 1–3) for 64, 200, 500, 1,000, 2,000,
5,000 and 10,000 pairs, timing the pairing of every round; the slowest rounds of each size
are then timed again several times and the worst is printed with its minimum and median.
Timings on a shared machine are noisy: read the minimum first.

The individual part (not in the default run: it takes a few minutes) plays 9 rounds of the Swiss by
personal score with random results (seeds 1–3) for 100, 1,000 and 10,000 players, and the same
tournaments seated by the random pairing and by a naive shuffle; it prints the worst round's time,
repeated partners, pairs of players who met as opponents more than once, and the largest score spread
at one table.
"""
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.pairing import Entrant, check_complete, pair_swiss, swiss_cost  # noqa: E402
from engine.pairing.individual_base import (  # noqa: E402
    IndividualRound,
    Single,
    Table,
    opponent_counts,
    repeated_partners,
)
from engine.pairing.individual_random import pair_individual_random  # noqa: E402
from engine.pairing.individual_swiss import pair_individual_swiss  # noqa: E402

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


# --- individual events ----------------------------------------------------------------------------

INDIVIDUAL_SIZES = (100, 1000, 10000)
INDIVIDUAL_ROUNDS = 9


def naive_shuffle(players, *, seed=""):
    """The baseline: the same sit-outs as the rule, the rest shuffled and seated four by four."""
    order = sorted(players, key=lambda p: p.rank)
    out = sorted(order, key=lambda p: (p.sat_out, -p.rank))[:len(order) % 4]
    rest = [p.id for p in order if p not in out]
    random.Random(str(seed)).shuffle(rest)
    tables = [Table((rest[i], rest[i + 1]), (rest[i + 2], rest[i + 3])) for i in range(0, len(rest), 4)]
    return IndividualRound(tables, [p.id for p in out], "naive")


def play_individual(pair, n, rounds, seed):
    """``rounds`` rounds of ``n`` players seated by ``pair``, a random side winning each table (a sit-out
    scores as a win). Returns (the worst round's seconds and its number, the rounds, the largest spread)."""
    rng = random.Random(seed)
    score = {i: 0 for i in range(1, n + 1)}
    mates = {i: set() for i in score}
    met = {i: {} for i in score}
    sat = dict.fromkeys(score, 0)
    worst, results, spread = (0.0, 0), [], 0
    for number in range(1, rounds + 1):
        order = sorted(score, key=lambda i: (-score[i], i))
        players = [Single(i, score=score[i], rank=k, partners=frozenset(mates[i]),
                          opponents=tuple(met[i].items()), sat_out=sat[i]) for k, i in enumerate(order)]
        t0 = time.perf_counter()
        result = pair(players, seed=f"{seed}-{number}")
        worst = max(worst, (time.perf_counter() - t0, number))
        assert sorted(result.ids()) == sorted(score), "every player exactly once"
        results.append(result)
        for x in result.sitting_out:
            sat[x] += 1
            score[x] += 1
        for t in result.tables:
            spread = max(spread, max(score[x] for x in t.players) - min(score[x] for x in t.players))
            for x, y in (t.a, t.b):
                mates[x].add(y)
                mates[y].add(x)
            for x in t.a:
                for y in t.b:
                    met[x][y] = met[x].get(y, 0) + 1
                    met[y][x] = met[y].get(x, 0) + 1
            for x in (t.a if rng.random() < 0.5 else t.b):
                score[x] += 1
    return worst, results, spread


def individual(sizes=INDIVIDUAL_SIZES, rounds=INDIVIDUAL_ROUNDS, seeds=SWEEP_SEEDS):
    print(f"\nIndividual events: {rounds} rounds, random results, seeds {', '.join(map(str, seeds))}; "
          "repeated partners and opponent pairs met more than once summed over the seeds")
    print(f"{'players':>7}  {'Swiss worst s':>13} {'(seed, round)':>13} {'partners':>8} {'spread':>6}  "
          f"{'opponent pairs met twice+: Swiss':>32} {'random':>6} {'naive':>6}  {'random worst s':>14} "
          f"{'partners: random':>16} {'naive':>5}")
    for n in sizes:
        figures = {}
        for name, pair in (("swiss", pair_individual_swiss), ("random", pair_individual_random),
                           ("naive", naive_shuffle)):
            worst, partners, again, spread = (0.0, 0, 0), 0, 0, 0
            for seed in seeds:
                (seconds, number), results, widest = play_individual(pair, n, rounds, seed)
                worst = max(worst, (seconds, seed, number))
                partners += repeated_partners(results)
                again += sum(1 for c in opponent_counts(results).values() if c > 1)
                spread = max(spread, widest)
            figures[name] = worst, partners, again, spread
        (seconds, seed, number), partners, again, spread = figures["swiss"]
        (r_seconds, _, _), r_partners, r_again, _ = figures["random"]
        print(f"{n:>7}  {seconds:>13.3f} {f'({seed}, {number})':>13} {partners:>8} {spread:>6}  "
              f"{again:>32} {r_again:>6} {figures['naive'][2]:>6}  {r_seconds:>14.3f} {r_partners:>16} "
              f"{figures['naive'][1]:>5}")


if __name__ == "__main__":
    parts = sys.argv[1:] or ["typical", "sweep", "long"]
    for part in parts:
        {"typical": typical, "sweep": sweep, "long": long, "individual": individual,
         "individual-small": lambda: individual(sizes=(100, 1000), seeds=(1,))}[part]()
