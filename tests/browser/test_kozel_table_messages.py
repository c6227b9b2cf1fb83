"""The Kozel table's words about eggs and values under the threshold fit a phone and a tablet."""
import pytest
from playwright.sync_api import expect

from scoring import services
from tests.referees.conftest import PASSWORD
from tests.versions import shown_version

from .conftest import PHONE, TABLET, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NARROW = {"width": 360, "height": 740}


def test_eggs_and_a_value_lost_under_25_read_on_every_width(live_server, new_page, table, artifacts):
    table.tournament.rules_preset = "morskoy-kozel"
    table.tournament.save()
    for deal in ({"n": 1, "result": "block", "fisher": "A1", "hands": {"A1": 5, "A2": 5, "B1": 5, "B2": 5}},
                 {"n": 2, "result": "domino", "lead": "A1", "out": "B1", "hands": {"A1": 1, "A2": 1}},
                 {"n": 3, "result": "block", "lead": "B1", "fisher": "B1",
                  "hands": {"A1": 6, "A2": 6, "B1": 6, "B2": 6}}):
        services.record_deal(table.referee, table.partie, deal, expected_version=shown_version(table.partie))
    page = new_page(PHONE)
    login(page, live_server.url, "referee", PASSWORD)
    page.goto(f"{live_server.url}/referee/partie/{table.partie.pk}/")
    expect(page.locator("#deal-2")).to_contain_text("Пара B: 22 — меньше 25, не записано, очки пропали")
    expect(page.locator("#game-state")).to_contain_text("яйца пропадают вместе с ней")
    for name, size in (("390", PHONE), ("360", NARROW), ("820", TABLET)):
        page.set_viewport_size(size)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
        page.screenshot(path=str(artifacts / f"kozel-below-{name}.png"), full_page=True)
