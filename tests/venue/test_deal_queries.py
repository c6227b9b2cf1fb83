"""The work of a deal entered at a table: the POST and the page it redirects to stay within a budget.

Measured when written: 17 queries for the POST (session, user, partie, the players of both pairs,
role, the protocol with its deals, remarks and signatures read before the writers' lock, the locked
protocol, both pairs' prior remarks, the new deal, one protocol row write, one data-version bump, the
audit entry; the test's savepoint and its release)
and 9 for the page (session, user, partie, players, role, the protocol, its deals, remarks and
signatures). The budgets are those figures: one query more is a regression to look at.

Opening a table writes nothing, so the first deal at a table also creates its protocol row: 7 more
for that POST (the row looked for twice, a savepoint and its release, the pairs' prior remarks, the
insert and its data-version bump).
"""
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from access.models import RoleKind, TournamentRole
from scoring import services
from scoring.models import Protocol
from tests.factories import make_referee, make_round, make_tournament

pytestmark = pytest.mark.django_db

POST_BUDGET = 17
FIRST_POST_BUDGET = POST_BUDGET + 7
PAGE_BUDGET = 9
DEALS = [
    {"result": "domino", "out": "A1", "hand_B1": 10, "hand_A2": 5, "hand_B2": 7},
    {"result": "block", "hand_A1": 3, "hand_B1": 12, "hand_A2": 5, "hand_B2": 7},
    {"result": "domino", "out": "B2", "hand_A1": 9, "hand_B1": 2, "hand_A2": 5},
    {"result": "domino", "out": "A2", "hand_A1": 4, "hand_B1": 8, "hand_B2": 6},
]


def _table_of_a_logged_in_referee(client, django_user_model):
    """Table 1 of round 1 of a 4-pair tournament; ``client`` logged in as its referee."""
    cup = make_tournament(4)
    partie = make_round(cup, 1, [(1, 2), (3, 4)]).parties.get(table=1)
    referee = django_user_model.objects.create_user("judge", password="x")
    TournamentRole.objects.create(tournament=cup, user=referee, role=RoleKind.REFEREE)
    client.force_login(referee)
    return partie


def test_a_deal_post_and_its_page_fit_the_budget(client, django_user_model):
    partie = _table_of_a_logged_in_referee(client, django_user_model)
    page = client.get(f"/referee/partie/{partie.pk}/").content.decode()
    for n, deal in enumerate(DEALS, start=1):
        version = re.search(r'name="version" value="(\d+)"', page).group(1)
        with CaptureQueriesContext(connection) as post:
            response = client.post(f"/referee/partie/{partie.pk}/deal/", {"n": n, "version": version, **deal})
        assert response.status_code == 302
        with CaptureQueriesContext(connection) as get:
            page = client.get(response["Location"]).content.decode()
        budget = FIRST_POST_BUDGET if n == 1 else POST_BUDGET
        assert len(post.captured_queries) <= budget, [q["sql"][:80] for q in post.captured_queries]
        assert len(get.captured_queries) <= PAGE_BUDGET, [q["sql"][:80] for q in get.captured_queries]
    protocol = Protocol.objects.get(partie=partie)
    assert protocol.deals.count() == 4 and protocol.version == 4


def _tables(captured, table):
    return [q["sql"] for q in captured.captured_queries if f'FROM "{table}"' in q["sql"]]


def test_the_players_of_both_pairs_are_read_once(client, django_user_model):
    partie = _table_of_a_logged_in_referee(client, django_user_model)
    with CaptureQueriesContext(connection) as get:
        page = client.get(f"/referee/partie/{partie.pk}/").content.decode()
    assert len(_tables(get, "tournaments_player")) == 1
    for name in [p.name for p in partie.pair_a.players.all()] + [p.name for p in partie.pair_b.players.all()]:
        assert name in page
    with CaptureQueriesContext(connection) as post:
        response = client.post(f"/referee/partie/{partie.pk}/deal/", {"n": 1, "version": 0, **DEALS[0]})
    assert response.status_code == 302
    assert len(_tables(post, "tournaments_player")) == 1


def test_a_deal_asks_nothing_about_later_rounds_but_a_remark_still_rescores_them():
    """A later round's remark steps count this protocol's remarks: a deal leaves them, a remark moves them."""
    cup = make_tournament(4)
    first = make_round(cup, 1, [(1, 2), (3, 4)]).parties.get(table=1)
    later = make_round(cup, 2, [(1, 3), (2, 4)]).parties.get(table=1)
    referee = make_referee(cup)
    services.record_deal(referee, later, {"n": 1, **_json(DEALS[1])}, expected_version=0)
    services.give_remark(referee, later, deal=1, seat="A1", reason="talking", expected_version=1)
    before = Protocol.objects.get(partie=later)
    assert before.prior_remarks_a == 0
    with CaptureQueriesContext(connection) as deal:
        services.record_deal(referee, first, {"n": 1, **_json(DEALS[0])}, expected_version=0)
    assert not [q for q in _tables(deal, "scoring_protocol") if "tournaments_round" in q]  # no later protocols read
    assert Protocol.objects.get(partie=later).prior_remarks_a == 0
    services.give_remark(referee, first, deal=1, seat="A2", reason="talking", expected_version=1)
    after = Protocol.objects.get(partie=later)
    assert after.prior_remarks_a == 1  # pair 1's remark in round 1 is its first: the one in round 2 its second
    assert (after.score_a, after.score_b) != (before.score_a, before.score_b)  # a warning became a fine


def test_prior_remarks_count_each_pair_on_its_own_side_in_one_query():
    cup = make_tournament(6)
    one = make_round(cup, 1, [(1, 2), (3, 4), (5, 6)])
    referee = make_referee(cup)
    # Round 1: pair 1 (A) gets two remarks, pair 2 (B) one, pair 4 (B at table 2) one.
    t1, t2 = one.parties.get(table=1), one.parties.get(table=2)
    services.give_remark(referee, t1, deal=1, seat="A1", reason="talking", expected_version=0)
    services.give_remark(referee, t1, deal=1, seat="A2", reason="time", expected_version=1)
    services.give_remark(referee, t1, deal=1, seat="B1", reason="talking", expected_version=2)
    services.give_remark(referee, t2, deal=1, seat="B2", reason="talking", expected_version=0)
    # Round 2: pair 2 sits as A against pair 1 as B; pair 4 as A against pair 5.
    two = make_round(cup, 2, [(2, 1), (4, 5), (3, 6)])
    with CaptureQueriesContext(connection) as ctx:
        protocol = services.ensure_protocol(two.parties.get(table=1))
    assert (protocol.prior_remarks_a, protocol.prior_remarks_b) == (1, 2)
    assert len(_tables(ctx, "scoring_remark")) == 1
    other = services.ensure_protocol(two.parties.get(table=2))
    assert (other.prior_remarks_a, other.prior_remarks_b) == (1, 0)
    quiet = services.ensure_protocol(two.parties.get(table=3))
    assert (quiet.prior_remarks_a, quiet.prior_remarks_b) == (0, 0)


def _json(form_deal: dict) -> dict:
    """A deal of the form (``hand_A1`` …) as the services take it (§9 JSON)."""
    deal = {k: v for k, v in form_deal.items() if not k.startswith("hand_")}
    deal["hands"] = {k[5:]: v for k, v in form_deal.items() if k.startswith("hand_")}
    return deal
