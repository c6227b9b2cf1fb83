"""A referee enters a partida of the partnership game on a phone, in Spanish: a domino with its last tile and
ends (capicúa on), a tranque with who placed the last tile, a yellow card confirmed first; the partida ends at
the target, the standings show its efectividad. Screenshots at 390 and 1280 px, no horizontal scroll."""
import pytest
from playwright.sync_api import expect

from scoring.models import Protocol
from tests.referees.conftest import PASSWORD

from .conftest import PHONE, login
from .test_tap_targets import SMALL_TARGETS_JS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WIDE = {"width": 1280, "height": 900}


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def pick(page, group, text):
    page.locator(f"{group} label.choice", has_text=text).first.click()


def shots(page, artifacts, name):
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / f"{name}-390.png"), full_page=True)
    page.set_viewport_size(WIDE)
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / f"{name}-1280.png"), full_page=True)
    page.set_viewport_size(PHONE)


def test_referee_enters_a_partida_in_spanish(live_server, new_page, table, artifacts):
    table.tournament.rules_preset = "latin"
    table.tournament.rules_overrides = {"target_points": 100, "capicua": "add", "capicua_bonus": 25}
    table.tournament.save()
    base = live_server.url
    page = new_page(PHONE)
    login(page, base, "referee", PASSWORD)
    page.goto(f"{base}/es/referee/partie/{table.partie.pk}/")
    expect(page.locator("#lead-info")).to_contain_text("ficha más alta")
    page.locator("#counters summary").click()  # the acta's counters open: their fields are measured too
    assert page.evaluate(SMALL_TARGETS_JS) == []  # every target of the hand page is finger-sized at 390 px

    # Hand 1: A1 leads and goes out with 3-5 on the 5 (ends 5 and 1: no capicúa); B holds 60, A2 10: 70 to A.
    pick(page, "#lead-group", "A1")
    pick(page, "#deal-form fieldset.group", "Dominó")
    pick(page, "fieldset[data-for=domino]", "A1")
    page.select_option("#id_out_tile", "3-5")
    page.select_option("#id_end_1", "5")
    page.select_option("#id_end_2", "1")
    page.fill("#id_hand_A2", "10")
    page.fill("#id_hand_B1", "30")
    page.fill("#id_hand_B2", "30")
    expect(page.locator("#preview-result")).to_contain_text("70 : 0")
    shots(page, artifacts, "latin-hand-1")
    page.click("#save-deal")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#deal-1")).to_contain_text("A1 hizo dominó")  # went out: not «salió» (led)

    # Hand 2: the next in the order of play leads (B1); a tranque, B2 placed the last tile; A's 10 < B's 40:
    # A scores everything in play, 50 — 120 reaches the target.
    expect(page.locator("#lead-info")).to_contain_text("B1")
    pick(page, "#lead-group", "B1")
    pick(page, "#deal-form fieldset.group", "Tranque")
    pick(page, "fieldset[data-for=block]", "B2")
    for seat, pips in (("A1", 5), ("A2", 5), ("B1", 20), ("B2", 20)):
        page.fill(f"#id_hand_{seat}", str(pips))
    page.click("#save-deal")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#deal-2")).to_contain_text("tranque")
    expect(page.locator("#deal-form")).to_have_count(0)  # the partida is over

    # A yellow card to B1 in hand 2: asked again with its effect, then written.
    pick(page, "#sanction-form fieldset.group", "B1")
    page.locator("#sanction-form label.choice", has_text="amarilla").first.click()
    page.fill("#sanction-form input[name=hand]", "2")
    page.click("#sanction-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#confirm")).to_contain_text("amarilla")
    page.click("#confirm-yes")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#sanctions")).to_contain_text("B1")
    shots(page, artifacts, "latin-partida-over")

    protocol = Protocol.objects.get(partie=table.partie)
    assert (protocol.finished, protocol.winner, protocol.card_b) == (True, "A", "yellow")
    assert (protocol.efectividad_a, protocol.efectividad_b) == (100, -100)  # 120 : 0 capped at the target's side

    page.goto(f"{base}/es/t/{table.tournament.slug}/standings/")
    expect(page.locator("table.standings")).to_contain_text("Efect.")
    shots(page, artifacts, "latin-standings")
