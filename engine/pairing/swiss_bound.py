"""A lower bound on the Swiss objective (X, F) that a pairing without rematches cannot beat.

Used to prove a pairing optimal without a matching over the whole field. The score groups
are sorted best first; "cut i" separates groups 0…i from groups i+1….

* The **deficiency** of a set of pairs is how many of them a largest matching inside the set
  (only pairs that have not met) leaves unpaired. A pair of a group left unpaired inside its
  group plays outside it, and every party outside a group has two ends, so
  X ≥ (sum of the groups' deficiencies) / 2.
* Every party between groups crosses the cuts between its two scores, so F is exactly the sum,
  over the cuts, of the number of parties crossing the cut times the score gap at the cut.
  The parties crossing cut i number at least the deficiency of the pairs above it and of the
  pairs below it, and have the parity of the number of pairs above it (those not paired
  among themselves cross). The smallest such number per cut, times the gap, bounds F; that
  number also bounds X.

Both bounds hold for every pairing without rematches (of the same pairs: the bye is chosen
before), so one that reaches both is optimal for (X, F) in that order.

Deficiencies are computed exactly only for small sets (large groups are nearly always
matchable and cost a matching); elsewhere the parity is used, which is still a lower bound.
"""
from __future__ import annotations

import networkx as nx

from .matching import dirac_matchable

SMALL_SET = 24  # exact deficiency only for sets up to this size


def deficiency(members, met) -> int:
    """Pairs of ``members`` left unpaired by a largest matching without rematches."""
    m = len(members)
    if m > SMALL_SET:
        return m % 2
    if dirac_matchable(members, met) or _greedy_unpaired(members, met) == m % 2:
        return m % 2
    ids = [x.id for x in members]
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    inside = set(ids)
    graph.add_edges_from((x.id, y) for x in members for y in inside - met[x.id] if y != x.id)
    return m - 2 * len(nx.max_weight_matching(graph, maxcardinality=True))


def _greedy_unpaired(members, met) -> int:
    """Pairs left over when each unpaired pair in turn takes the first free one it has not met."""
    free = [x.id for x in members]
    left = 0
    while free:
        x = free.pop(0)
        for k, y in enumerate(free):
            if y not in met[x]:
                del free[k]
                break
        else:
            left += 1
    return left


def lower_bound(groups, met, *, known_parity=(), cuts=None) -> tuple[int, int]:
    """(X, F) no pairing of ``groups`` (score groups, best first) without rematches goes below.

    ``known_parity`` holds indexes of groups already known to be matchable up to parity;
    ``cuts``, a list, receives the least number of parties across each cut.
    """
    known = set(known_parity)
    defs = [len(g) % 2 if k in known else deficiency(g, met) for k, g in enumerate(groups)]
    x = sum(defs) // 2
    f = 0
    total = sum(len(g) for g in groups)
    above = []
    for i in range(len(groups) - 1):
        above.extend(groups[i])
        below_size = total - len(above)
        parity = len(above) % 2
        need = max(parity, defs[i] if i == 0 else 0, defs[-1] if i == len(groups) - 2 else 0)
        if len(above) <= SMALL_SET and i > 0:
            need = max(need, deficiency(above, met))
        if below_size <= SMALL_SET and i < len(groups) - 2:
            need = max(need, deficiency([e for g in groups[i + 1:] for e in g], met))
        # ``need`` has the parity of the pairs above already: a deficiency has its set's parity, and the set
        # below has the parity of the set above, the field being even (the bye is chosen before).
        x = max(x, need)
        f += need * (groups[i][0].score - groups[i + 1][0].score)
        if cuts is not None:
            cuts.append(need)
    return x, f
