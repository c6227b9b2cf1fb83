"""An official sees what he just did on his next page, whatever the window that smooths the spectators' polling
(``LIVE_STALE_SECONDS``, 15 s under make serve): the live pages' validators are the current version for a
logged-in visitor and the window's for an anonymous one — asked as a browser asks, with its ETag."""
import pytest
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from scoring import live
from tests.factories import make_round, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(settings, django_user_model):
    settings.LIVE_STALE_SECONDS = 15
    live.cache.backend.clear()
    live._seen_here.clear()
    tournament = make_tournament(8, slug="live-cup")
    organizer = django_user_model.objects.create_user("live-org", password="x")
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    make_round(tournament, 1, [(1, 2), (3, 4), (5, 6), (7, 8)], status="published")
    make_round(tournament, 2, [(1, 3), (2, 4), (5, 7), (6, 8)], status="draft")
    yield tournament, organizer
    live.cache.backend.clear()
    live._seen_here.clear()


def test_the_organizer_sees_his_publication_at_once_with_his_etag(client, hall):
    tournament, organizer = hall
    client.force_login(organizer)
    url = reverse("tournaments:pairings", args=[tournament.slug, 2])
    client.get(url)  # the browser's first visit sets its cookies; its ETag names them from then on
    first = client.get(url)
    assert first.status_code == 200 and first.has_header("ETag")
    assert "черновик" in first.content.decode().lower()
    r = client.post(reverse("tournaments:round_action", args=[tournament.slug, 2, "publish"]), {"confirmed": "1"})
    assert r.status_code == 302
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200  # not a 304 of the draft he saw before
    assert again["ETag"] != first["ETag"] and "черновик" not in again.content.decode().lower()


def test_the_organizers_standings_follow_his_change_at_once(client, hall):
    tournament, organizer = hall
    client.force_login(organizer)
    url = reverse("reports:standings", args=[tournament.slug])
    client.get(url)
    first = client.get(url)
    client.post(reverse("tournaments:round_action", args=[tournament.slug, 2, "publish"]), {"confirmed": "1"})
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_an_anonymous_spectator_still_follows_the_window(client, hall, monkeypatch):
    tournament, organizer = hall
    monkeypatch.setattr(live.time, "time", lambda: 1_800_000_000.0)  # the whole test inside one window
    url = reverse("reports:standings", args=[tournament.slug])
    client.get(url)
    first = client.get(url)
    assert first.status_code == 200
    live.bump(tournament.pk)  # a change within the window
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
