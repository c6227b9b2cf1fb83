"""The shipped base rounds of the round-robin schedules (whist_data.json) and how they are developed.

A base round is one round written with the elements of an abelian group G = Z_{m1} × Z_{m2} × …
(``group``: the moduli; an element is stored as its index, the last modulus varying fastest) and, for
n ≡ 0 (mod 4), one more player ∞ (``null`` in the file). The schedule adds the element t to every seat
of the base round, for every t of G; ∞ stays ∞. Positions: the element with index e is position e + 1,
∞ is position n. Round order: t = 0, 1, 2, … — except when several players sit out, then the order
makes the sit-outs walk round the circle (``translation_order``). Kinds: ``whist`` (n ≡ 0, 1 mod 4),
``cyclic`` (n ≡ 3: Z_n, three sit out), ``extra_player`` (n ≡ 2: a cyclic whist base round for n − 1
and one player more, ``develop_from_smaller``) and ``explicit`` (the rounds written out, for a size
where no group does it: n = 10, as there is no cyclic whist schedule for 9 players).

The scripts/build_whist_schedules.py search writes the file; ``verify_entry`` re-counts an entry pair
by pair (the tests call it on every entry, and on a corrupted copy to see it refuse).
"""
from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from itertools import combinations
from math import prod
from pathlib import Path

DATA_PATH = Path(__file__).with_name("whist_data.json")
MIN_PLAYERS = 4
MAX_PLAYERS = 64

Raw = list[tuple[list[tuple[int, int, int, int]], list[int]]]  # rounds: (tables (A1, A2, B1, B2), sitting out)


class Group:
    """Z_{m1} × Z_{m2} × … with its elements numbered 0 … size − 1 (the last modulus varying fastest)."""

    def __init__(self, moduli):
        self.moduli = tuple(int(m) for m in moduli)
        if not self.moduli or any(m < 1 for m in self.moduli):
            raise ValueError(f"bad moduli {moduli!r}")
        self.size = prod(self.moduli)
        self._digits = [self._split(e) for e in range(self.size)]

    def _split(self, e: int) -> tuple:
        out = []
        for m in reversed(self.moduli):
            out.append(e % m)
            e //= m
        return tuple(reversed(out))

    def _join(self, digits) -> int:
        e = 0
        for d, m in zip(digits, self.moduli):
            e = e * m + d % m
        return e

    def add(self, a: int, b: int) -> int:
        return self._join(x + y for x, y in zip(self._digits[a], self._digits[b]))

    def neg(self, a: int) -> int:
        return self._join(-x for x in self._digits[a])

    def sub(self, a: int, b: int) -> int:
        return self.add(a, self.neg(b))


def translation_order(size: int, sitting: int) -> list[int]:
    """The translations in round order, so that the sit-outs {t, t + 1, …} walk round Z_size.

    With one sit-out (or none) round r is the translation r − 1. With s sit-outs {0, …, s − 1} in the
    base round, round j (from 0) uses s·j when s and the size are coprime, otherwise s·(j mod size/s) +
    ⌊j / (size/s)⌋: each block of consecutive rounds seats out the next players of the circle.
    """
    if sitting <= 1:
        return list(range(size))
    if size % sitting:
        return [sitting * j % size for j in range(size)]
    block = size // sitting
    return [sitting * (j % block) + j // block for j in range(size)]


def develop(n: int, entry: dict) -> Raw:
    """The whole schedule of an entry (n ≡ 0, 1, 3 mod 4), in positions 1 … n."""
    group = Group(entry["group"])
    infinity = bool(entry.get("infinity"))
    sit_out = [int(x) for x in entry.get("sit_out", [])]
    if group.size + infinity != n:
        raise ValueError(f"the group of order {group.size} does not fit {n} players")

    def position(x, t):
        return n if x is None else group.add(int(x), t) + 1

    rounds = []
    for t in translation_order(group.size, len(sit_out)):
        tables = [tuple(position(x, t) for x in table) for table in entry["base"]]
        rounds.append((tables, sorted(position(x, t) for x in sit_out)))
    return rounds


def develop_from_smaller(n: int, entry: dict) -> Raw:
    """n = 4m + 2 from a cyclic whist base round over Z_{n−1} (one sit-out each round): n − 1 rounds.

    The extra player X (position n) takes, in the round of translation t ≠ 0, the seat of the element
    t + 1; that player sits out with the scheduled one (t), so two sit out each round. In the round of
    translation 0 X sits out himself. Rounds: translation 0, then 1, 3, 5, …, then 2, 4, …: the first
    n/2 rounds seat out everybody once; the last n/2 − 1 everybody again but X and position 2.
    X's partner in round t is (the base partner of 1) + t, different every round, so no partner repeats.
    """
    size = n - 1
    if list(entry["group"]) != [size] or entry.get("infinity") or list(entry.get("sit_out", [])) != [0]:
        raise ValueError(f"n = {n} needs a cyclic whist base round over Z_{size}")
    order = [0, *range(1, size, 2), *range(2, size, 2)]
    rounds = []
    for t in order:
        replaced = (1 + t) % size + 1 if t else None  # position of the element t + 1
        tables = []
        for table in entry["base"]:
            seats = tuple((int(x) + t) % size + 1 for x in table)
            tables.append(tuple(n if p == replaced else p for p in seats))
        sitting = [t + 1, replaced] if t else [1, n]
        rounds.append((tables, sorted(sitting)))
    return rounds


def explicit(n: int, entry: dict) -> Raw:
    """An entry that lists its rounds as they are: [[[A1, A2, B1, B2], …], [sitting out, …]] per round."""
    return [([tuple(int(p) for p in table) for table in tables], sorted(int(p) for p in sitting))
            for tables, sitting in entry["rounds"]]


def develop_entry(n: int, entry: dict) -> Raw:
    kind = entry.get("kind")
    if kind == "extra_player":
        return develop_from_smaller(n, entry)
    if kind == "explicit":
        return explicit(n, entry)
    if kind in ("whist", "cyclic"):
        return develop(n, entry)
    raise ValueError(f"unknown kind {kind!r}")


@lru_cache(maxsize=1)
def load() -> dict:
    """{n: entry} from the data file (read once per process)."""
    data = json.loads(DATA_PATH.read_text("utf-8"))
    return {int(n): entry for n, entry in data["schedules"].items()}


def raw_schedule(n: int, entries: dict | None = None) -> Raw:
    entries = load() if entries is None else entries
    return develop_entry(n, entries[n])


def write(data: dict) -> None:
    """The data file, one entry per line (small diffs when an entry is searched again)."""
    items = sorted(data["schedules"].items(), key=lambda kv: int(kv[0]))
    lines = [f'  "{n}": {json.dumps(entry, separators=(",", ":"))}' for n, entry in items]
    text = '{"format": 1, "schedules": {\n' + ",\n".join(lines) + "\n}}\n"
    DATA_PATH.write_text(text, "utf-8")


def verify_entry(n: int, entry: dict) -> list[str]:
    """What is wrong with an entry, counted from its developed schedule pair by pair ([] = nothing)."""
    try:
        rounds = develop_entry(n, entry)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        return [f"cannot be developed: {exc!r}"]
    return verify_raw(n, rounds, whist=n % 4 in (0, 1))


def verify_raw(n: int, rounds: Raw, whist: bool) -> list[str]:
    players = range(1, n + 1)
    problems = []
    expected = n - 1 if n % 4 in (0, 2) else n
    if len(rounds) != expected:
        problems.append(f"{len(rounds)} rounds instead of {expected}")
    partners, opponents, sat = Counter(), Counter(), Counter()
    for number, (tables, sitting) in enumerate(rounds, 1):
        seated = [p for table in tables for p in table] + list(sitting)
        if sorted(seated) != list(players) or any(len(table) != 4 for table in tables):
            problems.append(f"round {number} does not seat every player exactly once")
            continue
        for a1, a2, b1, b2 in tables:
            partners[frozenset((a1, a2))] += 1
            partners[frozenset((b1, b2))] += 1
            for x in (a1, a2):
                for y in (b1, b2):
                    opponents[frozenset((x, y))] += 1
        sat.update(sitting)
        if max(sat[p] for p in players) - min(sat[p] for p in players) > 1:
            problems.append(f"after round {number} someone sat out twice before everyone had once")
    pairs = [frozenset(c) for c in combinations(players, 2)]
    if any(partners[p] > 1 for p in pairs):
        problems.append("a partnership repeats")
    if whist:
        if any(partners[p] != 1 for p in pairs):
            problems.append("not every two players are partners exactly once")
        if any(opponents[p] != 2 for p in pairs):
            problems.append("not every two players are opponents exactly twice")
        if any(sat[p] != n % 4 for p in players):
            problems.append("the sit-outs are not one per player" if n % 4 else "somebody sits out")
    return problems
