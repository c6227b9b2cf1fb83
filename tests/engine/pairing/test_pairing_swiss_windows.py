"""Swiss pairing on large fields: the windows, the restricted matching and its proof, the whole-field
matching, each pinned against the general matching over the whole field.

The groups method and the printed round are in test_pairing_swiss_tables.py, the lower bound and the
general matching against enumeration in test_pairing_swiss_bound.py.
"""
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pairing import Entrant, check_complete, pair_swiss, swiss, swiss_cost
from engine.pairing.base import met_map
from engine.pairing.swiss_bound import lower_bound
from engine.pairing.swiss_matching import exact_parties, groups_by_score, restricted_parties, spread

from .swiss_fields import field, general_cost, legal_pairings, seeded_field
from .test_pairing_swiss import as_tuples, simulate_field

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

# --- what the windows tell the whole-field matching, and its limit -----------------------------------

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
