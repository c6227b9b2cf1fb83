"""Seating a round of an individual event: what the Swiss and the random pairing share (no Django here).

The players of a round are numbered 0…n−1 in an order the caller chooses (the Swiss: the standings; the
random pairing: a shuffle), and a seating is a list of tables, each a sorted 4-tuple of those numbers:
inside a table, 0…3 are its players in that order ("1st … 4th"). A table's partnership is one of
``PARTNERINGS`` (positions: 1st with 4th against 2nd with 3rd, 1st with 3rd against 2nd with 4th, 1st
with 2nd against 3rd with 4th).

Every table has a cost, and the seating's cost is the sum over its tables, compared lexicographically:

1. **P** — partnerships that repeat one already made (0 whenever the field allows it);
2. **S** — (Swiss only) the spread of the table, its highest score minus its lowest;
3. **O** — repeated opponents: over the four pairs of opponents of the table, how often each pair has
   already met.

The costs are folded into one integer (P·w2 + S·w1 + O, the weights larger than any sum of the lower
parts), so that sums compare as the tuples do. ``Seater.exact`` finds a seating of least cost over all
seatings (dynamic programming over the sets of players still to seat, for at most ``EXACT_LIMIT``
players); ``Seater.improve`` repairs a given seating by exchanging single players between two tables
while that lowers the cost (first the tables with a repeated partner, then those with repeated
opponents).

The players who sit out are chosen before (``sit_out_choices``): nobody sits out twice before everyone
has once, and among those who have sat out least, the lowest in ``order`` first.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

from .base import PairingError

PARTNERINGS = (((0, 3), (1, 2)), ((0, 2), (1, 3)), ((0, 1), (2, 3)))
PARTNERING_TEXT = ("1-й с 4-м против 2-го с 3-м", "1-й с 3-м против 2-го с 4-м", "1-й со 2-м против 3-го с 4-м")
EXACT_LIMIT = 16  # seated players up to which the seating is searched exhaustively
SMALL_FIELD = 12  # fields up to this size try every choice of the players who sit out
SIT_OUT_TRIES = 64  # larger fields up to EXACT_LIMIT seated: at most this many choices
LARGE_SIT_OUT_TRIES = 3  # and larger ones this many


def check_field(players) -> None:
    """Refuse a field that cannot be seated (the messages are for a person)."""
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise PairingError("Номера игроков повторяются.", code="duplicate_player")
    if len(players) < 4:
        raise PairingError(f"За стол садятся четыре игрока, а в турнире их {len(players)}: составить тур нельзя.",
                           code="too_few_players")
    for p in players:
        if not isinstance(p.score, int) or not isinstance(p.sat_out, int) or p.sat_out < 0:
            raise PairingError(f"Очки или пропуски туров игрока {p.id} записаны неверно.", code="bad_player")
        for entry in p.opponents:
            if (not isinstance(entry, tuple) or len(entry) != 2 or not isinstance(entry[1], int)
                    or entry[1] < 0):
                raise PairingError(f"Соперники игрока {p.id} записаны неверно.", code="bad_history")


def standings_order(players, seed=""):
    """Best first: higher score, then higher place (lower ``rank``); exact ties of both by lot from the seed."""
    base = sorted(players, key=lambda p: repr(p.id))
    random.Random(f"individual-ties:{seed}").shuffle(base)
    return sorted(base, key=lambda p: (-p.score, p.rank))


def sit_out_choices(order, count):
    """Index lists (into ``order``, best first) of the players who may sit out, the preferred first.

    Those who have sat out fewer times than the ``count``-th candidate must sit out; the rest are
    chosen among the players with that number of sit-outs, the lowest in ``order`` first.
    """
    if count == 0:
        yield []
        return
    need = sorted(range(len(order)), key=lambda i: (order[i].sat_out, -i))
    level = order[need[count - 1]].sat_out
    forced = [i for i in need if order[i].sat_out < level]
    pool = [i for i in need if order[i].sat_out == level]
    for combo in combinations(pool, count - len(forced)):
        yield sorted(forced + list(combo))


def sit_out_reasons(players, sitting_out, *, seed="") -> dict:
    """Why each player of ``sitting_out`` sits out (Russian, for the organizer's page): {id: reason}."""
    order = standings_order(players, seed)
    first = {order[i].id for i in next(sit_out_choices(order, len(order) % 4))}
    chosen = set(sitting_out)
    reasons = {}
    for p in order:
        if p.id not in chosen:
            continue
        if p.sat_out == 0:
            text = "пропуск тура: самый низкий в положении из игроков, ещё не пропускавших тур"
        else:
            text = "пропуск тура: все уже пропускали тур; самый низкий в положении из пропускавших меньше всех"
        if p.id not in first:
            text += ", после которого остальных можно рассадить без повторных партнёров"
        reasons[p.id] = text
    return reasons


def sit_out_tries(total, seated) -> int:
    if total <= SMALL_FIELD:
        return 10**9
    return SIT_OUT_TRIES if seated <= EXACT_LIMIT else LARGE_SIT_OUT_TRIES


def histories(order):
    """(partners, opponents): for each index the set of indexes partnered and {index: parties against},
    both made symmetric and restricted to the players of ``order``."""
    index = {p.id: k for k, p in enumerate(order)}
    partners = [set() for _ in order]
    opponents = [{} for _ in order]
    for k, p in enumerate(order):
        for q in p.partners:
            j = index.get(q)
            if j is not None and j != k:
                partners[k].add(j)
                partners[j].add(k)
        row = opponents[k]
        for q, times in p.opponents:
            j = index.get(q)
            if j is not None and j != k and times:
                row[j] = times
    for k, row in enumerate(opponents):  # a meeting one side forgot counts as the other remembers it
        for j, times in row.items():
            if opponents[j].get(k, 0) < times:
                opponents[j][k] = times
    return partners, opponents


@dataclass
class Seating:
    tables: list  # sorted 4-tuples of indexes
    repeats: int  # P of the seating
    method: str
    moved: dict = field(default_factory=dict)  # index → (table it would have had, why it moved)


class Seater:
    """Costs of tables of one ordered field; ``by_score`` adds S and keeps the Swiss partnering rule."""

    def __init__(self, order, *, by_score: bool):
        self.order = order
        self.by_score = by_score
        self.score = [p.score for p in order]
        self.partners, self.opponents = histories(order)
        tables = len(order) // 4 + 1
        most = max((t for opp in self.opponents for t in opp.values()), default=0)
        width = max(self.score) - min(self.score) if by_score and order else 0
        self.w1 = 4 * tables * (most + 1) + 1
        self.w2 = self.w1 * (tables * width + 1)
        self._cache: dict = {}

    def partnering(self, t) -> tuple[int, int, int]:
        """(which of PARTNERINGS, P, O) of table ``t``.

        Swiss: the first partnering without a repeated partner, in the order of ``PARTNERINGS`` (else the
        first with fewest). Random: the fewest repeated partners, then the fewest repeated opponents.
        """
        best = None
        for k, ((a1, a2), (b1, b2)) in enumerate(PARTNERINGS):
            x1, x2, y1, y2 = t[a1], t[a2], t[b1], t[b2]
            rp = (x2 in self.partners[x1]) + (y2 in self.partners[y1])
            o1, o2 = self.opponents[x1], self.opponents[x2]
            o = o1.get(y1, 0) + o1.get(y2, 0) + o2.get(y1, 0) + o2.get(y2, 0)
            if self.by_score:
                if rp == 0:
                    return k, 0, o
                if best is None or rp < best[1]:
                    best = (k, rp, o)
            elif best is None or (rp, o) < best[1:]:
                best = (k, rp, o)
        return best

    def key(self, t) -> int:
        found = self._cache.get(t)
        if found is None:
            _, rp, o = self.partnering(t)
            spread = self.score[t[0]] - self.score[t[3]] if self.by_score else 0
            found = self._cache[t] = rp * self.w2 + abs(spread) * self.w1 + o
        return found

    def repeats(self, tables) -> int:
        return sum(self.partnering(t)[1] for t in tables)

    # --- the exact search -----------------------------------------------------------------------

    def exact(self, count) -> list:
        """A seating of players 0…``count``−1 of least cost; among equals the first in the order of the
        tables (the table of the first player as high in the order as possible, and so on).

        Dynamic programming over the sets of players still to seat (bit masks): the first of them opens
        a table with three others, tried in order; one whose table alone costs as much as the best found
        is skipped. The seating in order (four by four) is returned at once when nothing in it repeats:
        no other costs less (in the Swiss its spreads are the least possible) or comes first.
        """
        natural = [tuple(range(i, i + 4)) for i in range(0, count, 4)]
        if all(self.partnering(t)[1:] == (0, 0) for t in natural):
            return natural
        key = self.key
        cost = {t: key(t) for t in combinations(range(count), 4)}
        memo = {0: (0, ())}

        def solve(mask):
            found = memo.get(mask)
            if found is not None:
                return found
            bits = [i for i in range(count) if mask >> i & 1]
            first = bits[0]
            best_total, best = None, None
            for a, b, c in combinations(bits[1:], 3):
                t = (first, a, b, c)
                price = cost[t]
                if best_total is not None and price >= best_total:
                    continue
                sub_total, sub = solve(mask & ~(1 << first | 1 << a | 1 << b | 1 << c))
                if best_total is None or price + sub_total < best_total:
                    best_total, best = price + sub_total, (t,) + sub
            memo[mask] = best_total, best
            return best_total, best

        return list(solve((1 << count) - 1)[1])

    # --- the local repair -----------------------------------------------------------------------

    def _best_swap(self, tables, k, candidates, movers=None):
        """(gain, swap) of the best exchange of one player of table ``k`` (of ``movers`` only, when given:
        then, in the Swiss, with a player of equal score) with one of a candidate table; among equal gains the first
        found (the nearest table, the players nearest to each other in the order)."""
        key, score = self.key, self.score
        tk = tables[k]
        ck = key(tk)
        best_gain, best = 0, None
        for u in candidates:
            tu = tables[u]
            base = ck + key(tu)
            below = u > k  # among equal gains: the lowest of the upper table, the highest of the lower
            for x in (reversed(tk) if below else tk):
                if movers is not None and x not in movers:
                    continue
                rest_k = [p for p in tk if p != x]
                for y in (tu if below else reversed(tu)):
                    if movers is not None and self.by_score and score[y] != score[x]:
                        continue
                    nk = tuple(sorted(rest_k + [y]))
                    nu = tuple(sorted([p for p in tu if p != y] + [x]))
                    gain = base - key(nk) - key(nu)
                    if gain > best_gain:
                        best_gain, best = gain, (u, nk, nu, x, y)
        return best_gain, best

    def _met_again(self, t) -> set:
        """The players of table ``t`` who face an opponent they have met."""
        pick, _, _ = self.partnering(t)
        (a1, a2), (b1, b2) = PARTNERINGS[pick]
        out = set()
        for i in (a1, a2):
            for j in (b1, b2):
                if self.opponents[t[i]].get(t[j]):
                    out.update((t[i], t[j]))
        return out

    def improve(self, tables, neighbours, moved, *, passes=4, margin=2):
        """Exchange single players between tables while the cost falls (``tables`` is changed in place).

        ``neighbours(k, wide)`` yields rings of tables to try for table ``k``, nearest first (``wide`` for a
        repeated partner: the search goes on ``margin`` rings past the first that offers a gain, else it stops
        at that ring); ``moved``
        receives, for each player who changed table, his first table and why he moved. For a table whose
        only fault is repeated opponents, only the players facing an opponent again move (in the Swiss, each
        in exchange for a player of his own score).
        """
        home = {p: k for k, t in enumerate(tables) for p in t}
        stamp = [0] * len(tables)  # when each table last changed
        clock = 0
        for why, wide in (("partners", True), ("opponents", False)):
            failed: dict = {}  # table → (clock, tables tried) of a search that found nothing
            for _ in range(passes):
                changed = False
                for k in range(len(tables)):
                    _, rp, o = self.partnering(tables[k])
                    if (rp == 0) if why == "partners" else (o == 0 and rp == 0):
                        continue
                    if k in failed:  # nothing it tried has changed since: it would find nothing again
                        at, tried = failed[k]
                        if stamp[k] <= at and all(stamp[u] <= at for u in tried):
                            continue
                    best_gain, swap, stop, tried = 0, None, None, []
                    movers = None if rp else self._met_again(tables[k])
                    for d, ring in enumerate(neighbours(k, wide)):
                        if stop is not None and d > stop:
                            break
                        tried.extend(ring)
                        gain, found = self._best_swap(tables, k, ring, movers)
                        if gain > best_gain:
                            best_gain, swap = gain, found
                        if swap is not None and stop is None:
                            stop = d + (margin if wide else 0)
                    if swap is None:
                        failed[k] = (clock, tried)
                        continue
                    u, tables[k], tables[u], x, y = swap
                    clock += 1
                    stamp[k] = stamp[u] = clock
                    for p in (x, y):
                        moved.setdefault(p, (home[p], why))
                    changed = True
                if not changed:
                    break
        now = {p: k for k, t in enumerate(tables) for p in t if p in moved}
        for p in list(moved):
            if home[p] == now[p]:
                del moved[p]  # back at his first table
        return tables


def best_seating(order, seat) -> tuple:
    """(seater, seating, sit-outs) of least repeated partners over the sit-out choices, in their order.

    ``seat(skip)`` seats the players of ``order`` whose indexes are not in ``skip`` and returns (seater,
    seating); the first choice that repeats no partner is taken, else the best of ``sit_out_tries`` choices.
    """
    count = len(order) % 4
    tries = sit_out_tries(len(order), len(order) - count)
    best = None
    for attempt, out in enumerate(sit_out_choices(order, count)):
        if attempt >= tries:
            break
        seater, seating = seat(set(out))
        if best is None or seating.repeats < best[1].repeats:
            best = (seater, seating, out)
        if seating.repeats == 0:
            break
    return best


def exact_tables(seater, first) -> tuple[list, dict]:
    """The exhaustive seating of a small field and who it moved from ``first`` (the tables four by four in
    order): {index: (table it would have had, why)}, why "partners" when ``first`` repeats a partner."""
    tables = seater.exact(len(seater.order))
    why = "partners" if seater.repeats(first) else "opponents"
    moved: dict = {}
    for k, t in enumerate(tables):
        moved.update({p: (p // 4, why) for p in t if p // 4 != k})
    return tables, moved


def ring_neighbours(count):
    """For the Swiss: rings of the tables next to ``k`` outwards, one table on each side per ring (to the
    ends of the field for a repeated partner, two rings for repeated opponents)."""

    def neighbours(k, wide):
        for d in range(1, (count if wide else 2) + 1):
            ring = [u for u in (k + d, k - d) if 0 <= u < count]
            if not ring:
                return
            yield ring

    return neighbours
