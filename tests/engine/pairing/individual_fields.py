"""Fields of individual events for the pairing tests: fields with given histories, tournaments played with
random results, and brute force over every seating of a small field (written apart from the algorithms)."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from engine.pairing.individual_base import IndividualRound, Single, Table

# The three ways to split a table of four (its players 1st…4th), in the order of the Swiss rule.
SPLITS = (((0, 3), (1, 2)), ((0, 2), (1, 3)), ((0, 1), (2, 3)))


def field(n, partners=(), opponents=(), sat_out=None, scores=None):
    """Players 1..n, ranked in that order (rank 0 = player 1), with past partners and opponents (pairs)."""
    sat_out = sat_out or {}
    scores = scores or {}
    mates = {i: set() for i in range(1, n + 1)}
    met = {i: Counter() for i in range(1, n + 1)}
    for a, b in partners:
        mates[a].add(b)
        mates[b].add(a)
    for a, b in opponents:
        met[a][b] += 1
        met[b][a] += 1
    return [
        Single(i, score=scores.get(i, 0), rank=i - 1, partners=frozenset(mates[i]),
               opponents=tuple(sorted(met[i].items())), sat_out=sat_out.get(i, 0))
        for i in range(1, n + 1)
    ]


def seatings(ids):
    """Every way to seat ``ids`` (a multiple of four) at tables of four, each table a tuple in the order given."""
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for others in combinations(rest, 3):
        left = [x for x in rest if x not in others]
        for tail in seatings(left):
            yield [(first, *others)] + tail


def table_cost(t, mates, met, score):
    """(repeated partners, spread, repeated opponents) of table ``t`` (players best first) split by the
    Swiss rule: the first split without a repeated partner, else the first with fewest."""
    options = []
    for (a1, a2), (b1, b2) in SPLITS:
        rp = (t[a2] in mates[t[a1]]) + (t[b2] in mates[t[b1]])
        o = sum(met[t[x]][t[y]] for x in (a1, a2) for y in (b1, b2))
        options.append((rp, o))
    rp, o = next((c for c in options if c[0] == 0), min(options, key=lambda c: c[0]))
    return rp, max(score[x] for x in t) - min(score[x] for x in t), o


def histories(players):
    mates = {p.id: set(p.partners) for p in players}
    met = {p.id: Counter(dict(p.opponents)) for p in players}
    for p in players:
        for q in p.partners:
            mates.setdefault(q, set()).add(p.id)
    return mates, met


def eligible_sit_outs(players):
    """Every set of len % 4 players whose sitting out keeps the rotation (nobody who sits out has sat out
    more often than anyone who plays), the preferred first: the lowest placed first."""
    count = len(players) % 4
    by_place = sorted(players, key=lambda p: p.rank)
    from_bottom = {p.id: len(by_place) - 1 - k for k, p in enumerate(by_place)}
    ok = []
    for combo in combinations(by_place, count):
        inside = {p.id for p in combo}
        if all(p.sat_out <= q.sat_out for p in combo for q in players if q.id not in inside):
            ok.append(sorted(inside))
    return sorted(ok, key=lambda s: sorted(from_bottom[x] for x in s))


def least_repeats(players, sit_out):
    """The fewest repeated partners of any seating of the players not in ``sit_out`` (brute force)."""
    mates, _ = histories(players)
    ids = [p.id for p in sorted(players, key=lambda p: p.rank) if p.id not in set(sit_out)]
    return min(
        sum(min((t[a2] in mates[t[a1]]) + (t[b2] in mates[t[b1]]) for (a1, a2), (b1, b2) in SPLITS) for t in s)
        for s in seatings(ids)
    )


def least_swiss_cost(players):
    """The least (repeated partners, sum of spreads, repeated opponents) of any seating (no sit-out)."""
    mates, met = histories(players)
    score = {p.id: p.score for p in players}
    ids = [p.id for p in sorted(players, key=lambda p: (-p.score, p.rank))]
    cost = {t: table_cost(t, mates, met, score) for t in combinations(ids, 4)}
    return min(tuple(map(sum, zip(*(cost[t] for t in s)))) for s in seatings(ids))


def round_cost(players, result):
    """(repeated partners, sum of spreads, repeated opponents) of the tables of ``result``."""
    mates, met = histories(players)
    score = {p.id: p.score for p in players}
    rp = spread = o = 0
    for t in result.tables:
        rp += (t.a[1] in mates[t.a[0]]) + (t.b[1] in mates[t.b[0]])
        spread += max(score[x] for x in t.players) - min(score[x] for x in t.players)
        o += sum(met[x][y] for x in t.a for y in t.b)
    return rp, spread, o


def random_history(n, rng, density):
    """Random past partnerships and meetings of players 1..n, and random sit-outs (0 or 1)."""
    pairs = list(combinations(range(1, n + 1), 2))
    partners = [p for p in pairs if rng.random() < density]
    opponents = [p for p in pairs if rng.random() < density / 2]
    sat_out = {i: rng.choice((0, 0, 1)) for i in range(1, n + 1)}
    return partners, opponents, sat_out


def play(pair, n, rounds, seed, *, check=None):
    """``rounds`` rounds of ``n`` players paired by ``pair``, a random side winning each table (1 point; a
    sit-out scores 1 too). ``check(field, result)`` sees every round. Returns the results."""
    rng = random.Random(seed)
    score = {i: 0 for i in range(1, n + 1)}
    mates = {i: set() for i in score}
    met = {i: Counter() for i in score}
    sat = Counter()
    results = []
    for number in range(rounds):
        order = sorted(score, key=lambda i: (-score[i], i))
        players = [Single(i, score=score[i], rank=k, partners=frozenset(mates[i]),
                          opponents=tuple(sorted(met[i].items())), sat_out=sat[i]) for k, i in enumerate(order)]
        result = pair(players, seed=f"{seed}-{number}")
        if check:
            check(players, result)
        results.append(result)
        for x in result.sitting_out:
            sat[x] += 1
            score[x] += 1
        for t in result.tables:
            for x, y in (t.a, t.b):
                mates[x].add(y)
                mates[y].add(x)
            for x in t.a:
                for y in t.b:
                    met[x][y] += 1
                    met[y][x] += 1
            for x in (t.a if rng.random() < 0.5 else t.b):
                score[x] += 1
    return results


def naive_round(players, *, seed=""):
    """A naive random seating: the same sit-outs as the rule, the rest shuffled and seated four by four."""
    order = sorted(players, key=lambda p: p.rank)
    need = sorted(order, key=lambda p: (p.sat_out, -p.rank))[:len(order) % 4]
    rest = [p.id for p in order if p not in need]
    random.Random(seed).shuffle(rest)
    tables = [Table((rest[i], rest[i + 1]), (rest[i + 2], rest[i + 3])) for i in range(0, len(rest), 4)]
    return IndividualRound(tables, [p.id for p in need], "naive")
