"""Swiss pairing: the objective proved against brute force on small fields."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pairing import Entrant, check_complete, pair_swiss, swiss_cost


def all_pairings(ids):
    """Every way to pair ``ids`` (one bye, None, when the count is odd)."""
    if len(ids) % 2:
        for k in range(len(ids)):
            rest = ids[:k] + ids[k + 1:]
            for p in all_pairings(rest):
                yield [(ids[k], None)] + p
        return
    if not ids:
        yield []
        return
    first = ids[0]
    for k in range(1, len(ids)):
        rest = ids[1:k] + ids[k + 1:]
        for p in all_pairings(rest):
            yield [(first, ids[k])] + p


def brute_force_best(entrants):
    ids = [e.id for e in entrants]
    return min(swiss_cost(entrants, p) for p in all_pairings(ids))


def as_tuples(result):
    return [(p.a, p.b) for p in result.pairings]


@st.composite
def fields(draw):
    n = draw(st.integers(min_value=2, max_value=12))
    scores = draw(st.lists(st.integers(min_value=0, max_value=4), min_size=n, max_size=n))
    density = draw(st.sampled_from([0.0, 0.15, 0.35, 0.6, 0.9]))
    rng = random.Random(draw(st.integers(0, 10**6)))
    met = {i: set() for i in range(1, n + 1)}
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            if rng.random() < density:
                met[a].add(b)
                met[b].add(a)
    byes = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    order = sorted(range(1, n + 1), key=lambda i: (-scores[i - 1], rng.random()))
    return [
        Entrant(i, score=scores[i - 1], rank=order.index(i), opponents=frozenset(met[i]), had_bye=byes[i - 1])
        for i in range(1, n + 1)
    ]


@settings(max_examples=250, deadline=None)
@given(fields())
def test_swiss_is_optimal_against_brute_force(entrants):
    result = pair_swiss(entrants)
    pairs = as_tuples(result)
    check_complete(entrants, pairs)
    assert swiss_cost(entrants, pairs) == brute_force_best(entrants)
    assert all(p.reason for p in result.pairings)


def test_fast_method_used_when_lower_bound_is_reachable():
    # 3 pairs on 1 point, 3 on 0: one float, 1 point → 0.
    ents = [Entrant(i, score=1 if i <= 3 else 0, rank=i - 1) for i in range(1, 7)]
    result = pair_swiss(ents)
    assert result.method == "groups"
    assert swiss_cost(ents, as_tuples(result)) == (0, 0, 0, 1, 1)
    # The lowest of the 1-point group (3) floats to the highest of the 0-point group (4).
    cross = [p for p in result.pairings if {p.a, p.b} == {3, 4}]
    assert cross and "спущена" in cross[0].reason


def test_no_rematch_even_when_it_costs_floats():
    # 1 and 2 lead with 2 points but have met: both must float.
    ents = [
        Entrant(1, score=2, rank=0, opponents=frozenset({2})),
        Entrant(2, score=2, rank=1, opponents=frozenset({1})),
        Entrant(3, score=1, rank=2),
        Entrant(4, score=1, rank=3),
    ]
    pairs = as_tuples(pair_swiss(ents))
    assert (1, 2) not in pairs and (2, 1) not in pairs
    assert swiss_cost(ents, pairs)[0] == 0


def test_bye_goes_to_lowest_without_one():
    ents = [Entrant(i, score=0, rank=i - 1, had_bye=(i == 5)) for i in range(1, 6)]
    result = pair_swiss(ents)
    bye = [p for p in result.pairings if p.is_bye]
    assert [p.a for p in bye] == [4]
    assert "без пропуска" in bye[0].reason


def test_rematch_only_when_nothing_else_is_possible():
    # Everyone has met everyone (a completed round robin of 4): rematches are unavoidable.
    ids = [1, 2, 3, 4]
    ents = [Entrant(i, score=0, rank=i - 1, opponents=frozenset(set(ids) - {i})) for i in ids]
    result = pair_swiss(ents)
    assert result.method == "matching-rematch"
    assert all(p.rematch for p in result.pairings)
    assert "повторная встреча" in result.pairings[0].reason


def test_large_field_after_six_rounds_is_legal_and_at_lower_bound():
    ents = simulate_field(400, 6, seed=3)
    result = pair_swiss(ents)
    pairs = as_tuples(result)
    check_complete(ents, pairs)
    r, b1, b2, x, f = swiss_cost(ents, pairs)
    assert (r, b1) == (0, 0)
    assert result.method == "groups"


def simulate_field(n, rounds, seed):
    """Play ``rounds`` Swiss rounds with random results; return the entrants before the next one."""
    rng = random.Random(seed)
    score = {i: 0 for i in range(1, n + 1)}
    met = {i: set() for i in range(1, n + 1)}
    byes = set()
    for _ in range(rounds):
        ents = entrants_from(score, met, byes, rng)
        for p in pair_swiss(ents).pairings:
            if p.b is None:
                byes.add(p.a)
                score[p.a] += 1
            else:
                met[p.a].add(p.b)
                met[p.b].add(p.a)
                score[rng.choice([p.a, p.b])] += 1
    return entrants_from(score, met, byes, rng)


def entrants_from(score, met, byes, rng):
    order = sorted(score, key=lambda i: (-score[i], i))
    return [
        Entrant(i, score=score[i], rank=k, opponents=frozenset(met[i]), had_bye=i in byes)
        for k, i in enumerate(order)
    ]


def test_fallbacks_agree_when_the_lower_bound_is_out_of_reach(monkeypatch):
    """Two leaders who already met must both float (one of them two groups down): the groups method
    cannot reach its bound, the matching takes over, and its restricted form (used for large
    fields) finds the same objective here, with the proof that it lost nothing."""
    from engine.pairing import swiss

    ents = [Entrant(1, score=3, rank=0, opponents=frozenset({2})), Entrant(2, score=3, rank=1, opponents=frozenset({1}))]
    ents += [Entrant(i, score=2 if i < 14 else 1, rank=i - 1) for i in range(3, 31)]
    exact = pair_swiss(ents)
    assert exact.method in {"matching", "matching-restricted"}
    monkeypatch.setattr(swiss, "EXACT_LIMIT", 0)
    restricted = pair_swiss(ents)
    assert restricted.method == "matching-restricted"
    check_complete(ents, as_tuples(restricted))
    assert swiss_cost(ents, as_tuples(restricted)) == swiss_cost(ents, as_tuples(exact)) == (0, 0, 0, 2, 3)


def test_no_pairs_and_a_single_pair_are_named_in_the_method():
    # the method is recorded with the round (the audit log): an empty field, a lone pair that sits out
    assert pair_swiss([]).method == "empty"
    alone = pair_swiss([Entrant("x", score=3)])
    assert alone.method == "single"
    assert [(p.a, p.b) for p in alone.pairings] == [("x", None)]


def test_check_complete_names_what_is_wrong():
    ents = [Entrant(i, rank=i) for i in range(3)]
    check_complete(ents, [(0, 1), (2, None)])
    with pytest.raises(AssertionError, match="^one bye exactly when the field is odd$"):
        check_complete(ents, [(0, None), (1, None), (2, None)])  # three byes, each pair once
    with pytest.raises(AssertionError, match="^every pair exactly once$"):
        check_complete(ents, [(0, 1), (1, None)])
