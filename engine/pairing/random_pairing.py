"""Random pairing without repeated opponents (reproducible from a seed)."""
from __future__ import annotations

import random

from .base import Pairing, PairingResult, met_map
from .matching import exact_matching, matchable

ATTEMPTS = 30


def _greedy(order, met):
    free = list(order)
    pairs = []
    while free:
        a = free.pop(0)
        for k, b in enumerate(free):
            if b.id not in met[a.id]:
                pairs.append((a, free.pop(k)))
                break
        else:
            return None
    return pairs


def pair_random(entrants, seed) -> PairingResult:
    rng = random.Random(str(seed))
    ents = sorted(entrants, key=lambda e: repr(e.id))
    if not ents:
        return PairingResult([], method="empty")
    met = met_map(ents)
    bye, rest = None, ents
    if len(ents) % 2:
        fresh = [e for e in ents if not e.had_bye]
        used = [e for e in ents if e.had_bye]
        rng.shuffle(fresh)
        rng.shuffle(used)
        for cand in fresh + used:
            others = [e for e in ents if e is not cand]
            if matchable(others, met):
                bye, rest = cand, others
                break
        else:
            bye = (fresh + used)[0]
            rest = [e for e in ents if e is not bye]
    pairs, method = None, "random"
    for _ in range(ATTEMPTS):
        order = list(rest)
        rng.shuffle(order)
        pairs = _greedy(order, met)
        if pairs is not None:
            break
    if pairs is None:
        method = "random-matching"
        ids = [e.id for e in rest]
        by_id = {e.id: e for e in rest}
        # A rematch costs more than the random parts of every table together, so the
        # matching takes as few rematches as the field allows, then draws among those.
        rematch_cost = 1000 * len(ids)
        # With rematches allowed every two of the (even, duplicate-free: ``met_map``) field may meet, so the
        # second pass always finds a perfect matching: there is no "no pairing" left to report here.
        for allow_rematch in (False, True):
            edges = [
                (a, b, rematch_cost * (b in met[a]) + rng.randrange(1000))
                for i, a in enumerate(ids) for b in ids[i + 1:]
                if allow_rematch or b not in met[a]
            ]
            found = exact_matching(ids, edges)
            if found is not None:
                pairs = [(by_id[a], by_id[b]) for a, b in found]
                break
    pairings = []
    for a, b in pairs:
        rematch = b.id in met[a.id]
        reason = "случайная пара по жребию"
        if rematch:
            reason += "; повторная встреча — без повторов составить пары невозможно"
        pairings.append(Pairing(a.id, b.id, reason, rematch=rematch))
    if bye is not None:
        reason = "пропуск тура по жребию среди пар без пропуска" if not bye.had_bye else "пропуск тура по жребию (повторный)"
        pairings.append(Pairing(bye.id, None, reason))
    return PairingResult(pairings, method=method)
