"""Swiss pairing: the lower bound and the deficiency (swiss_bound) and the general matching
(swiss_matching.exact_parties) checked against every pairing of small fields, and the general matching's
encoding (fewer floats before the preference of who floats, the bye's place before floats).

The groups method and the printed round are in test_pairing_swiss_tables.py, the large-field paths in
test_pairing_swiss_windows.py.
"""
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pairing import Entrant, check_complete, pair_swiss, swiss_cost
from engine.pairing.base import PairingError, met_map
from engine.pairing.swiss_bound import deficiency, lower_bound
from engine.pairing.swiss_matching import exact_parties, groups_by_score, restricted_parties, spread

from .swiss_fields import cross, field, legal_pairings, seeded_field
from .test_pairing_swiss import all_pairings, as_tuples, brute_force_best

# --- the lower bound -----------------------------------------------------------------------------

@st.composite
def even_fields(draw):
    n = 2 * draw(st.integers(min_value=1, max_value=4))
    scores = sorted(draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)), reverse=True)
    rng = random.Random(draw(st.integers(0, 10**6)))
    density = draw(st.sampled_from([0.1, 0.3, 0.5, 0.8]))
    met_pairs = [(a, b) for a, b in itertools.combinations(range(1, n + 1), 2) if rng.random() < density]
    return field(([(i + 1, s) for i, s in enumerate(scores)], met_pairs))

@settings(max_examples=200, deadline=None)
@given(even_fields())
def test_lower_bound_is_never_above_a_legal_pairing(ents):
    met = met_map(ents)
    x_low, f_low = lower_bound(groups_by_score(ents), met)
    costs = [swiss_cost(ents, p)[3:] for p in legal_pairings([e.id for e in ents], met)]
    if costs:
        assert x_low <= min(x for x, _ in costs)
        assert f_low <= min(f for _, f in costs)


def test_lower_bound_counts_leaders_who_have_met():
    # Both leaders must float (X ≥ 2, two parties across the first cut), though the groups are even.
    ents = field(([(1, 2), (2, 2), (3, 1), (4, 1), (5, 0), (6, 0)], [(1, 2)]))
    met = met_map(ents)
    assert deficiency(ents[:2], met) == 2
    assert lower_bound(groups_by_score(ents), met) == (2, 2)
    assert brute_force_best(ents)[3:] == (2, 2)


def test_deficiency_of_a_triangle_and_of_a_large_set():
    tri = field(([(1, 0), (2, 0), (3, 0), (4, 0)], [(1, 2), (1, 3), (2, 3)]))
    assert deficiency(tri, met_map(tri)) == 2  # 4 can take only one of the three
    big = [Entrant(i, rank=i) for i in range(100)]
    assert deficiency(big, met_map(big)) == 0

# --- the lower bound, the deficiency and the general matching against brute force -------------------
# Deterministic fields (fixed seeds, not trimmed by the mutation profile): small enough to enumerate
# every pairing, varied in scores (gaps of 1 and 2), density of past meetings and byes.

def best_legal(ents):
    met = met_map(ents)
    costs = [swiss_cost(ents, p)[3:] for p in legal_pairings([e.id for e in ents], met)]
    return min(costs) if costs else None


# Fields on which the bound reaches the best pairing (found once by enumeration; the values are computed here).
BOUND_REACHED = (0, 1, 2, 3, 6, 7, 8, 13, 15, 16, 17, 19, 21, 22, 26, 27, 30, 32, 34, 35, 37, 38, 39, 41, 43, 45, 46, 47, 50, 51, 56, 60, 61, 62, 63, 65, 67, 68, 71, 73, 74, 79, 81, 85, 86, 93, 94, 95, 97, 98, 100, 103, 104, 105, 106, 107, 108, 109, 110, 111, 114, 116, 118, 120, 121, 124, 126, 130, 131, 134, 135, 136, 142, 143, 145, 147, 148, 149, 151, 152, 153, 155, 156, 158, 160, 161, 162, 163, 166, 168, 171, 172, 173, 175, 177, 178, 179, 180, 181, 182, 183, 184, 187, 188, 192, 194, 195, 196, 197, 198, 202, 203, 204, 205, 206, 208, 211, 215, 216, 217, 220, 221, 223, 225, 226, 227, 229, 230, 232, 233, 235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 247, 248, 249, 250, 254, 256, 257, 258, 259, 262, 263, 266, 268, 269, 270, 272, 274, 276, 277, 278, 279, 281, 283, 284, 285, 286, 288, 289, 291, 295, 296, 297, 298, 300, 301, 302, 303, 304, 305, 306, 310, 311, 312, 313, 315, 317, 321, 322, 324, 325, 326, 328, 330, 331, 332, 334, 336, 339, 341, 342, 344, 345, 348, 350, 351, 352, 355, 356, 359, 360, 361, 364, 365, 366, 367, 368, 371, 372, 376, 377, 378, 379, 380, 381, 382, 384, 385, 386, 388, 390, 391, 392, 393, 395, 396)


def test_lower_bound_is_never_above_the_best_pairing_and_is_reached_where_it_can_be():
    """swiss_bound: no pairing without rematches goes below (X, F); on the fields listed the bound is the
    best pairing itself, which is what lets the fast methods prove their result."""
    for seed in range(400):
        ents = seeded_field(seed)
        best = best_legal(ents)
        if best is None:
            continue
        bound = lower_bound(groups_by_score(ents), met_map(ents))
        assert bound[0] <= best[0] and bound[1] <= best[1], seed
        if seed in BOUND_REACHED:
            assert bound == best, seed


def test_lower_bound_reports_the_least_parties_across_each_cut():
    """swiss_bound: the leaders have met, so both cross the first cut; nobody need cross the second."""
    ents = [Entrant(i, score=s, rank=i - 1, opponents=frozenset({1: {2}, 2: {1}}.get(i, ())))
            for i, s in enumerate([2, 2, 1, 1, 0, 0], start=1)]
    cuts = []
    assert lower_bound(groups_by_score(ents), met_map(ents), cuts=cuts) == (2, 2)
    assert cuts == [2, 0]


def largest_matching(ids, met):
    if len(ids) < 2:
        return 0
    first, rest = ids[0], ids[1:]
    best = largest_matching(rest, met)        # first left unpaired
    for k, other in enumerate(rest):
        if other not in met[first]:
            best = max(best, 1 + largest_matching(rest[:k] + rest[k + 1:], met))
    return best


def test_deficiency_is_exact_for_small_sets():
    """swiss_bound: the pairs a largest matching without rematches leaves unpaired, for sets up to 24 pairs."""
    for seed in range(300):
        rng = random.Random(seed)
        ents = seeded_field(seed, n=rng.randint(2, 9))
        met = met_map(ents)
        ids = [e.id for e in ents]
        assert deficiency(ents, met) == len(ids) - 2 * largest_matching(ids, met), seed


def test_deficiency_of_24_is_exact_and_above_24_is_the_parity():
    """swiss_bound: 24 pairs, one of which has met all the others, leave 2 unpaired; from 25 on only the
    parity is used (a lower bound)."""
    for size, expected in ((24, 2), (25, 1), (26, 0)):
        ents = [Entrant(i, rank=i) for i in range(size)]
        ents[0] = Entrant(0, rank=0, opponents=frozenset(range(1, size)))
        assert deficiency(ents, met_map(ents)) == expected


def test_general_matching_is_the_best_pairing():
    """swiss_matching.exact_parties: the minimum-cost matching realises the objective (R, B1, B2, X, F) of the
    best pairing, bye included, with or without rematches allowed."""
    for seed in range(250):
        rng = random.Random(seed)
        ents = seeded_field(seed, n=rng.randint(2, 8), byes=True)
        met = met_map(ents)
        best = min(swiss_cost(ents, p) for p in all_pairings([e.id for e in ents]))
        parties = exact_parties(ents, met, allow_rematch=True)
        assert swiss_cost(ents, [(a.id, b.id if b else None) for a, b in parties]) == best, seed
        if best[0] == 0:
            parties = exact_parties(ents, met, allow_rematch=False)
            assert swiss_cost(ents, [(a.id, b.id if b else None) for a, b in parties]) == best, seed


def test_pair_swiss_is_the_best_pairing_on_many_fields():
    """swiss.pair_swiss: the objective of the best pairing on every field, bye and rematches included."""
    for seed in range(250):
        rng = random.Random(seed)
        ents = seeded_field(seed, n=rng.randint(1, 9), byes=True)
        result = pair_swiss(ents)
        best = min(swiss_cost(ents, p) for p in all_pairings([e.id for e in ents]))
        assert swiss_cost(ents, [(p.a, p.b) for p in result.pairings]) == best, seed


def test_restricted_matching_proved_is_the_best_pairing():
    """swiss_matching.restricted_parties: when it says "proved", its pairing is as good as the general matching."""
    for seed in range(300):
        rng = random.Random(seed)
        ents = seeded_field(seed, n=2 * rng.randint(3, 5))
        met = met_map(ents)
        try:
            exact = spread(exact_parties(ents, met, allow_rematch=False))
            parties, proved = restricted_parties(ents, met, keep=rng.randint(1, 2), x=rng.choice([None, 0, 1, 2]))
        except PairingError:  # no pairing without rematches, or the middles paired first left no way
            continue
        if proved:
            assert spread(parties) == exact, seed
        assert spread(parties) >= exact, seed


def test_general_matching_prefers_the_documented_tables():
    """swiss_matching: inside a group the top half meets the bottom half in order; the pair floated down is the
    lowest of its group and meets the highest it may meet in the lower group."""
    ents = [Entrant(i, score=s, rank=i - 1) for i, s in enumerate([2, 2, 2, 2, 2, 1, 1, 1], start=1)]
    parties = exact_parties(ents, met_map(ents), allow_rematch=False)
    assert sorted(tuple(sorted((a.id, b.id))) for a, b in parties) == [(1, 3), (2, 4), (5, 6), (7, 8)]


def test_no_pairing_at_all_is_refused_in_words():
    ents = [Entrant(i, rank=i, opponents=frozenset({1, 2, 3, 4} - {i})) for i in (1, 2, 3, 4)]
    with pytest.raises(PairingError) as err:
        exact_parties(ents, met_map(ents), allow_rematch=False)
    assert (err.value.message, err.value.code) == ("Составить пары невозможно.", "no_pairing")


def test_an_empty_field_has_no_tables():
    result = pair_swiss([])
    assert result.pairings == [] and result.ids() == []


def seeded_grouped_field(seed):
    """Two to four score groups of 1–9 pairs (an even field), few to many past meetings; keep and x drawn too."""
    rng = random.Random(seed)
    sizes = [rng.randint(1, 9) for _ in range(rng.randint(2, 4))]
    if sum(sizes) % 2:
        sizes[-1] += 1
    density = rng.choice([0.02, 0.08, 0.2, 0.4])
    scores = [score for score, size in zip(range(len(sizes), 0, -1), sizes) for _ in range(size)]
    rows = [(k + 1, score) for k, score in enumerate(scores)]
    met_pairs = [(a, b) for a, b in itertools.combinations(range(1, len(rows) + 1), 2) if rng.random() < density]
    return field((rows, met_pairs)), rng.randint(1, 3), rng.choice([None, 0, 1, 2, 3, 4])


def test_restricted_matching_proved_on_grouped_fields_is_the_general_matching():
    """swiss_matching.kept_suffice: on 600 fixed fields of up to 36 pairs, a restricted matching that says
    "proved" is exactly as good as the general matching, and never better."""
    proved_count = 0
    for seed in range(600):
        ents, keep, x = seeded_grouped_field(seed)
        met = met_map(ents)
        try:
            exact = spread(exact_parties(ents, met, allow_rematch=False))
            parties, proved = restricted_parties(ents, met, keep=keep, x=x)
        except PairingError:
            continue
        check_complete(ents, [(a.id, b.id) for a, b in parties])
        if proved:
            proved_count += 1
            assert spread(parties) == exact, seed
        assert spread(parties) >= exact, seed
    assert proved_count > 300   # the proof holds on most of these fields, so the check above bites

# --- the general matching's encoding: fewer floats before the preference of who floats ---------------

def test_general_matching_floats_the_shortest_way_against_its_preference():
    """Four groups of five on 3, 2, 1 and 0 points. Every pair on 3 points has met the first four on 2
    points, and the last two on 3 points have met all five: the only float from 3 to 2 points goes to
    the last of the next group (pair 9) from the middle or the top of the group, far from the preferred
    tables. It is still taken (X = 2, F = 2), as the lower bound says, before floats of two points each (F = 4)
    between better-placed pairs."""
    rows = [(i, 3 - i // 5) for i in range(20)]
    met_pairs = [(a, b) for a in range(5) for b in range(5, 9)] + [(a, 9) for a in (3, 4)]
    ents = field((rows, met_pairs))
    met = met_map(ents)
    assert lower_bound(groups_by_score(ents), met) == (2, 2)
    parties = exact_parties(ents, met, allow_rematch=False)
    assert spread(parties) == (2, 2)
    floats = {frozenset((a.id, b.id)) for a, b in parties if a.score != b.score}
    assert frozenset({14, 15}) in floats   # the lowest on 1 point meets the highest on 0 points
    assert {b.id for a, b in parties if a.score == 3 and b.score == 2} | {a.id for a, b in parties
                                                                          if a.score == 2 and b.score == 3} == {9}
    result = pair_swiss(ents)   # the groups method: the lowest on 3 points that may meet 9
    assert result.method == "groups" and cross(result) == {frozenset({2, 9}), frozenset({14, 15})}


def test_general_matching_without_past_meetings_gives_the_documented_tables():
    """swiss_matching._costs, the preference terms: with nobody having met, the general matching chooses
    exactly the tables the module describes (and the groups method realises) — the lowest of an odd group
    floats to the highest of the next odd group, the rest of each group top half against bottom half in
    order."""
    for seed in range(120):
        rng = random.Random(seed)
        sizes = [rng.randint(1, 7) for _ in range(rng.randint(1, 5))]
        sizes[-1] += sum(sizes) % 2   # an even field: no bye
        scores = sorted(rng.sample(range(12), len(sizes)), reverse=True)
        ents = [Entrant(k, score=score, rank=k)
                for k, score in enumerate(s for s, size in zip(scores, sizes) for _ in range(size))]
        expected = {frozenset((p.a, p.b)) for p in pair_swiss(ents).pairings}
        parties = exact_parties(ents, met_map(ents), allow_rematch=False)
        assert {frozenset((a.id, b.id if b else None)) for a, b in parties} == expected, seed


def test_general_matching_takes_fewer_floats_however_far_they_go():
    """swiss_matching._costs: fourteen pairs that may meet only around one cycle, so the field has two
    pairings. One has six floats from the top to the bottom and one party inside a group (X 6, F 113), the
    other seven floats of one point (X 7, F 7). Fewer floats come first, whatever the size of the floats:
    the unit of X must outweigh n/2 full-width floats, not n/3."""
    scores = [20, 20, 19, 0, 1, 20, 19, 0, 1, 20, 19, 0, 1, 19]   # v1 … v14 around the cycle
    ids = [f"v{k}" for k in range(1, 15)]
    cycle = {frozenset((ids[k], ids[(k + 1) % 14])) for k in range(14)}
    rows = sorted(zip(ids, scores), key=lambda r: -r[1])
    met_pairs = [(a, b) for a, b in itertools.combinations(ids, 2) if frozenset((a, b)) not in cycle]
    ents = field((rows, met_pairs))
    costs = sorted(swiss_cost(ents, p) for p in legal_pairings(ids, met_map(ents)))
    assert costs == [(0, 0, 0, 6, 113), (0, 0, 0, 7, 7)]
    result = pair_swiss(ents)
    assert result.method == "matching"
    assert swiss_cost(ents, as_tuples(result)) == (0, 0, 0, 6, 113)


def test_bye_to_the_lowest_pair_however_many_floats_it_costs():
    """swiss_matching._costs with the bye: rematches cannot be avoided (two leaders have met everyone), so
    the general matching places the bye. Nineteen pairs may meet only along one path, lowest pair at one
    end and the next lowest at the other: the bye to the lowest leaves nine floats, to the next none. The
    bye's place comes before floats: the unit of its place must outweigh n/2 floats, not n/3."""
    path = [f"p{k}" for k in range(19)]
    # p0 on 0 points; then by twos p1, p2 on 1 point, p3, p4 on 2, p5, p6 on 0, p7, p8 on 1 … p17, p18 on 0.
    score = {"p0": 0} | {path[k]: (1, 2, 0)[(k - 1) // 2 % 3] for k in range(1, 19)}
    assert score["p18"] == score["p17"] == score["p0"] == 0
    order = sorted(path[1:18], key=lambda pid: -score[pid]) + ["p0", "p18"]
    rows = [("z1", 3), ("z2", 3)] + [(pid, score[pid]) for pid in order]
    legal = {frozenset((path[k], path[k + 1])) for k in range(18)}
    everyone = ["z1", "z2"] + path
    met_pairs = [(a, b) for a, b in itertools.combinations(everyone, 2)
                 if frozenset((a, b)) not in legal]
    ents = field((rows, met_pairs))
    result = pair_swiss(ents)
    assert result.method == "matching-rematch"
    check_complete(ents, as_tuples(result))
    byes = [p.a for p in result.pairings if p.b is None]
    assert byes == ["p18"]
    assert swiss_cost(ents, as_tuples(result))[:4] == (1, 0, 0, 9)


# --- the deficiency's shortcuts and the lower bound's cuts at their edges ------------------------------

def test_greedy_unpaired_takes_the_first_free_pair_not_met_in_turn():
    from engine.pairing.swiss_bound import _greedy_unpaired
    fresh = field(([(1, 0), (2, 0), (3, 0), (4, 0)], []))
    assert _greedy_unpaired(fresh, met_map(fresh)) == 0
    odd = fresh[:3]
    assert _greedy_unpaired(odd, met_map(odd)) == 1  # 1 takes 2, 3 is left
    tri = field(([(1, 0), (2, 0), (3, 0), (4, 0)], [(1, 2), (1, 3), (2, 3)]))
    assert _greedy_unpaired(tri, met_map(tri)) == 2  # 1 takes 4; 2 and 3 have met
    # greedy, not best: 1 takes 2, then 3 and 4 have met, though 1-3 and 2-4 pair everybody
    trap = field(([(1, 0), (2, 0), (3, 0), (4, 0)], [(3, 4)]))
    assert _greedy_unpaired(trap, met_map(trap)) == 2
    assert deficiency(trap, met_map(trap)) == 0


def _no_matching(monkeypatch):
    import engine.pairing.swiss_bound as swiss_bound

    def refuse(*args, **kwargs):
        raise AssertionError("no matching needed here")
    monkeypatch.setattr(swiss_bound.nx, "max_weight_matching", refuse)


def test_a_set_the_greedy_pairs_needs_no_matching(monkeypatch):
    # 1 has met 2 and 3: not every pair may meet half the others (Dirac), but the greedy pairs 1-4, 2-3
    ents = field(([(1, 0), (2, 0), (3, 0), (4, 0)], [(1, 2), (1, 3)]))
    met = met_map(ents)
    _no_matching(monkeypatch)
    assert deficiency(ents, met) == 0


def test_a_group_known_to_pair_is_not_matched_again(monkeypatch):
    # 4 has met 1 and 3, 3 has met 4: the greedy fails (1-2, then 3-4 have met), the group still pairs 1-3, 2-4
    ents = field(([(1, 0), (2, 0), (3, 0), (4, 0)], [(1, 4), (3, 4)]))
    met = met_map(ents)
    assert deficiency(ents, met) == 0
    _no_matching(monkeypatch)
    assert lower_bound([ents], met, known_parity=[0]) == (0, 0)


def _tiers(sizes, scores, met_pairs=()):
    rows, next_id = [], 1
    for size, score in zip(sizes, scores):
        rows += [(next_id + k, score) for k in range(size)]
        next_id += size
    return field((rows, list(met_pairs)))


def test_two_pairs_below_a_large_leading_group_that_can_only_float_up():
    # 20 at 3, then 21-22 at 2 who have met each other and all four at 1: both must play up, two parties
    # across the first cut (the set below it, 6 pairs, counted though the field is 26)
    met_pairs = [(21, 22)] + [(a, b) for a in (21, 22) for b in range(23, 27)]
    ents = _tiers((20, 2, 4), (3, 2, 1), met_pairs)
    cuts = []
    assert lower_bound(groups_by_score(ents), met_map(ents), cuts=cuts) == (2, 2)
    assert cuts == [2, 0]
    pairing = [(21, 1), (22, 2)] + [(k, k + 1) for k in range(3, 20, 2)] + [(23, 24), (25, 26)]
    assert swiss_cost(ents, pairing)[3:] == (2, 2)  # and a pairing reaches it


def test_the_set_above_a_cut_is_counted_at_24_pairs():
    # 22 at 3, then 23-24 at 2 who have met each other and all 22 above: they must play 25-26 below,
    # two parties across the second cut, found in the 24 pairs above it
    met_pairs = [(23, 24)] + [(a, b) for a in (23, 24) for b in range(1, 23)]
    ents = _tiers((22, 2, 2), (3, 2, 1), met_pairs)
    cuts = []
    assert lower_bound(groups_by_score(ents), met_map(ents), cuts=cuts) == (2, 2)
    assert cuts == [0, 2]
    pairing = [(23, 25), (24, 26)] + [(k, k + 1) for k in range(1, 23, 2)]
    assert swiss_cost(ents, pairing)[3:] == (2, 2)


def test_the_set_below_a_cut_is_counted_at_24_pairs():
    # 1-2 at 3, then 3-4 at 2 who have met each other and all 22 at 1: they must play 1-2 above,
    # two parties across the first cut, found in the 24 pairs below it
    met_pairs = [(3, 4)] + [(a, b) for a in (3, 4) for b in range(5, 27)]
    ents = _tiers((2, 2, 22), (3, 2, 1), met_pairs)
    cuts = []
    assert lower_bound(groups_by_score(ents), met_map(ents), cuts=cuts) == (2, 2)
    assert cuts == [2, 0]
    pairing = [(1, 3), (2, 4)] + [(k, k + 1) for k in range(5, 27, 2)]
    assert swiss_cost(ents, pairing)[3:] == (2, 2)


def test_an_odd_number_of_pairs_above_a_cut_sends_one_across_it_in_a_large_field():
    # 2, 25, 25, 2 pairs at 4, 3, 2, 1, nobody has met: 27 pairs above the middle cut, 27 below (both
    # too many to match), so one party crosses it by parity alone
    ents = _tiers((2, 25, 25, 2), (4, 3, 2, 1))
    cuts = []
    assert lower_bound(groups_by_score(ents), met_map(ents), cuts=cuts) == (1, 1)
    assert cuts == [0, 1, 0]
