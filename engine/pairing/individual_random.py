"""Random pairing of one round of an individual event: no repeated partner, fewest repeated opponents
(no Django here).

1. **Sit-outs** as in the Swiss (``individual_swiss``): among those who have sat out least, the lowest
   placed in the standings; the next choice when the rest cannot be seated without a repeated partner.
2. **Seating.** The seated players are shuffled by lot from the seed (the same seed, the same round) and
   go four by four in that order. Then the seating of least cost (P) repeated partners, (O) repeated
   opponents is kept (``individual_search``): searched exhaustively up to 16 seated players (among
   equals, the one nearest to the drawn order), else the drawn order repaired by exchanging single players
   between tables (with tables drawn by lot) while the cost falls.
3. **Partners.** At a table, of its three partnerships the one with fewest repeated partners, then fewest
   repeated opponents (among equals the first in the drawn order: 1st with 4th against 2nd with 3rd …);
   side A is the partnership of the table's first drawn player.
"""
from __future__ import annotations

import random

from .individual_base import IndividualRound, Single, Table
from .individual_search import (
    EXACT_LIMIT,
    PARTNERINGS,
    Seater,
    Seating,
    best_seating,
    check_field,
    exact_tables,
    standings_order,
)
from .individual_swiss import WHY, opponents_reason

SAMPLE = 32  # tables drawn for an exchange with a table that repeats something (all when fewer)


def pair_individual_random(players: list[Single], *, seed="") -> IndividualRound:
    check_field(players)
    rng = random.Random(f"individual-random:{seed}")
    order = standings_order(players, seed)

    def seat(skip):
        drawn = sorted((p for i, p in enumerate(order) if i not in skip), key=lambda p: repr(p.id))
        rng.shuffle(drawn)
        seater = Seater(drawn, by_score=False)
        return seater, seat_by_lot(seater, rng)

    seater, seating, out = best_seating(order, seat)
    tables = [_table(seater, t, seating.moved) for t in seating.tables]
    return IndividualRound(tables, sitting_out=[order[i].id for i in out], method=seating.method)


def seat_by_lot(seater: Seater, rng) -> Seating:
    n = len(seater.order)
    drawn = [tuple(range(i, i + 4)) for i in range(0, n, 4)]
    if n <= EXACT_LIMIT:
        tables, moved = exact_tables(seater, drawn)
        method = "random-exact"
    else:
        moved: dict = {}
        tables = seater.improve(list(drawn), drawn_neighbours(len(drawn), rng), moved, margin=0)
        method = "random"
    return Seating(tables, seater.repeats(tables), method, moved)


def drawn_neighbours(count, rng):
    """Tables to try for table ``k``: ``SAMPLE`` drawn by lot, then (for a repeated partner) all the others."""

    def neighbours(k, wide):
        others = [u for u in rng.sample(range(count), min(count, SAMPLE + 1)) if u != k][:SAMPLE]
        yield others
        if wide and count - 1 > len(others):
            tried = set(others)
            yield [u for u in range(count) if u != k and u not in tried]

    return neighbours


def _table(seater: Seater, t, moved) -> Table:
    ids = [seater.order[i].id for i in t]
    pick, rp, o = seater.partnering(t)
    (a1, a2), (b1, b2) = PARTNERINGS[pick]
    parts = ["рассадка по жребию"]
    for pid, i in zip(ids, t):
        if i in moved:
            parts.append(f"игрок {pid} пересажен за этот стол: {WHY[moved[i][1]]}")
    if rp:
        parts.append("повторный партнёр — без повторов рассадить игроков невозможно")
    parts.extend(opponents_reason(seater, t, pick, o))
    return Table((ids[a1], ids[a2]), (ids[b1], ids[b2]), "; ".join(parts))
