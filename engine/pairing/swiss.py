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
which proves its result optimal.

When rematches make that impossible somewhere, the field is cut into blocks
that the lower bound pairs among themselves (a cut with an even number of pairs
above it); the blocks the groups method cannot pair are paired by an exact
matching in a "window" with a few neighbouring blocks, the rest as before. The
result is kept ("window") only when it reaches the stronger lower bound of
``swiss_bound`` (deficiencies of the groups and of the top and bottom of the
field), which proves it optimal. Otherwise one matching over the whole field
decides: restricted to a few pairs at the top and bottom of every score group
(the middles paired inside first) when ``swiss_matching.kept_suffice`` proves that this loses
nothing ("matching-restricted"), else the minimum-cost perfect matching
(weighted blossom) with the objective above encoded as integer edge costs over
the whole field up to ``EXACT_LIMIT`` pairs ("matching"), and for larger fields
the restricted matching without that proof ("matching-restricted-unproved").
"""
from __future__ import annotations

from .base import Entrant, Pairing, PairingError, PairingResult, met_map, points
from .matching import dirac_matchable, match_in_order, matchable
from .swiss_bound import lower_bound
from .swiss_matching import exact_parties, groups_by_score, restricted_parties, spread

EXACT_LIMIT = 150  # the fallback blossom runs over the whole field up to this size

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
            return _finish(ents, exact_parties(ents, met, allow_rematch=True), None, met, "matching-rematch")
    elif not matchable(ents, met):
        return _finish(ents, exact_parties(ents, met, allow_rematch=True), None, met, "matching-rematch")

    parties = _by_groups(rest, met)
    method = "groups"
    if parties is None:
        parties, method = _windowed(rest, met)
    return _finish(ents, parties, bye, met, method)


# --- the fast method: realise the lower bound -------------------------------------------------

def _by_groups(members, met):
    groups = groups_by_score(members)
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


# --- the lower bound out of reach: exact matching only around the trouble -----------------------

WINDOW_REACH = (0, 1, 2, 4)  # blocks added on each side of a failing block, tried in turn
WINDOW_SLICE = 12  # and this many pairs of the next score group beyond them, when it is larger
WINDOW_BOUNDARY = 6  # inside a window, the blossom runs over at most this many pairs at each end of a group


def _blocks(groups) -> list[tuple[int, int]]:
    """Runs of score groups [start, end) that the lower bound pairs among themselves.

    A run ends at every cut with an even number of pairs above it: no party of the
    lower-bound pairing crosses such a cut (odd groups float to the next odd group).
    """
    blocks, start, parity = [], 0, 0
    for k, group in enumerate(groups):
        parity ^= len(group) % 2
        if not parity:
            blocks.append((start, k + 1))
            start = k + 1
    return blocks


def _windowed(members, met):
    """Pair with the lower-bound method wherever it works, exactly in windows around the rest.

    A window is a failing block, ``reach`` blocks on each side and, beyond them, a slice of
    the nearest large score group (an even number of its pairs nearest to the window; the
    rest of that block is paired again without them). A result that reaches ``lower_bound``
    is optimal and returned as "window"; when none does, one window over the whole field
    decides (see ``_solve_window``). Returns (parties, method).
    """
    groups = groups_by_score(members)
    blocks = _blocks(groups)
    flat = [[e for g in groups[s:t] for e in g] for s, t in blocks]
    plans = [_by_groups(block, met) for block in flat]
    failing = [k for k, plan in enumerate(plans) if plan is None]
    known = [k for (s, t), plan in zip(blocks, plans) if plan is not None for k in range(s, t)]
    needs: list[int] = []
    bound = lower_bound(groups, met, known_parity=known, cuts=needs)
    best = None
    for reach in WINDOW_REACH:
        spans = []
        for k in failing:
            lo, hi = max(0, k - reach), min(len(blocks), k + reach + 1)
            if spans and lo <= spans[-1][1]:
                spans[-1] = (spans[-1][0], hi)
            else:
                spans.append((lo, hi))
        if 2 * sum(len(block) for lo, hi in spans for block in flat[lo:hi]) > len(members):
            break  # half the field or more: one window over the whole field costs no more
        found = _pair_windows(groups, blocks, flat, plans, spans, met, bound)
        if found is None:
            continue  # no pairing inside these windows: widen them
        cost = spread(found)
        if cost == bound:
            return found, "window"
        if best is None or cost < spread(best):
            best = found
    # One window over the whole field.
    out = _sent_out(groups, needs, bound, best)
    parties, method = _solve_window(members, met, bound, whole=True, out=out)
    if best is not None and spread(best) < spread(parties):
        return best, "window"
    return parties, method


def _sent_out(groups, needs, bound, best):
    """Score → how many pairs of that group a best pairing sends out of it, when ``best``
    reaches X of the lower ``bound`` (else {}).

    Then X of a best pairing is that X and its F at most F of ``best``: the parties across
    the cuts exceed their least numbers ``needs`` by at most (that F − F of the bound) / gap,
    and the pairs a group sends out cross the cut above it or the cut below it.
    """
    if best is None or spread(best)[0] != bound[0]:
        return {}
    slack = spread(best)[1] - bound[1]
    gaps = [groups[i][0].score - groups[i + 1][0].score for i in range(len(groups) - 1)]
    out = {}
    for j, group in enumerate(groups):
        near = [i for i in (j - 1, j) if 0 <= i < len(needs)]
        out[group[0].score] = sum(needs[i] for i in near) + slack // min(gaps[i] for i in near) if near else 0
    return out


def _pair_windows(groups, blocks, flat, plans, spans, met, bound):
    """Pair each span of blocks together with its slices, the other blocks as planned (None
    when a window or the rest of a sliced block cannot be paired)."""
    inside = {k for lo, hi in spans for k in range(lo, hi)}
    sliced: dict[int, set] = {}  # block → ids of its pairs taken into a window
    windows = []
    for lo, hi in spans:
        window = [e for block in flat[lo:hi] for e in block]
        if lo > 0 and lo - 1 not in inside:
            edge = [e for e in groups[blocks[lo - 1][1] - 1] if e.id not in sliced.get(lo - 1, ())]
            if len(edge) > WINDOW_SLICE:  # the lowest group of the block above
                taken = edge[-WINDOW_SLICE:]
                window = taken + window
                sliced.setdefault(lo - 1, set()).update(e.id for e in taken)
        if hi < len(blocks):
            edge = [e for e in groups[blocks[hi][0]] if e.id not in sliced.get(hi, ())]
            if len(edge) > WINDOW_SLICE:  # the highest group of the block below
                taken = edge[:WINDOW_SLICE]
                window = window + taken
                sliced.setdefault(hi, set()).update(e.id for e in taken)
        windows.append(sorted(window, key=lambda e: e.rank))
    parties = []
    for window in windows:
        try:
            parties.extend(_solve_window(window, met, bound)[0])
        except PairingError:
            return None
    for k, plan in enumerate(plans):
        if k in inside:
            continue
        if k in sliced:
            plan = _by_groups([e for e in flat[k] if e.id not in sliced[k]], met)
            if plan is None:
                return None
        parties.extend(plan)
    return parties


def _solve_window(window, met, bound, *, whole=False, out=None):
    """A pairing of ``window`` alone and the method that found it.

    For the ``whole`` field, first the restricted matching with as few kept pairs per group
    (at most ``WINDOW_BOUNDARY``) as X = the lower ``bound`` and ``out`` allow, when its proof
    holds (not tried when it must fail). Then the restricted matching with few kept pairs per group
    (about X of the bound, at most ``WINDOW_BOUNDARY``): for a window that is enough — the
    lower bound judges the whole result —, unless it would keep most of a small window; for
    the whole field it is kept when its proof holds or it reaches the bound. Else the
    matching over the whole window up to ``EXACT_LIMIT`` pairs, above it the restricted
    matching with more kept pairs ("matching-restricted-unproved" when its proof does not hold).
    """
    small = max(2, min(WINDOW_BOUNDARY, (bound[0] + 3) // 2))
    attempts = ([{"x": bound[0], "keep": WINDOW_BOUNDARY, "out": out}] if whole else []) + [{"keep": small}]
    for attempt in attempts:
        try:
            parties, proved = restricted_parties(window, met, give_up=True, exact_limit=EXACT_LIMIT, **attempt)
        except PairingError:
            continue  # the middles paired first left no way
        if parties is None:
            continue
        if proved or (whole and spread(parties) == bound):
            return parties, "matching-restricted"
        if not whole:
            return parties, "matching-restricted-unproved"
    if len(window) <= EXACT_LIMIT:
        return exact_parties(window, met, allow_rematch=False), "matching"
    parties, proved = restricted_parties(window, met)
    return parties, "matching-restricted" if proved else "matching-restricted-unproved"


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
