"""The rating's rules (registry.elo): the worked example of docs/rules.md «Рейтинг», number for number."""
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from registry import elo


def example_states():
    return {"ivanov": elo.State(D(1600), 10), "sidorov": elo.State(D(1700), 50),
            "kuznetsov": elo.State(D(1640), 250)}


def test_worked_example_win_then_draw():
    states = example_states()
    first = elo.rate(states, elo.Game(1, ("ivanov", "petrov"), ("sidorov", "kuznetsov"), D(1), {"petrov": None}))
    assert round(first[0].expected, 4) == 0.3339 and round(first[2].expected, 4) == 0.6661
    assert [(c.player, c.k, c.delta, c.after) for c in first] == [
        ("ivanov", 40, D("26.65"), D("1626.65")), ("petrov", 40, D("26.65"), D("1526.65")),
        ("sidorov", 20, D("-13.32"), D("1686.68")), ("kuznetsov", 10, D("-6.66"), D("1633.34"))]
    second = elo.rate(states, elo.Game(2, ("ivanov", "petrov"), ("sidorov", "kuznetsov"), elo.DRAW, {}))
    assert round(second[0].expected, 4) == 0.3823
    assert [(c.delta, c.after) for c in second] == [
        (D("4.71"), D("1631.36")), (D("4.71"), D("1531.36")), (D("-2.35"), D("1684.33")), (D("-1.18"), D("1632.16"))]
    assert states["petrov"] == elo.State(D("1531.36"), 2)
    assert states["kuznetsov"].parties == 252


def test_new_player_starts_at_given_rating_else_1500():
    states = {}
    changes = elo.rate(states, elo.Game(1, ("a", "b"), ("c", "d"), D(0), {"a": 1800, "c": None}))
    assert [c.before for c in changes] == [D(1800), D(1500), D(1500), D(1500)]


def test_k_steps():
    assert [elo.k_factor(n) for n in (0, 29, 30, 199, 200, 5000)] == [40, 40, 20, 20, 10, 10]


def test_provisional_below_configured_parties():
    config = elo.Config(provisional_below=5)
    assert elo.provisional(4, config) and not elo.provisional(5, config)
    assert elo.provisional(19) and not elo.provisional(20)


def test_refuses_a_player_on_both_sides_and_a_bad_result():
    with pytest.raises(ValueError):
        elo.rate({}, elo.Game(1, ("a", "b"), ("b", "c"), D(1), {}))
    with pytest.raises(ValueError):
        elo.rate({}, elo.Game(1, ("a",), ("c",), D(2), {}))


def test_result_score_from_winner():
    assert (elo.result_score("A"), elo.result_score("B"), elo.result_score(None)) == (D(1), D(0), D("0.5"))


ratings = st.integers(min_value=800, max_value=2600)


@settings(deadline=None)
@given(ratings, ratings, ratings, ratings, st.sampled_from([D(0), elo.DRAW, D(1)]))
def test_equal_k_is_zero_sum_and_the_winner_never_loses(ra1, ra2, rb1, rb2, score):
    states = {p: elo.State(D(r), 0) for p, r in zip("abcd", (ra1, ra2, rb1, rb2))}
    changes = elo.rate(states, elo.Game(1, ("a", "b"), ("c", "d"), score, {}))
    assert abs(sum(c.delta for c in changes)) <= D("0.02")
    a = changes[0].delta
    assert (a >= 0) if score == 1 else (a <= 0) if score == 0 else True
    assert all(abs(c.delta) <= 40 for c in changes)
