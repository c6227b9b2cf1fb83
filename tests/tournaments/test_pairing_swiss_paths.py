"""Swiss pairing: each way of computing a round, pinned against the general matching.

The groups method (its float search), the exact windows proved by the lower bound, the
restricted matching proved by its kept pairs, and the two proofs themselves.
"""
import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from tournaments.pairing import Entrant, Pairing, check_complete, pair_swiss, swiss, swiss_cost
from tournaments.pairing.base import PairingError, met_map
from tournaments.pairing.swiss_bound import deficiency, lower_bound
from tournaments.pairing.swiss_matching import exact_parties, groups_by_score, restricted_parties, spread

from .test_pairing_swiss import all_pairings, as_tuples, brute_force_best, simulate_field


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


# --- the groups method: its float search ------------------------------------------------------

def test_float_search_skips_partners_already_met():
    # 3, the lowest on 2 points, has met 4 and 5: it floats to 6, the highest it has not met.
    ents = field(([(1, 2), (2, 2), (3, 2), (4, 1), (5, 1), (6, 1)], [(3, 4), (3, 5)]))
    result = pair_swiss(ents)
    assert result.method == "groups"
    assert cross(result) == {frozenset({3, 6})}
    assert swiss_cost(ents, as_tuples(result)) == brute_force_best(ents) == (0, 0, 0, 1, 1)


def test_float_search_keeps_the_group_above_pairable():
    # 1 and 2 have met: if 3 floated, 1 and 2 would be left together, so 2 floats.
    ents = field(([(1, 2), (2, 2), (3, 2), (4, 1), (5, 1), (6, 1)], [(1, 2)]))
    result = pair_swiss(ents)
    assert result.method == "groups"
    assert cross(result) == {frozenset({2, 4})}
    assert swiss_cost(ents, as_tuples(result)) == brute_force_best(ents)


def test_float_search_keeps_the_group_below_pairable():
    # 5 and 6 have met: 4 must stay to meet one of them, so 3 floats to 5 and 4 meets 6.
    ents = field(([(1, 2), (2, 2), (3, 2), (4, 1), (5, 1), (6, 1)], [(5, 6)]))
    result = pair_swiss(ents)
    assert result.method == "groups"
    assert cross(result) == {frozenset({3, 5})}
    assert swiss_cost(ents, as_tuples(result)) == brute_force_best(ents)


def test_float_search_finds_the_middle_of_a_large_group():
    # Seven on 2 points, one on 1 point who has met all of them but 4; two on 0 points.
    rows = [(i, 2) for i in range(1, 8)] + [(8, 1), (9, 0), (10, 0)]
    ents = field((rows, [(8, i) for i in (1, 2, 3, 5, 6, 7)]))
    result = pair_swiss(ents)
    assert result.method == "groups"
    assert cross(result) == {frozenset({4, 8})}
    assert swiss_cost(ents, as_tuples(result)) == general_cost(ents) == (0, 0, 0, 1, 1)


def test_no_float_possible_hands_over_to_the_matching():
    # The single pair on 1 point has met everyone on 2 points: the bound X = 1 is out of reach;
    # one pair on 2 points and the pair on 1 point both drop to 0 points.
    rows = [(1, 2), (2, 2), (3, 2), (4, 1), (5, 0), (6, 0), (7, 0), (8, 0)]
    ents = field((rows, [(4, 1), (4, 2), (4, 3)]))
    result = pair_swiss(ents)
    assert result.method != "groups"
    check_complete(ents, as_tuples(result))
    assert swiss_cost(ents, as_tuples(result)) == brute_force_best(ents) == (0, 0, 0, 2, 3)


# --- the lower bound -----------------------------------------------------------------------------

@st.composite
def even_fields(draw):
    n = 2 * draw(st.integers(min_value=1, max_value=4))
    scores = sorted(draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)), reverse=True)
    rng = random.Random(draw(st.integers(0, 10**6)))
    density = draw(st.sampled_from([0.1, 0.3, 0.5, 0.8]))
    met_pairs = [(a, b) for a, b in itertools.combinations(range(1, n + 1), 2) if rng.random() < density]
    return field(([(i + 1, s) for i, s in enumerate(scores)], met_pairs))


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


# --- windows, restricted matching and its proof ------------------------------------------------

def test_window_around_leaders_who_have_met_is_proved_by_the_bound():
    # 1 and 2 lead and have met; the four on 2 points take them; 80 more pairs below.
    rows = [(1, 3), (2, 3)] + [(i, 2) for i in range(3, 7)] + [(i, 1) for i in range(7, 47)]
    rows += [(i, 0) for i in range(47, 87)]
    ents = field((rows, [(1, 2)]))
    result = pair_swiss(ents)
    assert result.method == "window"
    check_complete(ents, as_tuples(result))
    assert swiss_cost(ents, as_tuples(result)) == general_cost(ents) == (0, 0, 0, 2, 2)


@pytest.mark.parametrize("n, rounds, seed", [(160, 11, 3)])
def test_large_field_off_the_bound_matches_the_general_matching(n, rounds, seed):
    """More than EXACT_LIMIT pairs, late rounds: the groups method fails somewhere, and the
    result still has the objective of the weighted matching over the whole field."""
    ents = simulate_field(n, rounds, seed)
    result = pair_swiss(ents)
    assert result.method in {"window", "matching-restricted"}
    check_complete(ents, as_tuples(result))
    assert swiss_cost(ents, as_tuples(result)) == general_cost(ents)


@pytest.mark.parametrize("n, rounds, seed", [(30, 6, 2), (30, 7, 2), (50, 7, 1)])
def test_restricted_matching_with_proof_agrees_with_the_general_matching(monkeypatch, n, rounds, seed):
    ents = simulate_field(n, rounds, seed)
    expected = swiss_cost(ents, as_tuples(pair_swiss(ents)))
    monkeypatch.setattr(swiss, "EXACT_LIMIT", 0)  # every field counts as large
    result = pair_swiss(ents)
    assert result.method == "matching-restricted"
    check_complete(ents, as_tuples(result))
    assert swiss_cost(ents, as_tuples(result)) == expected


def test_kept_pairs_that_met_the_floater_refuse_the_proof():
    # As in the middle-of-the-group example: keeping one pair at each end of the 2-point group
    # loses the only float (4 → 8), and the proof must say so.
    rows = [(i, 2) for i in range(1, 8)] + [(8, 1), (9, 0), (10, 0)]
    ents = field((rows, [(8, i) for i in (1, 2, 3, 5, 6, 7)]))
    met = met_map(ents)
    parties, proved = restricted_parties(ents, met, keep=1)
    assert not proved
    assert spread(parties) > (1, 1)
    parties, proved = restricted_parties(ents, met, keep=3)
    assert proved and spread(parties) == (1, 1)


@st.composite
def grouped_fields(draw):
    sizes = draw(st.lists(st.integers(1, 9), min_size=2, max_size=4))
    if sum(sizes) % 2:
        sizes[-1] += 1
    rng = random.Random(draw(st.integers(0, 10**6)))
    density = draw(st.sampled_from([0.02, 0.08, 0.2, 0.4]))
    scores = [score for score, size in zip(range(len(sizes), 0, -1), sizes) for _ in range(size)]
    rows = [(k + 1, score) for k, score in enumerate(scores)]
    ids = [i for i, _ in rows]
    met_pairs = [(a, b) for a, b in itertools.combinations(ids, 2) if rng.random() < density]
    return field((rows, met_pairs)), draw(st.integers(1, 3)), draw(st.one_of(st.none(), st.integers(0, 4)))


@settings(max_examples=150, deadline=None)
@given(grouped_fields())
def test_restricted_matching_proved_is_never_worse_than_the_general_matching(case):
    ents, keep, x = case
    met = met_map(ents)
    try:
        exact = exact_parties(ents, met, allow_rematch=False)
    except swiss.PairingError:
        return  # no pairing without rematches at all
    try:
        parties, proved = restricted_parties(ents, met, keep=keep, x=x)
    except swiss.PairingError:
        return  # the middles paired first left no way
    check_complete(ents, [(a.id, b.id) for a, b in parties])
    if proved:
        assert spread(parties) == spread(exact)
    assert spread(parties) >= spread(exact)


def test_windows_at_both_ends_give_way_to_fewer_floats():
    # The leaders have met, and so have the last two. Windows at the top and at the bottom float
    # all four into the next group (X = 4); the lower bound X = 2 is out of their reach, the
    # whole field decides: the leaders meet the last two, fewer parties across groups coming
    # first in the objective, whatever the gap.
    rows = [(1, 4), (2, 4)] + [(i, 3) for i in range(3, 7)] + [(i, 2) for i in range(7, 47)]
    rows += [(i, 1) for i in range(47, 51)] + [(51, 0), (52, 0)]
    ents = field((rows, [(1, 2), (51, 52)]))
    met = met_map(ents)
    assert lower_bound(groups_by_score(ents), met) == (2, 4)
    result = pair_swiss(ents)
    assert result.method in {"matching", "matching-restricted"}  # both proved best
    check_complete(ents, as_tuples(result))
    assert swiss_cost(ents, as_tuples(result)) == general_cost(ents) == (0, 0, 0, 2, 8)


# --- exactly as printed: who meets whom, the table order, the reason beside each table ----------------
# The reasons are the interface of the pairing: a changed word or a wrong pair named is a changed page.

SAME_0 = "одинаковый счёт: 0 очков"
LOWEST = "пропуск тура: самая низкая в таблице пара без пропуска"
REMATCH = "; повторная встреча — без повторов составить пары невозможно"


def test_bye_to_the_lowest_pair_and_the_top_half_meets_the_bottom_half():
    """The bye goes to the lowest-placed pair without one; inside a group 1–3, 2–4."""
    result = pair_swiss([Entrant(i, score=0, rank=i - 1) for i in range(1, 6)])
    assert result.pairings == [Pairing(1, 3, SAME_0), Pairing(2, 4, SAME_0), Pairing(5, None, LOWEST)]


def test_bye_to_a_higher_pair_when_the_lowest_must_play():
    """Pair 1 has met 2, 3 and 4, so 5 must play it: the bye goes to 4, the lowest whose removal leaves a
    pairing without rematches, and the reason says so."""
    ents = [Entrant(1, score=0, rank=0, opponents=frozenset({2, 3, 4}))]
    ents += [Entrant(i, score=0, rank=i - 1) for i in range(2, 6)]
    result = pair_swiss(ents)
    assert result.pairings == [
        Pairing(1, 5, SAME_0), Pairing(2, 3, SAME_0),
        Pairing(4, None, LOWEST + ", после которой остальных можно свести без повторных встреч"),
    ]


def test_second_bye_when_every_pair_had_one():
    """All have had a bye: the lowest-placed pair gets a second one, and the reason says it is a repeat."""
    result = pair_swiss([Entrant(i, score=0, rank=i - 1, had_bye=True) for i in range(1, 6)])
    assert result.pairings[-1] == Pairing(
        5, None, "пропуск тура: повторный — все пары, которым можно его дать, уже пропускали тур")


def test_bye_skips_the_pairs_that_had_one():
    """5 had a bye: 4 gets it, as the lowest-placed pair without one."""
    ents = [Entrant(i, score=0, rank=i - 1, had_bye=(i == 5)) for i in range(1, 6)]
    assert pair_swiss(ents).pairings[-1] == Pairing(4, None, LOWEST)


def test_a_single_pair_gets_the_bye():
    assert pair_swiss([Entrant(1, score=5, rank=0)]).pairings == [Pairing(1, None, LOWEST)]


def test_floats_name_the_pair_and_both_groups_and_tables_go_by_score():
    """An odd group sends its lowest pair to the highest of the next odd group; the reason names the pair and
    the two groups (with the right Russian ending); tables go by the sum of the scores, best first."""
    ents = [Entrant(i, score=[3, 2, 2, 2, 1, 0, 0][i - 1], rank=i - 1) for i in range(1, 8)]
    result = pair_swiss(ents)
    assert result.pairings == [
        Pairing(1, 2, "пара 1 спущена из группы «3 очка» в группу «2 очка»"),
        Pairing(3, 4, "одинаковый счёт: 2 очка"),
        Pairing(5, 6, "пара 5 спущена из группы «1 очко» в группу «0 очков»"),
        Pairing(7, None, LOWEST),
    ]


def test_tables_with_the_same_sum_go_by_the_best_placed_pair():
    """Two tables of 1 point each: the one with the better-placed pair comes first, the higher pair named first."""
    met = {1: {2}, 2: {1}}   # the two leaders have met: both float
    ents = [Entrant(i, score=[1, 1, 0, 0][i - 1], rank=i - 1, opponents=frozenset(met.get(i, ()))) for i in range(1, 5)]
    result = pair_swiss(ents)
    assert [p.a for p in result.pairings] == [1, 2] and {p.b for p in result.pairings} == {3, 4}
    assert [p.reason for p in result.pairings] == ["пара 1 спущена из группы «1 очко» в группу «0 очков»",
                                                   "пара 2 спущена из группы «1 очко» в группу «0 очков»"]


def test_rematches_only_when_unavoidable_and_said_so():
    """Everyone has met everyone: the tables are rematches, marked and explained."""
    ids = [1, 2, 3, 4]
    result = pair_swiss([Entrant(i, score=0, rank=i - 1, opponents=frozenset(set(ids) - {i})) for i in ids])
    assert result.pairings == [Pairing(1, 3, SAME_0 + REMATCH, rematch=True),
                               Pairing(2, 4, SAME_0 + REMATCH, rematch=True)]


# --- the lower bound, the deficiency and the general matching against brute force -------------------
# Deterministic fields (fixed seeds, not trimmed by the mutation profile): small enough to enumerate
# every pairing, varied in scores (gaps of 1 and 2), density of past meetings and byes.

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


# --- the windows and the whole-field matching on fields where the groups method fails -------------
# Fixed fields (not trimmed by the mutation profile) of 11–90 pairs: large score groups with few past
# meetings and one to three local troubles (three pairs of a group who have all met, or the bottom of a
# group who has met the top of the next). The groups method fails on about a third of them; there the
# windows, the whole-field restricted matching and the general matching take over, and whatever
# method is used, the round has the objective (R, B1, B2, X, F) of the general matching over the
# whole field, bye included.

def trouble_field(seed):
    rng = random.Random(seed)
    ngroups = rng.randint(4, 8)
    sizes = [rng.choice([1, 2, 3, 5, 9, 13, 16]) for _ in range(ngroups)]
    levels, score = [], 0
    for _ in sizes:
        levels.append(score)
        score += rng.choice([1, 1, 2, 3])
    groups, scores = [], []
    for level, size in zip(reversed(levels), sizes):
        groups.append(list(range(len(scores), len(scores) + size)))
        scores += [level] * size
    n = len(scores)
    density = rng.choice([0.0, 0.02, 0.05])
    opponents = {i: set() for i in range(n)}

    def meet(a, b):
        opponents[a].add(b)
        opponents[b].add(a)

    for a, b in itertools.combinations(range(n), 2):
        if rng.random() < density:
            meet(a, b)
    for _ in range(rng.randint(1, 3)):
        g = rng.randrange(ngroups)
        if rng.random() < 0.5:  # three pairs at the top or the bottom of a group have all met
            for a, b in itertools.combinations(groups[g][:3] if rng.random() < 0.5 else groups[g][-3:], 2):
                meet(a, b)
        elif g + 1 < ngroups:  # the last two of a group have met the first of the next
            for a in groups[g][-2:]:
                for b in groups[g + 1][:rng.randint(1, 4)]:
                    meet(a, b)
    byes = [rng.random() < 0.3 for _ in range(n)]
    return [Entrant(i, score=scores[i], rank=i, opponents=frozenset(opponents[i]), had_bye=byes[i]) for i in range(n)]


def general_cost_with_bye(ents):
    """The objective of the weighted matching over the whole field, bye included."""
    parties = exact_parties(ents, met_map(ents), allow_rematch=True)
    return swiss_cost(ents, [(a.id, b.id if b else None) for a, b in parties])


def check_trouble_fields(seeds, expected_methods):
    methods = {}
    for seed in seeds:
        ents = trouble_field(seed)
        result = pair_swiss(ents)
        if result.method == "groups":
            continue
        pairs = as_tuples(result)
        check_complete(ents, pairs)
        assert swiss_cost(ents, pairs) == general_cost_with_bye(ents), (seed, result.method)
        methods[result.method] = methods.get(result.method, 0) + 1
    for method, least in expected_methods.items():   # each way of computing the round was checked
        assert methods.get(method, 0) >= least, methods


def test_windows_and_whole_field_matchings_have_the_objective_of_the_general_matching():
    """swiss._windowed, _pair_windows, _solve_window: as configured (windows sliced at 12 pairs, the
    general matching up to 150 pairs)."""
    check_trouble_fields(range(200), {"window": 6, "matching": 20, "matching-restricted": 20})


@pytest.mark.parametrize("window_slice, boundary", [(2, 2), (4, 6)], ids=["slice2-keep2", "slice4-keep6"])
def test_narrow_windows_and_the_restricted_matching_have_the_objective_of_the_general_matching(
        monkeypatch, window_slice, boundary):
    """The same fields as if every one were above the general matching's limit, with thin slices of the
    neighbouring groups in each window: the restricted matchings must prove what they return."""
    monkeypatch.setattr(swiss, "EXACT_LIMIT", 0)
    monkeypatch.setattr(swiss, "WINDOW_SLICE", window_slice)   # an even number: windows stay even
    monkeypatch.setattr(swiss, "WINDOW_BOUNDARY", boundary)
    check_trouble_fields(range(200), {"window": 6, "matching-restricted": 40})


# --- the proof of the restricted matching against an outside pair that has met every kept pair ---------
# Nine pairs on 2 points (the middle four paired inside first, five kept), one pair alone on 1 point that
# has met exactly the five kept pairs, and a group on 0 points. The best pairing floats the lone pair up
# to a middle pair (X = 1, F = 1); the restricted matching cannot, so it must not call its worse pairing
# (X = 2, F = 3) proved: by Hall's theorem the lone pair needs a kept pair it has not met, and has none.

def lone_floater_field(bottom):
    """``bottom``: for each pair on 0 points, the kept pairs on 2 points (by place 0–8) it has met."""
    rows = [(i, 2) for i in range(1, 10)] + [(10, 1)] + [(11 + k, 0) for k in range(len(bottom))]
    kept = (1, 2, 7, 8, 9)
    met_pairs = [(10, i) for i in kept] + [(11 + k, kept[j]) for k, js in enumerate(bottom) for j in js]
    return field((rows, met_pairs))


@pytest.mark.parametrize("bottom", [((), ()), ((0,), (1,), (), ()), ((0,), (0,), (), ())],
                         ids=["two-below", "four-below-each-met-one", "four-below-two-met-the-same"])
def test_an_outside_pair_that_met_every_kept_pair_refuses_the_proof(bottom):
    ents = lone_floater_field(bottom)
    met = met_map(ents)
    exact = spread(exact_parties(ents, met, allow_rematch=False))
    assert exact == (1, 1) == lower_bound(groups_by_score(ents), met)
    parties, proved = restricted_parties(ents, met, keep=2)
    check_complete(ents, [(a.id, b.id) for a, b in parties])
    assert spread(parties) == (2, 3)   # the lone pair could not reach the middle
    assert not proved
    parties, proved = restricted_parties(ents, met, keep=5)   # everybody kept: the general matching
    assert proved and spread(parties) == (1, 1)
    result = pair_swiss(ents)   # the groups method floats a middle pair down to the lone pair
    assert result.method == "groups" and swiss_cost(ents, as_tuples(result))[3:] == (1, 1)


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


def test_sent_out_bounds_what_every_best_pairing_sends_out_of_each_group():
    """swiss._sent_out: given a pairing that reaches X of the lower bound, no best pairing sends more pairs
    out of a score group than it says (checked against every best pairing of small fixed fields, with the
    worst and the best pairing of that X as the one given; given a pairing above that X it knows nothing)."""
    checked = 0
    for seed in range(300):
        ents = seeded_field(seed)
        met = met_map(ents)
        groups = groups_by_score(ents)
        needs = []
        bound = lower_bound(groups, met, cuts=needs)
        by_id = {e.id: e for e in ents}
        legal = [[(by_id[a], by_id[b]) for a, b in p] for p in legal_pairings([e.id for e in ents], met)]
        if not legal:
            continue
        best = min(spread(p) for p in legal)
        at_x = sorted((p for p in legal if spread(p)[0] == bound[0]), key=spread)
        above_x = [p for p in legal if spread(p)[0] > bound[0]]
        for known in at_x[:1] + at_x[-1:] + above_x[-1:]:
            out = swiss._sent_out(groups, needs, bound, known)   # no entry: nothing known about that group
            at_bound_x = spread(known)[0] == bound[0]
            assert set(out) == ({g[0].score for g in groups} if at_bound_x else set()), seed
            for pairing in legal:
                if spread(pairing) != best:
                    continue
                for group in groups:
                    sent = sum(1 for a, b in pairing for e in (a, b) if e.score == group[0].score and a.score != b.score)
                    assert sent <= out.get(group[0].score, len(group)), (seed, group[0].score)
                    checked += group[0].score in out
    assert checked > 500


def test_the_general_matching_runs_up_to_exactly_its_limit(monkeypatch):
    """swiss._solve_window: a field the restricted matchings cannot prove is paired by the general matching
    when it has exactly EXACT_LIMIT pairs (the limit is inclusive), not by an unproved restricted one."""
    checked = 0
    for seed in range(60):
        ents = trouble_field(seed)
        if len(ents) % 2 or pair_swiss(ents).method != "matching":
            continue
        monkeypatch.setattr(swiss, "EXACT_LIMIT", len(ents))
        result = pair_swiss(ents)
        assert result.method == "matching", seed
        assert swiss_cost(ents, as_tuples(result)) == general_cost_with_bye(ents), seed
        monkeypatch.undo()
        checked += 1
    assert checked >= 5


# --- fields built for one step each of the large-field paths -----------------------------------

def met_everyone_in(ids):
    return list(itertools.combinations(ids, 2))


def test_two_windows_around_one_group_take_each_pair_once():
    """swiss._pair_windows: two windows on either side of one score group of 18 pairs. The window above
    takes the 12 highest of the group; the window below may then take only what is left (6, fewer than a
    slice), not the 12 lowest again. Both windows reach the lower bound, so their result is the round."""
    rows = ([(f"a{k}", 5) for k in range(4)] + [(f"b{k}", 4) for k in range(4)]
            + [(f"m{k}", 3) for k in range(18)] + [(f"c{k}", 2) for k in range(4)] + [(f"d{k}", 1) for k in range(4)])
    # In each of the four small groups one pair has met the three others: two pairs of it play outside.
    met_pairs = [(f"{g}0", f"{g}{k}") for g in "abcd" for k in (1, 2, 3)]
    ents = field((rows, met_pairs))
    result = pair_swiss(ents)
    assert result.method == "window"
    check_complete(ents, as_tuples(result))
    assert swiss_cost(ents, as_tuples(result)) == general_cost(ents) == (0, 0, 0, 4, 4)
    assert lower_bound(groups_by_score(ents), met_map(ents)) == (4, 4)


def leaders_met_the_edges_field():
    """Two leaders on 2 points who have met each other and every pair on 1 point but the 12 in the middle
    of that group (40 pairs); 50 pairs on 0 points below."""
    middle = range(20, 32)
    rows = [("a1", 2), ("a2", 2)] + [(f"b{k}", 1) for k in range(40)] + [(f"c{k}", 0) for k in range(50)]
    met_pairs = [("a1", "a2")] + [(a, f"b{k}") for a in ("a1", "a2") for k in range(40) if k not in middle]
    return field((rows, met_pairs)), {f"b{k}" for k in middle}


def test_whole_field_matching_finds_partners_in_the_middle_of_a_group():
    """swiss._windowed and _solve_window: the windows cannot reach the middle of the group on 1 point and
    float the leaders two points down (X 2, F 4: X of the lower bound, not its F). The matching of the whole
    field must find the leaders' partners in that middle (X 2, F 2). This holds only when the bound on the
    pairs each group sends out comes from the least parties across each cut (with none, every group would
    send none, and keeping one pair at each end of a group would look proved), and when an unproved
    restricted matching off the bound is not taken for the whole field."""
    ents, middle = leaders_met_the_edges_field()
    met = met_map(ents)
    groups = groups_by_score(ents)
    needs = []
    bound = lower_bound(groups, met, cuts=needs)
    assert bound == (2, 2) and needs == [2, 0]
    result = pair_swiss(ents)
    check_complete(ents, as_tuples(result))
    assert swiss_cost(ents, as_tuples(result)) == (0, 0, 0, 2, 2)
    partners = {p.b if p.a in ("a1", "a2") else p.a for p in result.pairings if {p.a, p.b} & {"a1", "a2"}}
    assert partners <= middle and len(partners) == 2
    # What the windows found, and what it tells the whole-field matching.
    ordered = sorted(ents, key=lambda e: e.rank)
    window = [e for e in ordered if e.score > 0 or e.id in {f"c{k}" for k in range(12)}]
    found, _ = swiss._solve_window(window, met, bound)
    assert spread(found) == (2, 4)
    out = swiss._sent_out(groups, needs, bound, found)
    assert out == {2: 4, 1: 4, 0: 2}
    parties, method = swiss._solve_window(ordered, met, bound, whole=True, out=out)
    assert spread(parties) == (2, 2) and method == "matching"


def test_windows_best_is_kept_above_the_general_matchings_limit():
    """swiss._windowed above EXACT_LIMIT: leaders at the top and near the bottom who have met each other and
    cannot pair inside their groups, and two large groups whose ends (the pairs the restricted matching
    keeps) have all met. The windows pair the large groups by the groups method, which finds the float in
    the middle (X 5, F 7, the best: each leader and one pair of the odd large group play outside). The
    unproved restricted matching of the whole field needs a float more, so the windows' pairing stays."""
    def ends(name):  # the 25 pairs a restricted matching keeps of a group of 41: 12 at the top, 13 at the bottom
        return [f"{name}{k}" for k in list(range(12)) + list(range(28, 41))]

    leaders = ["a1", "a2", "e1", "e2"]
    rows = ([("a1", 10), ("a2", 9)] + [(f"c{k}", 8) for k in range(14)] + [(f"g{k}", 7) for k in range(41)]
            + [(f"h{k}", 6) for k in range(41)] + [(f"d{k}", 5) for k in range(14)] + [("e1", 4), ("e2", 3)]
            + [(f"f{k}", 2) for k in range(40)])
    big = [f"g{k}" for k in range(41)] + [f"h{k}" for k in range(41)]
    met_pairs = (met_everyone_in(leaders) + [(a, b) for a in leaders for b in big]
                 + [(a, b) for a in ends("g") for b in ends("h")])
    ents = field((rows, met_pairs))
    assert len(ents) > swiss.EXACT_LIMIT
    result = pair_swiss(ents)
    check_complete(ents, as_tuples(result))
    assert swiss_cost(ents, as_tuples(result)) == (0, 0, 0, 5, 7)
    assert result.method == "window"
    ordered = sorted(ents, key=lambda e: e.rank)
    met = met_map(ents)
    parties, method = swiss._solve_window(ordered, met, lower_bound(groups_by_score(ents), met), whole=True)
    assert method == "matching-restricted-unproved" and spread(parties)[0] > 5


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
