"""Swiss pairing on small fields: the groups method's float search, and the round exactly as printed
(who meets whom, the table order, the reason beside each table, the bye).

The lower bound and the general matching are in test_pairing_swiss_bound.py, the large-field paths
(windows, restricted matching and its proof) in test_pairing_swiss_windows.py.
"""
from engine.pairing import Entrant, Pairing, check_complete, pair_swiss, swiss_cost

from .swiss_fields import cross, field, general_cost
from .test_pairing_swiss import as_tuples, brute_force_best

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
