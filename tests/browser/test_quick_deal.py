"""A deal saved online from the table page: the page's script posts it and updates the page in place."""
import pytest
from playwright.sync_api import expect

from scoring.models import Deal
from tests.referees.conftest import PASSWORD

from .conftest import PHONE, login
from .test_offline_entry import TYPED, controlled_page, type_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_deals_saved_online_update_the_page_in_place_as_the_page_itself_shows_them(live_server, browser, table):
    context = browser.new_context(viewport=PHONE, locale="ru-RU", has_touch=True)
    page = context.new_page()
    login(page, live_server.url, "referee", PASSWORD)
    url = f"{live_server.url}/referee/partie/{table.partie.pk}/"
    page.goto(url)
    page.evaluate("() => { window.sameDocument = true; }")  # gone if the page is opened again
    for i, (result, out, hands) in enumerate(TYPED[:2], start=1):
        type_deal(page, result, out, hands)
        expect(page.locator("main > ul.messages li.success")).to_have_text(f"Раздача {i} сохранена.")
        expect(page.locator("#deal-list li.deal-row")).to_have_count(i)
        expect(page.locator("#entry h2")).to_contain_text(f"Раздача {i + 1}")
        expect(page.locator("#id_hand_A1")).to_have_value("")
    assert page.evaluate("() => window.sameDocument === true")  # no page drawn again for either deal
    assert page.locator("#no_show").count() == 0
    shown = {name: page.locator(sel).inner_text() for name, sel in (
        ("a", "#score-a"), ("b", "#score-b"), ("status", "#status"), ("deals", "#deal-list"), ("head", "#lead-info"))}
    version = page.locator("#protocol").get_attribute("data-version")
    assert page.locator("#remark-form input[name=version]").input_value() == version
    page.goto(url)  # the page as the server draws it after the same deals
    assert shown == {name: page.locator(sel).inner_text() for name, sel in (
        ("a", "#score-a"), ("b", "#score-b"), ("status", "#status"), ("deals", "#deal-list"), ("head", "#lead-info"))}
    assert page.locator("#protocol").get_attribute("data-version") == version
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 2
    page.screenshot(path="/tmp/s29-dealfast-quick.png", full_page=True)
    context.close()


def test_the_last_deal_saved_online_brings_the_signatures_without_the_page_drawn_again(live_server, browser, table):
    """At a round's end every table's last deal would open its page again at once: the answer brings the
    signatures instead, and the page then is what the server draws (the forms in it work: a PIN is checked)."""
    context = browser.new_context(viewport=PHONE, locale="ru-RU", has_touch=True)
    page = context.new_page()
    login(page, live_server.url, "referee", PASSWORD)
    url = f"{live_server.url}/referee/partie/{table.partie.pk}/"
    page.goto(url)
    page.evaluate("() => { window.sameDocument = true; }")
    for i, (result, out, hands) in enumerate([*TYPED, ("Рыба", None, {"A1": 3, "A2": 5, "B1": 7, "B2": 2})], start=1):
        type_deal(page, result, out, hands)
        expect(page.locator("main > ul.messages li.success")).to_have_text(f"Раздача {i} сохранена.")
    expect(page.locator("#signatures")).to_be_visible()
    assert page.locator("#entry").count() == 0 and page.locator("#deal-form").count() == 0
    assert page.evaluate("() => window.sameDocument === true")  # the signatures came in the answer
    page.screenshot(path="/tmp/s30-quick-last-deal.png", full_page=True)
    parts = ("#score-a", "#score-b", "#status", "#deal-list", "#signatures", "#time")
    shown = {sel: page.locator(sel).inner_text() for sel in parts if page.locator(sel).count()}
    shape = page.locator("#protocol").get_attribute("data-shape")
    page.goto(url)
    assert shown == {sel: page.locator(sel).inner_text() for sel in parts if page.locator(sel).count()}
    assert page.locator("#protocol").get_attribute("data-shape") == shape
    assert "Раздача 4 сохранена." not in page.content()  # shown once, by the answer
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 4
    context.close()


def test_a_form_the_last_deals_answer_brought_is_sent_and_checked(live_server, browser, table):
    context = browser.new_context(viewport=PHONE, locale="ru-RU", has_touch=True)
    page = context.new_page()
    login(page, live_server.url, "referee", PASSWORD)
    page.goto(f"{live_server.url}/referee/partie/{table.partie.pk}/")
    for i, (result, out, hands) in enumerate([*TYPED, ("Рыба", None, {"A1": 3, "A2": 5, "B1": 7, "B2": 2})], 1):
        type_deal(page, result, out, hands)
        expect(page.locator("main > ul.messages li.success")).to_have_text(f"Раздача {i} сохранена.")
    expect(page.locator("#signatures")).to_be_visible()
    form = page.locator("#sign-A1")
    form.locator("input[type=password]").fill("0000")
    form.locator("button[type=submit]").click()
    expect(page.locator("#signatures .field-error")).to_be_visible()  # the server checked it: no CSRF refusal
    page.screenshot(path="/tmp/s30-quick-last-deal-sign.png", full_page=True)
    context.close()


def test_the_page_kept_on_the_device_is_the_page_after_the_last_deal(live_server, browser, table):
    """Opened without a connection after the last deal (a phone restarted at the table), the device's copy
    shows the signatures to collect, not the deal form it was first drawn with."""
    context = browser.new_context(viewport=PHONE, locale="ru-RU", has_touch=True)
    page, url = controlled_page(context, live_server.url, table)
    for i, (result, out, hands) in enumerate([*TYPED, ("Рыба", None, {"A1": 3, "A2": 5, "B1": 7, "B2": 2})], 1):
        type_deal(page, result, out, hands)
        expect(page.locator("main > ul.messages li.success")).to_have_text(f"Раздача {i} сохранена.")
    expect(page.locator("#signatures")).to_be_visible()
    page.wait_for_function("""() => caches.open("domino-referee-v1").then(c => c.match(location.pathname))
        .then(r => r && r.text()).then(t => !!t && t.includes('id="signatures"'))""")
    page.close()
    context.set_offline(True)
    again = context.new_page()
    again.goto(url)
    expect(again.locator("#signatures")).to_be_visible()
    assert again.locator("#deal-form").count() == 0 and again.locator("main > ul.messages").count() == 0
    assert again.locator("#deal-list li.deal-row").count() == 4
    assert again.locator("#remark-form input[name=deal]").input_value() == "4"  # as the server draws it
    assert again.locator("#protocol").get_attribute("data-status") == "awaiting_signatures"
    again.screenshot(path="/tmp/s30-kept-copy-offline.png", full_page=True)
    context.close()
