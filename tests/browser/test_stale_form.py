"""Back on the same phone after saving a deal, and Save again: nothing is recorded twice."""
import pytest
from playwright.sync_api import expect

from scoring.models import Deal
from tests.referees.conftest import PASSWORD

from .conftest import PHONE, TABLET, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HANDS = {"A1": 9, "A2": 10, "B1": 4, "B2": 30}


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def type_block(page, hands):
    # Another result first: a page brought back may hold «Рыба» checked already.
    page.locator("#deal-form label.choice", has_text="Домино").first.click()
    page.locator("#deal-form label.choice", has_text="Рыба").first.click()
    for seat, value in hands.items():
        page.fill(f"#id_hand_{seat}", str(value))


def back_to(page, url, html):
    """The page as it was before saving (the old document, its old form), as a phone's back-forward cache
    keeps it. The table page saves a deal in place (no new history entry), so the old document is brought
    back by opening it again, served as it was; Chromium driven here would reload it on Back anyway.
    """
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.unroute(url)


def save(page):
    page.click("#save-deal")
    page.wait_for_load_state("networkidle")


def test_back_and_save_again_records_the_deal_once(live_server, new_page, table, artifacts):
    url = f"{live_server.url}/referee/partie/{table.partie.pk}/"
    page = new_page(PHONE)
    login(page, live_server.url, "referee", PASSWORD)
    before = page.goto(url).text()
    type_block(page, HANDS)
    save(page)
    expect(page.locator("#deal-1")).to_be_visible()

    # Back: the page as it was before saving (deal 1's form); the same deal sent again is answered, not recorded.
    back_to(page, url, before)
    expect(page.locator("#entry h2")).to_contain_text("Раздача 1")
    type_block(page, HANDS)
    save(page)
    expect(page.locator("#conflict")).to_have_count(0)
    expect(page.locator("main")).to_contain_text("уже была отправлена и сохранена")
    expect(page.locator("#deal-1")).to_be_visible()
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1

    # Back again, another value typed into the stale form: refused; the page shows what is stored,
    # the next deal's empty form, and what was typed beside it as «не сохранено».
    back_to(page, url, before)
    expect(page.locator("#entry h2")).to_contain_text("Раздача 1")
    type_block(page, {**HANDS, "B2": 31})
    save(page)
    expect(page.locator("#conflict")).to_be_visible()
    expect(page.locator("#conflict")).not_to_contain_text("устройств")
    expect(page.locator("#deal-1")).to_contain_text("B2 30")
    unsaved = page.locator("#entry #unsaved")
    expect(unsaved).to_contain_text("Не сохранено")
    expect(unsaved).to_contain_text("Раздача 1: Рыба")
    expect(unsaved).to_contain_text("B2 31")
    expect(page.locator("#entry h2")).to_contain_text("Раздача 2")
    for seat in HANDS:
        expect(page.locator(f"#id_hand_{seat}")).to_have_value("")
    for name, viewport in (("390", PHONE), ("360", {"width": 360, "height": 740}), ("820", TABLET)):
        page.set_viewport_size(viewport)
        assert no_horizontal_scroll(page), name
        page.screenshot(path=str(artifacts / f"stale-form-{name}.png"), full_page=True)
    assert list(Deal.objects.filter(protocol__partie=table.partie).values_list("hands", flat=True)) == [
        {"A1": 9, "A2": 10, "B1": 4, "B2": 30}]

    # The conflict page's own form saves the next deal.
    page.set_viewport_size(PHONE)
    type_block(page, {**HANDS, "B2": 31})
    save(page)
    expect(page.locator("#deal-2")).to_be_visible()
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 2

    # A POST-only address opened from the history: a Russian page with a way back.
    page.goto(f"{url}deal/")
    expect(page.locator("h1")).to_contain_text("только отправляет форму")
    page.click("#back")
    expect(page.locator("#deal-2")).to_be_visible()
