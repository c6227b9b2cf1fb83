"""What one render of each public live page reads: a fixed number of queries, whatever the number of tables
(the first phone after a change renders it for all the others; bench/live_pages_bench.py measures it)."""
import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import live, services
from tests.factories import make_referee, make_round, make_tournament
from tests.queries import own_queries

pytestmark = pytest.mark.django_db

DEAL = {"n": 1, "result": "domino", "out": "A1", "hands": {"B1": 10, "A2": 5, "B2": 7}}
HX = {"HTTP_HX_REQUEST": "true"}
# page: (url name, its arguments after the slug, headers, at most this many queries)
PAGES = {
    "round": ("tournaments:pairings", (1,), {}, 9),
    "round results": ("tournaments:round_results", (1,), HX, 8),
    "standings": ("reports:standings", (), {}, 6),
    "projector": ("reports:projector", (), HX, 7),
    "cross table": ("reports:crosstable", (), {}, 6),
    "pair": ("tournaments:pair", (1,), {}, 9),
    "hall map": ("referees:hall", (), {}, 6),
    "hall tiles": ("referees:hall_tiles", (), HX, 5),
}


def _hall(n_pairs, slug):
    tournament = make_tournament(n_pairs, slug=slug, is_public=True)
    rnd = make_round(tournament, 1, [(2 * i + 1, 2 * i + 2) for i in range(n_pairs // 2)])
    referee = make_referee(tournament)
    for partie in rnd.parties.order_by("table")[: n_pairs // 4]:  # half the tables in play
        services.record_deal(referee, partie, DEAL, expected_version=0)
    return tournament


def _render_queries(tournament, name):
    view, args, headers, _budget = PAGES[name]
    url = reverse(view, args=[tournament.slug, *args])
    client = Client()
    client.get(url, **headers)  # the visitor's cookie
    with transaction.atomic():
        live.bump(tournament.pk)  # a new version: nothing of the page is in the cache
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url, **headers)
    assert response.status_code == 200
    return [q for q in own_queries(ctx) if "scoring_dataversion" not in q]


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_live_page_reads_as_many_queries_for_16_tables_as_for_2(name):
    small = _render_queries(_hall(4, "small-cup"), name)
    large = _render_queries(_hall(32, "large-cup"), name)
    assert len(large) == len(small), (small, large)
    assert len(large) <= PAGES[name][3], large
