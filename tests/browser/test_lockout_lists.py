"""Who is locked out, on the officials page (organizer) and the lockouts page (chief referee), on phones and a tablet."""
import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from audit.models import AuditEntry
from tests.referees.conftest import PASSWORD

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.axes, pytest.mark.django_db(transaction=True)]
WIDTHS = [360, 390, 820]


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def lock(username, ip):
    client = Client()
    for _ in range(5):
        client.post(reverse("login"), {"username": username, "password": "wrong"}, REMOTE_ADDR=ip)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_organizer_lifts_a_lockout_from_the_officials_page(live_server, new_page, table, artifacts, width):
    table.referee.first_name, table.referee.last_name = "Анна-Мария", "Константинопольская"
    table.referee.save()
    lock("referee", "192.168.100.201")
    lock("playera1", "192.168.100.202")
    page = new_page({"width": width, "height": 900})
    login(page, live_server.url, "org", PASSWORD)
    page.goto(live_server.url + reverse("tournaments:officials", args=[table.tournament.slug]))
    expect(page.locator("#lockout-referee")).to_contain_text("192.168.100.201")
    assert no_horizontal_scroll(page)
    page.locator("#lockouts").screenshot(path=str(artifacts / f"officials-lockouts-{width}.png"))
    page.click("#lockout-referee button")
    page.wait_for_load_state("networkidle")
    expect(page.locator("main")).to_contain_text("Блокировка входа «referee» снята.")
    expect(page.locator("#lockout-referee")).to_have_count(0)
    expect(page.locator("#lockout-playera1")).to_be_visible()
    assert AuditEntry.objects.filter(action="account.unlocked", user=table.organizer).count() == 1


@pytest.mark.parametrize("width", [360, 820])
def test_the_chief_referee_sees_the_lockouts_from_the_overview(live_server, new_page, table, artifacts, width):
    lock("referee2", "192.168.100.203")
    lock("org", "192.168.100.204")
    page = new_page({"width": width, "height": 900})
    login(page, live_server.url, "chief", PASSWORD)
    page.goto(live_server.url + reverse("referees:dashboard", args=[table.tournament.slug]))
    page.click("#lockouts-link")
    expect(page.locator("#lockout-referee2 button")).to_be_visible()
    expect(page.locator("#lockout-org button")).to_have_count(0)
    page.screenshot(path=str(artifacts / f"chief-lockouts-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page), page.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth)"
        ".map(e => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 40))")
