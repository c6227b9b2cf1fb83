"""The table page without a connection: entries kept on the phone, shown «не отправлено», sent in order later."""
import pytest
from playwright.sync_api import expect

from audit.models import AuditEntry
from referees.models import DeviceQueue
from scoring import services
from scoring.models import Deal, Remark
from tests.referees.conftest import PASSWORD
from tests.versions import shown_version

from .conftest import PHONE, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Three deals as the referee taps them, and the same deals in the §9 form (entered online, for the totals).
TYPED = [("Рыба", None, {"A1": 9, "A2": 10, "B1": 4, "B2": 30}),
         ("Домино", "B2", {"A1": 8, "A2": 17, "B1": 5}),
         ("Домино", "A1", {"A2": 14, "B1": 6, "B2": 23})]
DEALS = [{"n": 1, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 30}},
         {"n": 2, "result": "domino", "out": "B2", "hands": {"A1": 8, "A2": 17, "B1": 5}},
         {"n": 3, "result": "domino", "out": "A1", "hands": {"A2": 14, "B1": 6, "B2": 23}}]


def controlled_page(context, base, table):
    """The table page, opened once online and controlled by the service worker (so kept on the device)."""
    page = context.new_page()
    login(page, base, "referee", PASSWORD)
    url = f"{base}/referee/partie/{table.partie.pk}/"
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    page.goto(url)  # this load passes through the worker, which keeps a copy
    expect(page.locator("#deal-form")).to_be_visible()
    page.on("console", lambda m: print("CONSOLE", m.type, m.text))
    page.on("pageerror", lambda e: print("PAGEERROR", e))
    return page, url


def type_deal(page, result, out, hands):
    page.locator("#deal-form label.choice", has_text=result).first.click()
    if out:
        page.locator("#deal-form fieldset[data-for=domino] label.choice", has_text=out).first.click()
    for seat, value in hands.items():
        page.fill(f"#id_hand_{seat}", str(value))
    page.click("#save-deal")


def enter_offline(page):
    for i, (result, out, hands) in enumerate(TYPED, start=1):
        type_deal(page, result, out, hands)
        expect(page.locator("#deal-list .queued-entry")).to_have_count(i)
        expect(page.locator("#entry h2")).to_contain_text(f"Раздача {i + 1}")
        expect(page.locator("#id_hand_A1")).to_have_value("")  # the next deal's empty form
    page.locator("#remark-form label.choice", has_text="B1").first.click()
    page.select_option("#remark-form select[name=reason]", "talking")
    page.fill("#remark-form input[name=deal]", "2")
    page.click("#save-remark")
    expect(page.locator("#remarks .queued-entry")).to_have_count(1)


def expect_queue_shown(page):
    expect(page.locator(".queued-entry .queued-tag").first).to_have_text("не отправлено")
    expect(page.locator("#deal-list .queued-entry")).to_have_count(3)
    expect(page.locator("#remarks .queued-entry")).to_have_count(1)
    expect(page.locator("#offline-queue")).to_contain_text("Не отправлено записей: 4")
    expect(page.locator("#offline-queue")).to_contain_text("Счёт предварительный")
    expect(page.locator("#entry h2")).to_contain_text("Раздача 4")


def stored(table):
    deals = list(Deal.objects.filter(protocol__partie=table.partie).order_by("n"))
    return deals, list(Remark.objects.filter(protocol__partie=table.partie))


def audit(table, action):
    return AuditEntry.objects.filter(partie=table.partie, action=action).count()


def online_totals(table):
    protocol = None
    for deal in DEALS:
        protocol = services.record_deal(table.referee, table.other_partie, deal,
                                        expected_version=shown_version(table.other_partie))
    return protocol.score_a, protocol.score_b


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def shoot(page, artifacts, name):
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        assert no_horizontal_scroll(page), (name, width)
        page.screenshot(path=str(artifacts / f"offline-{name}-{width}.png"), full_page=True)
    page.set_viewport_size(PHONE)


def test_entries_made_offline_survive_reload_and_restart_and_are_stored_once_in_order(
        live_server, browser, table, artifacts):
    context = browser.new_context(viewport=PHONE, locale="ru-RU", has_touch=True)
    context.set_default_timeout(30000)
    try:
        page, url = controlled_page(context, live_server.url, table)
        context.set_offline(True)
        page.click("#save-deal")  # checked in the page, with the server's words: nothing is kept
        expect(page.locator("#err-result")).to_have_text("Выберите итог раздачи.")
        page.locator("#deal-form label.choice", has_text="Рыба").first.click()
        page.fill("#id_hand_A1", "70")
        page.click("#save-deal")
        expect(page.locator("#err-hand_A1")).to_have_text("Введите число очков (целое, от 0 до 69).")
        expect(page.locator("#err-hand_B1")).to_have_text("")  # which hands a deal needs is the server's to say
        expect(page.locator(".queued-entry")).to_have_count(0)
        enter_offline(page)
        expect_queue_shown(page)
        shoot(page, artifacts, "queued")

        page.reload()  # offline: the page comes from the device, the queue from its storage
        expect_queue_shown(page)
        page.close()
        phone = context.new_page()  # the phone restarted: a new page, the same storage
        phone.goto(url)
        expect_queue_shown(phone)
        assert stored(table) == ([], [])

        context.set_offline(False)
        phone.evaluate("window.dispatchEvent(new Event('online'))")
        expect(phone.locator("#deal-3")).to_be_visible()
        expect(phone.locator(".queued-entry")).to_have_count(0)
        expect(phone.locator("#offline-queue")).to_be_hidden()
        deals, remarks = stored(table)
        assert [(d.n, d.result) for d in deals] == [(1, "block"), (2, "domino"), (3, "domino")]
        assert [(r.deal, r.seat, r.reason) for r in remarks] == [(2, "B1", "talking")]
        assert deals[0].id < deals[1].id < deals[2].id  # stored in the order entered
        assert audit(table, "protocol.deal.recorded") == 3 and audit(table, "protocol.remark.given") == 1
        table.partie.protocol.refresh_from_db()
        assert (table.partie.protocol.score_a, table.partie.protocol.score_b) == online_totals(table)
        assert phone.locator("#score-a").inner_text() == str(table.partie.protocol.score_a)
        assert DeviceQueue.objects.get(partie=table.partie).queued == 0
    finally:
        context.close()


def test_another_device_changed_the_protocol_meanwhile_the_referee_sees_both_and_chooses(
        live_server, browser, table, artifacts):
    context = browser.new_context(viewport=PHONE, locale="ru-RU", has_touch=True)
    context.set_default_timeout(30000)
    try:
        page, url = controlled_page(context, live_server.url, table)
        context.set_offline(True)
        enter_offline(page)
        # Meanwhile a second referee enters deal 1 otherwise on his own device.
        services.record_deal(table.referee2, table.partie, {"n": 1, "result": "wrong_pass", "offender": "A2"},
                             expected_version=shown_version(table.partie))
        context.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        box = page.locator("#queue-conflict")
        expect(box).to_be_visible()
        expect(box).to_contain_text("Протокол изменился")
        expect(page.locator("#queue-stored")).to_contain_text("Раздача 1: Ложный пас: A2")
        expect(page.locator("#queue-mine")).to_contain_text("Раздача 1: Рыба")
        expect(page.locator(".queued-entry")).to_have_count(4)  # nothing dropped before the referee's word
        assert Deal.objects.filter(protocol__partie=table.partie).count() == 1
        for _try in range(50):  # the device reports its refused queue just after it shows the conflict
            if DeviceQueue.objects.filter(partie=table.partie, refused=True).exists():
                break
            page.wait_for_timeout(100)
        assert DeviceQueue.objects.get(partie=table.partie).refused
        shoot(page, artifacts, "conflict")
        chief = browser.new_context(viewport=PHONE, locale="ru-RU")
        try:  # the chief referee's overview: this table's device holds entries, the first refused
            overview = chief.new_page()
            login(overview, live_server.url, "chief", PASSWORD)
            overview.goto(f"{live_server.url}/referee/t/{table.tournament.slug}/?round=2")
            expect(overview.locator("#waiting-1")).to_contain_text("не отправлено с устройства: 4")
            expect(overview.locator("#waiting-1")).to_contain_text("отклонена")
            shoot(overview, artifacts, "overview")
        finally:
            chief.close()

        page.click("#queue-resend")  # mine on top: deal 1 corrected to what he entered, then the rest
        expect(page.locator("#deal-3")).to_be_visible()
        expect(page.locator(".queued-entry")).to_have_count(0)
        deals, remarks = stored(table)
        assert [(d.n, d.result) for d in deals] == [(1, "block"), (2, "domino"), (3, "domino")]
        assert len(remarks) == 1
        assert audit(table, "protocol.deal.recorded") == 3 and audit(table, "protocol.deal.corrected") == 1
        assert audit(table, "protocol.remark.given") == 1
    finally:
        context.close()


def test_a_queued_entry_whose_answer_was_lost_is_recorded_once(live_server, browser, table):
    # Without the service worker here: Playwright routes no request that a worker handles, and the queue
    # lives in the page's storage either way (a page that stays open through a dropout needs no worker).
    context = browser.new_context(viewport=PHONE, locale="ru-RU", has_touch=True, service_workers="block")
    context.set_default_timeout(30000)
    try:
        page = context.new_page()
        login(page, live_server.url, "referee", PASSWORD)
        page.goto(f"{live_server.url}/referee/partie/{table.partie.pk}/")
        context.set_offline(True)
        type_deal(page, *TYPED[0])
        expect(page.locator("#deal-list .queued-entry")).to_have_count(1)
        lost = []

        def lose_first_answer(route):
            if not lost:  # the server records it; the answer never reaches the phone
                lost.append(route.fetch().status)
                route.abort()
            else:
                route.continue_()

        page.route("**/queue/", lose_first_answer)
        context.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        for _ in range(100):  # until the first send has been answered by the server and lost on the way
            if lost:
                break
            page.wait_for_timeout(100)
        expect(page.locator("#deal-list .queued-entry")).to_have_count(1)
        assert lost == [200] and Deal.objects.filter(protocol__partie=table.partie).count() == 1
        page.click("#queue-send")  # sent again with the same key
        expect(page.locator("#deal-1")).to_be_visible()
        expect(page.locator(".queued-entry")).to_have_count(0)
        assert Deal.objects.filter(protocol__partie=table.partie).count() == 1
        assert audit(table, "protocol.deal.recorded") == 1
    finally:
        context.close()


def test_a_kozel_deal_entered_offline_is_judged_and_stored_once_when_the_connection_returns(
        live_server, browser, table):
    """Kozel's form (the lead, the goats' count) is kept like the deal form: the server's engine judges it."""
    table.tournament.rules_preset, table.tournament.rules_overrides = "kozel", {"games_per_partie": 2,
                                                                              "target_points": 30}
    table.tournament.save()
    context = browser.new_context(viewport=PHONE, locale="ru-RU", has_touch=True)
    context.set_default_timeout(30000)
    try:
        page, url = controlled_page(context, live_server.url, table)
        context.set_offline(True)
        page.locator("#lead-group label.choice", has_text="A1").first.click()
        page.locator("#deal-form fieldset.group", has=page.locator("input[name=result]")).locator(
            "label.choice", has_text="Домино").click()
        page.locator("fieldset[data-for=domino] label.choice", has_text="A1").first.click()
        page.fill("#id_hand_B1", "3")
        page.fill("#id_hand_B2", "4")
        page.click("#save-deal")
        expect(page.locator("#deal-list .queued-entry")).to_have_count(1)
        assert stored(table) == ([], [])
        context.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        expect(page.locator("#deal-1")).to_be_visible()
        expect(page.locator(".queued-entry")).to_have_count(0)
        expect(page.locator("#game-state")).to_contain_text("запомнено 7")  # as when entered online
        deals, _remarks = stored(table)
        assert [(d.n, d.result, d.out, d.hands) for d in deals] == [(1, "domino", "A1", {"B1": 3, "B2": 4})]
        assert audit(table, "protocol.deal.recorded") == 1
    finally:
        context.close()
