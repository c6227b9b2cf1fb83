"""Random pairing of individual events (pure algorithm): a seating by lot from the seed with no repeated
partner while the field allows it and fewer repeated opponents than a naive random seating."""
import random
import statistics

import pytest
from hypothesis import given, settings, strategies as st

from tournaments.pairing.base import PairingError
from tournaments.pairing.individual_base import Single, opponent_counts, repeated_partners
from tournaments.pairing.individual_random import pair_individual_random

from .individual_fields import (
    eligible_sit_outs, field, least_repeats, naive_round, play, random_history, round_cost,
)


def seating(result):
    return [(t.a, t.b) for t in result.tables]


def every_player_once(players, result):
    assert sorted(result.ids()) == sorted(p.id for p in players)
    assert len(result.sitting_out) == len(players) % 4
    assert all(len(t.a) == len(t.b) == 2 for t in result.tables)


def repeated_opponents(results) -> int:
    return sum(c - 1 for c in opponent_counts(results).values())


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 45), st.integers(0, 10**6), st.floats(0, 0.5))
def test_every_player_sits_exactly_once(n, seed, density):
    partners, opponents, sat_out = random_history(n, random.Random(seed), density)
    players = field(n, partners, opponents, sat_out)
    every_player_once(players, pair_individual_random(players, seed=seed))


@settings(max_examples=100, deadline=None)
@given(st.integers(4, 12), st.integers(0, 10**6), st.floats(0.05, 0.75))
def test_never_a_repeated_partner_when_a_seating_avoids_it(n, seed, density):
    partners, opponents, sat_out = random_history(n, random.Random(seed), density)
    players = field(n, partners, opponents, sat_out)
    result = pair_individual_random(players, seed=seed)
    choices = eligible_sit_outs(players)
    assert sorted(result.sitting_out) in choices
    least = [least_repeats(players, s) for s in choices]
    assert round_cost(players, result)[0] == min(least)
    assert sorted(result.sitting_out) == choices[least.index(min(least))]


@pytest.mark.parametrize("n, rounds", [(16, 11), (20, 13)])
@pytest.mark.parametrize("seed", [1, 2])
def test_no_partner_repeats_over_many_rounds(n, rounds, seed):
    results = play(pair_individual_random, n, rounds, seed=seed, check=every_player_once)
    assert repeated_partners(results) == 0


@pytest.mark.parametrize("n, rounds", [(16, 7), (20, 9), (41, 9)])
def test_fewer_repeated_opponents_than_a_naive_random_seating(n, rounds):
    ours = [repeated_opponents(play(pair_individual_random, n, rounds, seed=s)) for s in range(4)]
    naive = [repeated_opponents(play(naive_round, n, rounds, seed=s)) for s in range(4)]
    assert statistics.mean(ours) < statistics.mean(naive) / 2


def test_the_players_who_met_are_seated_apart_in_a_large_field():
    # 40 players (no exhaustive search): 1 has met 2, 3 and 4 — and partnered 5 — and still meets none of them.
    players = field(40, partners=[(1, 5)], opponents=[(1, 2), (1, 3), (1, 4)])
    for seed in range(10):
        result = pair_individual_random(players, seed=seed)
        assert round_cost(players, result)[::2] == (0, 0)


def test_at_a_single_table_the_players_who_met_become_partners():
    players = field(4, opponents=[(1, 2)])
    for seed in range(8):
        result = pair_individual_random(players, seed=seed)
        assert {1, 2} in ({*result.tables[0].a}, {*result.tables[0].b})
        assert "снова соперники" not in result.tables[0].reason


def test_a_repeat_only_when_it_cannot_be_avoided_and_it_is_said():
    result = pair_individual_random(field(4, partners=[(1, 2), (1, 3), (1, 4)]), seed=5)
    assert round_cost(field(4, partners=[(1, 2), (1, 3), (1, 4)]), result)[0] == 1
    assert "повторный партнёр — без повторов рассадить игроков невозможно" in result.tables[0].reason
    clean = pair_individual_random(field(8), seed=5)
    assert all(t.reason == "рассадка по жребию" for t in clean.tables)


def test_sit_outs_follow_the_rule_of_the_swiss():
    assert sorted(pair_individual_random(field(11), seed=1).sitting_out) == [9, 10, 11]
    assert sorted(pair_individual_random(field(10, sat_out={10: 1, 9: 1, 7: 1}), seed=1).sitting_out) == [6, 8]


def test_reproducible_from_the_seed_and_different_for_another():
    for n in (16, 40):
        players = field(n, partners=[(1, 2)], opponents=[(3, 4)])
        first = seating(pair_individual_random(players, seed="x"))
        assert seating(pair_individual_random(players, seed="x")) == first
        assert seating(pair_individual_random(list(reversed(players)), seed="x")) == first  # not the input order
        others = {tuple(seating(pair_individual_random(players, seed=s))) for s in "abcde"}
        assert len(others - {tuple(first)}) >= 4


def test_duplicate_players_are_refused():
    with pytest.raises(PairingError, match="Номера игроков повторяются"):
        pair_individual_random([Single(1), Single(2), Single(3), Single(4), Single(2)])


def test_fewer_than_four_players_are_refused():
    with pytest.raises(PairingError, match="За стол садятся четыре игрока, а в турнире их 3"):
        pair_individual_random(field(3))
