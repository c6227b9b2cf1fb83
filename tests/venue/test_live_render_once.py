"""A new version of a live page is rendered by one request: the phones asking meanwhile get the body of the
version before under that version's own ETag (never a newer ETag on an older body); the bracket is polled
like the standings."""
import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from events.services import pair_round, publish_round
from events.services.stages import confirm_qualification, set_final
from scoring import live, services
from scoring.fastpath import bodies
from tests.factories import make_referee, make_round, make_tournament
from tests.queries import own_queries
from tests.tournaments.test_stages_pages import eight
from tournaments.models import FinalKind

pytestmark = pytest.mark.django_db

DEAL = {"n": 1, "result": "domino", "out": "A1", "hands": {"B1": 10, "A2": 5, "B2": 7}}
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def cup():
    tournament = make_tournament(4, is_public=True)
    make_round(tournament, 1, [(1, 2), (3, 4)])
    return tournament


def _deal(cup):
    return services.record_deal(make_referee(cup), cup.rounds.get(number=1).parties.get(table=1), DEAL,
                                expected_version=0)


@pytest.fixture
def rendering_elsewhere(monkeypatch):
    """Every render is claimed by another request (another server process is rendering it now)."""
    def held():
        monkeypatch.setattr(live.cache, "add", lambda *args, **kwargs: False)
    return held


@pytest.mark.parametrize(("name", "headers"), [("tournaments:round_results", HX), ("reports:projector", HX)])
def test_while_the_new_version_is_rendered_elsewhere_a_phone_keeps_the_earlier_one(client, cup, name, headers,
                                                                                   rendering_elsewhere):
    url = reverse(name, args=[cup.slug, 1] if name == "tournaments:round_results" else [cup.slug])
    first = client.get(url, **headers)
    _deal(cup)
    rendering_elsewhere()
    with CaptureQueriesContext(connection) as ctx:
        held = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **headers)
    assert held.status_code == 304 and held["ETag"] == first["ETag"]
    assert len(own_queries(ctx)) <= 1  # the version read; nothing rendered
    other = Client().get(url, **headers)  # a phone without the earlier page gets it whole, under its ETag
    assert other.status_code == 200 and other["ETag"] == first["ETag"] and other.content == first.content


def test_while_the_new_version_is_rendered_elsewhere_an_official_gets_it_at_once(client, cup, rendering_elsewhere,
                                                                                 django_user_model):
    """An official never waits for a cache: he renders the version himself rather than get the one before."""
    url = reverse("tournaments:round_results", args=[cup.slug, 1])
    organizer = django_user_model.objects.create_user("org", password="x")
    TournamentRole.objects.create(tournament=cup, user=organizer, role=RoleKind.ORGANIZER)
    first = Client().get(url, **HX)  # the body a phone left stored
    client.force_login(organizer)
    protocol = _deal(cup)
    rendering_elsewhere()
    own = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HX)
    assert own.status_code == 200 and own["ETag"] != first["ETag"]
    assert f"{protocol.score_a} : {protocol.score_b}" in own.content.decode()


def test_once_the_render_is_stored_every_phone_gets_the_new_version(client, cup, monkeypatch):
    url = reverse("tournaments:round_results", args=[cup.slug, 1])
    first = client.get(url, **HX)
    protocol = _deal(cup)
    claimed, given_back = [], []
    add, delete = live.cache.add, live.cache.delete
    monkeypatch.setattr(live.cache, "add", lambda key, *a, **kw: claimed.append(key) or add(key, *a, **kw))
    monkeypatch.setattr(live.cache, "delete", lambda key: given_back.append(key) or delete(key))
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HX)
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert f"{protocol.score_a} : {protocol.score_b}" in after.content.decode()
    assert claimed and given_back == claimed  # the render was claimed, then the claim given back
    again = Client().get(url, **HX)
    assert again["ETag"] == after["ETag"] and again.content == after.content


def test_an_anonymous_visitor_keeps_his_own_etag_and_token_on_the_earlier_page(client, cup, rendering_elsewhere):
    url = reverse("reports:standings", args=[cup.slug])
    client.get(url)
    first = client.get(url)
    token = client.cookies["csrftoken"].value
    _deal(cup)
    rendering_elsewhere()
    held = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert held.status_code == 304 and held["ETag"] == first["ETag"]
    other = Client()
    other.get(url)
    page = other.get(url)
    assert page.status_code == 200 and page["ETag"] != first["ETag"]  # his own ETag, of the same version
    assert page["ETag"].split("-")[0] == first["ETag"].split("-")[0]
    body = page.content.decode()
    assert bodies.CSRF_PLACE.decode() not in body and token not in body


def test_the_first_visit_of_a_page_is_rendered_even_while_claimed(client, cup, rendering_elsewhere):
    rendering_elsewhere()
    first = client.get(reverse("reports:projector", args=[cup.slug]), **HX)
    assert first.status_code == 200 and 'class="board"' in first.content.decode()


def test_the_standings_of_a_version_are_computed_once_while_claimed(cup, rendering_elsewhere):
    """A request that finds the standings claimed waits for them, then computes them itself at most once."""
    live.cache.delete("live:test-standings:1")  # the file cache outlives a run: a run minutes before left it
    rendering_elsewhere()
    calls = []
    value = live.computed_once("live:test-standings:1", lambda: calls.append(1) or "standings", wait=0.05)
    assert value == "standings" and calls == [1]
    assert live.computed_once("live:test-standings:1", lambda: calls.append(1) or "again") == "standings"
    assert calls == [1]


@pytest.mark.parametrize(("path", "headers"), [("bracket/", {}), ("bracket/projector/", HX)])
def test_the_bracket_is_304_until_a_result_changes(client, django_user_model, path, headers):
    organizer = django_user_model.objects.create_user("org", password="domino2026")
    tournament = eight(organizer)
    set_final(organizer, tournament, kind=FinalKind.KNOCKOUT, size=4)
    confirm_qualification(organizer, tournament)
    rnd = pair_round(organizer, tournament)
    publish_round(organizer, rnd)
    url = f"/t/{tournament.slug}/{path}"
    client.get(url, **headers)
    first = client.get(url, **headers)
    assert first.status_code == 200 and first.has_header("ETag")
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **headers).status_code == 304
    services.record_deal(make_referee(tournament), rnd.parties.order_by("table").first(), DEAL, expected_version=0)
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **headers)
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=after["ETag"], **headers).status_code == 304
