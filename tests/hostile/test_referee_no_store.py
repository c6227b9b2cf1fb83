"""No referee's page is kept by the browser: a table's device is shared, its back button must not
bring back a page of the previous user (``Cache-Control: no-store`` on every page of referees/,
except the polled round overview, which is private and asked again every time)."""
import pytest
from django.test import Client
from django.urls import reverse


def pages(world):
    slug, partie = world.tournament.slug, world.partie.pk
    return [
        (world.referee, reverse("referees:partie", args=[partie])),
        (world.chief, reverse("referees:audit_partie", args=[partie])),
        (world.chief, reverse("referees:audit_tournament", args=[slug])),
        (world.chief, reverse("referees:lockouts", args=[slug])),
        (world.organizer, reverse("referees:signing", args=[slug])),
        (world.organizer, reverse("tournaments:officials", args=[slug])),
    ]


def test_every_referee_page_is_no_store(world):
    pytest.importorskip("core.middleware", reason="the referees' pages are marked no-store by core.middleware")
    seen = []
    for user, url in pages(world):
        client = Client()
        client.force_login(user)
        response = client.get(url)
        seen.append((url, response.status_code, "no-store" in response.get("Cache-Control", "")))
    assert [s for s in seen if s[1] != 200] == [], "every page opens for its user"
    assert [url for url, _, no_store in seen if not no_store] == []


@pytest.mark.parametrize("name", ["referees:dashboard", "referees:dashboard_tables"])
def test_the_polled_overview_is_private_and_revalidated(world, name):
    """The round overview and the fragment htmx polls keep their ETag (a repeated poll is a 304):
    the browser asks again every time, and no shared cache keeps them."""
    client = Client()
    client.force_login(world.chief)
    response = client.get(reverse(name, args=[world.tournament.slug]))
    assert response.status_code == 200 and response.has_header("ETag")
    assert {"private", "no-cache"} <= {part.strip() for part in response["Cache-Control"].split(",")}
