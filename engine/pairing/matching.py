"""Matching helpers: perfect matchings with preferences, on the "not met yet" graph."""
from __future__ import annotations

import networkx as nx

# Groups up to this size are matched exactly with a weighted blossom.
SMALL_GROUP = 40


def exact_matching(vertices, edges_cost, *, need_perfect=True):
    """Minimum-cost perfect matching.

    ``edges_cost`` is an iterable of (u, v, integer cost); missing edges are forbidden.
    Returns a list of (u, v) or None when no perfect matching exists.
    """
    graph = nx.Graph()
    graph.add_nodes_from(vertices)
    edges = list(edges_cost)
    if not edges:
        return [] if not vertices else None
    top = max(c for _, _, c in edges) + 1
    for u, v, c in edges:
        graph.add_edge(u, v, weight=top - c)
    mate = nx.max_weight_matching(graph, maxcardinality=True)
    if need_perfect and 2 * len(mate) != len(vertices):
        return None
    return [tuple(e) for e in mate]


def dirac_matchable(members, met) -> bool:
    """Sufficient test: every member may meet at least half of the others (Dirac's theorem)."""
    m = len(members)
    if m % 2:
        return False
    if m == 0:
        return True
    ids = {x.id for x in members}
    worst = max(len(met[x.id] & ids) for x in members)
    return (m - 1 - worst) * 2 >= m


def matchable(members, met) -> bool:
    if len(members) % 2:
        return False
    if dirac_matchable(members, met) or _swapped_in_order(members, met) is not None:
        return True
    return match_in_order(members, met) is not None


def _preference_cost(i: int, j: int, m: int) -> int:
    """0 when position i meets position i + m/2 (top half against bottom half)."""
    return abs(abs(j - i) - m // 2)


def _outward(i: int, size: int):
    """0…size-1 except i, nearest to i first (the lower of two at the same distance first)."""
    for d in range(1, max(i, size - 1 - i) + 1):
        if i - d >= 0:
            yield i - d
        if i + d < size:
            yield i + d


def _swapped_in_order(members, met):
    """The top half against the bottom half in order, a bottom pair swapped with the nearest
    one that suits both whenever two have met; None when some conflict finds no swap."""
    half = len(members) // 2
    top, bottom = list(members[:half]), list(members[half:])
    for i in range(half):
        if bottom[i].id not in met[top[i].id]:
            continue
        for j in _outward(i, half):
            if bottom[j].id not in met[top[i].id] and bottom[i].id not in met[top[j].id]:
                bottom[i], bottom[j] = bottom[j], bottom[i]
                break
        else:
            return None
    return list(zip(top, bottom))


def match_in_order(members, met):
    """A perfect matching of ``members`` (sorted best first) avoiding "met" edges.

    Preference: the top half meets the bottom half in order (1–(m/2+1), 2–(m/2+2), …).
    Returns a list of (x, y) entrant tuples or None when impossible.
    """
    m = len(members)
    if m % 2:
        return None
    if m == 0:
        return []
    half = m // 2
    if all(members[i + half].id not in met[members[i].id] for i in range(half)):
        return list(zip(members[:half], members[half:]))  # the only matching of preference cost 0
    if m > SMALL_GROUP:
        found = _swapped_in_order(members, met)
        if found is not None:
            return found
    index = {x.id: k for k, x in enumerate(members)}
    edges = [
        (x.id, y.id, _preference_cost(i, j, m))
        for i, x in enumerate(members)
        for j in range(i + 1, m)
        if (y := members[j]).id not in met[x.id]
    ]
    result = exact_matching([x.id for x in members], edges)
    if result is None:
        return None
    pairs = []
    for u, v in result:
        if index[u] > index[v]:
            u, v = v, u
        pairs.append((members[index[u]], members[index[v]]))
    pairs.sort(key=lambda p: index[p[0].id])
    return pairs
