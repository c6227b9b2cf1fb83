"""Standings from the database: cached protocol results, statuses, fixed number of queries."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.reports import selectors
from tests.factories import make_round, make_tournament
from tournaments.models import Entrant, EntrantStatus, PairingSystem

from .conftest import blocks, play

EXPECTED_AFTER_2 = [3, 2, 1, 7, 6, 4, 5, 8]
EXPECTED_AFTER_1 = [6, 3, 1, 7, 4, 2, 8, 5]


def numbers(standings):
    return [r.pair.number for r in standings.rows]


def test_standings_from_the_protocols(cup):
    data = selectors.load_standings(cup)
    assert numbers(data) == EXPECTED_AFTER_2
    top = data.rows[0]
    assert (top.played, top.wins, top.match_points, top.points_for, top.points_against, top.difference) == (
        2, 2, 1 + 1, 25 + 47, 5 + 35, 32)
    assert top.deals_won == 3 + 2  # 3 blocks in round 1, deals 1 and 2 of the §8 example
    assert data.rounds == [1, 2, 3] and data.shown_round == 3  # round 3 is paired, nothing finished yet
    assert all(r.played == 2 for r in data.rows)


def test_standings_as_after_round_one(cup):
    data = selectors.load_standings(cup, after_round=1)
    assert numbers(data) == EXPECTED_AFTER_1
    assert data.shown_round == 1 and all(r.played == 1 for r in data.rows)


def test_draft_rounds_do_not_count(cup):
    make_round(cup, 4, [(1, None)], status="draft")  # a bye in a draft round is no result yet
    data = selectors.load_standings(cup)
    assert data.rounds == [1, 2, 3]
    assert {r.pair.number: r.byes for r in data.rows}[1] == 0


def test_disqualified_and_withdrawn_pairs(cup):
    Entrant.objects.filter(tournament=cup, number=3).update(status=EntrantStatus.DISQUALIFIED, withdrawn_after_round=2)
    Entrant.objects.filter(tournament=cup, number=2).update(status=EntrantStatus.WITHDRAWN, withdrawn_after_round=2)
    data = selectors.load_standings(cup)
    # both are listed after every active pair, without a place, in their own order
    assert numbers(data)[-2:] == [3, 2] and [r.rank for r in data.rows[-2:]] == [None, None]
    assert data.rows[-2].points_for == 72 and [r.status for r in data.rows[-2:]] == ["disqualified", "withdrawn"]
    assert [r.rank for r in data.rows[:-2]] == list(range(1, 7))
    before = selectors.load_standings(cup, after_round=1)
    assert {r.pair.number: r.status for r in before.rows}[3] == "active"


def test_a_bad_stored_tiebreak_list_falls_back_with_a_message(cup):
    cup.tiebreaks = ["match_points", "goals"]
    data = selectors.load_standings(cup)
    assert "goals" in data.tiebreak_error
    assert data.tiebreaks[0] == "match_points" and numbers(data) == EXPECTED_AFTER_2


def test_tournament_tiebreak_list_is_used(cup):
    cup.tiebreaks = ["points"]
    data = selectors.load_standings(cup)
    assert numbers(data)[:3] == [3, 7, 2]  # points for: 72, 55, 40


def test_round_robin_tournaments_skip_buchholz_in_the_default(cup):
    cup.pairing_system = PairingSystem.ROUND_ROBIN
    assert "buchholz" not in selectors.load_standings(cup).tiebreaks


def test_individual_standings_count_dominoes_and_remarks_per_player(cup):
    data = selectors.load_individual(cup)
    by_name = {p.player.name: p for p in data.players}
    pair3 = cup.pairs.get(number=3).players.order_by("number")
    pair7 = cup.pairs.get(number=7).players.order_by("number")
    assert by_name[pair3[0].name].dominoes == 1 and by_name[pair3[0].name].remarks == 2
    assert by_name[pair3[1].name].dominoes == 0 and by_name[pair3[1].name].remarks == 0
    assert by_name[pair7[1].name].dominoes == 1  # B2 went out in deal 3
    assert data.players[0].player.name == pair3[0].name and data.players[0].rank == 1
    assert len(data.players) == 16


def test_crosstable_cells(cup):
    data, cells, matrix = selectors.load_crosstable(cup)
    assert matrix is None  # Swiss: round by round
    pair3 = cup.pairs.get(number=3)
    assert [(c.round, c.opponent, c.points_for, c.points_against, c.result) for c in cells[pair3.id]] == [
        (1, 4, 25, 5, "win"), (2, 7, 47, 35, "win"), (3, 1, 0, 0, "")]


def _count(fn):
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return len(ctx.captured_queries)


@pytest.mark.django_db
def test_the_number_of_queries_does_not_grow_with_the_tournament():
    small = make_tournament(4, slug="small")
    r = make_round(small, 1, [(1, 2), (3, 4)])
    play(r, 1, blocks(5, 5, 5, 5))
    big = make_tournament(30, slug="big")
    for n in (1, 2, 3):
        rnd = make_round(big, n, [(i, i + 15) for i in range(1, 16)])
        for table in range(1, 16):
            play(rnd, table, blocks(n, -1, 2, table))
    counts = [_count(lambda t=t: selectors.load_standings(t)) for t in (small, big)]
    assert counts[0] == counts[1] <= 5
    counts = [_count(lambda t=t: selectors.load_individual(t)) for t in (small, big)]
    assert counts[0] == counts[1] <= 7
