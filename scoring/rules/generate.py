"""Random but possible deals, for demos, simulations and benchmarks (seeded, reproducible)."""
from __future__ import annotations

import random

from .config import Rules
from .seating import SEATS

ALL_TILES = [(a, b) for a in range(7) for b in range(a, 7)]


def random_deal(rng: random.Random, n: int, rules: Rules, *, as_tiles: bool = False) -> dict:
    """One deal in the §9 form: tiles dealt from one set, some played, the rest left in hands.

    Mostly dominoes, some blocks, rarely a wrong pass — roughly what a hall sees.
    """
    roll = rng.random()
    if roll < 0.03:
        return {"n": n, "result": "wrong_pass", "offender": rng.choice(SEATS)}
    tiles = ALL_TILES[:]
    rng.shuffle(tiles)
    result = "block" if roll < 0.25 else "domino"
    out = rng.choice(SEATS) if result == "domino" else None
    hands = {}
    for i, seat in enumerate(SEATS):
        if seat == out:
            continue
        left = tiles[7 * i: 7 * i + rng.randint(1, 4 if result == "domino" else 5)]
        face = sum(a + b for a, b in left)
        if as_tiles or (face == 0 and rules.lone_double_blank != 0):
            hands[seat] = [f"{a}-{b}" for a, b in left]
        else:
            hands[seat] = rules.lone_double_blank if left == [(0, 0)] else face
    deal = {"n": n, "result": result, "hands": hands}
    if out:
        deal["out"] = out
    return deal


def random_partie(rng: random.Random, rules: Rules, *, remark_chance: float = 0.0) -> tuple[list, list]:
    """Deals (and a few remarks) until the partie is over under ``rules``; returns (deals, remarks)."""
    from .partie import score_partie

    deals: list = []
    remarks: list = []
    while True:
        n = len(deals) + 1
        deals.append(random_deal(rng, n, rules))
        if remark_chance and rng.random() < remark_chance:
            remarks.append({"deal": n, "player": rng.choice(SEATS), "reason": rng.choice(["time", "talking"])})
        result = score_partie(rules, deals, remarks)
        if result.finished or n >= 400:
            return deals, remarks
