"""PLACEHOLDER (replaced at merge by the real module): a greedy seating for the lead's branch only."""
from __future__ import annotations

import random

from .base import PairingError
from .individual_base import IndividualRound, Single, Table


def _greedy(players: list[Single], rng=None) -> IndividualRound:
    if len(players) < 4:
        raise PairingError("Для тура нужно хотя бы четыре игрока.", code="too_few_players")
    k = len(players) % 4
    sitters = sorted(players, key=lambda p: (p.sat_out, -p.rank))[:k]
    rest = [p for p in sorted(players, key=lambda p: p.rank) if p not in sitters]
    if rng is not None:
        rng.shuffle(rest)
    tables = []
    for i in range(0, len(rest), 4):
        a, b, c, d = rest[i:i + 4]
        for (x, y), (z, w) in (((a, d), (b, c)), ((a, c), (b, d)), ((a, b), (c, d))):
            if y.id not in x.partners and w.id not in z.partners:
                break
        tables.append(Table((x.id, y.id), (z.id, w.id), "placeholder"))
    return IndividualRound(tables, [p.id for p in sitters], "placeholder")


def pair_individual_swiss(players, *, seed=""):
    return _greedy(list(players))


def pair_individual_random(players, *, seed=""):
    return _greedy(list(players), random.Random(str(seed)))


def round_robin_round(players, round_number):
    return _greedy(list(players), random.Random(round_number))
