"""The algebraic constructions of scripts/build_whist_schedules.py (used by it only; no search here).

* ``field_round``: n = q ≡ 1 (mod 4), a prime or the square of a prime: the classical base round over GF(q).
* ``product_round``: n = q1·q2 of two such (45 = 9·5): the base round over the ring GF(q1) × GF(q2).
* ``affine_rounds``: n = 4^k: the lines of the affine space AG(k, 4), each parallel class played three times.
* ``abelian_groups``: the abelian groups of an order, for the search to try one after another.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.pairing import whist_data  # noqa: E402


def abelian_groups(order: int) -> list[list[int]]:
    """The abelian groups of ``order`` as lists of moduli, the cyclic group first."""
    def factor(n):
        out, p = {}, 2
        while p * p <= n:
            while n % p == 0:
                out[p] = out.get(p, 0) + 1
                n //= p
            p += 1
        if n > 1:
            out[n] = out.get(n, 0) + 1
        return out

    def partitions(k, most=None):
        most = most or k
        if k == 0:
            yield []
            return
        for first in range(min(k, most), 0, -1):
            for rest in partitions(k - first, first):
                yield [first, *rest]

    groups = [[]]
    for p, k in sorted(factor(order).items()):
        groups = [g + [p ** e for e in part] for g in groups for part in partitions(k)]
    # combine the prime parts into invariant factors: largest first, by index
    result = []
    for g in groups:
        by_prime = {}
        for q in g:
            p = min(d for d in range(2, q + 1) if q % d == 0)
            by_prime.setdefault(p, []).append(q)
        width = max(len(v) for v in by_prime.values()) if by_prime else 1
        factors = [1] * width
        for qs in by_prime.values():
            for i, q in enumerate(sorted(qs, reverse=True)):
                factors[i] *= q
        result.append(sorted((f for f in factors if f > 1), reverse=True) or [1])
    result.sort(key=len)
    return result


def _field(q: int):
    """GF(q), q a prime or the square of a prime: (moduli, mul, a primitive element); an element of
    GF(p²) is a·t + b with t² = r (r a non-residue mod p), stored as the index a·p + b of Z_p × Z_p."""
    p, k = next((p, k) for p in range(2, q + 1) for k in (1, 2) if p ** k == q and all(p % d for d in range(2, p)))
    if k == 1:
        def mul(x, y):
            return x * y % p
        moduli = [p]
    else:
        r = next(r for r in range(2, p) if pow(r, (p - 1) // 2, p) == p - 1)

        def mul(x, y):
            a, b, c, d = x // p, x % p, y // p, y % p
            return ((a * d + b * c) % p) * p + (a * c * r + b * d) % p
        moduli = [p, p]

    def order(x):
        y, k_ = x, 1
        while y != 1:
            y, k_ = mul(y, x), k_ + 1
        return k_

    return moduli, mul, next(x for x in range(2, q) if order(x) == q - 1)


def _power(mul, x, e):
    out = 1
    for _ in range(e):
        out = mul(out, x)
    return out


def field_round(q: int):
    """n = q ≡ 1 (mod 4) a prime or the square of a prime: the classical base round over GF(q).

    With ω a primitive element and i = ω^((q−1)/4) (so i² = −1), the m = (q − 1)/4 tables
    ω^j · (1, −1 | i, −i), j = 0 … m − 1, hold every non-zero element once (the four of a table are a
    coset of {1, i, −1, −i}); their partner differences ω^j·(±2, ±2i) and opponent differences
    ω^j·(1 ± i)·{±1, ±i} (each twice) cover every non-zero element once and twice.
    """
    moduli, mul, omega = _field(q)
    group = whist_data.Group(moduli)
    i = _power(mul, omega, (q - 1) // 4)
    base, w = [], 1
    for _ in range((q - 1) // 4):
        x, y = w, mul(w, i)
        base.append([x, group.neg(x), y, group.neg(y)])
        w = mul(w, omega)
    return {"kind": "whist", "method": "field", "group": moduli, "infinity": False, "sit_out": [0], "base": base}


def product_round(q1: int, q2: int):
    """n = q1·q2, both prime powers (p or p²) ≡ 1 (mod 4): a base round over the ring GF(q1) × GF(q2).

    With i = (i1, i2) (i² = −1), the units u = (x, y), x, y ≠ 0, fall into the cosets u·{1, i, −1, −i};
    one table (u, −u | u·i, −u·i) per coset: as in ``field_round`` its partner differences 2u·{±1, ±i}
    cover every unit once and its opponent differences u·(1 ± i)·{±1, ±i} every unit twice (1 ± i are
    units: (1 + i)(1 − i) = 2). The non-units (x, 0) and (0, y) take the field base rounds of GF(q1) on
    the first coordinate and of GF(q2) on the second, which cover the differences (d, 0) and (0, d).
    Tables: (q1 − 1)(q2 − 1)/4 + (q1 − 1)/4 + (q2 − 1)/4 = (q1·q2 − 1)/4. An element (x, y) is stored
    as the index x·q2 + y of the group of moduli (GF(q1)'s, GF(q2)'s).
    """
    (mod1, mul1, w1), (mod2, mul2, w2) = _field(q1), _field(q2)
    group = whist_data.Group(mod1 + mod2)
    i1, i2 = _power(mul1, w1, (q1 - 1) // 4), _power(mul2, w2, (q2 - 1) // 4)

    def elem(x, y):
        return x * q2 + y

    def times_i(x, y):
        return mul1(x, i1), mul2(y, i2)

    base, covered = [], set()
    for x in range(1, q1):
        for y in range(1, q2):
            if (x, y) in covered:
                continue
            coset = [(x, y)]
            for _ in range(3):
                coset.append(times_i(*coset[-1]))
            covered.update(coset)
            u, ui = elem(x, y), elem(*coset[1])
            base.append([u, group.neg(u), ui, group.neg(ui)])
    base += [[elem(e, 0) for e in table] for table in field_round(q1)["base"]]
    base += [[elem(0, e) for e in table] for table in field_round(q2)["base"]]
    return {"kind": "whist", "method": f"product GF({q1}) x GF({q2})", "group": mod1 + mod2, "infinity": False,
            "sit_out": [0], "base": base}


def affine_rounds(k: int = 3):
    """n = 4^k (64 for k = 3): the lines of the affine space AG(k, 4), each parallel class played three times.

    The points are GF(4)^k (position = the base-4 digits + 1); a direction is a point of PG(k − 1, 4); its
    parallel class cuts the points into lines of four. Two points lie on exactly one line, and a line
    (p0, p1, p2, p3) played as p0 p1 | p2 p3, then p0 p2 | p1 p3, then p0 p3 | p1 p2 makes every two of
    its points partners once and opponents twice: (4^k − 1)/3 classes × 3 = 4^k − 1 rounds, a whist.
    """
    mul = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]  # GF(4) = {0, 1, w, w + 1}; + is xor
    points = [tuple((e >> (2 * (k - 1 - i))) & 3 for i in range(k)) for e in range(4 ** k)]

    def index(v):
        e = 0
        for x in v:
            e = e * 4 + x
        return e + 1

    directions = [v for v in points if any(v) and v[next(i for i, x in enumerate(v) if x)] == 1]
    rounds = []
    for d in directions:
        lines, covered = [], set()
        for p in points:
            if p in covered:
                continue
            line = [tuple(a ^ mul[lam][b] for a, b in zip(p, d)) for lam in range(4)]
            covered.update(line)
            lines.append([index(q) for q in line])
        for a, b, c in ((1, 2, 3), (2, 1, 3), (3, 1, 2)):
            rounds.append([[[q[0], q[a], q[b], q[c]] for q in lines], []])
    return {"kind": "explicit", "method": "affine space AG(%d, 4)" % k, "rounds": rounds}


def field_orders(q):
    return any(p ** k == q and all(p % d for d in range(2, p)) for p in range(2, q + 1) for k in (1, 2))


def product_orders(n):
    """(q1, q2) with n = q1·q2, q1 > q2, both primes or squares of primes ≡ 1 (mod 4); or None."""
    return next(((q1, n // q1) for q1 in range(n - 1, 4, -1) if n % q1 == 0 and q1 > n // q1 > 4
                 and q1 % 4 == 1 and (n // q1) % 4 == 1 and field_orders(q1) and field_orders(n // q1)), None)
