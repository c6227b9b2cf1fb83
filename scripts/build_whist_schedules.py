"""Search the base rounds of the round-robin schedules of individual events; write them to whist_data.json.

Run:  .venv/bin/python scripts/build_whist_schedules.py                 every n from 4 to 64 (--seconds per n)
      .venv/bin/python scripts/build_whist_schedules.py 13 28 --seed 5   only these n (merged into the file)
      .venv/bin/python scripts/build_whist_schedules.py --check         re-verify the file, search nothing

A base round is one round of the schedule written with the elements of an abelian group G (a product of
cyclic groups, ``moduli``); the schedule is that round "developed": round t adds the element t to every
seat (``engine/pairing/whist.py`` does it). Which elements the base round holds:

* n ≡ 1 (mod 4): G of order n, the element 0 sits out; m = (n − 1)/4 tables on the other elements.
  Whist (partners exactly once, opponents exactly twice) ⇔ the partner differences ±(a − b) of the base
  round cover every non-zero element of G exactly once and the opponent differences exactly twice.
* n ≡ 0 (mod 4): G of order n − 1 and one more player ∞ (fixed by every translation), seated at table 1
  with the partner 0; the same two conditions on the differences of the finite players.
* n ≡ 3 (mod 4): G = Z_n, the elements 0, 1, 2 sit out (so that the sit-outs walk round the circle);
  partner differences at most once each (no partner twice), opponent differences as even as possible:
  the search minimises Σ (count − 2)² over the difference classes; 2 is the least possible (two classes
  once, the others twice). When it finds nothing in the time, a round fixed by the reflection x → 2 − x
  (``whist_symmetric.reflected_round``: one class never opposed, the others twice; 51). 55, 59 and 63: the
  matching search below (two classes once).
* n ≡ 2 (mod 4): a cyclic whist base round for n − 1 and one player more (whist_data.develop_from_smaller),
  searched first among the rounds of tables (a, −a | b, −b) only (``whist_symmetric.symmetric_round``:
  50 from Z_49), then by the matching search below (46 from Z_45);
  for n = 10 (no cyclic whist schedule for 9 exists) the same from the one over Z3 × Z3, written out.

How: for n a prime or the square of a prime, n ≡ 1 (mod 4), the classical construction over the field
GF(n) (``field_round``); for n ≡ 0 (mod 4) first a round of Z_{n−1} ∪ {∞} fixed by x → −x
(``whist_symmetric.infinity_round``: 40); for n = q1·q2 of two such (45 = 9·5) the same over the ring GF(q1) × GF(q2)
(``product_round``); otherwise, below 44 players, a depth-first search with many short randomised tries
(``Backtrack``), over the cyclic group first, then the other abelian groups of that order. From 44
players on (``MATCH_FROM``; also the cyclic whist rounds for n − 1 of 46 and 58) first the search in two
steps of scripts/whist_match.c (compiled with gcc at run time by whist_match.py), over the cyclic group:
a random starter (the partnerships: pairs of the free elements whose difference classes all differ),
then an exhaustive depth-first matching of its pairs into tables with no opponent class met more than
twice (for a whist that is exactly twice); a starter whose matching takes too long is given up for a
new one. For n ≡ 3 (mod 4) the same search gives rounds with partners at most once and opponents at
most twice; it keeps the most even (two classes once) it finds in the time. A simulated annealing and a
tabu search on the seats (swap two players, cost Σ (partners − 1)² + (opponents − 2)²) were tried for
these sizes and stalled at cost 2 already for 40 players; the backtracking did not find them either.
Every result is developed by whist_data.py and re-counted pair by pair before it is written;
``--check`` re-counts the whole file.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from whist_constructions import abelian_groups, affine_rounds, field_orders, field_round, product_orders, product_round  # noqa: E402
from whist_match import match  # noqa: E402
from whist_symmetric import infinity_round, reflected_round, symmetric_round  # noqa: E402

from engine.pairing import whist_data  # noqa: E402

INF = None
MATCH_FROM = 44  # from this n on, the starter-and-matching search (whist_match.c) before the backtracking


def matched(moduli, infinity, sit_out, seed, seconds, kind):
    """An entry from whist_match.match (a random starter, then an exhaustive matching of its pairs), or None."""
    base = match(moduli, infinity, sit_out, seconds=seconds, seed=seed, node_limit=20000)
    if base is None:
        return None
    return {"kind": kind, "method": "starter and matching", "group": list(moduli), "infinity": infinity,
            "sit_out": list(sit_out), "base": base}


class Backtrack:
    """Depth-first search for a base round, the tables one by one, with a limit of nodes per try.

    Each table: A1 = the smallest free element, A2 its partner, then the pair B1 < B2; a partner
    difference class may be used at most ``partner_max`` times, an opponent class ``opponent_max``.
    With ∞, table 1 is (∞, 0 | B1, B2). Candidates are shuffled; a try that spends its nodes gives up
    (the running times of such searches have long tails: many short tries beat one long one).
    """

    def __init__(self, moduli, infinity, sit_out, partner_max, opponent_max):
        self.group = whist_data.Group(moduli)
        g = self.group.size
        self.infinity, self.sit_out = infinity, list(sit_out)
        self.pmax, self.omax = partner_max, opponent_max
        classes = {}
        self.cls = [[-1] * g for _ in range(g)]
        for a in range(g):
            for b in range(g):
                if a != b:
                    d = self.group.sub(a, b)
                    self.cls[a][b] = classes.setdefault(min(d, self.group.neg(d)), len(classes))
        self.nclasses = len(classes)

    def attempt(self, rng, node_limit):
        cls, pmax, omax = self.cls, self.pmax, self.omax
        free = set(range(self.group.size)) - set(self.sit_out)
        used = [0] * self.nclasses
        met = [0] * self.nclasses
        tables, nodes = [], [0]

        def place(a1, a2):
            """Try every pair (B1, B2) against the partners a1, a2; go on to the next table."""
            rest = sorted(free)
            rng.shuffle(rest)
            for b1 in rest:
                c1 = cls[a1][b1] if a1 is not None else -1
                c2 = cls[a2][b1]
                for b2 in rest:
                    if b2 <= b1:
                        continue
                    cb, d1, d2 = cls[b1][b2], cls[a1][b2] if a1 is not None else -1, cls[a2][b2]
                    if used[cb] >= pmax:
                        continue
                    touched = [c for c in (c1, c2, d1, d2) if c >= 0]
                    for c in touched:
                        met[c] += 1
                    if all(met[c] <= omax for c in touched):
                        used[cb] += 1
                        free.difference_update((b1, b2))
                        tables.append([a1, a2, b1, b2])
                        if step():
                            return True
                        tables.pop()
                        free.update((b1, b2))
                        used[cb] -= 1
                    for c in touched:
                        met[c] -= 1
            return False

        def step():
            nodes[0] += 1
            if nodes[0] > node_limit:
                raise TimeoutError
            if not free:
                return True
            a1 = min(free)
            free.discard(a1)
            rest = sorted(free)
            rng.shuffle(rest)
            for a2 in rest:
                c = cls[a1][a2]
                if used[c] >= pmax:
                    continue
                used[c] += 1
                free.discard(a2)
                if place(a1, a2):
                    return True
                free.add(a2)
                used[c] -= 1
            free.add(a1)
            return False

        if self.infinity:
            free.discard(0)
            found = place(None, 0)
        else:
            found = step()
        return tables if found else None


def opponent_cost(entry, n):
    """Σ (count − 2)² over the pairs' opponent counts (the smaller, the more even)."""
    rounds = whist_data.develop_entry(n, entry)
    counts = {}
    for tables, _ in rounds:
        for a1, a2, b1, b2 in tables:
            for x in (a1, a2):
                for y in (b1, b2):
                    key = (min(x, y), max(x, y))
                    counts[key] = counts.get(key, 0) + 1
    return sum((counts.get((x, y), 0) - 2) ** 2 for x in range(1, n + 1) for y in range(x + 1, n + 1))


def spec(n):
    """(group order, ∞ or not, the sit-out elements, partner max, opponent max) for n players."""
    if n % 4 == 1:
        return n, False, [0], 1, 2
    if n % 4 == 0:
        return n - 1, True, [], 1, 2
    if n % 4 == 3:
        return n, False, [0, 1, 2], 1, 2
    raise ValueError("n ≡ 2 (mod 4) is built from n − 1, not searched")


def extra_player_explicit(n, entry, rng):
    """n ≡ 2 (mod 4) from a whist schedule for n − 1 over any group (n = 10: Z3 × Z3), written out.

    As whist_data.develop_from_smaller does for a cyclic group: one round where the extra player X
    (position n) sits out, and in each other round X takes the seat of one player q, who sits out with
    the scheduled one. Here the rounds' order and each q are searched (depth first, tiny): the first n/2
    rounds seat out everybody once, the other rounds nobody twice more, and X's partners all differ.
    """
    rounds = whist_data.develop(n - 1, entry)
    half, chosen = n // 2, []
    sat, x_partners = {}, set()

    def partner_of(tables, q):
        for a1, a2, b1, b2 in tables:
            for x, y in ((a1, a2), (a2, a1), (b1, b2), (b2, b1)):
                if x == q:
                    return y

    nodes = [0]

    def step(k, block_out):
        nodes[0] += 1
        if nodes[0] > 200_000:
            raise TimeoutError
        if k == len(rounds):
            return True
        if k == half:
            block_out = set()
        order = [r for r in range(len(rounds)) if r not in {c[0] for c in chosen}]
        rng.shuffle(order)
        for r in order:
            tables, (s,) = rounds[r]
            options = [None] if n not in sat else []
            options += [q for t in tables for q in t]
            for q in options:
                out = {s, n if q is None else q}
                mate = None if q is None else partner_of(tables, q)
                if out & block_out or any(sat.get(p, 0) >= 2 for p in out) or mate in x_partners:
                    continue
                for p in out:
                    sat[p] = sat.get(p, 0) + 1
                if mate is not None:
                    x_partners.add(mate)
                chosen.append((r, q))
                if step(k + 1, block_out | out):
                    return True
                chosen.pop()
                x_partners.discard(mate)
                for p in out:
                    sat[p] -= 1
                    if not sat[p]:
                        del sat[p]
        return False

    try:
        if not step(0, set()):
            return None
    except TimeoutError:
        return None
    written = []
    for r, q in chosen:
        tables, (s,) = rounds[r]
        seated = [[n if p == q else p for p in t] for t in tables]
        written.append([seated, sorted([s, n if q is None else q])])
    return {"kind": "explicit", "method": f"from n - 1 over {entry['group']}", "rounds": written}


def extra_player(n, data, seed, seconds):
    """n ≡ 2 (mod 4): a cyclic whist base round for n − 1 (shipped, or searched over Z_{n−1}) and one
    player more; when there is none, the same from the shipped one, written out (``extra_player_explicit``)."""
    known = data["schedules"].get(str(n - 1))
    if known and known["group"] == [n - 1] and not known["infinity"]:
        base = known["base"]
    else:
        rng, started = random.Random(seed), time.monotonic()
        base = symmetric_round(n - 1, rng, seconds=seconds / 4)
        if base is None and n - 1 >= MATCH_FROM:
            found = matched([n - 1], False, [0], seed, seconds * 3 / 4, "whist")
            base = found and found["base"]
        search_ = Backtrack([n - 1], False, [0], 1, 2)
        while base is None and time.monotonic() - started < seconds / 2:
            try:
                base = search_.attempt(rng, 3000)
            except TimeoutError:
                continue
            if base is None:  # no cyclic whist schedule for n − 1 at all
                break
    if base is None and known:
        entry = extra_player_explicit(n, known, random.Random(seed))
    elif base is None:
        entry = None
    else:
        entry = {"kind": "extra_player", "method": "from n - 1", "group": [n - 1], "infinity": False,
                 "sit_out": [0], "base": base}
    if entry is None or whist_data.verify_entry(n, entry):
        raise AssertionError(f"n={n}: nothing that verifies")
    return entry


def matched_best(n, order, infinity, sit_out, kind, seed, seconds):
    """(cost, entry) from the matching search over Z_order: a whist as found; for n ≡ 3 (mod 4) the most
    even of the rounds found in the time (Σ (count − 2)² = 2n is the least possible), or None."""
    best, started, tries = None, time.monotonic(), 0
    while time.monotonic() - started < seconds and not (best and (kind == "whist" or best[0] <= 2 * n)):
        entry = matched([order], infinity, sit_out, seed + 1000 * tries, seconds - (time.monotonic() - started),
                        kind)
        tries += 1
        if entry is None:
            continue
        cost = opponent_cost(entry, n)
        if best is None or cost < best[0]:
            best = (cost, entry)
    if best and whist_data.verify_entry(n, best[1]):
        raise AssertionError(f"n={n}: the matching's result does not verify: {whist_data.verify_entry(n, best[1])}")
    return best


def search(n, seed, seconds, node_limit=3000):
    """The entry for n: the field construction when n is a prime power ≡ 1 (mod 4), else the first
    base round the tries find (n ≡ 0, 1: a whist; n ≡ 3: the most even of the rounds found in the time)."""
    if n % 4 == 1 and field_orders(n):
        return field_round(n)
    if n % 4 == 1 and product_orders(n):
        return product_round(*product_orders(n))
    if n == 64:
        return affine_rounds(3)
    order, infinity, sit_out, pmax, omax = spec(n)
    kind = "whist" if n % 4 in (0, 1) else "cyclic"
    rng = random.Random(seed)
    if n % 4 == 0 and n > 8:
        base = infinity_round(n - 1, rng, seconds=seconds / 4)
        entry = {"kind": kind, "method": "symmetric", "group": [n - 1], "infinity": True, "sit_out": [], "base": base}
        if base and not whist_data.verify_entry(n, entry):
            return entry
    started = time.monotonic()
    best = None
    if n >= MATCH_FROM:
        best = matched_best(n, order, infinity, sit_out, kind, seed, seconds if kind == "whist" else seconds / 2)
        if best:
            return best[1]
    groups = abelian_groups(order) if kind == "whist" else [[order]]
    while time.monotonic() - started < seconds:
        for moduli in groups:
            try:
                base = Backtrack(moduli, infinity, sit_out, pmax, omax).attempt(rng, node_limit)
            except TimeoutError:
                continue
            if base is None:  # the whole tree is empty: no such base round in this group
                groups = [g for g in groups if g != moduli]
                continue
            entry = {"kind": kind, "method": "search", "group": moduli, "infinity": infinity,
                     "sit_out": sit_out, "base": base}
            if kind == "whist":
                best = (0, entry)
                break
            cost = opponent_cost(entry, n)
            if best is None or cost < best[0]:
                best = (cost, entry)
        if not groups or best and (kind == "whist" or best[0] <= 2 * n or time.monotonic() - started > 20):
            break
    if best is None and kind == "cyclic":
        base = reflected_round(n, rng, seconds=seconds)
        if base:
            best = (None, {"kind": kind, "method": "reflection", "group": [n], "infinity": False,
                           "sit_out": sit_out, "base": base})
    if best is None:
        return None
    problems = whist_data.verify_entry(n, best[1])
    if problems:
        raise AssertionError(f"n={n}: the search's result does not verify: {problems}")
    return best[1]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--seconds", type=float, default=600.0, help="search time per n")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--data", type=Path, default=None, help="another data file (default: the shipped one)")
    args = parser.parse_args(argv)
    if args.data:
        whist_data.DATA_PATH = args.data
    path = whist_data.DATA_PATH
    data = json.loads(path.read_text("utf-8")) if path.exists() else {"schedules": {}}
    if args.check:
        bad = {n: whist_data.verify_entry(int(n), e) for n, e in data["schedules"].items()}
        bad = {n: p for n, p in bad.items() if p}
        print("all entries verify" if not bad else f"entries that do not verify: {bad}")
        return 1 if bad else 0
    sizes = args.sizes or [n for n in range(4, whist_data.MAX_PLAYERS + 1) if n % 4 != 2]
    sizes += [n for n in range(6, whist_data.MAX_PLAYERS + 1, 4) if not args.sizes]  # after their n − 1
    for n in sizes:
        t0 = time.monotonic()
        if n % 4 == 2:
            entry = extra_player(n, data, args.seed + n, args.seconds)
        else:
            entry = search(n, args.seed + n, args.seconds)
        if entry is None:
            print(f"n={n}: nothing found in {args.seconds:.0f} s", flush=True)
            continue
        data["schedules"][str(n)] = entry
        group = "×".join(f"Z{m}" for m in entry.get("group", [])) + (" ∪ {∞}" if entry.get("infinity") else "")
        print(f"n={n}: {entry['kind']} ({entry['method']}) {group} in {time.monotonic() - t0:.1f} s", flush=True)
        whist_data.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
