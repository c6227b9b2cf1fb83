"""Random pairing of individual events (pure algorithm): a seating by lot from the seed with no repeated
partner while the field allows it and fewer repeated opponents than a naive random seating."""
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pairing.base import PairingError
from engine.pairing.individual_base import Single, opponent_counts, repeated_partners
from engine.pairing.individual_random import SAMPLE, drawn_neighbours, pair_individual_random
from engine.pairing.individual_search import standings_order

from .individual_fields import (
    eligible_sit_outs,
    field,
    least_repeats,
    naive_round,
    play,
    random_history,
    round_cost,
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


def test_without_a_seed_the_draw_is_that_of_the_empty_seed():
    players = field(16, partners=[(1, 2), (3, 4)], opponents=[(5, 6)])
    assert seating(pair_individual_random(players)) == seating(pair_individual_random(players, seed=""))
    assert seating(pair_individual_random(players)) != seating(pair_individual_random(players, seed="XXXX"))


def test_in_a_tied_field_the_seed_decides_who_sits_out():
    players = [Single(k) for k in range(1, 10)]  # equal scores and places: the lot from the seed orders them
    for seed in ("a", "b", "c", "d"):
        assert pair_individual_random(players, seed=seed).sitting_out == [standings_order(players, seed)[-1].id]
    assert len({tuple(pair_individual_random(players, seed=s).sitting_out) for s in "abcdefgh"}) > 1


def test_the_lot_shuffles_the_players_by_their_numbers_and_seats_them_four_by_four():
    # Nobody has met: the drawn order is kept, and each table is its 1st with 4th against 2nd with 3rd.
    players = field(12)  # places 1 … 12, numbers in the order "1", "10", "11", "12", "2", …
    for seed in ("s", "t"):
        drawn = sorted(players, key=lambda p: repr(p.id))
        random.Random(f"individual-random:{seed}").shuffle(drawn)
        ids = [p.id for p in drawn]
        tables = [((ids[i], ids[i + 3]), (ids[i + 1], ids[i + 2])) for i in range(0, 12, 4)]
        assert seating(pair_individual_random(players, seed=seed)) == tables


@pytest.mark.parametrize("n, method", [(16, "random-exact"), (17, "random-exact"), (20, "random")])
def test_the_method_says_whether_the_seating_was_searched_exhaustively(n, method):
    assert pair_individual_random(field(n, partners=[(1, 2)]), seed=3).method == method


def test_a_moved_player_is_named_at_the_table_he_was_moved_to():
    # 40 players, each has met the next three: whoever ends at another table than his drawn one is named there.
    players = field(40, opponents=[(a, b) for a in range(1, 41) for b in range(a + 1, min(a + 4, 41))])
    moves = 0
    for seed in range(6):
        result = pair_individual_random(players, seed=seed)
        drawn = sorted(players, key=lambda p: repr(p.id))
        random.Random(f"individual-random:{seed}").shuffle(drawn)
        for k, t in enumerate(result.tables):
            home = {p.id for p in drawn[4 * k:4 * k + 4]}
            named = {pid for pid in t.players if f"игрок {pid} пересажен за этот стол: " in t.reason}
            assert named == set(t.players) - home
            moves += len(named)
    assert moves


def test_the_reason_of_a_table_lists_each_repeat_it_could_not_avoid():
    # 1 has partnered 2, 3 and 4, who have all met each other: one partner and two meetings repeat.
    players = field(4, partners=[(1, 2), (1, 3), (1, 4)], opponents=[(2, 3), (2, 4), (3, 4)])
    table = pair_individual_random(players, seed=1).tables[0]
    drawn, again = table.reason.split("; ")[:2], table.reason.split("; ")[2:]
    assert drawn == ["рассадка по жребию", "повторный партнёр — без повторов рассадить игроков невозможно"]
    mate = next(x for x in (*table.a, *table.b) if x != 1 and {1, x} in ({*table.a}, {*table.b}))
    assert len(again) == 1 and again[0].startswith("снова соперники: ")
    met = {frozenset(map(int, pair.split(" и "))) for pair in again[0].removeprefix("снова соперники: ").split(", ")}
    assert met == {frozenset((mate, y)) for y in {2, 3, 4} - {mate}}


@pytest.mark.parametrize("count", [5, 33, 34, 100])
def test_the_tables_tried_for_an_exchange_are_drawn_then_the_rest_for_a_repeated_partner(count):
    neighbours = drawn_neighbours(count, random.Random(count))
    for k in (0, count // 2, count - 1):
        narrow = list(neighbours(k, False))
        assert len(narrow) == 1 and k not in narrow[0]
        assert len(narrow[0]) == len(set(narrow[0])) == min(SAMPLE, count - 1)
        wide = list(neighbours(k, True))
        assert len(wide[0]) == min(SAMPLE, count - 1) and k not in wide[0]
        if count - 1 > SAMPLE:
            assert len(wide) == 2 and sorted(wide[0] + wide[1]) == [u for u in range(count) if u != k]
        else:
            assert len(wide) == 1
