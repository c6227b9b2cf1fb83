"""The one count of a pair's remarks before a round (``scoring.queries.prior_remarks``) and the protocols'
cache of it (``scores.refresh_prior_remarks``), against the database."""
import pytest

from scoring.models import Protocol, Remark
from scoring.queries import prior_remarks
from scoring.scores import refresh_prior_remarks
from tests.factories import make_round, make_tournament


@pytest.fixture
def cup(db):
    """Three rounds; pair 3 sits on side A in round 1 and on side B in round 2, and meets pair 7 in round 3."""
    tournament = make_tournament(8)
    rounds = [make_round(tournament, 1, [(3, 4), (7, 8), (1, 2), (5, 6)]),
              make_round(tournament, 2, [(1, 3), (7, 4), (2, 5), (6, 8)]),
              make_round(tournament, 3, [(3, 7), (1, 2), (4, 5), (6, 8)])]
    other = make_tournament(8, slug="other-cup")  # its remarks count for its own pairs only
    make_round(other, 1, [(3, 4), (7, 8), (1, 2), (5, 6)])

    def remark(rnd, table, seat, deal=1):
        protocol, _ = Protocol.objects.get_or_create(partie=rnd.parties.get(table=table))
        Remark.objects.create(protocol=protocol, deal=deal, seat=seat, reason="talking")

    remark(rounds[0], 1, "A1")           # pair 3 (side A)
    remark(rounds[0], 1, "B2")           # pair 4 (side B)
    remark(rounds[1], 1, "B1")           # pair 3 (side B)
    remark(rounds[1], 1, "B2", deal=2)   # pair 3 again
    remark(rounds[1], 2, "A2")           # pair 7 (side A)
    remark(rounds[2], 1, "A1")           # round 3 itself: not "before round 3"
    remark(other.rounds.get(number=1), 1, "A1")
    tournament.round3 = rounds[2]
    return tournament


def pair_id(tournament, number):
    return tournament.pairs.get(number=number).pk


def test_remarks_go_to_the_pair_on_the_side_of_the_seat_in_the_rounds_before(cup):
    counts = prior_remarks(cup.pk, 3)
    assert counts == {pair_id(cup, 3): 3, pair_id(cup, 4): 1, pair_id(cup, 7): 1}
    assert prior_remarks(cup.pk, 2) == {pair_id(cup, 3): 1, pair_id(cup, 4): 1}
    assert prior_remarks(cup.pk, 1) == {}


def test_asked_for_two_pairs_it_counts_only_those(cup):
    three, seven, four = pair_id(cup, 3), pair_id(cup, 7), pair_id(cup, 4)
    assert prior_remarks(cup.pk, 3, [three, seven]) == {three: 3, seven: 1}
    assert prior_remarks(cup.pk, 3, [four, None]) == {four: 1}


def test_a_protocol_caches_both_pairs_counts(cup):
    protocol = Protocol.objects.get(partie=cup.round3.parties.get(table=1))  # pair 3 (A) against pair 7 (B)
    refresh_prior_remarks(protocol)
    assert (protocol.prior_remarks_a, protocol.prior_remarks_b) == (3, 1)
    quiet = Protocol(partie=cup.round3.parties.get(table=4))  # pairs 6 and 8: no remark before
    refresh_prior_remarks(quiet)
    assert (quiet.prior_remarks_a, quiet.prior_remarks_b) == (0, 0)
