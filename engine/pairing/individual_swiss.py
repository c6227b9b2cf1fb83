"""Swiss pairing of one round of an individual event, by personal score (no Django here).

The players are taken in the order of the standings (score, then rank; the seed breaks only exact
ties of both). Then:

1. **Sit-outs.** When the field is not a multiple of four, ``len(players) % 4`` players sit out: among
   those who have sat out least, the lowest placed (nobody sits out twice before everyone has once). When
   the rest cannot be seated without a repeated partner, the next choice is tried (as the pair Swiss
   gives the bye to the lowest pair whose removal leaves a legal pairing): every choice in fields of up
   to 12 players, a limited number in larger ones (``individual_search.sit_out_tries``).
2. **Tables.** The seated players go four by four in the order of the standings, top down: equal (or
   nearest) scores share a table. The seating minimises, lexicographically, (P) repeated partners,
   (S) the sum of the tables' score spreads, (O) repeated opponents (``individual_search``): exhaustively
   up to 16 seated players, else by exchanging single players between tables (the nearest tables
   first: a float) wherever the order gives a repeated partner, then repeated opponents.
3. **Partners.** At a table, its players numbered 1…4 by the standings, the partners balance each other:
   1st with 4th against 2nd with 3rd; if that repeats a partner, 1st with 3rd against 2nd with 4th; then
   1st with 2nd against 3rd with 4th; if all three repeat one, the one with fewest repeats.
4. **Sides and order.** Side A is the partnership of the table's highest placed player; the tables are
   listed best first (the highest sum of scores, then the highest placed player).

Each table's reason (in Russian, for the organizer's page) names its score group, the players floated
into it or moved to it and why, and why its partnership was chosen; ``individual_search.sit_out_reasons``
says why each sit-out sits out.
"""
from __future__ import annotations

from collections import Counter

from .base import points
from .individual_base import IndividualRound, Single, Table
from .individual_search import (
    EXACT_LIMIT,
    PARTNERING_TEXT,
    PARTNERINGS,
    Seater,
    Seating,
    best_seating,
    check_field,
    exact_tables,
    ring_neighbours,
    standings_order,
)

WHY = {"partners": "иначе повторились бы партнёры", "opponents": "так реже повторяются соперники"}


def pair_individual_swiss(players: list[Single], *, seed="") -> IndividualRound:
    check_field(players)
    order = standings_order(players, seed)

    def seat(skip):
        seater = Seater([p for i, p in enumerate(order) if i not in skip], by_score=True)
        return seater, seat_by_score(seater)

    seater, seating, out = best_seating(order, seat)
    tables = [_table(seater, t, seating.moved) for t in seating.tables]
    return IndividualRound(tables, sitting_out=[order[i].id for i in out], method=seating.method)


def seat_by_score(seater: Seater) -> Seating:
    """The tables of the seated field of ``seater`` (see the module docstring, step 2)."""
    n = len(seater.order)
    natural = [tuple(range(i, i + 4)) for i in range(0, n, 4)]
    if n <= EXACT_LIMIT:
        tables, moved = exact_tables(seater, natural)
        method = "swiss-exact"
    else:
        moved: dict = {}
        tables = seater.improve(list(natural), ring_neighbours(len(natural)), moved)
        method = "swiss"
    tables.sort(key=lambda t: (-sum(seater.score[i] for i in t), t[0]))
    return Seating(tables, seater.repeats(tables), method, moved)


def _table(seater: Seater, t, moved) -> Table:
    ids = [seater.order[i].id for i in t]
    pick, rp, o = seater.partnering(t)
    (a1, a2), (b1, b2) = PARTNERINGS[pick]
    return Table((ids[a1], ids[a2]), (ids[b1], ids[b2]), _reason(seater, t, pick, rp, o, moved))


def _reason(seater: Seater, t, pick, rp, o, moved) -> str:
    ids = [seater.order[i].id for i in t]
    scores = [seater.score[i] for i in t]
    parts = []
    if len(set(scores)) == 1:
        parts.append(f"одинаковый счёт: {points(scores[0])}")
    else:
        counts = Counter(scores)
        most = max(counts.values())
        main = min(s for s, c in counts.items() if c == most)
        parts.append(f"группа «{points(main)}»")
        for pid, s in zip(ids, scores):
            if s > main:
                parts.append(f"игрок {pid} спущен из группы «{points(s)}»")
            elif s < main:
                parts.append(f"игрок {pid} поднят из группы «{points(s)}»")
    for pid, i in zip(ids, t):
        if i in moved:
            home, why = moved[i]
            parts.append(f"игрок {pid} пересажен сюда со стола {home + 1}: {WHY[why]}")
    parts.append(partnering_reason(seater, t, pick, rp))
    parts.extend(opponents_reason(seater, t, pick, o))
    return "; ".join(parts)


def partnering_reason(seater: Seater, t, pick, rp) -> str:
    """Why the Swiss chose partnering ``pick`` at table ``t`` (places 1…4 at the table)."""
    text = PARTNERING_TEXT[pick]
    if rp:
        return f"{text}; повторный партнёр — без повторов рассадить игроков невозможно"
    if pick == 0:
        return f"партнёры уравновешивают друг друга: {text}"
    before = []
    for sides in PARTNERINGS[:pick]:
        for a, b in sides:
            if t[b] in seater.partners[t[a]]:
                before.append(f"{seater.order[t[a]].id} и {seater.order[t[b]].id}")
    return f"{text}: уже были партнёрами {', '.join(before)}"


def opponents_reason(seater: Seater, t, pick, o) -> list[str]:
    if not o:
        return []
    (a1, a2), (b1, b2) = PARTNERINGS[pick]
    again = [
        f"{seater.order[t[x]].id} и {seater.order[t[y]].id}"
        for x in (a1, a2) for y in (b1, b2) if seater.opponents[t[x]].get(t[y])
    ]
    return [f"снова соперники: {', '.join(again)}"]
