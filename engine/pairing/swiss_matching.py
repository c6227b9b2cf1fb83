"""Swiss pairing: the matchings over a field (or a window of it) when the lower bound is out of reach.

See ``swiss`` for the objective. ``exact_parties`` is the minimum-cost perfect matching
(weighted blossom) with the objective encoded as integer edge costs; ``restricted_parties``
runs it over a few pairs at the top and bottom of each score group only, the middles paired
inside first, and says whether ``kept_suffice`` proves that this lost nothing.
"""
from __future__ import annotations

from collections import defaultdict

from .base import Entrant, PairingError
from .matching import exact_matching, match_in_order

BOUNDARY = 12  # pairs kept at the top and bottom of each group by default
BYE = "__bye__"


def groups_by_score(members) -> list[list[Entrant]]:
    by_score = defaultdict(list)
    for e in members:
        by_score[e.score].append(e)
    return [sorted(by_score[s], key=lambda e: e.rank) for s in sorted(by_score, reverse=True)]


def spread(parties) -> tuple[int, int]:
    """(X, F) of parties without a bye."""
    x = f = 0
    for a, b in parties:
        if b is not None and a.score != b.score:
            x += 1
            f += abs(a.score - b.score)
    return x, f


def _costs(members, met, *, allow_rematch, with_bye):
    n = len(members)
    scores = [e.score for e in members]
    width = max(scores) - min(scores)
    groups = groups_by_score(members)
    pos = {}
    for g in groups:
        for k, e in enumerate(g):
            pos[e.id] = (k, len(g))
    unit_f = n * n + 1
    unit_x = unit_f * ((n // 2 + 1) * width + 1)
    unit_b2 = unit_x * (n // 2 + 2)
    unit_b1 = unit_b2 * (n + 1)
    unit_r = unit_b1 * 2
    edges = []
    for i, a in enumerate(members):
        for b in members[i + 1:]:
            rematch = b.id in met[a.id]
            if rematch and not allow_rematch:
                continue
            diff = abs(a.score - b.score)
            (ka, ma), (kb, _) = pos[a.id], pos[b.id]
            if diff:
                hi, lo = (a, b) if a.score > b.score else (b, a)
                pref = (pos[hi.id][1] - 1 - pos[hi.id][0]) + pos[lo.id][0]
            else:
                pref = abs(abs(ka - kb) - ma // 2)
            cost = unit_r * rematch + (unit_x + unit_f * diff if diff else 0) + pref
            edges.append((a.id, b.id, cost))
    if with_bye:
        for k, e in enumerate(members):
            edges.append((e.id, BYE, unit_b1 * e.had_bye + unit_b2 * (n - 1 - k)))
    return edges


def exact_parties(members, met, *, allow_rematch):
    with_bye = len(members) % 2 == 1
    vertices = [e.id for e in members] + ([BYE] if with_bye else [])
    result = exact_matching(vertices, _costs(members, met, allow_rematch=allow_rematch, with_bye=with_bye))
    if result is None:
        raise PairingError("Составить пары невозможно.", code="no_pairing")
    by_id = {e.id: e for e in members}
    parties = []
    for u, v in result:
        if u == BYE:
            u, v = v, u
        parties.append((by_id[u], None if v == BYE else by_id[v]))
    return parties


def restricted_parties(members, met, *, keep=BOUNDARY, x=None, give_up=False, exact_limit=0, out=None):
    """Exact matching over the ``keep`` top and bottom pairs of each score group, the middle
    paired inside. With ``x`` (a guess of X) each group keeps only as many pairs as
    ``kept_suffice`` needs for that X, up to ``keep``.

    Returns (parties, proved): ``proved`` when ``kept_suffice`` holds for every group with
    the X found, so that the whole field has no better pairing. With ``give_up`` returns
    (None, False) without matching when the proof must fail — a group cannot be proved even
    with ``x``, then a lower bound on the X found — or when the matching would keep two thirds
    of a field of at most ``exact_limit`` pairs (the general matching costs little more).
    ``out`` (score → number) bounds, when known, how many pairs of a group a best pairing
    sends out of it; the proof then uses it instead of X.
    """
    out = out or {}
    parties = []
    boundary = []
    kept = []
    for group in groups_by_score(members):
        whole = {e.id for e in group}
        sent = None if x is None else min(x, out.get(group[0].score, x))
        counts = range(min(sent + 2, 2 * keep), 2 * keep + 1) if x is not None else (2 * keep,)
        proof = True
        for count in counts:  # kept pairs: about half at the top, half at the bottom
            if len(group) <= count + 2:
                middle, proof = [], True  # the whole group kept: nothing to prove
                break
            top = (count + 1) // 2
            middle = group[top:len(group) - count // 2]
            if len(middle) % 2:
                middle = middle[:-1]
            proof = x is None or kept_suffice(group[:top] + group[top + len(middle):], whole, met, sent)
            if proof:
                break
        if give_up and not proof:
            return None, False
        inner = match_in_order(middle, met) if middle else []
        if inner is None:
            inner, middle = [], []
        parties.extend(inner)
        taken = {id(e) for e in middle}
        boundary.extend(e for e in group if id(e) not in taken)
        if middle:
            kept.append(([e for e in group if id(e) not in taken], whole))
    if give_up and len(members) <= exact_limit and 3 * len(boundary) > 2 * len(members):
        return None, False
    boundary.sort(key=lambda e: e.rank)
    parties += exact_parties(boundary, met, allow_rematch=False)
    found = spread(parties)[0]
    return parties, all(kept_suffice(group, whole, met, min(found, out.get(group[0].score, found)))
                        for group, whole in kept)


def kept_suffice(group, whole, met, x) -> bool:
    """True when pairing the middle of a score group first cannot have cost anything.

    ``group`` holds the pairs kept for the matching, ``whole`` the ids of the score group.
    Take a best pairing of the whole field: the group sends s ≤ X ≤ ``x`` of its pairs out
    (X of a best pairing is at most ``x`` when ``x`` is the X of some pairing). Give the s
    partners from other groups distinct kept pairs they have not met instead: by Hall's
    theorem possible for any s partners when, for every k ≤ s, the r kept pairs number at
    least k + (the k-th largest number of kept pairs that one pair of another group has met)
    — any k partners then have at least r minus that many kept pairs to choose from. Pair the
    remaining r − s kept pairs among themselves, possible by Dirac's theorem when
    r − s ≥ 2·d + 2 (d: the most kept pairs one kept pair has met). The middle keeps its
    own pairing. Every party keeps its scores, so (R, X, F) do not change: when this holds
    for every group, the restricted matching, exact over the kept pairs, is as good as the
    best pairing of the field.
    """
    ids = {e.id for e in group}
    outside: dict = defaultdict(int)
    inner = 0
    for e in group:
        seen = met[e.id]
        inner = max(inner, len(seen & ids))
        for w in seen - whole:
            outside[w] += 1
    r = len(group)
    most = sorted(outside.values(), reverse=True)[:x]
    return r >= x and all(r >= k + seen for k, seen in enumerate(most, start=1)) and r - x >= 2 * inner + 2
