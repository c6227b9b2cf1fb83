"""Standings per player of an individual event on hand-made rounds (no database), docs/rules-individual.md §6–§8.

Every player is a ``PairEntry`` of one player; a partie seats A1 (``pair_a``) and A2 (``partner_a``) against
B1 (``pair_b``) and B2 (``partner_b``); a sit-out is a bye of ``pair_a`` alone.
"""
import random

import pytest
from django.core.exceptions import ValidationError
from django.utils.translation import override

from engine.ranking.standings import DISQUALIFIED, WITHDRAWN, Game, PairEntry, Scoring, compute_standings
from engine.ranking.standings_individual import compute_individual_standings, individual_row_json
from engine.ranking.tiebreaks import (
    INDIVIDUAL_ORDERINGS,
    INDIVIDUAL_TIEBREAKS,
    ORDERINGS,
    TIEBREAKS,
    TiebreakError,
    criteria,
    resolve_tiebreaks,
)
from scoring.reports.tabular import tiebreak_labels
from tournaments.validators import validate_tiebreaks

DEFAULT = resolve_tiebreaks([], individual=True)


def players(n, extra=None):
    extra = extra or {}
    return [PairEntry(id=100 + i, number=i, players=(f"Игрок {i}",), **extra.get(i, {})) for i in range(1, n + 1)]


def t(rnd, a, b, sa, sb, *, dw=(0, 0), winner="score", absent=(), finished=True, **kozel):
    """A partie: ``a`` = (A1, A2) against ``b`` = (B1, B2), by player numbers; the winner from the score."""
    if winner == "score":
        winner = None if sa == sb else ("A" if sa > sb else "B")
    return Game(rnd, 100 + a[0], 100 + b[0], sa, sb, dw[0], dw[1], winner, finished,
                partner_a=100 + a[1], partner_b=100 + b[1], absent=tuple(100 + p for p in absent), **kozel)


def out(rnd, p):
    """Player ``p`` sits out round ``rnd``."""
    return Game(rnd, 100 + p, None)


def order(rows):
    return [r.pair.number for r in rows]


def by_number(rows):
    return {r.pair.number: r for r in rows}


# The worked example of docs/rules-individual.md §8: five players, two rounds, one sit-out a round.
# Round 1: 1 + 2 against 3 + 4, 105 : 60 (deals won 3 : 1); 5 sits out.
# Round 2: 1 + 3 against 2 + 5, 35 : 125 (deals won 1 : 3); 4 sits out.
EXAMPLE = [t(1, (1, 2), (3, 4), 105, 60, dw=(3, 1)), out(1, 5), t(2, (1, 3), (2, 5), 35, 125, dw=(1, 3)), out(2, 4)]


def test_the_worked_example_column_by_column():
    rows = compute_individual_standings(players(5), EXAMPLE, tiebreaks=DEFAULT)
    got = {r.number: (r.rank, r.played, r.byes, r.wins, r.draws, r.losses, r.match_points, r.points_for,
                      r.points_against, r.difference, r.deals_won, r.buchholz, r.partners_score, r.sonneborn_berger)
           for r in rows}
    # Match points: a win 1, the bye a win (1) with 0 : 0.
    # 1: won R1 (105:60), lost R2 (35:125): MP 1, 140 : 185, −45; deals 3 + 1.
    #    Buchholz: R1 opponents 3 (0) + 4 (1), R2 opponents 2 (2) + 5 (2) = 5; partners 2 (2) + 3 (0) = 2;
    #    Sonneborn-Berger: won R1 → 1 × (0 + 1) = 1, lost R2 → 0.
    # 2: won both: MP 2, 105 + 125 = 230 : 60 + 35 = 95, +135; deals 3 + 3; Buchholz (3, 4) 1 + (1, 3) 1 = 2;
    #    partners 1 (1) + 5 (2) = 3; S-B 1 × 1 + 1 × 1 = 2.
    # 3: lost both: MP 0, 95 : 230, −135; deals 1 + 1; Buchholz (1, 2) 3 + (2, 5) 4 = 7; partners 4 (1) + 1 (1) = 2.
    # 4: lost R1, sat out R2: MP 1, 60 : 105, −45; deals 1; Buchholz (1, 2) 3; partner 3 (0).
    # 5: sat out R1, won R2: MP 2, 125 : 35, +90; deals 3; Buchholz (1, 3) 1; partner 2 (2); S-B 1 × 1 = 1.
    # Order: 2 and 5 (MP 2) by the difference; 1 and 4 (MP 1, −45 each) by head-to-head (1 beat 4 in R1).
    assert got == {
        2: (1, 2, 0, 2, 0, 0, 2, 230, 95, 135, 6, 2, 3, 2),
        5: (2, 1, 1, 1, 0, 0, 2, 125, 35, 90, 3, 1, 2, 1),
        1: (3, 2, 0, 1, 0, 1, 1, 140, 185, -45, 4, 5, 2, 1),
        4: (4, 1, 1, 0, 0, 1, 1, 60, 105, -45, 1, 3, 0, 0),
        3: (5, 2, 0, 0, 0, 2, 0, 95, 230, -135, 2, 7, 2, 0),
    }
    assert order(rows) == [2, 5, 1, 4, 3]
    by = by_number(rows)
    assert (by[1].head_to_head, by[4].head_to_head) == (1, 0)
    assert by[2].head_to_head is None  # used only where it was looked at


def test_the_json_row_of_a_player():
    row = by_number(compute_individual_standings(players(5), EXAMPLE, tiebreaks=DEFAULT))[1]
    assert individual_row_json(row) == {
        "player": 1, "rank": 3, "name": "Игрок 1", "status": "active", "played": 2, "wins": 1, "draws": 0,
        "losses": 1, "byes": 0, "match_points": 1, "points_for": 140, "points_against": 185, "difference": -45,
        "deals_won": 4, "head_to_head": 1, "buchholz": 5, "sonneborn_berger": 1, "partners_score": 2,
    }
    assert "pair" not in individual_row_json(row, goats=True) and "goats_received" in individual_row_json(row, goats=True)


def test_the_bye_result_of_the_tournament_is_a_sit_outs_result():
    scoring = Scoring(match_points_win=2, match_points_draw=1, bye_result="draw", bye_points_for=20, bye_points_against=5)
    by = by_number(compute_individual_standings(players(5), EXAMPLE, scoring=scoring, tiebreaks=DEFAULT))
    assert (by[5].byes, by[5].played, by[5].draws, by[5].match_points) == (1, 1, 0, 2 + 1)
    assert (by[5].points_for, by[5].points_against) == (125 + 20, 35 + 5)
    assert by[5].buchholz == by[1].match_points + by[3].match_points == 2 + 0


# --- a player absent from a published table -------------------------------------------------------------

def test_an_absent_player_alone_loses_and_his_partner_sits_out():
    # 2 did not come; the protocol is a no-show of side A: 0 : 101 for B.
    scoring = Scoring(bye_points_for=50, bye_points_against=10)
    games = [t(1, (1, 2), (3, 4), 0, 101, absent=(2,))]
    by = by_number(compute_individual_standings(players(4), games, scoring=scoring, tiebreaks=DEFAULT))
    two, one, three = by[2], by[1], by[3]
    assert (two.played, two.losses, two.byes, two.match_points, two.points_for, two.points_against) == (1, 1, 0, 0, 0, 101)
    # the present partner: a sit-out (bye as a win, its 50 : 10), no partie, no opponents, no partner
    assert (one.played, one.losses, one.byes, one.match_points, one.points_for, one.points_against) == (0, 0, 1, 1, 50, 10)
    assert (one.buchholz, one.partners_score) == (0, 0)
    # the opponents take the win as recorded; their opponent is the absent player only (not 1, who has 1)
    assert (three.played, three.wins, three.match_points, three.points_for, three.buchholz) == (1, 1, 1, 101, 0)
    # and the absent player had no partner in it (1's match point is not his partners' score)
    assert (two.buchholz, two.partners_score) == (2, 0)
    assert order(compute_individual_standings(players(4), games, tiebreaks=DEFAULT)) == [3, 4, 1, 2]


def test_both_players_of_a_side_absent_both_lose():
    by = by_number(compute_individual_standings(players(4), [t(1, (1, 2), (3, 4), 0, 101, absent=(1, 2))],
                                                tiebreaks=DEFAULT))
    assert [(by[p].played, by[p].losses, by[p].byes, by[p].match_points) for p in (1, 2)] == [(1, 1, 0, 0)] * 2
    assert [(by[p].wins, by[p].match_points, by[p].buchholz) for p in (3, 4)] == [(1, 1, 0)] * 2


def test_absent_players_on_both_sides_lose_and_both_partners_sit_out():
    # 2 (side A) and 3 (side B) absent; the protocol gave the partie to B (the first no-show decides).
    by = by_number(compute_individual_standings(players(4), [t(1, (1, 2), (3, 4), 0, 101, absent=(2, 3))],
                                                tiebreaks=DEFAULT))
    assert [(by[p].losses, by[p].match_points, by[p].byes) for p in (2, 3)] == [(1, 0, 0)] * 2
    assert [(by[p].played, by[p].byes, by[p].match_points) for p in (1, 4)] == [(0, 1, 1)] * 2
    # the two absent players met each other as opponents
    assert (by[2].opponents, by[3].opponents) == ([(103, 0)], [(102, 0)])


# --- each tie-break decides once --------------------------------------------------------------------------

def test_buchholz_counts_both_opponents_and_not_the_partner():
    # 1, 2, 5, 6 each won 60 : 40 in round 1; in round 2 only 7 and 8 (who lost to 5 and 6) sit out.
    games = [t(1, (1, 2), (3, 4), 60, 40), t(1, (5, 6), (7, 8), 60, 40), out(2, 7), out(2, 8)]
    tb = ("match_points", "difference", "buchholz", "player_number")
    by_bh = compute_individual_standings(players(8), games, tiebreaks=tb)
    by = by_number(by_bh)
    assert (by[5].buchholz, by[1].buchholz) == (1 + 1, 0 + 0)  # partner 2's match point is not 1's Buchholz
    assert order(by_bh)[:4] == [5, 6, 1, 2]
    plain = compute_individual_standings(players(8), games, tiebreaks=("match_points", "difference", "player_number"))
    assert order(plain)[:4] == [1, 2, 5, 6]


def test_the_player_with_the_weaker_partners_ranks_higher():
    # 1 (partner 2) and 3 (partner 4) both won 60 : 40 against the same-score opponents; 2 then sat out.
    games = [t(1, (1, 2), (5, 6), 60, 40), t(1, (3, 4), (7, 8), 60, 40), out(2, 2)]
    tb = ("match_points", "difference", "buchholz", "partners_score", "player_number")
    rows = compute_individual_standings(players(8), games, tiebreaks=tb)
    by = by_number(rows)
    assert (by[1].partners_score, by[3].partners_score) == (2, 1)
    assert order(rows).index(3) < order(rows).index(1)
    plain = compute_individual_standings(players(8), games, tiebreaks=tb[:3] + ("player_number",))
    assert order(plain).index(1) < order(plain).index(3)


def test_sonneborn_berger_decides_where_buchholz_cannot():
    # 1 beat 3 + 4 and lost to 5 + 6; 2 beat 5 + 6 and lost to 3 + 4; then 5 and 6 sit out (their MP 2).
    games = [t(1, (1, 7), (3, 4), 60, 40), t(1, (2, 8), (5, 6), 60, 40),
             t(2, (1, 9), (5, 6), 40, 60), t(2, (2, 10), (3, 4), 40, 60), out(3, 5), out(3, 6)]
    tb = ("match_points", "difference", "buchholz", "partners_score", "sonneborn_berger", "player_number")
    rows = compute_individual_standings(players(10), games, tiebreaks=tb)
    by = by_number(rows)
    assert (by[1].buchholz, by[2].buchholz) == (1 + 1 + 2 + 2,) * 2
    assert (by[1].partners_score, by[2].partners_score) == (1 + 0,) * 2
    assert (by[1].sonneborn_berger, by[2].sonneborn_berger) == (1 + 1, 2 + 2)
    assert order(rows).index(2) < order(rows).index(1)
    plain = compute_individual_standings(players(10), games, tiebreaks=tb[:4] + ("player_number",))
    assert order(plain).index(1) < order(plain).index(2)


def test_sonneborn_berger_of_a_drawn_partie_is_the_share_of_a_win():
    scoring = Scoring(match_points_win=2, match_points_draw=1)
    games = [t(1, (1, 2), (3, 4), 50, 50), out(2, 3)]
    by = by_number(compute_individual_standings(players(4), games, scoring=scoring, tiebreaks=DEFAULT))
    # 1 drew against 3 (1 + bye 2 = 3) and 4 (1): (1 / 2) × (3 + 1) = 2
    assert (by[1].draws, by[1].match_points, by[1].sonneborn_berger) == (1, 1, 2)


def test_head_to_head_of_players_who_met_as_opponents_decides():
    # 2 beat 1 in round 1; then 1 won and 2 lost, each by 10: both MP 1, difference 0.
    games = [t(1, (1, 3), (2, 4), 50, 60), t(2, (1, 5), (6, 7), 60, 50), t(2, (2, 8), (9, 10), 50, 60)]
    tb = ("match_points", "difference", "head_to_head", "player_number")
    rows = compute_individual_standings(players(10), games, tiebreaks=tb)
    by = by_number(rows)
    assert (by[1].head_to_head, by[2].head_to_head) == (0, 1)
    assert order(rows).index(2) < order(rows).index(1)
    plain = compute_individual_standings(players(10), games, tiebreaks=("match_points", "difference", "player_number"))
    assert order(plain).index(1) < order(plain).index(2)


def test_partners_never_met_as_opponents_so_head_to_head_separates_nobody():
    games = [t(1, (1, 2), (3, 4), 60, 50), t(2, (1, 5), (6, 7), 50, 60), t(2, (2, 8), (9, 10), 50, 60)]
    rows = compute_individual_standings(players(10), games, tiebreaks=("match_points", "difference", "head_to_head"))
    by = by_number(rows)
    assert (by[1].head_to_head, by[2].head_to_head) == (None, None)
    assert (by[1].rank, by[2].rank, by[1].tied) == (by[1].rank, by[1].rank, True)


def test_player_number_decides_last_and_pair_number_means_it():
    games = [t(1, (1, 2), (3, 4), 60, 40)]
    rows = compute_individual_standings(players(4), games, tiebreaks=("match_points", "player_number"))
    assert [(r.number, r.rank, r.tied) for r in rows] == [(1, 1, False), (2, 2, False), (3, 3, False), (4, 4, False)]
    shared = compute_individual_standings(players(4), games, tiebreaks=("match_points",))
    assert [(r.number, r.rank, r.tied) for r in shared] == [(1, 1, True), (2, 1, True), (3, 3, True), (4, 3, True)]
    assert resolve_tiebreaks(["match_points", "pair_number"], individual=True) == ("match_points", "player_number")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_in_a_complete_whist_round_robin_buchholz_and_partners_follow_the_own_score(seed):
    # Wh(5): round r, player r sits out, r+1 + r+4 against r+2 + r+3 (mod 5): every two players are partners
    # once and opponents twice, so Buchholz = 2 × (all others' MP) and partners' score = all others' MP.
    rng = random.Random(seed)
    games = []
    for r in range(5):
        a, b = ((r + 1) % 5 + 1, (r + 4) % 5 + 1), ((r + 2) % 5 + 1, (r + 3) % 5 + 1)
        sa, sb = rng.choice([(60, 40), (40, 60)])
        games += [t(r + 1, a, b, sa, sb), out(r + 1, r + 1)]
    rows = compute_individual_standings(players(5), games, tiebreaks=DEFAULT)
    total = sum(r.match_points for r in rows)
    assert all(r.played == 4 and r.byes == 1 for r in rows)
    assert all(r.buchholz == 2 * (total - r.match_points) and r.partners_score == total - r.match_points
               for r in rows)


# --- the lists of criteria --------------------------------------------------------------------------------

def test_individual_defaults_and_every_ordering():
    assert DEFAULT == ("match_points", "difference", "head_to_head", "buchholz", "partners_score", "points_for",
                       "player_number")
    # every system keeps Buchholz and the partners' score in an individual event
    assert resolve_tiebreaks([], swiss=False, individual=True) == DEFAULT
    assert resolve_tiebreaks([], family="kozel", individual=True) == INDIVIDUAL_ORDERINGS["goats"]
    assert resolve_tiebreaks(["points"], individual=True)[0] == "points_for"
    assert set(INDIVIDUAL_ORDERINGS) == set(ORDERINGS)
    assert criteria(individual=True)[1] is INDIVIDUAL_ORDERINGS and criteria()[0] is TIEBREAKS


def test_the_pairs_lists_are_unchanged_and_refuse_the_players_criteria():
    assert resolve_tiebreaks([]) == ORDERINGS["default"]
    assert resolve_tiebreaks([], swiss=False) == ("match_points", "difference", "points_for", "head_to_head",
                                                  "pair_number")
    assert "partners_score" not in TIEBREAKS and "player_number" not in TIEBREAKS
    with pytest.raises(TiebreakError) as exc:
        resolve_tiebreaks(["match_points", "partners_score"])
    assert exc.value.code == "individual_only" and "личном зачёте" in exc.value.message
    with pytest.raises(TiebreakError) as exc:
        resolve_tiebreaks(["player_number", "pair_number"], individual=True)
    assert exc.value.code == "duplicate_tiebreak"
    with pytest.raises(TiebreakError):
        compute_standings(players(2), [], tiebreaks=("partners_score",))


def test_the_form_validator_knows_the_individual_criteria():
    validate_tiebreaks(["match_points", "partners_score"], individual=True)
    with pytest.raises(ValidationError):
        validate_tiebreaks(["match_points", "partners_score"])
    with pytest.raises(TiebreakError):
        compute_individual_standings(players(2), [], tiebreaks=("coin",))


def test_every_criterion_of_an_individual_event_has_a_label_in_russian_and_english():
    with override("ru"):
        ru = dict(zip(INDIVIDUAL_TIEBREAKS, tiebreak_labels(INDIVIDUAL_TIEBREAKS)))
    with override("en"):
        en = dict(zip(INDIVIDUAL_TIEBREAKS, tiebreak_labels(INDIVIDUAL_TIEBREAKS)))
    assert all(ru[n] != n and en[n] != ru[n] for n in INDIVIDUAL_TIEBREAKS)  # a label, and its translation
    assert (ru["partners_score"], ru["player_number"]) == ("очки партнёров (меньше — выше)", "номер игрока")
    assert (en["partners_score"], en["player_number"]) == ("partners' score (fewer ranks higher)", "player number")


# --- the Kozel family ---------------------------------------------------------------------------------------

def test_each_player_takes_his_sides_games_goats_dry_goats_and_rating():
    kozel = Scoring(own_points_against=True, goats=True, rating=True)
    # round 1: 1 + 2 end on 60 (own total, losers record), 3 + 4 on 101 with two goats, one dry; rating 4 : 0.
    # round 2: 1 + 3 against 2 + 4: 1 + 3 take a goat (own 101 against 30), rating 0 : 2.
    games = [
        t(1, (1, 2), (3, 4), 60, 101, winner="A", games_won_a=2, games_won_b=0, goats_a=0, goats_b=2,
          dry_goats_a=0, dry_goats_b=1, rating_a=4, rating_b=0),
        t(2, (1, 3), (2, 4), 101, 30, winner="B", games_won_a=0, games_won_b=1, goats_a=1, goats_b=0,
          rating_a=0, rating_b=2),
    ]
    rows = compute_individual_standings(players(4), games, scoring=kozel,
                                        tiebreaks=resolve_tiebreaks([], family="kozel", individual=True))
    by = by_number(rows)
    cols = {p: (by[p].match_points, by[p].games_won, by[p].goats_received, by[p].goats_given,
                by[p].goats_difference, by[p].dry_goats, by[p].dry_goats_given, by[p].rating,
                by[p].points_for, by[p].points_against) for p in by}
    # 1: R1 won (2 games, gave 2 goats, 1 dry; points 101 : 60), R2 lost (took 1 goat; 30 : 101)
    # 2: R1 won as 1, R2 won (1 game, gave 1 goat; 101 : 30)
    # 3: R1 lost (took 2, 1 dry; 60 : 101), R2 lost (took 1; 30 : 101);  4: R1 as 3, R2 as 2
    assert cols == {
        1: (1, 2, 1, 2, 1, 0, 1, 4, 131, 161),
        2: (2, 3, 0, 3, 3, 0, 1, 6, 202, 90),
        3: (0, 0, 3, 0, -3, 1, 0, 0, 90, 202),
        4: (1, 1, 2, 1, -1, 1, 0, 2, 161, 131),
    }
    assert order(rows) == [2, 1, 4, 3]
    row = individual_row_json(by[4], goats=True, rating=True)
    assert (row["goats_difference"], row["dry_goats"], row["rating"], row["games_won"]) == (-1, 1, 2, 1)


# --- withdrawal, late entry, what is counted -----------------------------------------------------------------

def test_a_withdrawn_player_follows_every_active_one_without_a_place():
    entrants = players(5, {2: {"status": WITHDRAWN, "withdrawn_after_round": 1}})
    rows = compute_individual_standings(entrants, EXAMPLE[:2], tiebreaks=DEFAULT)
    # 2 won round 1 (+45, level with 1 on every criterion) and withdrew after it: last, with no place
    assert order(rows) == [1, 5, 3, 4, 2]
    assert (rows[-1].status, rows[-1].rank, rows[-1].match_points) == (WITHDRAWN, None, 1)
    disq = players(5, {4: {"status": DISQUALIFIED, "withdrawn_after_round": 1}})
    assert [r.status for r in compute_individual_standings(disq, EXAMPLE, tiebreaks=DEFAULT)][-1] == DISQUALIFIED


def test_a_disqualified_player_is_removed_from_the_round_of_the_partie_and_his_partner_stays():
    # Round 2: 1 + 3 lose the partie by 1's removal (side A removed, 0 : 160); 1's entry is disqualified.
    entrants = players(5, {1: {"status": DISQUALIFIED}})
    games = EXAMPLE[:2] + [t(2, (1, 3), (2, 5), 0, 160, disqualified="A"), out(2, 4)]
    rows = compute_individual_standings(entrants, games, tiebreaks=DEFAULT)
    by = by_number(rows)
    assert (by[1].status, by[1].rank, order(rows)[-1]) == (DISQUALIFIED, None, 1)
    # 1 loses the partie of his removal; his partner 3 is scored as sitting out (lost R1 only)
    assert (by[1].played, by[1].losses, by[1].points_against) == (2, 1, 60 + 160)
    assert by[3].status == "active" and by[3].rank is not None
    assert (by[3].played, by[3].losses, by[3].byes, by[3].match_points) == (1, 1, 1, 1)
    assert (by[2].wins, by[2].buchholz) == (2, by[3].match_points + by[4].match_points + by[1].match_points)
    # before the entry names the removed player, both players of the side take its result
    unnamed = by_number(compute_individual_standings(players(5), games, tiebreaks=DEFAULT))
    assert (unnamed[3].losses, unnamed[3].byes, unnamed[1].status) == (2, 0, "active")
    after1 = by_number(compute_individual_standings(entrants, games, tiebreaks=DEFAULT, after_round=1))
    assert (after1[1].status, after1[1].rank) == ("active", 1)


def test_a_player_who_left_before_playing_is_not_listed_and_status_as_after_a_round():
    entrants = players(6, {6: {"status": WITHDRAWN, "withdrawn_after_round": 0},
                           4: {"status": WITHDRAWN, "withdrawn_after_round": 2}})
    rows = compute_individual_standings(entrants, EXAMPLE, tiebreaks=DEFAULT)
    assert 6 not in order(rows) and by_number(rows)[4].status == WITHDRAWN
    after1 = by_number(compute_individual_standings(entrants, EXAMPLE, tiebreaks=DEFAULT, after_round=1))
    assert after1[4].status == "active" and (after1[4].played, after1[4].byes) == (1, 0)


@pytest.mark.parametrize("result, counted", [
    ("none", (0, 0, 0, 0)), ("bye", (0, 1, 0, 1)), ("loss", (1, 0, 1, 0)),
])
def test_a_late_player_gets_the_late_entry_result_for_the_rounds_before_he_came(result, counted):
    # 6 joined in round 2 and sat out there: round 1 counts as the rules' late entry result
    entrants = players(6, {6: {"joined_round": 2}})
    games = EXAMPLE + [out(2, 6)]
    six = by_number(compute_individual_standings(entrants, games, scoring=Scoring(late_entry_result=result),
                                                 tiebreaks=DEFAULT))[6]
    played, byes, losses, match_points = counted
    assert (six.played, six.byes - 1, six.losses, six.match_points - 1) == (played, byes, losses, match_points)


def test_unfinished_parties_do_not_count_and_rounds_after_are_cut():
    games = EXAMPLE[:2] + [t(2, (1, 3), (2, 5), 35, 125, finished=False, winner=None), out(2, 4)]
    by = by_number(compute_individual_standings(players(5), games, tiebreaks=DEFAULT))
    assert (by[1].played, by[2].played, by[4].byes) == (1, 1, 1)
    early = by_number(compute_individual_standings(players(5), EXAMPLE, tiebreaks=DEFAULT, after_round=1))
    assert (early[1].played, early[4].byes, early[5].byes, early[2].points_for) == (1, 0, 1, 105)
