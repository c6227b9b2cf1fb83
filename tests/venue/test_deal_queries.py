"""The work of a deal entered at a table: the POST and the page it redirects to stay within a budget.

Measured when written: 23 queries for the POST (session, user, partie, players, role, the locked
protocol, prior remarks, deals, remarks, signatures, one protocol row write, one data-version
bump, the audit entry) and 11 for the page. The budgets leave room for a rule or two more; a page
that grows a query per deal or per seat will not fit.
"""
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from referees.models import RoleKind, TournamentRole
from scoring.models import Protocol
from tests.factories import make_round, make_tournament

pytestmark = pytest.mark.django_db

POST_BUDGET = 28
PAGE_BUDGET = 14
DEALS = [
    {"result": "domino", "out": "A1", "hand_B1": 10, "hand_A2": 5, "hand_B2": 7},
    {"result": "block", "hand_A1": 3, "hand_B1": 12, "hand_A2": 5, "hand_B2": 7},
    {"result": "domino", "out": "B2", "hand_A1": 9, "hand_B1": 2, "hand_A2": 5},
    {"result": "domino", "out": "A2", "hand_A1": 4, "hand_B1": 8, "hand_B2": 6},
]


def test_a_deal_post_and_its_page_fit_the_budget(client, django_user_model):
    cup = make_tournament(4)
    partie = make_round(cup, 1, [(1, 2), (3, 4)]).parties.get(table=1)
    referee = django_user_model.objects.create_user("judge", password="x")
    TournamentRole.objects.create(tournament=cup, user=referee, role=RoleKind.REFEREE)
    client.force_login(referee)
    page = client.get(f"/referee/partie/{partie.pk}/").content.decode()
    for n, deal in enumerate(DEALS, start=1):
        version = re.search(r'name="version" value="(\d+)"', page).group(1)
        with CaptureQueriesContext(connection) as post:
            response = client.post(f"/referee/partie/{partie.pk}/deal/", {"n": n, "version": version, **deal})
        assert response.status_code == 302
        with CaptureQueriesContext(connection) as get:
            page = client.get(response["Location"]).content.decode()
        assert len(post.captured_queries) <= POST_BUDGET, [q["sql"][:80] for q in post.captured_queries]
        assert len(get.captured_queries) <= PAGE_BUDGET, [q["sql"][:80] for q in get.captured_queries]
    protocol = Protocol.objects.get(partie=partie)
    assert protocol.deals.count() == 4 and protocol.version == 4
