"""An individual event's standings read from the database: partners take their side's result, a sit-out
the bye result, one absent player alone the loss (his partner: a sit-out)."""
import pytest

from events.services import pair_round, publish_round, run_draw
from scoring import services
from scoring.reports.selectors import load_standings
from tests.factories import make_individual, make_referee

pytestmark = pytest.mark.django_db


@pytest.fixture
def first_round(organizer):
    t = make_individual(9, numbered=False)
    run_draw(organizer, t, seed="solo")
    rnd = pair_round(organizer, t)
    publish_round(organizer, rnd)
    return t, rnd, make_referee(t)


def rows_by_number(t):
    return {row.pair.number: row for row in load_standings(t).rows}


def test_no_show_of_a_whole_side_and_of_one_player(first_round):
    t, rnd, referee = first_round
    one, two = rnd.parties.filter(pair_b__isnull=False).select_related(
        "pair_a", "partner_a", "pair_b", "partner_b").order_by("table")
    p = services.ensure_protocol(one)
    services.record_no_show(referee, one, "B", expected_version=p.version)  # B1 and B2 absent
    p = services.ensure_protocol(two)
    services.record_no_show(referee, two, "A", seats=["A2"], expected_version=p.version)  # only A2 absent
    sitter = rnd.parties.get(pair_b__isnull=True).pair_a.number
    rows = rows_by_number(t)
    for entrant in (one.pair_a, one.partner_a, two.pair_b, two.partner_b):  # the winners
        assert (rows[entrant.number].wins, rows[entrant.number].match_points) == (1, 1)
    for entrant in (one.pair_b, one.partner_b, two.partner_a):  # the absent
        assert (rows[entrant.number].losses, rows[entrant.number].match_points) == (1, 0)
    present = rows[two.pair_a.number]  # his partner did not come: he is never punished
    assert (present.played, present.losses, present.byes, present.match_points) == (0, 0, 1, 1)
    assert (rows[sitter].byes, rows[sitter].match_points) == (1, 1)
