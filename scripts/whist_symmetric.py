"""The searches of scripts/build_whist_schedules.py for base rounds fixed by x → −x (or x → 2 − x).

Such a round is made of tables (a, −a | b, −b) only; a table of that kind has the partner classes ±2a,
±2b and the opponent classes ±(a − b), ±(a + b), each twice. So only a pairing of the difference
classes {±x} is searched, depth first, in short randomised tries: the pairs {a, b} must use each class
once and the classes ±(a ± b) must all differ.

* ``symmetric_round``: a cyclic whist over Z_size, size ≡ 1 (mod 4) (50 = 49 + 1 from Z_49).
* ``infinity_round``: a whist over Z_size ∪ {∞}, size ≡ 3 (mod 4), with the table (∞, 0 | c, −c) (40 from Z_39).
* ``reflected_round``: n ≡ 3 (mod 4), 0, 1, 2 sitting out, the round fixed by x → 2 − x (51).

Neither exists when a sum of squares does not fit (the classes ±(a ± b) have the squares 2(a² + b²)):
for ``symmetric_round`` Σ x² over one x of each class must be ≡ 0 (mod size), which fails when 3
divides size (45, 57); for ``reflected_round`` the class e never opposed has e² ≡ 2 − Σ x² (mod n),
which has no solution for 55, 59 and 63; for ``infinity_round`` c² ≡ Σ x² (mod size), which has none
when size is a prime (44, 48, 60), 51 or 55 (52, 56), and c = 13 for 39.
"""
from __future__ import annotations

import time


def _pairing(size, classes, rng, node_limit, seconds, taken=()):
    """Pairs (a, b) of the given classes with the classes ±(a ± b) all different (and not taken); or None."""
    def cls(x):
        return min(x % size, -x % size)

    started = time.monotonic()
    while time.monotonic() - started < seconds:
        free, opposed, pairs, nodes = set(classes), set(taken), [], [0]

        def step():
            nodes[0] += 1
            if nodes[0] > node_limit:
                raise TimeoutError
            if not free:
                return True
            a = min(free)
            free.discard(a)
            rest = sorted(free)
            rng.shuffle(rest)
            for b in rest:
                plus, minus = cls(a + b), cls(a - b)
                if plus == minus or plus in opposed or minus in opposed:
                    continue
                free.discard(b)
                opposed.update((plus, minus))
                pairs.append((a, b))
                if step():
                    return True
                pairs.pop()
                opposed.difference_update((plus, minus))
                free.add(b)
            free.add(a)
            return False

        try:
            return pairs if step() else None
        except TimeoutError:
            continue
    return None


def symmetric_round(size, rng, node_limit=20000, seconds=60.0):
    """A cyclic whist base round over Z_size, size ≡ 1 (mod 4), of tables (a, −a | b, −b); or None.

    The pairs {a, b} cut the (size − 1)/2 classes in two-element sets (so the ±2a cover every class
    once, 2 being invertible) and the classes ±(a ± b) cover every class once: partners once, opponents
    twice. The element 0 sits out.
    """
    half = (size - 1) // 2
    if sum(x * x for x in range(1, half + 1)) % size:
        return None
    pairs = _pairing(size, range(1, half + 1), rng, node_limit, seconds)
    return None if pairs is None else [[a, size - a, b, size - b] for a, b in pairs]


def infinity_round(size, rng, node_limit=20000, seconds=60.0):
    """A whist base round over Z_size ∪ {∞}, size ≡ 3 (mod 4): (∞, 0 | c, −c) and tables (a, −a | b, −b).

    The table of ∞ has the partner class ±2c and the opponent class ±c twice (0 against c and −c); the
    other classes are paired as in ``symmetric_round``, the classes ±(a ± b) covering all but ±c.
    """
    half = (size - 1) // 2
    squares = sum(x * x for x in range(1, half + 1))
    for c in range(1, half + 1):
        if (c * c - squares) % size:
            continue
        pairs = _pairing(size, [x for x in range(1, half + 1) if x != c], rng, node_limit, seconds, taken=[c])
        if pairs is not None:
            return [[None, 0, c, size - c]] + [[a, size - a, b, size - b] for a, b in pairs]
    return None


def reflected_round(n, rng, node_limit=20000, seconds=60.0):
    """A base round over Z_n, n ≡ 3 (mod 4), 0, 1, 2 sitting out, fixed by x → 2 − x; or None.

    Written with y = x − 1 (the sit-outs −1, 0, 1) its tables are (1 + a, 1 − a | 1 + b, 1 − b) for
    pairs of the classes 2 … (n − 1)/2: the partner classes ±2a all differ (no partner twice), every
    difference class is opposed twice but one, never (the generic search's rounds are a little more
    even — two classes once — when it finds one).
    """
    pairs = _pairing(n, range(2, (n - 1) // 2 + 1), rng, node_limit, seconds)
    if pairs is None:
        return None
    return [[(1 + a) % n, (1 - a) % n, (1 + b) % n, (1 - b) % n] for a, b in pairs]
