"""Standings on hand-made tournaments: each tie-break decides the order once (no database)."""
import pytest

from engine.ranking.crosstable import cells_by_pair, round_robin_matrix
from engine.ranking.individual import PlayerEntry, individual_standings
from engine.ranking.standings import DISQUALIFIED, WITHDRAWN, Game, PairEntry, Scoring, compute_standings
from engine.ranking.tiebreaks import TiebreakError, resolve_tiebreaks


def pairs(n, extra=None):
    extra = extra or {}
    return [PairEntry(id=100 + i, number=i, name=f"Пара {i}", **extra.get(i, {})) for i in range(1, n + 1)]


def g(rnd, a, b, sa=0, sb=0, *, winner=None, dw=(0, 0), finished=True, dq=None):
    if winner is None and finished and b is not None and sa != sb:
        winner = "A" if sa > sb else "B"
    return Game(rnd, 100 + a, 100 + b if b else None, sa, sb, dw[0], dw[1], winner, finished, dq)


def order(rows):
    return [r.pair.number for r in rows]


def test_match_points_decide():
    rows = compute_standings(pairs(2), [g(1, 1, 2, 30, 40)], tiebreaks=("match_points", "pair_number"))
    assert order(rows) == [2, 1]
    assert rows[0].match_points == 1 and rows[1].match_points == 0
    assert (rows[0].wins, rows[0].losses, rows[1].wins, rows[1].losses) == (1, 0, 0, 1)


def test_difference_decides():
    games = [g(1, 1, 2, 40, 30), g(1, 3, 4, 20, 60)]
    assert order(compute_standings(pairs(4), games, tiebreaks=("match_points", "difference", "pair_number"))) == [4, 1, 2, 3]
    # without it, pair numbers order the equals
    assert order(compute_standings(pairs(4), games, tiebreaks=("match_points", "pair_number"))) == [1, 4, 2, 3]


def test_points_for_decides():
    games = [g(1, 1, 2, 40, 30), g(1, 3, 4, 40, 50)]
    tb = ("match_points", "difference", "points_for", "pair_number")
    rows = compute_standings(pairs(4), games, tiebreaks=tb)
    assert order(rows) == [4, 1, 3, 2]
    assert [r.difference for r in rows] == [10, 10, -10, -10]


def test_head_to_head_decides():
    # 1 and 2: one win each, 80:80 each; 2 beat 1.
    games = [g(1, 1, 2, 30, 40), g(2, 1, 3, 50, 40), g(2, 2, 4, 40, 50)]
    tb = ("match_points", "difference", "points_for", "head_to_head", "pair_number")
    rows = compute_standings(pairs(4), games, tiebreaks=tb)
    assert order(rows) == [4, 2, 1, 3]
    by = {r.number: r for r in rows}
    assert (by[1].points_for, by[1].points_against, by[2].points_for, by[2].points_against) == (80, 80, 80, 80)
    assert by[2].head_to_head == 1 and by[1].head_to_head == 0
    assert order(compute_standings(pairs(4), games, tiebreaks=("match_points", "difference", "points_for", "pair_number"))) == [4, 1, 2, 3]


def test_head_to_head_needs_a_complete_mini_table():
    # 1, 2, 3 and 4 tied; only 2–3, 1–4 and 3–4 met — head-to-head separates nobody, pair number does.
    games = [g(1, 2, 3, 40, 50), g(1, 1, 4, 50, 40), g(2, 2, 5, 50, 40), g(2, 3, 4, 40, 50), g(2, 1, 6, 40, 50)]
    rows = compute_standings(pairs(6), games, tiebreaks=("match_points", "difference", "head_to_head", "pair_number"))
    top = [r.number for r in rows if r.match_points == 1 and r.difference == 0]
    assert top == [1, 2, 3, 4]
    assert all(r.head_to_head is None for r in rows)


def test_buchholz_decides():
    games = [g(1, 1, 3, 50, 40), g(1, 2, 4, 50, 40), g(1, 5, 6, 50, 40), g(2, 4, 6, 50, 40)]
    tb = ("match_points", "difference", "points_for", "head_to_head", "buchholz", "pair_number")
    rows = compute_standings(pairs(6), games, tiebreaks=tb)
    by = {r.number: r for r in rows}
    assert by[2].buchholz == 1 and by[1].buchholz == 0
    assert order(rows).index(2) < order(rows).index(1)
    plain = compute_standings(pairs(6), games, tiebreaks=("match_points", "difference", "points_for", "pair_number"))
    assert order(plain).index(1) < order(plain).index(2)


def test_sonneborn_berger_decides_where_buchholz_cannot():
    games = [g(1, 1, 3, 50, 40), g(1, 2, 4, 50, 40), g(2, 1, 4, 40, 50), g(2, 2, 3, 40, 50), g(3, 4, 5, 50, 40)]
    by_sb = compute_standings(pairs(5), games, tiebreaks=("match_points", "sonneborn_berger", "pair_number"))
    by = {r.number: r for r in by_sb}
    assert (by[1].buchholz, by[2].buchholz) == (3, 3)
    assert (by[1].sonneborn_berger, by[2].sonneborn_berger) == (1, 2)
    assert order(by_sb).index(2) < order(by_sb).index(1)
    by_bh = compute_standings(pairs(5), games, tiebreaks=("match_points", "buchholz", "pair_number"))
    assert order(by_bh).index(1) < order(by_bh).index(2)


def test_deals_won_decide():
    games = [g(1, 1, 3, 50, 40, dw=(2, 2)), g(1, 2, 4, 50, 40, dw=(3, 1))]
    rows = compute_standings(pairs(4), games, tiebreaks=("match_points", "deals_won", "pair_number"))
    assert order(rows) == [2, 1, 3, 4]
    assert rows[0].deals_won == 3


def test_pair_number_decides_and_equals_share_a_place():
    games = [g(1, 1, 3, 50, 40), g(1, 2, 4, 50, 40)]
    rows = compute_standings(pairs(4), games, tiebreaks=("match_points", "difference", "pair_number"))
    assert [(r.number, r.rank, r.tied) for r in rows][:2] == [(1, 1, False), (2, 2, False)]
    shared = compute_standings(pairs(4), games, tiebreaks=("match_points", "difference"))
    assert [(r.number, r.rank, r.tied) for r in shared] == [(1, 1, True), (2, 1, True), (3, 3, True), (4, 3, True)]


def test_points_ordering_puts_points_for_first():
    games = [g(1, 1, 2, 40, 30), g(1, 3, 4, 45, 50)]
    assert order(compute_standings(pairs(4), games, tiebreaks=resolve_tiebreaks(["points"]))) == [4, 3, 1, 2]
    assert order(compute_standings(pairs(4), games, tiebreaks=resolve_tiebreaks([]))) == [1, 4, 3, 2]


def test_bye_default_is_a_win_with_no_points():
    rows = compute_standings(pairs(3), [g(1, 1, 2, 40, 30), g(1, 3, None)], tiebreaks=("match_points", "pair_number"))
    by = {r.number: r for r in rows}
    # A bye is no partie: it counts in the byes and the match points, not in the parties played or won.
    assert (by[3].played, by[3].wins, by[3].byes, by[3].match_points, by[3].points_for, by[3].points_against) == (0, 0, 1, 1, 0, 0)
    assert (by[1].played, by[1].wins, by[1].byes) == (1, 1, 0)
    assert by[3].buchholz == 0


def test_bye_result_and_points_are_configurable():
    scoring = Scoring(match_points_win=2, match_points_draw=1, bye_result="draw", bye_points_for=20, bye_points_against=5)
    rows = compute_standings(pairs(3), [g(1, 1, 2, 40, 30), g(1, 3, None)], scoring=scoring,
                             tiebreaks=("match_points", "pair_number"))
    by = {r.number: r for r in rows}
    assert (by[3].match_points, by[3].draws, by[3].wins, by[3].points_for, by[3].points_against) == (1, 0, 0, 20, 5)
    assert (by[3].byes, by[3].played) == (1, 0)
    assert by[1].match_points == 2
    assert order(rows) == [1, 3, 2]


def test_drawn_partie_gives_draw_points():
    scoring = Scoring(match_points_win=2, match_points_draw=1)
    rows = compute_standings(pairs(2), [g(1, 1, 2, 40, 40)], scoring=scoring, tiebreaks=("match_points",))
    assert [(r.match_points, r.draws) for r in rows] == [(1, 1), (1, 1)]


def test_unfinished_parties_and_later_rounds_do_not_count():
    games = [g(1, 1, 2, 40, 30), g(2, 2, 1, 50, 10, finished=False, winner=None), g(3, 2, 1, 60, 0)]
    now = compute_standings(pairs(2), games, tiebreaks=("match_points", "pair_number"))
    assert [(r.number, r.played, r.match_points) for r in now] == [(1, 2, 1), (2, 2, 1)]
    after1 = compute_standings(pairs(2), games, tiebreaks=("match_points", "pair_number"), after_round=1)
    assert [(r.number, r.played, r.match_points, r.points_for) for r in after1] == [(1, 1, 1, 40), (2, 1, 0, 30)]


def test_disqualified_pair_is_listed_last_with_its_results():
    # Pair 1 wins round 1, is removed during round 2 (forfeit to pair 3).
    games = [g(1, 1, 2, 50, 10), g(1, 3, 4, 30, 20), g(2, 1, 3, 0, 160, dq="A")]
    ps = pairs(4, {1: {"status": DISQUALIFIED}})
    rows = compute_standings(ps, games, tiebreaks=resolve_tiebreaks([]))
    assert order(rows) == [3, 4, 2, 1]
    assert rows[-1].status == DISQUALIFIED and rows[-1].rank is None
    assert (rows[-1].played, rows[-1].wins, rows[-1].points_for) == (2, 1, 50)
    # as after round 1 it was still playing, and leading
    after1 = compute_standings(ps, games, tiebreaks=resolve_tiebreaks([]), after_round=1)
    assert order(after1)[0] == 1 and after1[0].status == "active" and after1[0].rank == 1


def test_disqualified_from_a_protocol_even_before_the_pair_row_changes():
    rows = compute_standings(pairs(2), [g(1, 1, 2, 0, 160, dq="A")], tiebreaks=("match_points",))
    assert rows[-1].number == 1 and rows[-1].status == DISQUALIFIED


def test_withdrawn_pair_is_listed_after_every_active_pair_without_a_place():
    ps = pairs(3, {1: {"status": WITHDRAWN, "withdrawn_after_round": 1}})
    games = [g(1, 1, 2, 50, 10), g(1, 3, None), g(2, 2, 3, 30, 20)]
    rows = compute_standings(ps, games, tiebreaks=("match_points", "difference", "pair_number"))
    by = {r.number: r for r in rows}
    assert by[1].status == WITHDRAWN and by[1].rank is None
    # pair 1 has the best difference (+40) but left: it comes after 3 (−10) and 2 (−30)
    assert order(rows) == [3, 2, 1]
    assert (by[3].rank, by[2].rank) == (1, 2)
    assert by[1].difference == 40 and by[3].difference == -10 and by[2].difference == -30


def test_withdrawn_and_disqualified_pairs_follow_the_active_ones_in_their_own_order():
    ps = pairs(4, {1: {"status": WITHDRAWN, "withdrawn_after_round": 1}})
    games = [g(1, 1, 2, 50, 10), g(1, 3, 4, 0, 160, dq="A")]
    rows = compute_standings(ps, games, tiebreaks=("match_points", "difference", "pair_number"))
    assert order(rows) == [4, 2, 1, 3]
    assert [r.rank for r in rows] == [1, 2, None, None]
    assert [r.status for r in rows] == ["active", "active", WITHDRAWN, DISQUALIFIED]


def test_pair_withdrawn_before_it_played_anything_is_not_listed():
    ps = pairs(4, {4: {"status": WITHDRAWN, "withdrawn_after_round": 0}})
    rows = compute_standings(ps, [g(1, 1, 2, 50, 10), g(1, 3, None)], tiebreaks=("match_points",))
    assert sorted(order(rows)) == [1, 2, 3]
    # before any round is played, too
    assert sorted(order(compute_standings(ps, [], tiebreaks=("match_points",)))) == [1, 2, 3]


def test_pair_without_a_number_is_never_listed():
    ps = pairs(2) + [PairEntry(id=999, number=None, name="без номера")]
    rows = compute_standings(ps, [g(1, 1, 2, 10, 0)], tiebreaks=("match_points",))
    assert order(rows) == [1, 2] and all(r.to_json()["pair"] is not None for r in rows)


def test_status_as_after_an_earlier_round():
    ps = pairs(2, {1: {"status": WITHDRAWN, "withdrawn_after_round": 2}})
    games = [g(1, 1, 2, 10, 0), g(2, 1, 2, 10, 0)]
    after1 = compute_standings(ps, games, after_round=1)
    assert after1[0].number == 1 and after1[0].status == "active" and after1[0].rank == 1
    after2 = compute_standings(ps, games, after_round=2)
    assert order(after2) == [2, 1] and after2[1].status == WITHDRAWN and after2[1].rank is None


@pytest.mark.parametrize("result, mp, played, byes", [("none", 0, 0, 0), ("loss", 0, 2, 0), ("draw", 2, 2, 0),
                                                     ("bye", 6, 0, 2)])
def test_late_pair_gets_the_configured_result_for_the_rounds_it_missed(result, mp, played, byes):
    ps = pairs(3) + [PairEntry(id=104, number=4, name="Пара 4", joined_round=3)]
    games = [g(1, 1, 2, 10, 0), g(1, 3, None), g(2, 1, 3, 10, 0), g(2, 2, None), g(3, 1, 4, 0, 10), g(3, 2, 3, 0, 0)]
    scoring = Scoring(match_points_win=3, match_points_draw=1, late_entry_result=result)
    rows = {r.number: r for r in compute_standings(ps, games, scoring=scoring, tiebreaks=("match_points",))}
    late = rows[4]
    assert late.match_points == mp + 3 and late.played == played + 1 and late.wins == 1 and late.byes == byes
    # standings as after round 2: only the missed rounds count
    before = {r.number: r for r in compute_standings(ps, games, scoring=scoring, tiebreaks=("match_points",),
                                                     after_round=2)}
    assert before[4].match_points == mp and before[4].played == played and before[4].byes == byes


@pytest.mark.parametrize("names, code", [
    (["match_points", "goals"], "unknown_tiebreak"),
    (["match_points", "match_points"], "duplicate_tiebreak"),
    (["points", "pair_number"], "mixed_ordering"),
    ("match_points", "not_a_list"),
])
def test_bad_tiebreak_lists_are_refused(names, code):
    with pytest.raises(TiebreakError) as err:
        resolve_tiebreaks(names)
    assert err.value.code == code


def test_default_ordering_and_buchholz_only_in_swiss():
    assert resolve_tiebreaks([]) == ("match_points", "difference", "points_for", "head_to_head", "buchholz", "pair_number")
    assert "buchholz" not in resolve_tiebreaks([], swiss=False)
    assert resolve_tiebreaks(["buchholz", "match_points"], swiss=False) == ("buchholz", "match_points")
    with pytest.raises(TiebreakError):
        compute_standings(pairs(1), [], tiebreaks=("nonsense",))


def test_cross_table_cells_and_round_robin_matrix():
    games = [g(1, 1, 2, 40, 30), g(1, 3, None), g(2, 1, 3, 20, 50), g(3, 2, 3, 35, 35, finished=False)]
    rows = compute_standings(pairs(3), games, tiebreaks=("match_points", "pair_number"))
    cells = cells_by_pair(rows, games)
    assert [(c.round, c.opponent, c.points_for, c.points_against, c.mark) for c in cells[101]] == [
        (1, 2, 40, 30, "+"), (2, 3, 20, 50, "−")]
    assert cells[103][0].result == "bye" and cells[103][2].result == ""
    ordered, matrix = round_robin_matrix(rows, games)
    assert [r.number for r in ordered] == [1, 2, 3]
    assert matrix[0][1][0].points_for == 40 and matrix[1][0][0].points_for == 30
    assert matrix[0][0] == [] and matrix[2][0][0].result == "win"


def test_individual_standings_follow_the_pair_then_dominoes():
    games = [g(1, 1, 2, 40, 30)]
    rows = compute_standings(pairs(2), games, tiebreaks=("match_points", "pair_number"))
    players = [PlayerEntry(1, 101, "Иванов Иван", 1), PlayerEntry(2, 101, "Петров Пётр", 2),
               PlayerEntry(3, 102, "Сидоров Сидор", 1), PlayerEntry(4, 102, "Кузнецов Кузьма", 2)]
    result = individual_standings(rows, players, dominoes={2: 3, 1: 1, 3: 2}, remarks={4: 1})
    assert [p.player.name for p in result] == ["Петров Пётр", "Иванов Иван", "Сидоров Сидор", "Кузнецов Кузьма"]
    assert [p.rank for p in result] == [1, 1, 2, 2]
    assert result[0].to_json()["dominoes"] == 3 and result[3].to_json()["remarks"] == 1


def test_a_named_pair_shows_its_name_and_its_players():
    named = PairEntry(id=1, number=1, name="Клинчане", players=("Иванов Пётр", "Петров Иван"))
    assert named.label == "Клинчане (Иванов Пётр — Петров Иван)"
    assert PairEntry(id=2, number=2, players=("Иванов Пётр", "Петров Иван")).label == "Иванов Пётр — Петров Иван"
    assert PairEntry(id=3, number=3, name="Клинчане").label == "Клинчане"  # no players yet
