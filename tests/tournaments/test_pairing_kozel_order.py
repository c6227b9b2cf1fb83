"""Swiss pairing of a Kozel-family tournament: inside a score group the pairs keep the standings order.

RULES-KOZEL.md §5.4: goats difference first, then the point difference read by ``recorder`` (in
``kozel`` a pair's own total counts against it). The sport key (own points minus the opponents')
would rank a Kozel pair that gave two goats without writing a point last of its group and float it.
"""
import pytest

from events.services.rounds import compute_pairings
from events.services.standing import pairing_order, records
from scoring.models import Protocol
from scoring.reports.selectors import load_standings
from scoring.services import import_protocol_json
from tests.factories import make_referee, make_round, make_tournament
from tournaments.models import PairingSystem

pytestmark = pytest.mark.django_db


def dom(n, out, hands):
    return {"n": n, "result": "domino", "out": out, "hands": hands}


# Round 1 of six pairs, the A pairs win (the losers record, to 101, a dry goat counts 2):
# 1 – 2: pair 2 writes 120, pair 1 nothing: 2 goats to pair 2 (dry), pair 1 has 0 own points;
# 3 – 4: pair 3 writes 90, pair 4 105: 1 goat; 5 – 6: pair 5 writes 50, pair 6 101: 1 goat.
ROUND_1 = {
    1: [dom(1, "A1", {"B1": 30, "B2": 30}), dom(2, "A1", {"B1": 30, "B2": 30})],
    2: [dom(1, "B1", {"A1": 45, "A2": 45}), dom(2, "A1", {"B1": 50, "B2": 55})],
    3: [dom(1, "B1", {"A1": 25, "A2": 25}), dom(2, "A1", {"B1": 50, "B2": 51})],
}


@pytest.fixture
def kozel_field():
    t = make_tournament(6, slug="kozel-swiss", preset="kozel", overrides={"dry_goat_value": 2},
                        pairing_system=PairingSystem.SWISS)
    rnd = make_round(t, 1, [(1, 2), (3, 4), (5, 6)], status="finished")
    referee = make_referee(t)
    for table, deals in ROUND_1.items():
        import_protocol_json(rnd.parties.get(table=table), {"format": "domino-protocol/2", "deals": deals}, referee)
    return t


def test_the_field_is_the_one_described(kozel_field):
    caches = {p.partie.table: (p.winner, p.score_a, p.score_b, p.goats_a, p.goats_b)
              for p in Protocol.objects.filter(partie__round__tournament=kozel_field).select_related("partie")}
    assert caches == {1: ("A", 0, 120, 0, 2), 2: ("A", 90, 105, 0, 1), 3: ("A", 50, 101, 0, 1)}
    # The standings (§5.4): 1 (+2 goats), 5 (+1, +51), 3 (+1, +15), then 4, 6, 2.
    assert [r.pair.number for r in load_standings(kozel_field).rows] == [1, 5, 3, 4, 6, 2]


def test_inside_a_score_group_the_pairing_keeps_the_standings_order(kozel_field):
    recs = records(kozel_field, 2)
    assert [r.number for r in pairing_order(kozel_field, 2, recs.values())] == [1, 5, 3, 4, 6, 2]
    # The sport key would put the goat leader last of the winners and the dry goat first of the losers.
    assert [r.number for r in sorted(recs.values(), key=lambda r: r.sort_key)] == [3, 5, 1, 2, 6, 4]


def test_the_lowest_placed_winner_floats_not_the_goat_leader(kozel_field):
    result, _recs = compute_pairings(kozel_field, 2, "seed")
    tables = {frozenset((p.a, p.b)) for p in result.pairings}
    winners = {1, 3, 5}
    floated = [p for p in result.pairings if len({p.a, p.b} & winners) == 1]
    assert len(floated) == 1
    floater = ({floated[0].a, floated[0].b} & winners).pop()
    assert floater == 3                      # third of the winners by goats and points, not pair 1
    assert frozenset((1, 5)) in tables       # the leader meets the next winner
    assert frozenset((3, 6)) in tables       # the best-placed loser it has not met (4 it has)
    assert frozenset((2, 4)) in tables


def test_sport_tournaments_keep_the_sport_key():
    t = make_tournament(4, slug="sport-swiss", pairing_system=PairingSystem.SWISS)
    rnd = make_round(t, 1, [(1, 2), (3, 4)], status="finished")
    for table, (a, b) in {1: (60, 50), 2: (90, 10)}.items():
        Protocol.objects.create(partie=rnd.parties.get(table=table), winner="A", finished=True, score_a=a, score_b=b)
    recs = records(t, 2)
    assert [r.number for r in pairing_order(t, 2, recs.values())] == [3, 1, 2, 4]
