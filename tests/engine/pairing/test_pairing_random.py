"""Random pairing (pure algorithm): no rematch while one can be avoided, the bye, the reasons, the draw
repeated before the matching; and the matching helpers it and the Swiss system use (matching.py).
Round robin and the shared data of the pairing are in test_pairing_round_robin.py."""
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pairing import Entrant, check_complete, pair_random
from engine.pairing.base import met_map
from engine.pairing.matching import (
    SMALL_GROUP,
    _outward,
    _preference_cost,
    _swapped_in_order,
    dirac_matchable,
    exact_matching,
    match_in_order,
    matchable,
)
from engine.pairing.random_pairing import ATTEMPTS, _greedy


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 30), st.integers(0, 10**6))
def test_random_pairing_never_repeats_while_avoidable(n, seed):
    ids = list(range(1, n + 1))
    met = {i: set() for i in ids}
    byes = set()
    for r in range(min(n - 1, 6)):
        ents = [Entrant(i, opponents=frozenset(met[i]), had_bye=i in byes) for i in ids]
        result = pair_random(ents, f"{seed}-{r}")
        check_complete(ents, [(p.a, p.b) for p in result.pairings])
        if any(p.rematch for p in result.pairings):
            seated = [e for e in ents if e.id not in {p.a for p in result.pairings if p.is_bye}]
            assert not matchable(seated, met_map(seated))
        for p in result.pairings:
            if p.is_bye:
                if p.a in byes:
                    # A second bye only when no pair without one can sit out with the rest paired legally.
                    for e in ents:
                        if e.id not in byes:
                            others = [x for x in ents if x is not e]
                            assert not matchable(others, met_map(others))
                byes.add(p.a)
            else:
                # A rematch would be flagged; with r < n - 1 rounds of a random schedule one may be forced
                # only in tiny fields, and then it is marked as such.
                assert (p.b in met[p.a]) == p.rematch
                met[p.a].add(p.b)
                met[p.b].add(p.a)


def test_random_pairing_is_reproducible_and_avoids_rematch():
    ents = [Entrant(i, opponents=frozenset({i + 1} if i % 2 else {i - 1})) for i in range(1, 11)]
    one = pair_random(ents, "seed-1")
    two = pair_random(ents, "seed-1")
    assert [(p.a, p.b) for p in one.pairings] == [(p.a, p.b) for p in two.pairings]
    assert not any(p.rematch for p in one.pairings)
    assert [(p.a, p.b) for p in pair_random(ents, "seed-2").pairings] != [(p.a, p.b) for p in one.pairings]


# --- Random pairing: each rule stated on a field built for it ---------------------------------

SEEDS = range(25)
FRESH = "случайная пара по жребию"
FORCED = FRESH + "; повторная встреча — без повторов составить пары невозможно"
BYE_FRESH = "пропуск тура по жребию среди пар без пропуска"
BYE_AGAIN = "пропуск тура по жребию (повторный)"


def _field(n, met_pairs=(), byes=(), name="p{:02d}"):
    """Pairs 1..n (ids sorted as their numbers) with the given past meetings and byes."""
    met = {i: set() for i in range(1, n + 1)}
    for a, b in met_pairs:
        met[a].add(b)
        met[b].add(a)
    return [
        Entrant(name.format(i), opponents=frozenset(name.format(j) for j in met[i]), had_bye=i in byes)
        for i in range(1, n + 1)
    ]


def _tables(result):
    return [(p.a, p.b) for p in result.pairings]


def test_greedy_seats_the_first_free_pair_with_the_first_it_has_not_met():
    a, b, c, d = (Entrant(x) for x in "abcd")
    met = {"a": {"b"}, "b": {"a"}, "c": set(), "d": set()}
    assert _greedy([a, b, c, d], met) == [(a, c), (b, d)]
    assert _greedy([c, a, b, d], met) == [(c, a), (b, d)]
    # Nobody left for the last pair but one it has met: the greedy pass gives up.
    assert _greedy([a, c, d, b], {"a": {"b"}, "b": {"a", "c", "d"}, "c": {"b"}, "d": {"b"}}) is None


def test_random_pairing_of_an_easy_field_is_a_plain_draw_with_its_reasons():
    ents = _field(7)
    for seed in SEEDS:
        result = pair_random(ents, seed)
        assert result.method == "random"
        check_complete(ents, _tables(result))
        *tables, bye = result.pairings
        assert len(tables) == 3 and all(p.reason == FRESH and not p.rematch for p in tables)
        assert bye.is_bye and bye.reason == BYE_FRESH and not bye.rematch


def test_random_pairing_of_no_pairs_is_empty():
    result = pair_random([], "seed")
    assert result.pairings == [] and result.method == "empty"


def test_random_pairing_does_not_depend_on_the_order_the_pairs_are_given_in():
    ents = _field(9, met_pairs=[(1, 2), (3, 4), (5, 6)], byes=[7])
    for seed in SEEDS:
        one = _tables(pair_random(ents, seed))
        assert _tables(pair_random(list(reversed(ents)), seed)) == one
        assert _tables(pair_random(ents[3:] + ents[:3], seed)) == one


def test_random_pairing_gives_the_bye_to_the_only_pair_whose_absence_leaves_a_legal_round():
    # 1 met 2, 2 met 3: only with 2 sitting out can the others play someone new.
    ents = _field(3, met_pairs=[(1, 2), (2, 3)])
    for seed in SEEDS:
        result = pair_random(ents, seed)
        assert _tables(result) in ([("p01", "p03"), ("p02", None)], [("p03", "p01"), ("p02", None)])
        assert result.pairings[0].reason == FRESH and not result.pairings[0].rematch
        assert result.pairings[1].reason == BYE_FRESH


def test_random_pairing_prefers_a_pair_without_a_bye_for_the_bye_even_when_a_rematch_is_forced():
    # Everybody has met everybody: a rematch is forced whoever sits out, and the bye goes to
    # the one pair that has not had one.
    ents = _field(3, met_pairs=[(1, 2), (1, 3), (2, 3)], byes=[1, 2])
    for seed in SEEDS:
        result = pair_random(ents, seed)
        assert result.method == "random-matching"
        table, bye = result.pairings
        assert {table.a, table.b} == {"p01", "p02"} and table.rematch and table.reason == FORCED
        assert (bye.a, bye.b) == ("p03", None) and bye.reason == BYE_FRESH


def test_random_pairing_gives_a_second_bye_only_when_every_pair_has_had_one():
    ents = _field(5, byes=[1, 2, 3, 4, 5])
    byes = set()
    for seed in SEEDS:
        result = pair_random(ents, seed)
        assert result.method == "random"
        bye = result.pairings[-1]
        assert bye.is_bye and bye.reason == BYE_AGAIN
        byes.add(bye.a)
    assert len(byes) > 1  # drawn, not always the same pair


def _path_field(n):
    """Each pair has met everybody but its neighbours on a line 1–2–…–n: the only round
    without a rematch is 1–2, 3–4, …, which a greedy draw almost never finds."""
    new = {(i, i + 1) for i in range(1, n)}
    return _field(n, met_pairs=[(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1) if (a, b) not in new])


def test_random_pairing_finds_the_only_round_without_rematch_when_the_draw_cannot():
    ents = _path_field(40)
    assert ATTEMPTS < 100
    for seed in range(8):
        result = pair_random(ents, seed)
        assert result.method == "random-matching"
        assert sorted(tuple(sorted((p.a, p.b))) for p in result.pairings) == [
            (f"p{i:02d}", f"p{i + 1:02d}") for i in range(1, 40, 2)
        ]
        assert all(p.reason == FRESH and not p.rematch for p in result.pairings)


def test_random_pairing_draws_again_until_a_draw_works_before_turning_to_the_matching():
    # On a line of 8 a single greedy draw finds the one clean round about one time in three;
    # the draw is repeated (ATTEMPTS times) rather than given up after the first failure.
    ents = _path_field(8)
    for seed in SEEDS:
        result = pair_random(ents, seed)
        assert result.method == "random"
        assert sorted(tuple(sorted((p.a, p.b))) for p in result.pairings) == [
            ("p01", "p02"), ("p03", "p04"), ("p05", "p06"), ("p07", "p08")
        ]

def test_random_pairing_keeps_a_forced_rematch_to_the_one_table_that_needs_it():
    # 1 has met everybody, 2 has met 3: 1 must replay someone, but 2–3 need not meet again.
    ents = _field(4, met_pairs=[(1, 2), (1, 3), (1, 4), (2, 3)])
    seen = set()
    for seed in SEEDS:
        result = pair_random(ents, seed)
        assert result.method == "random-matching"
        check_complete(ents, _tables(result))
        flagged = [p for p in result.pairings if p.rematch]
        assert len(flagged) == 1 and "p01" in (flagged[0].a, flagged[0].b) and flagged[0].reason == FORCED
        other = next(p for p in result.pairings if not p.rematch)
        assert other.reason == FRESH and {other.a, other.b} != {"p02", "p03"}
        seen.add(frozenset((flagged[0].a, flagged[0].b)))
    assert len(seen) == 2  # 1–2 and 1–3 are both drawn


def _fewest_rematches(ids, met):
    if not ids:
        return 0
    first, rest = ids[0], ids[1:]
    return min(
        (other in met[first]) + _fewest_rematches([x for x in rest if x != other], met) for other in rest
    )


def _crowded_fields():
    import random as _random
    rng = _random.Random(2024)
    fields = []
    while len(fields) < 30:
        n = rng.choice((6, 8))
        edges = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1) if rng.random() < 0.6]
        ents = _field(n, met_pairs=edges)
        if not matchable(ents, met_map(ents)):
            fields.append(ents)
    return fields


def test_random_pairing_takes_the_fewest_rematches_the_field_allows():
    # When no round without a rematch exists, the draw still has no more rematches than needed.
    for k, ents in enumerate(_crowded_fields()):
        met = met_map(ents)
        least = _fewest_rematches([e.id for e in ents], met)
        assert least >= 1
        result = pair_random(ents, k)
        check_complete(ents, _tables(result))
        assert sum(p.rematch for p in result.pairings) == least
        assert all((p.reason == FORCED) == p.rematch for p in result.pairings)
        assert all(p.rematch == (p.b in met[p.a]) for p in result.pairings)


# --- The matching helpers (matching.py) ---------------------------------------------------------

def _numbered(n, met_pairs=()):
    """Pairs 0..n-1 in standing order with the given past meetings."""
    met = {i: set() for i in range(n)}
    for a, b in met_pairs:
        met[a].add(b)
        met[b].add(a)
    ents = [Entrant(i, rank=i, opponents=frozenset(met[i])) for i in range(n)]
    return ents, met_map(ents)


def _ids(pairs):
    return [(x.id, y.id) for x, y in pairs]


def _cost(pairs, m):
    return sum(_preference_cost(x.id, y.id, m) for x, y in pairs)


def _least_cost(ents, met):
    m = len(ents)
    edges = [(i, j, _preference_cost(i, j, m)) for i in range(m) for j in range(i + 1, m) if j not in met[i]]
    found = exact_matching(list(range(m)), edges)
    return None if found is None else sum(_preference_cost(a, b, m) for a, b in found)


def test_exact_matching_without_any_allowed_table_pairs_only_an_empty_field():
    assert exact_matching([], []) == []
    assert exact_matching(["a", "b"], []) is None
    # A perfect matching before a cheap table: a–c would leave b and d without a table.
    found = exact_matching(["a", "b", "c", "d"], [("a", "b", 5), ("c", "d", 5), ("a", "c", 1)])
    assert sorted(map(sorted, found)) == [["a", "b"], ["c", "d"]]


def test_dirac_test_holds_exactly_when_every_pair_may_meet_half_the_others():
    assert dirac_matchable([], {}) is True
    assert dirac_matchable(*_numbered(3)) is False  # odd
    assert dirac_matchable(*_numbered(4)) is True
    assert dirac_matchable(*_numbered(6)) is True
    # 4 pairs, the worst has met 1: it may meet 2 of 3 others, 2·2 ≥ 4.
    assert dirac_matchable(*_numbered(4, [(0, 1)])) is True
    # The worst has met 2: 1·2 < 4 (the field may still be pairable; the test is only sufficient).
    assert dirac_matchable(*_numbered(4, [(0, 1), (0, 2)])) is False
    # 6 pairs, the worst has met 2: 3·2 ≥ 6; has met 3: 2·2 < 6.
    assert dirac_matchable(*_numbered(6, [(0, 1), (0, 2)])) is True
    assert dirac_matchable(*_numbered(6, [(0, 1), (0, 2), (0, 3)])) is False


def test_an_odd_field_is_never_matchable():
    for n in (1, 3, 5):
        assert matchable(*_numbered(n)) is False


def test_preference_cost_is_the_distance_from_meeting_the_pair_half_the_field_below():
    assert [_preference_cost(0, j, 6) for j in range(1, 6)] == [2, 1, 0, 1, 2]
    assert [_preference_cost(1, j, 8) for j in range(2, 8)] == [3, 2, 1, 0, 1, 2]


def test_outward_lists_every_other_place_nearest_first_the_higher_first():
    assert list(_outward(0, 1)) == []
    assert list(_outward(0, 4)) == [1, 2, 3]
    assert list(_outward(1, 4)) == [0, 2, 3]
    assert list(_outward(2, 5)) == [1, 3, 0, 4]
    assert list(_outward(3, 4)) == [2, 1, 0]
    assert list(_outward(4, 9)) == [3, 5, 2, 6, 1, 7, 0, 8]


def test_swapped_in_order_swaps_every_conflict_with_the_nearest_bottom_pair_that_suits():
    ents, met = _numbered(8, [(0, 4), (2, 6)])
    # 0–4 met: 4 and 5 change places (0–5, 1–4); then 2–6 met: the nearest bottom pair above
    # (now 4, of pair 1) suits both before the one below (7).
    assert _ids(_swapped_in_order(ents, met)) == [(0, 5), (1, 6), (2, 4), (3, 7)]
    # Pair 0 has met the whole bottom half: no swap helps.
    ents, met = _numbered(4, [(0, 2), (0, 3)])
    assert _swapped_in_order(ents, met) is None


def test_match_in_order_seats_the_tables_in_the_order_of_their_higher_placed_pair():
    ents, met = _numbered(6, [(0, 1), (0, 2), (1, 4), (3, 5)])
    pairs = _ids(match_in_order(ents, met))
    assert all(a < b for a, b in pairs)
    assert [a for a, _ in pairs] == sorted(a for a, _ in pairs)
    assert sorted(pairs) == [(0, 3), (1, 5), (2, 4)]


def test_match_in_order_takes_the_least_preference_cost_up_to_its_exact_limit():
    # Exactly SMALL_GROUP pairs are still matched exactly: the nearest swaps would cost 6, the best 4.
    assert SMALL_GROUP == 40
    ents, met = _numbered(40, [(0, 20), (3, 23), (4, 24), (15, 34), (15, 36)])
    pairs = match_in_order(ents, met)
    check_complete(ents, _ids(pairs))
    assert _cost(_swapped_in_order(ents, met), 40) == 6
    assert _cost(pairs, 40) == _least_cost(ents, met) == 4


def test_match_in_order_above_its_exact_limit_takes_the_nearest_swaps():
    met_pairs = [(0, 24), (13, 39), (15, 36), (16, 37), (20, 24), (21, 34), (24, 11), (27, 25), (41, 33)]
    ents, met = _numbered(42, met_pairs)
    pairs = match_in_order(ents, met)
    assert _ids(pairs) == _ids(_swapped_in_order(ents, met))
    assert _cost(pairs, 42) == 4 > _least_cost(ents, met) == 2


def test_match_in_order_above_its_exact_limit_pairs_a_field_the_swaps_cannot():
    # Pair 0 has met the whole bottom half: no swap, but 0 can meet a pair of the top half.
    ents, met = _numbered(42, [(0, j) for j in range(21, 42)])
    assert _swapped_in_order(ents, met) is None
    pairs = match_in_order(ents, met)
    check_complete(ents, _ids(pairs))
    assert all(b not in met[a] for a, b in _ids(pairs))
