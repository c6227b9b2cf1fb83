"""Standings of the Kozel family on hand-made parties (no database): goats, rating, points the other way round.

RULES-KOZEL.md §5.4, docs/rules-kozel.md §11. Each step of the default order of Kozel — match points →
goats difference → point difference → head-to-head → Buchholz → pair number — decides one case below.
"""
import pytest

from engine.ranking.crosstable import cells_by_pair, round_robin_matrix
from engine.ranking.individual import PlayerEntry, individual_standings
from engine.ranking.standings import Game, PairEntry, Scoring, compute_standings, scoring_from_rules
from engine.ranking.tiebreaks import ORDERINGS, TiebreakError, resolve_tiebreaks
from engine.rules import Rules
from scoring.reports.tabular import cell_text

KOZEL = Scoring(own_points_against=True, goats=True, rating=True)
MORSKOY = Scoring(goats=True)
GOATS_ORDER = ORDERINGS["goats"]


def pairs(n):
    return [PairEntry(id=100 + i, number=i, name=f"Пара {i}") for i in range(1, n + 1)]


def kg(rnd, a, b, totals=(0, 0), goats=(0, 0), *, dry=(0, 0), won=None, rating=(None, None), finished=True):
    """A Kozel partie: ``totals`` are the pairs' own totals, ``goats`` the goats each received."""
    winner = None if goats[0] == goats[1] else ("A" if goats[0] < goats[1] else "B")
    if won is None:  # one game per goat by default
        won = (goats[1], goats[0])
    return Game(rnd, 100 + a, 100 + b if b else None, totals[0], totals[1], 0, 0, winner, finished, None, None, None,
                won[0], won[1], goats[0], goats[1], dry[0], dry[1], rating[0], rating[1])


def order(rows):
    return [r.pair.number for r in rows]


def by_number(rows):
    return {r.pair.number: r for r in rows}


def test_a_kozel_pairs_own_total_is_its_points_against():
    # Pair 1 ends the game on 60, pair 2 reaches 101 and is the goat.
    rows = by_number(compute_standings(pairs(2), [kg(1, 1, 2, (60, 101), (0, 1), rating=(4, 0))],
                                       scoring=KOZEL, tiebreaks=GOATS_ORDER))
    one, two = rows[1], rows[2]
    assert (one.points_for, one.points_against, one.difference) == (101, 60, 41)
    assert (two.points_for, two.points_against, two.difference) == (60, 101, -41)
    assert (one.goats_received, one.goats_given, one.goats_difference, one.games_won) == (0, 1, 1, 1)
    assert (two.goats_received, two.goats_given, two.goats_difference, two.games_won) == (1, 0, -1, 0)
    assert (one.rating, two.rating) == (4, 0) and one.rank == 1


def test_when_the_winners_record_the_own_total_is_points_for():
    rows = by_number(compute_standings(pairs(2), [kg(1, 1, 2, (125, 0), (0, 1), dry=(0, 1))],
                                       scoring=MORSKOY, tiebreaks=GOATS_ORDER))
    assert (rows[1].points_for, rows[1].points_against) == (125, 0)
    assert (rows[2].dry_goats, rows[1].dry_goats_given, rows[1].dry_goats) == (1, 1, 0)


def test_goats_dry_goats_games_and_rating_add_up_over_rounds():
    games = [
        kg(1, 1, 2, (90, 230), (1, 2), dry=(0, 0), won=(2, 1), rating=(2, -11)),   # three games, 1 won by 2
        kg(2, 1, 3, (0, 101), (0, 2), dry=(0, 1), won=(1, 0), rating=(10, 0)),    # dry goat counted 2
        kg(3, 1, 4, (50, 40), (0, 0), won=(0, 0), rating=(None, None)),            # not finished: not counted
    ]
    games[2].finished = False
    rows = by_number(compute_standings(pairs(4), games, scoring=KOZEL, tiebreaks=GOATS_ORDER))
    one = rows[1]
    assert (one.games_won, one.goats_received, one.goats_given, one.dry_goats, one.dry_goats_given) == (3, 1, 4, 0, 1)
    assert one.goats_difference == 3 and one.rating == 12 and one.played == 2
    assert (one.points_for, one.points_against) == (331, 90)
    assert rows[3].dry_goats == 1 and rows[3].goats_received == 2
    assert rows[4].rating is None and rows[4].goats_received == 0  # only an unfinished partie


def test_a_pair_without_any_rated_game_has_no_rating_but_a_zero_sum_is_kept():
    games = [kg(1, 1, 2, (100, 101), (0, 1), rating=(0, None)), kg(1, 3, 4, (0, 0), (0, 0))]
    rows = by_number(compute_standings(pairs(4), games, scoring=KOZEL, tiebreaks=GOATS_ORDER))
    assert rows[1].rating == 0 and rows[2].rating is None and rows[3].rating is None
    assert rows[1].to_json(goats=True, rating=True)["rating"] == 0
    assert rows[2].to_json(goats=True, rating=True)["rating"] is None


def test_a_bye_gives_match_points_but_no_goats():
    games = [kg(1, 1, 2, (30, 101), (0, 1)), Game(1, 103, None)]
    rows = by_number(compute_standings(pairs(3), games, scoring=KOZEL, tiebreaks=GOATS_ORDER))
    assert rows[3].match_points == 1 and rows[3].byes == 1
    assert (rows[3].goats_received, rows[3].goats_given, rows[3].games_won, rows[3].rating) == (0, 0, 0, None)


# --- each step of the goats order decides ------------------------------------------------------------


def test_match_points_decide_before_goats():
    # Pair 3 won twice by one goat (+2); pair 5 won once by five goats and lost once by one (+4).
    games = [kg(1, 3, 4, (90, 101), (0, 1)), kg(1, 5, 6, (0, 505), (0, 5), won=(5, 0)),
             kg(2, 3, 6, (90, 101), (0, 1)), kg(2, 5, 4, (101, 90), (1, 0))]
    rows = by_number(compute_standings(pairs(6), games, scoring=KOZEL, tiebreaks=GOATS_ORDER))
    assert (rows[3].match_points, rows[3].goats_difference, rows[5].match_points, rows[5].goats_difference) == (
        2, 2, 1, 4)
    assert rows[3].rank == 1 and rows[5].rank == 2
    by_goats = compute_standings(pairs(6), games, scoring=KOZEL, tiebreaks=("goats_difference", "pair_number"))
    assert order(by_goats)[0] == 5


def test_goats_difference_decides_against_the_point_difference():
    # Pairs 1 and 3 both won once. Pair 1: goats 0:3 (+3) but a worse point difference than pair 3 (+1).
    games = [kg(1, 1, 2, (250, 303), (0, 3), won=(3, 0)), kg(1, 3, 4, (100, 300), (1, 2), won=(2, 1))]
    rows = compute_standings(pairs(4), games, scoring=KOZEL, tiebreaks=GOATS_ORDER)
    assert order(rows) == [1, 3, 4, 2]
    one, three = by_number(rows)[1], by_number(rows)[3]
    assert (one.goats_difference, three.goats_difference) == (3, 1)
    assert one.difference < three.difference
    # the sport order (no goats) puts them the other way round
    assert order(compute_standings(pairs(4), games, scoring=KOZEL, tiebreaks=ORDERINGS["default"]))[:2] == [3, 1]


def test_point_difference_decides_when_goats_are_equal():
    # Equal match points and goats (+1 each); pair 3 let its opponent run up more points: a better difference.
    games = [kg(1, 1, 2, (90, 101), (0, 1)), kg(1, 3, 4, (20, 130), (0, 1))]
    rows = compute_standings(pairs(4), games, scoring=KOZEL, tiebreaks=GOATS_ORDER)
    assert order(rows) == [3, 1, 2, 4]
    assert by_number(rows)[3].difference == 110 and by_number(rows)[1].difference == 11
    assert order(compute_standings(pairs(4), games, scoring=KOZEL,
                                   tiebreaks=("match_points", "goats_difference", "pair_number"))) == [1, 3, 2, 4]


def test_head_to_head_decides_when_goats_and_points_are_equal():
    # 1 and 2: one win each, goats +0 each, the same point difference; 2 beat 1.
    games = [
        kg(1, 1, 2, (101, 50), (1, 0)),      # 2 wins: 1 is the goat
        kg(2, 1, 3, (50, 101), (0, 1)),      # 1 wins
        kg(2, 2, 4, (101, 50), (1, 0)),      # 2 is the goat of 4
    ]
    rows = compute_standings(pairs(4), games, scoring=KOZEL, tiebreaks=GOATS_ORDER)
    one, two = by_number(rows)[1], by_number(rows)[2]
    assert (one.match_points, one.goats_difference, one.difference) == (two.match_points, two.goats_difference,
                                                                        two.difference)
    assert order(rows).index(2) < order(rows).index(1)
    assert two.head_to_head == 1 and one.head_to_head == 0


def test_buchholz_decides_after_head_to_head():
    # 1 and 2 never met, same record; 2's opponent (4) won again, 1's opponent (3) lost again.
    games = [
        kg(1, 1, 3, (40, 101), (0, 1)), kg(1, 2, 4, (40, 101), (0, 1)),
        kg(2, 4, 5, (40, 101), (0, 1)), kg(2, 3, 6, (101, 40), (1, 0)),
    ]
    rows = compute_standings(pairs(6), games, scoring=KOZEL, tiebreaks=GOATS_ORDER)
    one, two = by_number(rows)[1], by_number(rows)[2]
    assert (one.match_points, one.goats_difference, one.difference) == (two.match_points, two.goats_difference,
                                                                        two.difference)
    assert (one.buchholz, two.buchholz) == (0, 1) and one.head_to_head is None
    assert order(rows).index(2) < order(rows).index(1)
    # Outside Swiss the goats order has no Buchholz: the pair number decides.
    no_swiss = resolve_tiebreaks([], swiss=False, family="kozel")
    assert "buchholz" not in no_swiss
    rows = compute_standings(pairs(6), games, scoring=KOZEL, tiebreaks=no_swiss)
    assert order(rows).index(1) < order(rows).index(2)


def test_pair_number_decides_last():
    # 2 and 1 equal on everything (they never met, their opponents are equal): the lower number first.
    games = [kg(1, 2, 4, (40, 101), (0, 1)), kg(1, 1, 3, (40, 101), (0, 1))]
    rows = compute_standings(pairs(4), games, scoring=KOZEL, tiebreaks=GOATS_ORDER)
    assert order(rows) == [1, 2, 3, 4] and (rows[0].rank, rows[1].rank) == (1, 2) and not rows[0].tied
    without = compute_standings(pairs(4), games, scoring=KOZEL, tiebreaks=GOATS_ORDER[:-1])
    assert without[0].rank == without[1].rank == 1 and without[0].tied


def test_games_won_and_rating_as_criteria():
    games = [kg(1, 1, 3, (150, 250), (1, 2), won=(2, 1), rating=(5, -5)),
             kg(1, 2, 4, (40, 101), (0, 1), won=(1, 0), rating=(6, 0))]
    by_games = compute_standings(pairs(4), games, scoring=KOZEL, tiebreaks=("match_points", "games_won"))
    assert order(by_games)[:2] == [1, 2]
    by_rating = compute_standings(pairs(4), games, scoring=KOZEL, tiebreaks=("match_points", "rating"))
    assert order(by_rating)[:2] == [2, 1]


# --- the default order and the options ------------------------------------------------------------


def test_the_kozel_family_defaults_to_the_goats_order():
    assert resolve_tiebreaks([], family="kozel") == (
        "match_points", "goats_difference", "difference", "head_to_head", "buchholz", "pair_number")
    assert resolve_tiebreaks([], family="sport") == ORDERINGS["default"]
    assert resolve_tiebreaks([]) == ORDERINGS["default"]
    assert resolve_tiebreaks(["goats"]) == GOATS_ORDER  # a sport tournament may choose it too
    assert resolve_tiebreaks(["points"], family="kozel") == ORDERINGS["points"]
    assert resolve_tiebreaks(["goats_difference", "rating", "games_won"]) == ("goats_difference", "rating",
                                                                              "games_won")
    with pytest.raises(TiebreakError) as err:
        resolve_tiebreaks(["goats", "rating"])
    assert err.value.code == "mixed_ordering"


@pytest.mark.parametrize("config,own_against,goats,rating", [
    ({"preset": "kozel"}, True, True, True),
    ({"preset": "kozel", "rating": False}, True, True, False),
    ({"preset": "kozel", "recorder": "winner", "block_scoring": "opponents", "rating": False}, False, True, False),
    ({"preset": "morskoy-kozel"}, False, True, False),
    ({"preset": "hand-points"}, False, False, False),
    ({"preset": "hand-points", "higher_wins": False}, True, False, False),
    ({"preset": "pusto-shest"}, False, False, False),
    ({"preset": "federation"}, False, False, False),
])
def test_scoring_from_the_rules(config, own_against, goats, rating):
    scoring = scoring_from_rules(Rules.from_config(config))
    assert (scoring.own_points_against, scoring.goats, scoring.rating) == (own_against, goats, rating)


def test_hand_points_with_penalty_points_count_the_own_total_against():
    penalty = scoring_from_rules(Rules.from_config({"preset": "hand-points", "higher_wins": False}))
    game = Game(1, 101, 102, 40, 100, winner="A")  # fewer penalty points: pair 1 wins
    rows = by_number(compute_standings(pairs(2), [game], scoring=penalty, tiebreaks=ORDERINGS["default"]))
    assert (rows[1].points_for, rows[1].points_against, rows[1].rank) == (100, 40, 1)


def test_json_adds_the_goats_only_when_asked():
    rows = compute_standings(pairs(2), [kg(1, 1, 2, (60, 101), (0, 1), dry=(0, 1), rating=(4, 0))],
                             scoring=KOZEL, tiebreaks=GOATS_ORDER)
    plain = rows[0].to_json()
    assert not {"goats_received", "goats_given", "dry_goats", "games_won", "rating"} & set(plain)
    morskoy = rows[0].to_json(goats=True)
    assert (morskoy["goats_received"], morskoy["goats_given"], morskoy["dry_goats_given"], morskoy["games_won"],
            morskoy["goats_difference"]) == (0, 1, 1, 1, 1)
    assert "rating" not in morskoy
    assert rows[0].to_json(goats=True, rating=True)["rating"] == 4


def test_players_share_their_pairs_goats_and_rating():
    rows = compute_standings(pairs(2), [kg(1, 1, 2, (60, 101), (0, 1), rating=(4, 0))],
                             scoring=KOZEL, tiebreaks=GOATS_ORDER)
    players = individual_standings(rows, [PlayerEntry(1, 101, "Ёлкин"), PlayerEntry(2, 101, "Ильин"),
                                          PlayerEntry(3, 102, "Юдин")])
    data = [p.to_json(goats=True, rating=True) for p in players]
    assert [(d["player"], d["goats_given"], d["rating"]) for d in data] == [("Ёлкин", 1, 4), ("Ильин", 1, 4),
                                                                           ("Юдин", 0, 0)]
    assert "goats_received" not in players[0].to_json()


def test_cross_table_cells_carry_the_goats_own_first():
    games = [kg(1, 1, 2, (60, 101), (0, 1)), kg(2, 1, 2, (50, 40), (0, 0), finished=False), Game(2, 103, None)]
    rows = compute_standings(pairs(3), games, scoring=KOZEL, tiebreaks=GOATS_ORDER)
    cells = cells_by_pair(rows, games)
    first, unfinished = cells[101]
    assert (first.goats_score, first.points_for, first.points_against, first.mark) == ("0:1", 60, 101, "+")
    assert cells[102][0].goats_score == "1:0" and cells[102][0].mark == "−"
    assert unfinished.goats_score == "" and cells[103][0].goats_score == ""
    ordered, grid = round_robin_matrix(rows, games)
    assert [c.goats_score for c in grid[0][1]] == ["0:1", ""]


def test_a_partie_lost_by_a_sanction_reads_as_a_loss_in_the_losers_cell():
    # Pair 1 had the better goats (0:1) but was disqualified: pair 2 won the partie. The cells must not read
    # «0:1 к.» (the opponent's goat, a win) for the loser: «−:+» / «+:−» on the page, the PDF and the workbook.
    dq = Game(1, 101, 102, 30, 70, 0, 0, "B", True, "A", None, None, 1, 0, 0, 1, 0, 0, None, None)
    normal = kg(2, 1, 3, (60, 101), (0, 1))
    rows = compute_standings(pairs(3), [dq, normal], scoring=KOZEL, tiebreaks=GOATS_ORDER)
    cells = cells_by_pair(rows, [dq, normal])
    loser, winner = cells[101][0], cells[102][0]
    assert (loser.mark, cell_text(loser, True), loser.forfeit_goats) == ("−", "−:+", "−:+")
    assert (winner.mark, cell_text(winner, True), winner.forfeit_goats) == ("+", "+:−", "+:−")
    assert cell_text(cells[101][1], True) == "0:1 к." and cells[101][1].forfeit_goats == ""
    # the sport reading: a disqualified pair with more points lost
    sport = Game(1, 101, 102, 80, 40, 0, 0, "B", True, "A")
    cells = cells_by_pair(compute_standings(pairs(2), [sport]), [sport])
    assert (cell_text(cells[101][0], False), cell_text(cells[102][0], False)) == ("−:+", "+:−")
