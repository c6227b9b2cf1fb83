"""The table page at the venue's plain-HTTP address (no secure context, so no service worker).

The laptop goes out of reach while the phone still believes it is online (the hall's Wi-Fi dropped, the phone
moved to mobile data), or the phone knows it is offline: every deal typed is kept on the device by the page's
own script, and reaches the database exactly once when the laptop answers again.
"""
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from audit.models import AuditEntry
from core import venue
from scoring.models import Deal, Remark
from tests.referees.conftest import PASSWORD

from .conftest import PHONE, login
from .test_offline_entry import type_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The referee's deal from the hall: a domino by A1, B1 12, B2 7, the partner A2 left empty (rules §4.3).
REFEREE_DEAL = ("Домино", "A1", {"B1": 12, "B2": 7})
SECOND_DEAL = ("Рыба", None, {"A1": 9, "A2": 10, "B1": 4, "B2": 30})


@pytest.fixture
def venue_server(transactional_db):
    """The live server on the machine's LAN address: plain HTTP that is not loopback, as the venue laptop's.

    Chromium counts the whole of 127.0.0.0/8 as a secure context, so 127.0.0.2 would not do.
    """
    from pytest_django.live_server_helper import LiveServer

    addresses = venue.lan_addresses()
    if not addresses:
        pytest.skip("this machine has no non-loopback IPv4 address")
    server = LiveServer(addresses[0])
    server._live_server_modified_settings.enable()
    try:
        yield server
    finally:
        server._live_server_modified_settings.disable()
        server.stop()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, locale="ru-RU", has_touch=True)
    context.set_default_timeout(30000)
    yield context
    context.close()


def open_table(context, base, table):
    page = context.new_page()
    page.on("pageerror", lambda e: print("PAGEERROR", e))
    login(page, base, "referee", PASSWORD)
    url = f"{base}/referee/partie/{table.partie.pk}/"
    page.goto(url)
    expect(page.locator("#deal-form")).to_be_visible()
    # What the venue gives: no secure context, so no service worker to answer for the page.
    assert page.evaluate("window.isSecureContext") is False
    assert page.evaluate("!('serviceWorker' in navigator)")
    return page, url


def give_remark(page):
    page.locator("#remark-form label.choice", has_text="B1").first.click()
    page.select_option("#remark-form select[name=reason]", "talking")
    page.fill("#remark-form input[name=deal]", "1")
    page.click("#save-remark")


def enter_while_unreachable(page, url):
    type_deal(page, *REFEREE_DEAL)
    expect(page.locator("#deal-list .queued-entry")).to_have_count(1)
    assert page.url == url  # still the table page, not the browser's «This site can't be reached»
    expect(page.locator("#entry h2")).to_contain_text("Раздача 2")
    type_deal(page, *SECOND_DEAL)
    expect(page.locator("#deal-list .queued-entry")).to_have_count(2)
    give_remark(page)
    expect(page.locator("#remarks .queued-entry")).to_have_count(1)
    expect(page.locator("#offline-queue")).to_contain_text("Не отправлено записей: 3")
    expect(page.locator("#offline-queue")).to_contain_text("Нет связи с сервером")


def expect_stored_once(page, table):
    expect(page.locator("#deal-2")).to_be_visible()
    expect(page.locator(".queued-entry")).to_have_count(0)
    deals = list(Deal.objects.filter(protocol__partie=table.partie).order_by("n"))
    assert [(d.n, d.result, d.out, d.hands) for d in deals] == [
        (1, "domino", "A1", {"B1": 12, "B2": 7}), (2, "block", "", {"A1": 9, "A2": 10, "B1": 4, "B2": 30})]
    assert [(r.deal, r.seat, r.reason) for r in Remark.objects.filter(protocol__partie=table.partie)] == [
        (1, "B1", "talking")]
    assert AuditEntry.objects.filter(partie=table.partie, action="protocol.deal.recorded").count() == 2
    assert AuditEntry.objects.filter(partie=table.partie, action="protocol.remark.given").count() == 1


def reload_fails(page):
    """Without a service worker a reload while the laptop is out of reach is the browser's error page."""
    with pytest.raises(PlaywrightError):
        page.reload()


def test_requests_failing_while_the_phone_believes_it_is_online(venue_server, phone, table):
    page, url = open_table(phone, venue_server.url, table)
    page.route("**/*", lambda route: route.abort("addressunreachable"))
    assert page.evaluate("navigator.onLine") is True
    enter_while_unreachable(page, url)
    assert not Deal.objects.filter(protocol__partie=table.partie).exists()
    reload_fails(page)
    page.unroute("**/*")
    page.goto(url)  # opened again: the entries come from the device's storage and are sent
    expect_stored_once(page, table)


def test_the_phone_knows_it_is_offline(venue_server, phone, table):
    page, url = open_table(phone, venue_server.url, table)
    phone.set_offline(True)
    enter_while_unreachable(page, url)
    assert not Deal.objects.filter(protocol__partie=table.partie).exists()
    reload_fails(page)
    phone.set_offline(False)
    page.goto(url)
    expect_stored_once(page, table)


def test_a_deal_stored_whose_answer_never_came_is_kept_and_recorded_once(venue_server, phone, table):
    """The server stores the deal, its answer hangs until the page gives up: kept with its key, a repeat later."""
    page, url = open_table(phone, venue_server.url, table)
    save = page.evaluate("document.getElementById('deal-form').action")
    held = []

    def store_and_hold(route):
        if route.request.method == "POST" and route.request.url == save and not held:
            held.append(None)
            held[0] = route.fetch().status  # reaches the server; the answer never reaches the phone
            return
        route.abort("timedout")

    page.route("**/*", store_and_hold)
    type_deal(page, *REFEREE_DEAL)
    # After the page's time-out (offline.js SEND_MS, 8 s) the deal is on the device.
    expect(page.locator("#deal-list .queued-entry")).to_have_count(1, timeout=20000)
    assert page.url == url
    assert held == [200] and Deal.objects.filter(protocol__partie=table.partie).count() == 1
    page.unroute("**/*")
    page.click("#queue-send")  # the same key and values: the server answers it as the first time
    expect(page.locator("#deal-1")).to_be_visible()
    expect(page.locator(".queued-entry")).to_have_count(0)
    expect(page.locator("#queue-conflict")).to_have_count(0)
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1
    assert AuditEntry.objects.filter(partie=table.partie, action="protocol.deal.recorded").count() == 1
