"""The table page of a round made draft again, and the public protocol page with a tampered row, on a phone."""
import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Deal
from tests.referees.conftest import DEALS, PASSWORD
from tests.referees.helpers import play, sign_all
from tournaments.models import RoundStatus

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("width", [360, 390])
def test_chief_clears_a_draft_table_on_a_phone(live_server, new_page, table, artifacts, width):
    play(table.referee, table.partie, DEALS[:2])
    table.round2.status = RoundStatus.DRAFT
    table.round2.save()
    page = new_page({"width": width, "height": 800})
    login(page, live_server.url, "chief", PASSWORD)
    page.goto(f"{live_server.url}/referee/partie/{table.partie.pk}/")
    expect(page.locator("#round-draft")).to_be_visible()
    expect(page.locator("#deal-form")).to_have_count(0)
    page.click("#clear button[type=submit]")  # the reason is required: the browser keeps the form
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 2
    page.fill("#clear input[name=reason]", "Тур перепутан, пары переставляются")
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / f"draft-clear-{width}.png"), full_page=True)
    page.click("#clear button[type=submit]")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#clear")).to_have_count(0)
    assert not Deal.objects.filter(protocol__partie=table.partie).exists()


def test_public_protocol_page_shows_the_mismatch_on_a_phone(live_server, new_page, table, artifacts):
    play(table.referee, table.partie)
    sign_all(table)
    Deal.objects.filter(protocol__partie=table.partie, n=2).update(hands={"A1": 9, "A2": 10, "B1": 4, "B2": 31})
    page = new_page({"width": 360, "height": 800})
    page.goto(live_server.url + reverse("protocols:protocol", args=[table.partie.pk]))
    expect(page.locator("#fingerprint-mismatch")).to_be_visible()
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "protocol-mismatch-360.png"), full_page=True)
