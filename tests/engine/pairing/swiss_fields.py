"""Fields for the Swiss pairing tests (test_pairing_swiss_*.py) and the ways a round is compared with the best:
a field from a spec, a seeded small field, every pairing without rematches, the general matching's objective,
the pairs floated across groups."""
import itertools
import random

from engine.pairing import Entrant, swiss_cost
from engine.pairing.base import met_map
from engine.pairing.swiss_matching import exact_parties


def field(spec):
    """Entrants from (id, score) in standings order and the pairs of ids that have met."""
    rows, met_pairs = spec
    opponents = {i: set() for i, _ in rows}
    for a, b in met_pairs:
        opponents[a].add(b)
        opponents[b].add(a)
    return [Entrant(i, score=s, rank=k, opponents=frozenset(opponents[i])) for k, (i, s) in enumerate(rows)]


def general_cost(ents):
    """The objective of the weighted matching over the whole field (no bye: even fields)."""
    ordered = sorted(ents, key=lambda e: e.rank)
    parties = exact_parties(ordered, met_map(ordered), allow_rematch=False)
    return swiss_cost(ents, [(a.id, b.id) for a, b in parties])


def cross(result):
    return {frozenset((p.a, p.b)) for p in result.pairings if "спущена" in p.reason}

def legal_pairings(ids, met):
    if not ids:
        yield []
        return
    first = ids[0]
    for k in range(1, len(ids)):
        if ids[k] in met[first]:
            continue
        for rest in legal_pairings(ids[1:k] + ids[k + 1:], met):
            yield [(first, ids[k])] + rest

def seeded_field(seed, n=None, byes=False):
    rng = random.Random(seed)
    n = n or 2 * rng.randint(2, 4)
    scores = sorted((rng.randint(0, 3) * rng.choice([1, 2]) for _ in range(n)), reverse=True)
    density = rng.choice([0.1, 0.3, 0.5, 0.7])
    opponents = {i: set() for i in range(1, n + 1)}
    for a, b in itertools.combinations(range(1, n + 1), 2):
        if rng.random() < density:
            opponents[a].add(b)
            opponents[b].add(a)
    had_bye = [byes and rng.random() < 0.4 for _ in range(n)]
    return [Entrant(i, score=scores[i - 1], rank=i - 1, opponents=frozenset(opponents[i]), had_bye=had_bye[i - 1])
            for i in range(1, n + 1)]
