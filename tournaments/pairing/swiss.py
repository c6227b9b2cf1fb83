"""Swiss pairing of one round.

The objective, minimised lexicographically over every way to pair the field
(the pair that gets the bye counts as a table of its own):

1. **R** — parties between pairs that have already met (so R = 0 whenever a
   legal pairing exists);
2. **B1** — 1 when the bye goes to a pair that has already had one;
3. **B2** — the place of the bye recipient counted from the bottom of the
   standings (0 = the lowest-placed pair): the bye goes to the lowest-placed
   pair that has not had one and whose removal leaves a legal pairing;
4. **X** — parties between pairs of different score (pairs paired outside
   their score group);
5. **F** — the size of the floats: the sum, over those parties, of the score
   difference.

``swiss_cost`` computes this key for any pairing; the tests compare it with a
brute-force search over all pairings of small fields.

Ties beyond F are broken by preference only (not part of the guarantee): the
pair floated down is the lowest-placed of its group and meets the highest-placed
pair it may meet in the lower group; inside a group the top half meets the
bottom half in order (1–(m/2+1), 2–(m/2+2), …).

How it is computed fast. With the bye removed, a group of odd size must send
at least one pair outside, so X ≥ (number of odd groups) / 2, and since scores
lie on a line, F is smallest when the odd groups are paired consecutively
(1st with 2nd, 3rd with 4th …). The "groups" method realises exactly this
lower bound — one floater per odd group, everyone else paired inside his group —
which proves its result optimal. Only when rematches make that impossible does
the algorithm fall back to a minimum-cost perfect matching (weighted blossom)
with the objective above encoded as integer edge costs; for very large fields
that fallback is restricted to the top and bottom pairs of every score group.
"""
from __future__ import annotations

from collections import defaultdict

from .base import Entrant, Pairing, PairingError, PairingResult, met_map, points
from .matching import dirac_matchable, exact_matching, match_in_order, matchable

EXACT_LIMIT = 150  # the fallback blossom runs over the whole field up to this size
BOUNDARY = 12  # otherwise over this many pairs at the top and bottom of each group

BYE = "__bye__"


def swiss_cost(entrants, pairings) -> tuple:
    """The objective key (R, B1, B2, X, F) of a complete pairing (see module docstring)."""
    ents = {e.id: e for e in entrants}
    met = met_map(list(entrants))
    order = sorted(entrants, key=lambda e: e.rank)
    from_bottom = {e.id: len(order) - 1 - k for k, e in enumerate(order)}
    r = b1 = b2 = x = f = 0
    for a, b in pairings:
        if b is None:
            b1 += int(ents[a].had_bye)
            b2 += from_bottom[a]
            continue
        r += int(b in met[a])
        diff = abs(ents[a].score - ents[b].score)
        if diff:
            x += 1
            f += diff
    return (r, b1, b2, x, f)


def check_complete(entrants, pairings) -> None:
    """Every entrant exactly once, at most one bye (raises AssertionError otherwise)."""
    seen = []
    byes = 0
    for a, b in pairings:
        seen.append(a)
        if b is None:
            byes += 1
        else:
            seen.append(b)
    assert sorted(map(repr, seen)) == sorted(repr(e.id) for e in entrants), "every pair exactly once"
    assert byes == len(entrants) % 2, "one bye exactly when the field is odd"


def pair_swiss(entrants) -> PairingResult:
    ents = sorted(entrants, key=lambda e: (e.rank, repr(e.id)))
    if not ents:
        return PairingResult([], method="empty")
    met = met_map(ents)
    if len(ents) == 1:
        return PairingResult([_bye_pairing(ents[0], ents, lowest=True)], method="single")

    bye = None
    rest = ents
    if len(ents) % 2:
        candidates = [e for e in reversed(ents) if not e.had_bye] + [e for e in reversed(ents) if e.had_bye]
        for cand in candidates:
            others = [e for e in ents if e is not cand]
            if matchable(others, met):
                bye, rest = cand, others
                break
        else:
            return _finish(ents, _exact(ents, met, allow_rematch=True), None, met, "matching-rematch")
    elif not matchable(ents, met):
        return _finish(ents, _exact(ents, met, allow_rematch=True), None, met, "matching-rematch")

    parties = _by_groups(rest, met)
    method = "groups"
    if parties is None:
        if len(rest) <= EXACT_LIMIT:
            parties, method = _exact(rest, met, allow_rematch=False), "matching"
        else:
            parties, method = _restricted(rest, met), "matching-restricted"
    return _finish(ents, parties, bye, met, method)


# --- the fast method: realise the lower bound -------------------------------------------------

def _groups(members) -> list[list[Entrant]]:
    by_score = defaultdict(list)
    for e in members:
        by_score[e.score].append(e)
    return [sorted(by_score[s], key=lambda e: e.rank) for s in sorted(by_score, reverse=True)]


def _by_groups(members, met):
    groups = _groups(members)
    odd = [k for k, g in enumerate(groups) if len(g) % 2]
    floaters: dict[int, Entrant] = {}
    parties = []
    for ia, ib in zip(odd[::2], odd[1::2]):
        found = _find_float(groups[ia], groups[ib], met)
        if found is None:
            return None
        u, v = found
        floaters[ia], floaters[ib] = u, v
        parties.append((u, v))
    for k, group in enumerate(groups):
        remainder = [e for e in group if e is not floaters.get(k)]
        inner = match_in_order(remainder, met)
        if inner is None:
            return None
        parties.extend(inner)
    return parties


def _find_float(upper, lower, met):
    """The lowest-placed pair of ``upper`` that can meet the highest-placed possible of ``lower``,
    leaving both groups pairable inside."""
    cache: dict = {}

    def ok_without(group, x):
        key = id(x)
        if key not in cache:
            rest = [e for e in group if e is not x]
            cache[key] = dirac_matchable(rest, met) or matchable(rest, met)
        return cache[key]

    for u in reversed(upper):
        for v in lower:
            if v.id in met[u.id]:
                continue
            if ok_without(upper, u) and ok_without(lower, v):
                return u, v
            if not ok_without(upper, u):
                break
    return None


# --- the exact fallback ---------------------------------------------------------------------

def _costs(members, met, *, allow_rematch, with_bye):
    n = len(members)
    scores = [e.score for e in members]
    spread = max(scores) - min(scores)
    groups = _groups(members)
    pos = {}
    for g in groups:
        for k, e in enumerate(g):
            pos[e.id] = (k, len(g))
    unit_f = n * n + 1
    unit_x = unit_f * ((n // 2 + 1) * spread + 1)
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


def _exact(members, met, *, allow_rematch):
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


def _restricted(members, met):
    """Exact matching over the top and bottom pairs of each score group, the middle paired inside."""
    parties = []
    boundary = []
    for group in _groups(members):
        middle = group[BOUNDARY:-BOUNDARY] if len(group) > 2 * BOUNDARY + 2 else []
        if len(middle) % 2:
            middle = middle[:-1]
        inner = match_in_order(middle, met) if middle else []
        if inner is None:
            inner, middle = [], []
        parties.extend(inner)
        taken = {id(e) for e in middle}
        boundary.extend(e for e in group if id(e) not in taken)
    boundary.sort(key=lambda e: e.rank)
    return parties + _exact(boundary, met, allow_rematch=False)


# --- reasons ----------------------------------------------------------------------------------

def _bye_pairing(e, ents, *, lowest):
    if e.had_bye:
        reason = "пропуск тура: повторный — все пары, которым можно его дать, уже пропускали тур"
    elif lowest:
        reason = "пропуск тура: самая низкая в таблице пара без пропуска"
    else:
        reason = "пропуск тура: самая низкая в таблице пара без пропуска, после которой остальных можно свести без повторных встреч"
    return Pairing(e.id, None, reason)


def _finish(ents, parties, bye, met, method) -> PairingResult:
    pairings = []
    for a, b in parties:
        if b is None:
            bye = a
            continue
        if (b.score, -b.rank) > (a.score, -a.rank):
            a, b = b, a
        rematch = b.id in met[a.id]
        if a.score == b.score:
            reason = f"одинаковый счёт: {points(a.score)}"
        else:
            reason = f"пара {a.id} спущена из группы «{points(a.score)}» в группу «{points(b.score)}»"
        if rematch:
            reason += "; повторная встреча — без повторов составить пары невозможно"
        pairings.append(Pairing(a.id, b.id, reason, rematch=rematch))
    by_id = {e.id: e for e in ents}
    pairings.sort(key=lambda p: _table_key(p, by_id))
    if bye is not None:
        eligible = [e for e in ents if not e.had_bye]
        lowest = bool(eligible) and eligible[-1] is bye
        pairings.append(_bye_pairing(bye, ents, lowest=lowest))
    return PairingResult(pairings, method=method)


def _table_key(p, by_id):
    a, b = by_id[p.a], by_id[p.b]
    return (-(a.score + b.score), min(a.rank, b.rank))
