"""The team match and the team standings (docs/rules.md «Командный турнир»): pure rules, no database."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pairing import pair_swiss
from teams.rounds import entrants_of
from teams.rules import (
    DEFAULT_ORDER,
    Match,
    Points,
    Table,
    TeamEntry,
    TeamRulesError,
    match_result,
    team_standings,
    validate_order,
)


def won(board, side="A", score=(101, 40)):
    """A finished table won by ``side`` (one match point to the winner, as pusto-shest gives)."""
    a, b = score if side == "A" else score[::-1]
    return Table(board, 1 if side == "A" else 0, 1 if side == "B" else 0, a, b, side, True)


def test_the_match_is_won_by_the_team_with_more_table_points():
    r = match_result(Match(1, 1, 2, (won(1, "A"), won(2, "A", (101, 90)))))
    assert (r.team_points_a, r.team_points_b, r.winner) == (2, 0, "A")
    assert (r.table_points_a, r.table_points_b, r.tables_won_a, r.tables_won_b) == (2, 0, 2, 0)
    assert r.difference_a == 61 + 11


def test_one_table_each_is_a_drawn_match_whatever_the_points():
    r = match_result(Match(1, 1, 2, (won(1, "A", (101, 0)), won(2, "B", (101, 99)))))
    assert (r.team_points_a, r.team_points_b, r.winner, r.complete) == (1, 1, None, True)
    assert r.difference_a == 101 - 2  # the point difference is a criterion of the standings, not of the match


def test_the_points_of_a_match_are_configurable():
    r = match_result(Match(1, 1, 2, (won(1, "B"), won(2, "B"))), Points(3, 1, 0))
    assert (r.team_points_a, r.team_points_b) == (0, 3)
    drawn = match_result(Match(1, 1, 2, (won(1, "A"), won(2, "B"))), Points(3, 2, 1))
    assert (drawn.team_points_a, drawn.team_points_b) == (2, 2)


def test_table_points_are_the_tables_match_points_so_a_drawn_partie_counts_for_both():
    draw = Table(2, 0.5, 0.5, 60, 60, None, True)
    r = match_result(Match(1, 1, 2, (won(1, "A"), draw, won(3, "B"))))
    assert (r.table_points_a, r.table_points_b, r.team_points_a) == (1.5, 1.5, 1)


def test_a_match_with_an_unfinished_table_counts_nothing_yet():
    r = match_result(Match(1, 1, 2, (won(1, "A"), Table(2, finished=False))))
    assert (r.complete, r.team_points_a, r.team_points_b, r.winner) == (False, 0, 0, None)


def test_a_bye_is_a_won_match():
    r = match_result(Match(1, 1, None, (Table(1, 1, 0, 0, 0, "A"), Table(2, 1, 0, 0, 0, "A"))))
    assert (r.team_points_a, r.winner, r.table_points_a) == (2, "A", 2)


TEAMS = [TeamEntry(i, i, f"Команда {i}") for i in range(1, 5)]


def standings(matches, order=DEFAULT_ORDER):
    return {r.team.number: r for r in team_standings(TEAMS, matches, Points(), order)}


def test_match_points_come_first_then_table_points():
    rows = standings([Match(1, 1, 2, (won(1), won(2))), Match(1, 3, 4, (won(1), won(2, "B"))),
                      Match(2, 1, 3, (won(1, "B"), won(2, "B"))), Match(2, 2, 4, (won(1, "B"), won(2, "B")))])
    # team 1 and team 4: one match won each (2); team 3: a win and a draw (3)
    assert [rows[n].match_points for n in (1, 2, 3, 4)] == [2, 0, 3, 3]
    assert rows[3].table_points == 3 and rows[4].table_points == 3
    assert rows[3].rank == 1 and rows[2].rank == 4


def test_the_point_difference_then_buchholz_then_head_to_head_then_the_number():
    m = [Match(1, 1, 2, (won(1, score=(101, 0)), won(2, score=(101, 0)))),
         Match(1, 3, 4, (won(1, score=(101, 90)), won(2, score=(101, 90))))]
    rows = standings(m)
    assert rows[1].rank == 1 and rows[3].rank == 2  # equal points and tables: the difference 202 > 22
    # without the difference: Buchholz equal (0 and 0), head-to-head: they never met, the number decides
    rows = standings(m, ("match_points", "table_points", "buchholz", "head_to_head", "team_number"))
    assert (rows[1].rank, rows[3].rank) == (1, 2)
    rows = standings(m, ("match_points", "table_points", "buchholz"))
    assert rows[1].rank == rows[3].rank == 1  # still equal: they share the place


def test_head_to_head_breaks_a_tie_between_the_teams_that_met():
    # 2 beat 1; then 1 beat 4 and 3 beat 2: teams 1 and 2 have 2 match points and 2 table points each
    m = [Match(1, 1, 2, (won(1, "B"), won(2, "B"))), Match(1, 3, 4, (won(1), won(2))),
         Match(2, 1, 4, (won(1), won(2))), Match(2, 2, 3, (won(1, "B"), won(2, "B")))]
    rows = standings(m, ("match_points", "table_points", "head_to_head", "team_number"))
    assert (rows[1].match_points, rows[2].match_points, rows[1].table_points, rows[2].table_points) == (2, 2, 2, 2)
    assert (rows[2].rank, rows[1].rank) == (2, 3)  # 2 took the match between them
    rows = standings(m, ("match_points", "table_points", "team_number"))
    assert (rows[1].rank, rows[2].rank) == (2, 3)  # without it, the lower number


def test_buchholz_is_the_sum_of_the_opponents_match_points():
    rows = standings([Match(1, 1, 2, (won(1), won(2))), Match(1, 3, 4, (won(1), won(2))),
                      Match(2, 1, 3, (won(1), won(2))), Match(2, 2, 4, (won(1), won(2)))])
    assert rows[1].buchholz == rows[2].match_points + rows[3].match_points == 4
    assert rows[4].buchholz == rows[3].match_points + rows[2].match_points


def test_the_order_is_checked():
    assert validate_order([]) == DEFAULT_ORDER
    for bad, code in ((["table_points", "match_points"], "match_points_first"), (["match_points", "goals"],
                      "unknown_tiebreak"), (["match_points", "buchholz", "buchholz"], "repeated_tiebreak"),
                      ("match_points", "bad_order"), ([1, 2], "bad_order")):
        with pytest.raises(TeamRulesError) as err:
            validate_order(bad)
        assert err.value.code == code


@st.composite
def team_events(draw):
    n = draw(st.integers(min_value=3, max_value=14))
    rounds = draw(st.integers(min_value=1, max_value=max(1, (n - 1) // 2)))
    k = draw(st.integers(min_value=1, max_value=4))
    return n, rounds, k, draw(st.integers(0, 10**6))


@settings(max_examples=120, deadline=None)
@given(team_events())
def test_a_team_swiss_never_pairs_two_teams_twice(event):
    n, rounds, k, seed = event
    rng = random.Random(seed)
    teams = [TeamEntry(i, i) for i in range(1, n + 1)]
    matches, met = [], set()
    for r in range(1, rounds + 1):
        rows = team_standings(teams, matches, Points())
        result = pair_swiss(entrants_of(rows))
        seen = [x for p in result.pairings for x in (p.a, p.b) if x is not None]
        assert sorted(seen) == list(range(1, n + 1))  # every team once
        assert sum(p.b is None for p in result.pairings) == n % 2
        for p in result.pairings:
            if p.b is None:
                matches.append(Match(r, p.a, None, tuple(Table(b, 1, 0, 0, 0, "A") for b in range(1, k + 1))))
                continue
            assert frozenset((p.a, p.b)) not in met, f"round {r}: teams {p.a} and {p.b} met before"
            met.add(frozenset((p.a, p.b)))
            matches.append(Match(r, p.a, p.b, tuple(won(b, rng.choice("AB")) for b in range(1, k + 1))))


def test_the_worked_example_of_the_rules():
    """docs/rules.md «Командный турнир»: 101:40 and 95:101 — a drawn match, +55 for «Тверь»."""
    r = match_result(Match(1, 1, 2, (won(1, "A", (101, 40)), won(2, "B", (101, 95)))))
    assert (r.table_points_a, r.table_points_b, r.team_points_a, r.team_points_b) == (1, 1, 1, 1)
    assert (r.tables_won_a, r.tables_won_b, r.difference_a) == (1, 1, 55)
