"""Each fast path of the live pages (scoring/fastpath/) has a setting that turns it off, and off the site answers
with Django's standard parts alone: the same ETags and 304s, every page rendered by its view."""
import pytest
from django.test import Client
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from scoring import live, services
from scoring.fastpath import polls
from tests.factories import make_referee, make_round, make_tournament

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
DEAL = {"n": 1, "result": "domino", "out": "A1", "hands": {"B1": 10, "A2": 5, "B2": 7}}


@pytest.fixture
def cup():
    live.cache.backend.clear()
    polls._memo.clear()
    tournament = make_tournament(4, is_public=True)
    make_round(tournament, 1, [(1, 2), (3, 4)])
    yield tournament
    live.cache.backend.clear()
    polls._memo.clear()


@pytest.fixture
def answered(monkeypatch):
    """What the polls' middleware answered each request it saw: its status, or None (the site answered)."""
    seen, original = [], polls.answer

    def answer(request):
        response = original(request)
        seen.append(None if response is None else response.status_code)
        return response

    monkeypatch.setattr(polls, "answer", answer)
    return seen


def _deal(cup):
    services.record_deal(make_referee(cup), cup.rounds.get(number=1).parties.get(table=1), DEAL, expected_version=0)


def test_without_the_polls_fast_path_the_site_answers_every_poll_with_the_same_304(cup, answered, settings):
    settings.FASTPATH_POLLS = False
    url = reverse("tournaments:round_results", args=[cup.slug, 1])
    phone = Client()
    first = phone.get(url, **HX)
    again = phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HX)
    newcomer = Client().get(url, **HX)
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert newcomer.status_code == 200 and newcomer.content == first.content
    assert answered == []  # the middleware was not used
    _deal(cup)
    assert phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HX).status_code == 200


@pytest.mark.parametrize(("name", "headers"), [("reports:standings", {}), ("reports:projector", HX)])
def test_without_shared_bodies_every_visitor_is_rendered_his_page(cup, settings, monkeypatch, name, headers):
    settings.FASTPATH_SHARED_BODIES = False
    settings.FASTPATH_POLLS = False
    stored = []
    original = live.cache.set
    monkeypatch.setattr(live.cache, "set", lambda key, *a, **kw: stored.append(key) or original(key, *a, **kw))
    url = reverse(name, args=[cup.slug])
    one, other = Client(), Client()
    one.get(url, **headers)  # the first visit sets the form token's cookie, which a page with forms' ETag names
    first, second = one.get(url, **headers), other.get(url, **headers)
    assert first.status_code == second.status_code == 200
    assert not [key for key in stored if ":page:" in key]  # no body kept for the next visitor
    assert one.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **headers).status_code == 304
    settings.FASTPATH_SHARED_BODIES = True
    Client().get(url, **headers)
    assert [key for key in stored if ":page:" in key]  # on again: the body of the version is kept


@pytest.mark.parametrize("polls_on", [True, False])
def test_an_official_sees_his_change_at_once_with_or_without_the_polls_fast_path(settings, django_user_model,
                                                                                 monkeypatch, polls_on):
    """The window that smooths the spectators' polling is theirs alone, whoever reads the version first."""
    settings.LIVE_STALE_SECONDS = 15
    settings.FASTPATH_POLLS = polls_on
    live.cache.backend.clear()
    live._seen_here.clear()
    monkeypatch.setattr(live.time, "time", lambda: 1_800_000_000.0)  # the whole test inside one window
    tournament = make_tournament(8, slug="settings-cup", is_public=True)
    organizer = django_user_model.objects.create_user("settings-org", password="x")
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    make_round(tournament, 1, [(1, 2), (3, 4), (5, 6), (7, 8)], status="published")
    make_round(tournament, 2, [(1, 3), (2, 4), (5, 7), (6, 8)], status="draft")
    url = reverse("reports:standings", args=[tournament.slug])
    spectator, official = Client(), Client()
    official.force_login(organizer)
    for browser in (spectator, official):
        browser.get(url)
    seen = {browser: browser.get(url)["ETag"] for browser in (spectator, official)}
    assert official.post(reverse("tournaments:round_action", args=[tournament.slug, 2, "publish"]),
                         {"confirmed": "1"}).status_code == 302
    assert official.get(url, HTTP_IF_NONE_MATCH=seen[official]).status_code == 200
    assert spectator.get(url, HTTP_IF_NONE_MATCH=seen[spectator]).status_code == 304
    live.cache.backend.clear()
    live._seen_here.clear()
