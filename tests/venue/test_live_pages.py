"""Every public live page answers a repeated poll with 304 and a new 200 once what it shows has changed."""
import contextlib
import re

import pytest
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from events.services.rounds import swap_parties
from scoring import live, services
from tests.factories import make_referee, make_round, make_tournament
from tests.individual_tables import individual_event
from tests.queries import own_queries

pytestmark = pytest.mark.django_db

DEAL = {"n": 1, "result": "domino", "out": "A1", "hands": {"B1": 10, "A2": 5, "B2": 7}}

PAIR_PAGES = [
    ("reports:standings", ()), ("reports:projector", ()), ("reports:crosstable", ()),
    ("tournaments:pairings", (1,)), ("tournaments:round_results", (1,)), ("tournaments:pair", (1,)),
]
INDIVIDUAL_PAGES = [("reports:standings", ()), ("tournaments:player", (1,)), ("tournaments:grid", ())]


@contextlib.contextmanager
def at_most_queries(n):
    """At most ``n`` queries of the site's tables (``tests.queries.own_queries``)."""
    with CaptureQueriesContext(connection) as ctx:
        yield
    own = own_queries(ctx)
    assert len(own) <= n, own



@pytest.fixture
def cup():
    tournament = make_tournament(4, is_public=True)
    make_round(tournament, 1, [(1, 2), (3, 4)])
    return tournament


def _polled(client, url, **headers):
    """The page as a phone holds it after its first visit (which set the CSRF cookie the forms need)."""
    client.get(url, **headers)
    first = client.get(url, **headers)
    assert first.status_code == 200 and first.has_header("ETag") and "no-cache" in first["Cache-Control"]
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **headers)
    assert again.status_code == 304 and again.content == b""
    return first


def _changed(client, url, before, **headers):
    after = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"], **headers)
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=after["ETag"], **headers).status_code == 304
    return after


@pytest.mark.parametrize(("name", "args"), PAIR_PAGES)
def test_a_pair_event_page_is_304_until_a_deal_is_entered(client, cup, name, args):
    url = reverse(name, args=[cup.slug, *args])
    before = _polled(client, url)
    partie = cup.rounds.get(number=1).parties.get(table=1)
    services.record_deal(make_referee(cup), partie, DEAL, expected_version=0)
    _changed(client, url, before)


@pytest.mark.parametrize(("name", "args"), INDIVIDUAL_PAGES)
def test_an_individual_event_page_is_304_until_a_deal_is_entered(client, name, args):
    tournament, rnd = individual_event(is_public=True)
    url = reverse(name, args=[tournament.slug, *args])
    before = _polled(client, url)
    services.record_deal(make_referee(tournament), rnd.parties.get(table=1), DEAL, expected_version=0)
    _changed(client, url, before)


def test_the_round_results_show_the_new_score_and_are_one_body_for_every_phone(client, cup):
    url = reverse("tournaments:round_results", args=[cup.slug, 1])
    before = _polled(client, url, HTTP_HX_REQUEST="true")
    protocol = services.record_deal(make_referee(cup), cup.rounds.get(number=1).parties.get(table=1), DEAL,
                                    expected_version=0)
    after = _changed(client, url, before, HTTP_HX_REQUEST="true")
    assert f"{protocol.score_a} : {protocol.score_b}" in after.content.decode()
    assert "private" not in after["Cache-Control"]
    other = Client().get(url, HTTP_HX_REQUEST="true")  # another phone, without cookies
    assert other["ETag"] == after["ETag"] and other.content == after.content


def test_the_organizer_gets_his_own_round_results(client, cup, django_user_model):
    url = reverse("tournaments:round_results", args=[cup.slug, 1])
    public = client.get(url)
    organizer = django_user_model.objects.create_user("org", password="x")
    TournamentRole.objects.create(tournament=cup, user=organizer, role=RoleKind.ORGANIZER)
    client.force_login(organizer)
    own = client.get(url, HTTP_IF_NONE_MATCH=public["ETag"])
    assert own.status_code == 200 and own["ETag"] != public["ETag"]


def test_a_swap_in_a_draft_round_changes_the_organizers_round_page(client, cup, django_user_model):
    """The swap writes with a bulk update (no model signal): its audit entry moves the data version."""
    make_round(cup, 2, [(1, 3), (2, 4)], status="draft")
    organizer = django_user_model.objects.create_user("org", password="x")
    TournamentRole.objects.create(tournament=cup, user=organizer, role=RoleKind.ORGANIZER)
    client.force_login(organizer)
    url = reverse("tournaments:pairings", args=[cup.slug, 2])
    before = _polled(client, url)
    swap_parties(organizer, cup.rounds.get(number=2), 3, 4)
    after = _changed(client, url, before)
    assert "изменено организатором вручную" in after.content.decode()


def test_a_renamed_player_changes_his_pair_page(client, cup):
    url = reverse("tournaments:pair", args=[cup.slug, 1])
    before = _polled(client, url)
    player = cup.pairs.get(number=1).players.get(number=1)
    player.name = "Ёлкин Фёдор"
    player.save()
    assert "Ёлкин Фёдор" in _changed(client, url, before).content.decode()


def test_a_signing_link_is_never_answered_304(client, cup):
    url = reverse("tournaments:pair", args=[cup.slug, 1]) + "?k=whatever"
    client.get(url)
    first = client.get(url)
    assert first.status_code == 200 and not first.has_header("ETag")


def test_a_protocol_write_and_its_audit_entry_bump_once(cup):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    referee = make_referee(cup)
    partie = cup.rounds.get(number=1).parties.get(table=1)
    services.record_deal(referee, partie, DEAL, expected_version=0)
    before = live.current_stamp(cup.pk)
    second = {"n": 2, "result": "block", "hands": {"A1": 3, "B1": 10, "A2": 5, "B2": 7}}
    with CaptureQueriesContext(connection) as ctx:
        services.record_deal(referee, partie, second, expected_version=1)
    bumps = [q for q in ctx.captured_queries if "scoring_dataversion" in q["sql"] and q["sql"].startswith("UPDATE")]
    assert len(bumps) == 1 and live.current_stamp(cup.pk) != before


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_write_leaves_no_note_that_would_skip_the_next_bump(django_user_model):
    """Real transactions: a swap rolled back, then the same swap written; only its audit entry bumps."""
    from django.db import transaction

    cup = make_tournament(4, is_public=True)
    make_round(cup, 1, [(1, 2), (3, 4)], status="draft")
    organizer = django_user_model.objects.create_user("org", password="x")
    TournamentRole.objects.create(tournament=cup, user=organizer, role=RoleKind.ORGANIZER)
    before = live.current_stamp(cup.pk)
    with pytest.raises(RuntimeError), transaction.atomic():
        swap_parties(organizer, cup.rounds.get(number=1), 1, 3)
        raise RuntimeError
    assert live.current_stamp(cup.pk) == before
    swap_parties(organizer, cup.rounds.get(number=1), 1, 3)
    assert live.current_stamp(cup.pk) != before


def _token(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def test_anonymous_visitors_share_one_body_each_with_a_token_of_his_own(cup):
    """The second visitor's standings come from the cache (no scoring query), and his forms work."""
    url = reverse("reports:standings", args=[cup.slug])
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.get(url)
    second.get(url)  # each one's CSRF cookie
    mine = first.get(url).content.decode()
    with at_most_queries(1):  # the tournament with its data version; no standings, no pairs
        theirs = second.get(url).content.decode()
    assert _token(mine) != _token(theirs) and "live-csrf-token-place" not in theirs
    assert mine.replace(_token(mine), "") == theirs.replace(_token(theirs), "")
    answer = second.post(reverse("set_language"), {"language": "en", "next": url,
                                                   "csrfmiddlewaretoken": _token(theirs)})
    assert answer.status_code == 302  # the token fits his own cookie: no 403


def test_a_logged_in_visitor_never_gets_the_shared_body(client, cup, django_user_model):
    url = reverse("reports:standings", args=[cup.slug])
    Client().get(url)
    Client().get(url)  # the anonymous body is in the cache now
    client.force_login(django_user_model.objects.create_user("Ёжиков", password="x"))
    assert "Ёжиков" in client.get(url).content.decode()


def test_public_pages_follow_the_version_at_most_once_a_window(cup, settings, monkeypatch):
    """LIVE_STALE_SECONDS (15 s under make serve): a change shows on the public pages a window late at most,
    the same for every server process (the stamp read is kept in the shared cache with the time it was read)."""
    settings.LIVE_STALE_SECONDS = 1
    clock = [1_800_000_000.0]
    monkeypatch.setattr(live.time, "time", lambda: clock[0])
    live.cache.backend.clear()
    seen = live.public_stamp(cup.slug)
    services.record_deal(make_referee(cup), cup.rounds.get(number=1).parties.get(table=1), DEAL, expected_version=0)
    clock[0] += 0.9
    assert live.public_stamp(cup.slug) == seen
    clock[0] += 0.2
    assert live.public_stamp(cup.slug) == (cup.pk, live.current_stamp(cup.pk)) != seen
    cup.is_public = False
    cup.save()
    clock[0] += 1.1
    assert live.public_stamp(cup.slug) is None
    clock[0] += 0.5
    assert live.public_stamp(cup.slug) is None  # kept as such


def test_a_process_reads_the_shared_stamp_once_a_window(cup, settings, monkeypatch):
    """Within a window a process repeats what it read (no cache read, no query); in the next window it takes
    what another process read there first (the shared cache), and only without it asks the database."""
    settings.LIVE_STALE_SECONDS = 1
    clock = [1_800_000_000.0]
    monkeypatch.setattr(live.time, "time", lambda: clock[0])
    live.cache.backend.clear()
    reads = []
    real_get = live.cache.get
    monkeypatch.setattr(live.cache, "get", lambda key, *a, **kw: reads.append(key) or real_get(key, *a, **kw))
    first = live._public_stamp(cup.slug)
    assert len(reads) == 1
    clock[0] += 0.5
    with at_most_queries(0):
        assert live._public_stamp(cup.slug) == first
    assert len(reads) == 1  # nor the shared cache
    services.record_deal(make_referee(cup), cup.rounds.get(number=1).parties.get(table=1), DEAL, expected_version=0)
    clock[0] += 0.6  # the next window: another process read the new version in it first
    other = (cup.pk, "read-by-another-process")
    live.cache.set(f"live:seen:{cup.slug}:0", (clock[0] - 0.05, other), 60)
    with at_most_queries(0):
        assert live._public_stamp(cup.slug) == other
    live._seen_here.clear()
    live.cache.backend.clear()  # a process alone in the window asks the database
    assert live._public_stamp(cup.slug) == (cup.pk, live.current_stamp(cup.pk))


def _stamp(response):
    """The version a live page's ETag names."""
    return response["ETag"].removeprefix("W/").strip('"').split("-", 1)[0]


def _page_in_phase(url, phase, *, same):
    """A page of the projector (``?page=N``) whose address is in ``phase`` (or, ``same=False``, not)."""
    factory = RequestFactory()
    return next(f"{url}?page={n}" for n in range(2, 500)
                if (live.phase_of(factory.get(f"{url}?page={n}")) == phase) == same)


def test_the_projector_pages_compute_the_standings_once_a_window(client, cup, settings):
    """Under make serve a deal moves the version at once, but the pages of the projector rendered within the
    same window of their phase share one computation of the standings (found in the cache by the version they
    follow); a page of another phase whose window began since follows the new version at once."""
    settings.LIVE_STALE_SECONDS = 60
    live.cache.backend.clear()
    url = reverse("reports:projector", args=[cup.slug])
    phase = live.phase_of(RequestFactory().get(url))
    first = client.get(url, HTTP_HX_REQUEST="true")
    services.record_deal(make_referee(cup), cup.rounds.get(number=1).parties.get(table=1), DEAL, expected_version=0)
    with at_most_queries(0):  # the version read, the standings and the body: all in the cache
        again = client.get(url, HTTP_HX_REQUEST="true")
    assert again.status_code == 200 and again["ETag"] == first["ETag"]
    # another page of the same phase: rendered from the standings already computed; one read more for the
    # round clock above them
    with at_most_queries(2):
        other = client.get(_page_in_phase(url, phase, same=True), HTTP_HX_REQUEST="true")
    assert other.status_code == 200 and _stamp(other) == _stamp(first)
    # a page of another phase reads its own window's version: the deal's
    elsewhere = client.get(_page_in_phase(url, phase, same=False), HTTP_HX_REQUEST="true")
    assert _stamp(elsewhere) == live.current_stamp(cup.pk) != _stamp(first)


def test_each_phase_follows_the_version_at_its_own_moments_of_the_window(cup, settings, monkeypatch):
    """The pages do not all change at once: phase p's windows begin p × window / PHASES later than phase 0's,
    and each is a window late at most."""
    settings.LIVE_STALE_SECONDS = live.PHASES  # one second between the phases
    t0 = 1_800_000_000.0 - 1_800_000_000.0 % live.PHASES  # phase 0's window begins
    clock = [t0]
    monkeypatch.setattr(live.time, "time", lambda: clock[0])
    live.cache.backend.clear()
    before = live._public_stamp(cup.slug, 0)
    assert live._public_stamp(cup.slug, 3) == before
    services.record_deal(make_referee(cup), cup.rounds.get(number=1).parties.get(table=1), DEAL, expected_version=0)
    after = (cup.pk, live.current_stamp(cup.pk))
    clock[0] = t0 + 2.9
    assert live._public_stamp(cup.slug, 0) == before and live._public_stamp(cup.slug, 3) == before
    clock[0] = t0 + 3.0  # phase 3's window begins
    assert live._public_stamp(cup.slug, 3) == after and live._public_stamp(cup.slug, 0) == before
    clock[0] = t0 + live.PHASES - 0.01
    assert live._public_stamp(cup.slug, 0) == before
    clock[0] = t0 + live.PHASES
    assert live._public_stamp(cup.slug, 0) == after
