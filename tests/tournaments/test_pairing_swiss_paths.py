"""Swiss pairing: each way of computing a round, pinned against the general matching.

The groups method (its float search), the exact windows proved by the lower bound, the
restricted matching proved by its kept pairs, and the two proofs themselves.
"""
import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from tournaments.pairing import Entrant, check_complete, pair_swiss, swiss, swiss_cost
from tournaments.pairing.base import met_map
from tournaments.pairing.swiss_bound import deficiency, lower_bound
from tournaments.pairing.swiss_matching import exact_parties, groups_by_score, restricted_parties, spread

from .test_pairing_swiss import as_tuples, brute_force_best, simulate_field


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
