"""The team standing over the main standings' rows (docs/rules.md «Командный зачёт»), no database."""
import pytest

from engine.ranking.standings import DISQUALIFIED, WITHDRAWN, Game, PairEntry, Row, compute_standings
from engine.ranking.standings_individual import compute_individual_standings
from engine.ranking.teams import compute_team_standings, team_of, unassigned

ORDER = ("match_points", "difference", "pair_number")


def entries(n, extra=None):
    extra = extra or {}
    return [PairEntry(id=100 + i, number=i, name="", players=(f"Игрок {i}",), **extra.get(i, {}))
            for i in range(1, n + 1)]


def win(rnd, a, b, margin=10):
    """Pair ``a`` beats pair ``b`` by ``margin`` points (b None: a bye)."""
    if b is None:
        return Game(rnd, 100 + a, None)
    return Game(rnd, 100 + a, 100 + b, 20 + margin, 20, winner="A")


def standings(n, games, extra=None):
    return compute_standings(entries(n, extra), games, tiebreaks=ORDER)


def teams_of(mapping):
    return {100 + number: team for number, team in mapping.items()}


def line(team):
    return (team.rank, team.name, [r.pair.number for r in team.counted], team.match_points, team.difference)


def test_the_best_m_entrants_count_and_the_rest_do_not():
    # round 1: 1 beats 2, 3 beats 4; round 2: 1 beats 3, 2 beats 4 (by 30)
    rows = standings(4, [win(1, 1, 2), win(1, 3, 4), win(2, 1, 3), win(2, 2, 4, 30)])
    teams = compute_team_standings(rows, teams_of({1: "Клин", 2: "Клин", 3: "Клин", 4: "Тверь"}), best=2)
    klin, tver = teams
    # 1: 2 MP +20; 2: 1 MP +20; 3: 1 MP 0 — the best two of Клин are 1 and 2 (3 is its next, not counted)
    assert line(klin) == (1, "Клин", [1, 2], 3, 40)
    assert [r.pair.number for r in klin.others] == [3] and (klin.next_match_points, klin.next_difference) == (1, 0)
    assert klin.complete and not tver.complete and line(tver) == (2, "Тверь", [4], 0, -40)
    assert compute_team_standings(rows, teams_of({1: "Клин", 2: "Клин", 3: "Клин"}), best=3)[0].match_points == 4


def test_equal_sums_are_decided_by_the_next_entrant_before_the_difference():
    # A: 1 (1 MP, +50), 2 (1 MP, +50), 5 (1 MP); B: 3 (1 MP, +10), 4 (1 MP, +10), 6 (0 MP)
    games = [win(1, 1, 7, 50), win(1, 2, 8, 50), win(1, 5, 9), win(1, 3, 10), win(1, 4, 11), win(1, 12, 6)]
    rows = standings(12, games)
    a_b = teams_of({1: "А", 2: "А", 5: "А", 3: "Б", 4: "Б", 6: "Б"})
    first, second = compute_team_standings(rows, a_b, best=2)
    assert (first.name, first.match_points, first.next_match_points) == ("А", 2, 1)
    # give Б the better next entrant: it goes first although А's counted entrants have the better difference
    b_better = teams_of({1: "А", 2: "А", 6: "А", 3: "Б", 4: "Б", 5: "Б"})
    first, second = compute_team_standings(rows, b_better, best=2)
    assert (first.name, first.difference, first.next_match_points) == ("Б", 20, 1)
    assert (second.name, second.difference, second.next_match_points) == ("А", 100, 0)


def test_then_the_difference_then_the_next_entrant_s_difference():
    games = [win(1, 1, 7, 50), win(1, 2, 8, 10), win(1, 3, 9, 30), win(1, 4, 10, 30)]
    rows = standings(10, games)
    teams = compute_team_standings(rows, teams_of({1: "А", 2: "А", 3: "Б", 4: "Б"}), best=2)
    assert [(t.name, t.match_points, t.difference, t.rank) for t in teams] == [("А", 2, 60, 1), ("Б", 2, 60, 1)]
    assert all(t.tied for t in teams)  # equal in everything: one place, listed by name
    # the next entrants' difference: А's next lost by 10, Б's by 30
    games += [win(1, 11, 5, 10), win(1, 12, 6, 30)]
    rows = standings(12, games)
    teams = compute_team_standings(rows, teams_of({1: "А", 2: "А", 5: "А", 3: "Б", 4: "Б", 6: "Б"}), best=2)
    assert [(t.name, t.rank, t.next_difference) for t in teams] == [("А", 1, -10), ("Б", 2, -30)]
    # a team without a next entrant is below one that has any
    teams = compute_team_standings(rows, teams_of({1: "А", 2: "А", 3: "Б", 4: "Б", 6: "Б"}), best=2)
    assert [(t.name, t.next_match_points) for t in teams] == [("Б", 0), ("А", None)]


def test_withdrawn_and_disqualified_entrants_do_not_count_for_their_team():
    extra = {1: {"status": WITHDRAWN, "withdrawn_after_round": 1}, 3: {"status": DISQUALIFIED,
                                                                       "withdrawn_after_round": 1}}
    rows = standings(6, [win(1, 1, 2, 40), win(1, 3, 4, 40), win(1, 5, 6)], extra)
    teams = compute_team_standings(rows, teams_of({1: "А", 2: "А", 5: "А", 3: "Б", 4: "Б"}), best=2)
    a, b = teams
    assert line(a) == (1, "А", [5, 2], 1, -30) and [r.pair.number for r in a.removed] == [1]
    assert line(b) == (2, "Б", [4], 0, -40) and not b.complete and [r.pair.number for r in b.removed] == [3]
    assert a.to_json()["removed"] == [{"entrant": 1, "name": "Игрок 1", "status": "withdrawn"}]


def test_incomplete_teams_take_the_places_after_the_complete_ones():
    rows = standings(6, [win(1, 1, 2, 90), win(1, 3, 4), win(1, 6, 5)])
    teams = compute_team_standings(rows, teams_of({1: "Один", 2: "Полная", 5: "Полная", 3: "Тоже", 4: "Тоже"}))
    assert [(t.name, t.rank, t.complete) for t in teams] == [
        ("Тоже", 1, True), ("Полная", 2, True), ("Один", 3, False)]


def test_the_best_are_chosen_by_match_points_and_difference_not_by_the_main_place():
    # with points first in the main order, pair 2 (more points) is above pair 1 (better difference)
    games = [Game(1, 101, 103, 50, 0, winner="A"), Game(1, 102, 104, 200, 190, winner="A"), win(1, 105, 106)]
    rows = compute_standings(entries(6), games, tiebreaks=("match_points", "points_for", "pair_number"))
    assert [r.pair.number for r in rows][:2] == [2, 1]
    team = compute_team_standings(rows, teams_of({1: "А", 2: "А", 5: "А"}), best=1)[0]
    assert [r.pair.number for r in team.counted] == [1] and team.difference == 50
    assert [r.pair.number for r in team.others] == [2, 5]  # both won by 10: the main place orders them


def test_names_are_grouped_as_people_write_them_and_printed_as_the_first_entrant_spells_them():
    rows = standings(3, [win(1, 1, 2), win(1, 3, None)])
    teams = compute_team_standings(rows, teams_of({3: "ЁЛКА ", 1: "ёлка", 2: "Елка"}), best=3)
    assert len(teams) == 1 and teams[0].name == "ёлка" and len(teams[0].counted) == 3
    assert [r.pair.number for r in unassigned(rows, teams_of({1: "ёлка", 3: "  "}))] == [3, 2]
    with pytest.raises(ValueError):
        compute_team_standings(rows, {}, best=0)


@pytest.mark.parametrize("mode, team, clubs, expected", [
    ("club", "", ["Тверь", "тверь "], "Тверь"),  # one club, written two ways
    ("club", "", ["Тверь", "Клин"], ""),  # **[interpretation]** two clubs: no team unless one is entered
    ("club", "", ["Тверь", ""], ""),  # one club unknown: no team
    ("club", "Сборная  области", ["Тверь", "Клин"], "Сборная области"),  # the entered team wins
    ("club", "", ["Клин"], "Клин"),  # an individual event's one player
    ("team", "", ["Тверь", "Тверь"], ""),  # by team: the clubs do not count
    ("team", " Север ", ["Тверь"], "Север"),
    ("none", "Север", ["Тверь"], ""),
])
def test_an_entrant_s_team(mode, team, clubs, expected):
    assert team_of(mode, team, clubs) == expected


def test_an_individual_event_s_rows_make_teams_the_same_way():
    # four players a table: 1 + 2 beat 3 + 4 by 20; 5 sits out (the bye result: a win)
    players = entries(5)
    game = Game(1, 101, 103, 40, 20, winner="A", partner_a=102, partner_b=104)
    rows = compute_individual_standings(players, [game, Game(1, 105, None)])
    teams = compute_team_standings(rows, teams_of({1: "А", 3: "А", 2: "Б", 4: "Б", 5: "Б"}), best=2)
    assert [(t.name, t.match_points, t.difference, [r.pair.number for r in t.counted]) for t in teams] == [
        ("Б", 2, 20, [2, 5]), ("А", 1, 0, [1, 3])]
    assert teams[0].to_json()["counted"][0] == {"entrant": 2, "name": "Игрок 2", "rank": 2, "match_points": 1,
                                                "difference": 20}


def test_the_worked_example_of_docs_rules():
    """docs/rules.md «Командный зачёт»: Тверь-1 and Клин have 7 match points each; Тверь-1's third pair (2) beats
    Клин's (1), although Клин's difference is the better; Север's withdrawn pair does not count: Север is incomplete."""
    table = [  # pair, team, match points, difference, withdrawn
        (1, "Тверь-1", 4, 60, False), (2, "Клин", 4, 35, False), (3, "Тверь-1", 3, 12, False),
        (4, "Клин", 3, 40, False), (5, "Тверь-1", 2, -10, False), (6, "Клин", 1, -30, False),
        (7, "Север", 3, 20, True), (8, "Север", 2, 5, False), (9, "", 2, 0, False)]
    rows = [Row(pair=PairEntry(100 + n, n), status=WITHDRAWN if out else "active", rank=None if out else n,
                match_points=mp, points_for=100 + diff, points_against=100) for n, _t, mp, diff, out in table]
    teams = compute_team_standings(rows, {100 + n: team for n, team, *_rest in table}, best=2)
    assert [(t.rank, t.name, [r.pair.number for r in t.counted], t.match_points, t.difference, t.next_match_points)
            for t in teams] == [(1, "Тверь-1", [1, 3], 7, 72, 2), (2, "Клин", [2, 4], 7, 75, 1),
                                (3, "Север", [8], 2, 5, None)]
    assert not teams[2].complete and [r.pair.number for r in teams[2].removed] == [7]
