"""The winner of a knockout team match (docs/rules.md I.9.5 [толкование]) and the criterion shown between two
places of the team standings: pure rules, no database."""
from teams.rules import (
    DEFAULT_ORDER,
    Match,
    Table,
    TeamEntry,
    knockout_decider,
    knockout_winner,
    separating,
    team_standings,
)


def table(board, a, b, finished=True):
    """A table of pusto-shest: one match point to the partie's winner (none on a drawn partie)."""
    winner = "A" if a > b else "B" if b > a else None
    return Table(board, int(a > b), int(b > a), a, b, winner, finished)


def match(*tables):
    return Match(2, 1, 2, tuple(tables))


def test_more_table_points_win_the_knockout_match():
    assert knockout_winner(match(table(1, 101, 40), table(2, 101, 99))) == "A"
    assert knockout_winner(match(table(1, 40, 101), table(2, 99, 101))) == "B"


def test_equal_table_points_then_tables_won_then_the_point_difference():
    # 1 : 1 at two tables: A +61 at table 1, B +51 at table 2: A by the point difference (+10)
    assert knockout_winner(match(table(1, 101, 40), table(2, 50, 101))) == "A"
    # A +11 at table 1, B +61 at table 2: B, although A won table 1
    assert knockout_winner(match(table(1, 101, 90), table(2, 40, 101))) == "B"


def test_tables_won_decide_before_the_difference_when_table_points_are_equal():
    # three tables, one drawn (no match point to either): table points 1 : 1, tables won 1 : 1 — the
    # difference decides; a drawn table lowers nobody's tables won
    assert knockout_winner(match(table(1, 101, 100), table(2, 60, 60), table(3, 40, 101))) == "B"


def test_everything_equal_table_1_decides_then_table_2():
    assert knockout_winner(match(table(1, 101, 40), table(2, 40, 101))) == "A"
    assert knockout_winner(match(table(1, 40, 101), table(2, 101, 40))) == "B"
    assert knockout_winner(match(table(1, 60, 60), table(2, 40, 40), table(3, 30, 30))) is None  # extra deal due


def test_an_unfinished_table_leaves_the_match_undecided():
    assert knockout_winner(match(table(1, 101, 40), table(2, 0, 0, finished=False))) is None


def test_the_criterion_between_two_team_places():
    teams = [TeamEntry(1, 1, "Тверь"), TeamEntry(2, 2, "Клин"), TeamEntry(3, 3, "Торжок"), TeamEntry(4, 4, "Казань")]
    rows = team_standings(teams, [Match(1, 1, 2, (table(1, 101, 40),)), Match(1, 3, 4, (table(1, 101, 90),))],
                          order=DEFAULT_ORDER)
    assert [r.team.number for r in rows] == [1, 3, 4, 2]
    assert separating(rows[0], rows[1], DEFAULT_ORDER) == "difference"  # +61 against +11
    assert separating(rows[1], rows[2], DEFAULT_ORDER) == "match_points"
    assert separating(rows[2], rows[3], ("match_points", "table_points")) == ""


def test_the_worked_example_of_the_rules():
    """docs/rules.md I.9.5: team 3 (side A) against team 5, 101 : 90 and 40 : 101 — team 5 by the difference
    (−50 for team 3); with 90 : 101 at table 2 everything is equal and table 1's winner, team 3, goes on."""
    assert knockout_winner(match(table(1, 101, 90), table(2, 40, 101))) == "B"
    assert knockout_winner(match(table(1, 101, 90), table(2, 90, 101))) == "A"


def test_what_decided_a_knockout_match_is_named_with_the_deciding_table():
    assert knockout_decider(match(table(1, 101, 40), table(2, 101, 99))) == ("A", "table_points", None)
    assert knockout_decider(match(table(1, 101, 90), table(2, 40, 101))) == ("B", "difference", None)
    assert knockout_decider(match(table(1, 101, 90), table(2, 90, 101))) == ("A", "board", 1)
    assert knockout_decider(match(table(1, 60, 60), table(2, 40, 101), table(3, 101, 40))) == ("B", "board", 2)
    assert knockout_decider(match(table(1, 60, 60), table(2, 40, 40))) is None  # the extra deal is due
    assert knockout_decider(Match(2, 1, None, (table(1, 0, 0),))) == ("A", "bye", None)
    # table points equal, tables won not: a table with no winner whose match point went to B (a sanction)
    uneven = (Table(1, 1, 0, 101, 40, "A"), Table(2, 0, 1, 60, 60, None))
    assert knockout_decider(Match(2, 1, 2, uneven)) == ("A", "tables_won", None)
