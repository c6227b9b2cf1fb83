"""A spectator's repeated poll of a public live page is answered before the site (``scoring.fastpath.polls``), with
the view's own headers, and never with a 304 the view would not give: after a deal, a round published, a
setting changed, and never for a logged-in visitor or another visitor's page."""
import re

import pytest
from django.core.management import call_command
from django.db import OperationalError
from django.test import Client
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from events.services import publish_round
from events.services.hall import set_hall_layout
from scoring import services
from scoring.fastpath import polls
from tests.factories import make_referee, make_round, make_tournament

pytestmark = pytest.mark.django_db

DEAL = {"n": 1, "result": "domino", "out": "A1", "hands": {"B1": 10, "A2": 5, "B2": 7}}
HX = {"HTTP_HX_REQUEST": "true"}
PAGES = [
    ("reports:standings", (), {}), ("reports:projector", (), HX), ("reports:crosstable", (), {}),
    ("tournaments:pairings", (1,), {}), ("tournaments:round_results", (1,), HX), ("tournaments:pair", (1,), {}),
    ("referees:hall_tiles", (), HX),
]
SAME = ("Cache-Control", "Vary", "Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options")


@pytest.fixture
def cup():
    tournament = make_tournament(4, is_public=True)
    make_round(tournament, 1, [(1, 2), (3, 4)])
    return tournament


@pytest.fixture
def fast(monkeypatch):
    """What the fast path answered each request: its status, or None (the site answered)."""
    answered, original = [], polls.answer

    def answer(request):
        response = original(request)
        answered.append(None if response is None else response.status_code)
        return response

    monkeypatch.setattr(polls, "answer", answer)
    polls._memo.clear()
    return answered


def _organizer(cup, django_user_model):
    user = django_user_model.objects.create_user("org", password="x")
    TournamentRole.objects.create(tournament=cup, user=user, role=RoleKind.ORGANIZER)
    return user


def _polled(client, url, fast, **headers):
    client.get(url, **headers)  # the first visit sets the form token's cookie
    first = client.get(url, **headers)
    assert first.status_code == 200 and first.has_header("ETag")
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **headers)
    assert again.status_code == 304 and fast[-1] == 304, fast
    return first, again


def _deal(cup):
    services.record_deal(make_referee(cup), cup.rounds.get(number=1).parties.get(table=1), DEAL, expected_version=0)


@pytest.mark.parametrize(("name", "args", "headers"), PAGES)
def test_a_repeated_poll_is_answered_first_with_the_views_headers_and_a_deal_gets_the_new_body(
        client, cup, fast, name, args, headers):
    url = reverse(name, args=[cup.slug, *args])
    first, again = _polled(client, url, fast, **headers)
    assert again["ETag"] == first["ETag"] and again.content == b""
    for header in SAME:
        assert again.get(header) == first.get(header), header
    _deal(cup)
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **headers)
    assert after.status_code == 200 and after["ETag"] != first["ETag"] and after.content
    assert fast[-1] is None  # the site rendered the new version
    assert client.get(url, HTTP_IF_NONE_MATCH=after["ETag"], **headers).status_code == 304 and fast[-1] == 304


def test_a_round_published_changes_the_round_page_and_the_standings(client, cup, fast, django_user_model):
    second = make_round(cup, 2, [(1, 3), (2, 4)], status="draft")
    pages = [reverse("tournaments:pairings", args=[cup.slug, 1]), reverse("reports:standings", args=[cup.slug])]
    before = [_polled(client, url, fast)[0] for url in pages]
    publish_round(_organizer(cup, django_user_model), second)
    for url, first in zip(pages, before):
        after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert after.status_code == 200 and fast[-1] is None
    assert reverse("tournaments:pairings", args=[cup.slug, 2]) in after.content.decode() or \
        reverse("tournaments:pairings", args=[cup.slug, 2]) in client.get(pages[0]).content.decode()


def test_a_layout_set_by_the_organizer_changes_the_hall_map(client, cup, fast, django_user_model):
    url = reverse("referees:hall_tiles", args=[cup.slug])
    first, _again = _polled(client, url, fast, **HX)
    set_hall_layout(_organizer(cup, django_user_model), cup, rows=1, columns=2)
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HX)
    assert after.status_code == 200 and after.content != first.content and fast[-1] is None


def test_a_logged_in_visitor_is_never_answered_first_nor_is_his_tag_given_to_another(
        client, cup, fast, django_user_model):
    url = reverse("reports:standings", args=[cup.slug])
    client.force_login(_organizer(cup, django_user_model))
    client.get(url)
    own = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=own["ETag"]).status_code == 304  # by the site itself
    assert set(fast) == {None}
    stranger = Client()
    stranger.get(url)
    assert stranger.get(url, HTTP_IF_NONE_MATCH=own["ETag"]).status_code == 200 and fast[-1] is None


def test_another_visitors_tag_of_a_page_with_forms_is_not_his(cup, fast):
    url = reverse("reports:standings", args=[cup.slug])
    one, other = Client(), Client()
    first, _again = _polled(one, url, fast)
    other.get(url)
    assert other.cookies["csrftoken"].value != one.cookies["csrftoken"].value
    answer = other.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert answer.status_code == 200 and answer["ETag"] != first["ETag"] and fast[-1] is None


def test_a_page_unpublished_is_not_answered(client, cup, fast):
    url = reverse("reports:standings", args=[cup.slug])
    first, _again = _polled(client, url, fast)
    cup.is_public = False
    cup.save()
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 404 and fast[-1] is None


def test_one_body_for_every_phone_is_answered_first_once_rendered(cup, fast):
    url = reverse("tournaments:round_results", args=[cup.slug, 1])
    first = Client().get(url, **HX)
    assert fast[-1] is None  # nothing noted yet: the site renders it
    newcomer = Client().get(url, **HX)  # a first visit holds no ETag: answered from this process's note
    assert newcomer.status_code == 200 and fast[-1] == 200
    assert newcomer.content == first.content and newcomer["ETag"] == first["ETag"]
    # another phone still holding an older version's ETag: the site renders nothing more for it
    other = Client().get(url, HTTP_IF_NONE_MATCH='"1-older"', **HX)
    assert other.status_code == 200 and fast[-1] == 200
    assert other.content == first.content and other["ETag"] == first["ETag"]
    assert other["Content-Type"] == first["Content-Type"] and other["Cache-Control"] == first["Cache-Control"]
    _deal(cup)
    assert Client().get(url, **HX).content != first.content and fast[-1] is None


@pytest.mark.parametrize("backend", ["filebased.FileBasedCache", "db.DatabaseCache"])
def test_another_server_process_answers_from_the_shared_cache(client, cup, fast, settings, tmp_path, backend):
    """SQLite's file cache and PostgreSQL's database cache alike (docs/deploy.md)."""
    location = str(tmp_path) if backend.startswith("file") else "domino_cache_test"
    settings.CACHES = {"default": {"BACKEND": f"django.core.cache.backends.{backend}", "LOCATION": location}}
    if backend.startswith("db"):
        call_command("createcachetable", verbosity=0)
    url = reverse("tournaments:round_results", args=[cup.slug, 1])
    first = client.get(url, **HX)
    polls._memo.clear()  # another process: nothing of its own yet
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HX).status_code == 304 and fast[-1] == 304
    _deal(cup)
    polls._memo.clear()
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HX).status_code == 200 and fast[-1] is None


def test_a_page_with_the_visitors_token_is_noted_in_his_process_alone(client, cup, fast):
    """One note a phone would flood the shared cache: another process answers his first poll itself."""
    url = reverse("reports:standings", args=[cup.slug])
    first, _again = _polled(client, url, fast)
    polls._memo.clear()
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304 and fast[-1] is None
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304 and fast[-1] == 304


def test_a_database_that_does_not_answer_leaves_the_answer_to_the_site(client, cup, fast, monkeypatch):
    url = reverse("tournaments:round_results", args=[cup.slug, 1])
    first = client.get(url, **HX)

    def down(slug, phase=0):
        raise OperationalError("database is down")

    monkeypatch.setattr(polls.live, "_public_stamp", down)
    response = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HX)
    assert response.status_code == 503 and fast == [None]  # the site's own page, not a 500 from here


TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def _new_version_stored(cup, url):
    _deal(cup)
    assert Client().get(url).status_code == 200  # another visitor's first visit renders the shared body


def test_a_page_with_forms_is_answered_first_with_the_visitors_own_token_once_its_new_version_is_stored(cup, fast):
    url = reverse("reports:standings", args=[cup.slug])
    phone, other = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first, _again = _polled(phone, url, fast)
    other.get(url)
    _new_version_stored(cup, url)
    after = phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and fast[-1] == 200 and after["ETag"] != first["ETag"]
    polls._memo.clear()
    site = phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"])  # what the site itself answers him
    assert fast[-1] is None and site["ETag"] == after["ETag"]
    for header in SAME:
        assert after.get(header) == site.get(header), header
    token = TOKEN.search(after.content.decode())[1]
    assert TOKEN.sub("", after.content.decode()) == TOKEN.sub("", site.content.decode())
    # his own token: his form is accepted, and another visitor's token is not his
    foreign = TOKEN.search(other.get(url).content.decode())[1]
    assert phone.post(reverse("set_language"), {"language": "en", "next": "/", "csrfmiddlewaretoken": foreign},
                      ).status_code == 403
    assert phone.post(reverse("set_language"), {"language": "en", "next": "/", "csrfmiddlewaretoken": token},
                      ).status_code == 302


def test_a_visitor_whose_form_cookie_is_not_valid_is_answered_by_the_site(cup, fast):
    """The site would give him a new cookie with his page; the fast path cannot, so it leaves him to the site."""
    url = reverse("reports:standings", args=[cup.slug])
    phone = Client()
    bad = "!" * 32

    def get(**headers):
        phone.cookies["csrftoken"] = bad  # a phone that keeps sending it
        return phone.get(url, **headers)

    get()
    first = get()
    assert get(HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304 and fast[-1] == 304
    _new_version_stored(cup, url)
    after = get(HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and fast[-1] is None
    assert after.cookies["csrftoken"].value != bad


def test_while_another_request_renders_the_new_version_a_poll_gets_the_version_before(cup, fast, monkeypatch):
    """As the site answers then (scoring.fastpath.bodies): the stored body under its own version's ETag, a 304 if held."""
    url = reverse("reports:standings", args=[cup.slug])
    phone = Client()
    first, _again = _polled(phone, url, fast)
    _deal(cup)
    get = polls.live.cache.get
    monkeypatch.setattr(polls.live.cache, "get",
                        lambda key, default=None: 1 if ":rendering:" in key else get(key, default))
    assert phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304 and fast[-1] == 304
    older = phone.get(url, HTTP_IF_NONE_MATCH='"1-lost"')
    assert older.status_code == 200 and fast[-1] == 200 and older["ETag"] == first["ETag"]
    assert TOKEN.sub("", older.content.decode()) == TOKEN.sub("", first.content.decode())
    monkeypatch.setattr(polls.live.cache, "get", get)  # the render is done, or was never claimed
    after = phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and fast[-1] is None and after["ETag"] != first["ETag"]


@pytest.mark.parametrize(("name", "args", "headers"), PAGES)
def test_a_first_visit_of_a_page_this_process_answers_gets_what_the_site_gives(cup, fast, name, args, headers):
    """The projector's next page, a phone's first poll: the site's body and headers, or the site itself."""
    url = reverse(name, args=[cup.slug, *args])
    site = Client().get(url, **headers)  # the site's own answer to a first visit, noted in this process
    assert fast[-1] is None
    newcomer = Client().get(url, **headers)
    assert newcomer.status_code == 200 and newcomer["ETag"].split("-")[0] == site["ETag"].split("-")[0]
    for header in SAME:
        assert newcomer.get(header) == site.get(header), header
    if "csrftoken" in site.cookies:  # a page with the visitor's form token: a visitor without its cookie is the site's
        assert fast[-1] is None and "csrftoken" in newcomer.cookies
    else:  # the same page for every visitor, no cookie to set: answered first, byte for byte
        assert fast[-1] == 200 and newcomer.content == site.content and newcomer["ETag"] == site["ETag"]


def test_a_first_visit_reads_no_shared_cache_and_another_process_leaves_it_to_the_site(cup, fast, monkeypatch):
    url = reverse("tournaments:round_results", args=[cup.slug, 1])
    Client().get(url, **HX)
    polls._memo.clear()  # another process: noted only in the shared cache
    reads = []
    original = polls.live.cache.get
    monkeypatch.setattr(polls.live.cache, "get", lambda key, *a, **k: reads.append(key) or original(key, *a, **k))
    assert Client().get(url, **HX).status_code == 200 and fast[-1] is None
    assert not [key for key in reads if key.startswith(polls.KEY)]
    assert Client().get("/login/").status_code == 200 and fast[-1] is None
