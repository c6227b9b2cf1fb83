"""The round clock in Chromium at 390 px (docs/rules.md §5.1): a phone whose clock is wrong still shows the server's
remaining time, from the clock's poll and, without a connection to the clock, from the page itself; the clock
survives an htmx swap of the projector's board; at time-up the referee's page shows the time rule's prompt."""
import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from events.services.clock import start_round_clock
from tests.tournaments.clock_helpers import hall  # noqa: F401
from tournaments.models import Round

from .conftest import PHONE, login
from .test_hall import BROKEN_WORDS_JS
from .test_kozel_standings import fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SKEW_JS = "(() => { const real = Date.now.bind(Date); Date.now = () => real() + (%d); })();"


def started_ago(hall, seconds):
    """The round's clock started ``seconds`` ago by the server's clock."""
    start_round_clock(hall.chief, hall.round)
    Round.objects.filter(pk=hall.round.pk).update(
        clock_started_at=timezone.now() - datetime.timedelta(seconds=seconds))


def shown_seconds(page) -> int:
    text = page.locator("#round-clock [data-clock-time]").inner_text()
    m = re.fullmatch(r"(\d+):(\d\d)", text.strip())
    assert m, text
    return int(m.group(1)) * 60 + int(m.group(2))


def skewed_page(new_page, skew_ms):
    page = new_page(PHONE)
    page.add_init_script(SKEW_JS % skew_ms)
    return page


def test_a_phone_with_a_wrong_clock_shows_the_servers_time(live_server, new_page, hall, artifacts):
    started_ago(hall, 600)  # 30:00 left by the server's clock
    page = skewed_page(new_page, 17 * 60 * 1000)  # the phone runs 17 minutes fast
    login(page, live_server.url, "referee", "domino2026")
    polled = []
    page.on("response", lambda r: polled.append(r.url) if "/clock/" in r.url else None)
    page.goto(live_server.url + reverse("referees:partie", args=[hall.partie.pk]))
    page.wait_for_function("() => window.RoundClock && window.RoundClock.offset !== undefined")
    page.wait_for_timeout(600)
    assert polled and polled[0].endswith("?table=1")  # the clock asked the server for its time
    assert 1790 <= shown_seconds(page) <= 1800  # not 13:00, what the phone's own clock would give
    offset = page.evaluate("window.RoundClock.offset")
    assert abs(offset + 17 * 60 * 1000) < 3000
    page.screenshot(path=str(artifacts / "round-clock-referee-390.png"), full_page=True)
    assert fits(page) and page.evaluate(BROKEN_WORDS_JS) == []
    assert page.locator("#time-up-prompt").is_hidden()
    # the offset arithmetic itself: the server read its clock halfway through the round trip
    assert page.evaluate("RoundClock.offsetFrom(10000, 2000, 2400)") == 7800
    assert page.evaluate("RoundClock.remainingSeconds({paused: true, deadline: null, remaining: 75}, 0, 0)") == 75
    assert page.evaluate("RoundClock.format(3725.2)") == "1:02:06"


def test_without_the_clocks_poll_the_page_itself_sets_the_time_and_the_projector_keeps_it_through_a_swap(
        live_server, new_page, hall, artifacts):
    started_ago(hall, 60)  # 39:00 left
    page = skewed_page(new_page, -2 * 3600 * 1000)  # two hours slow
    page.route("**/clock/**", lambda route: route.abort())  # the clock's poll never answers
    page.goto(live_server.url + reverse("tournaments:pairings", args=[hall.tournament.slug, 1]))
    page.wait_for_timeout(600)
    assert 2330 <= shown_seconds(page) <= 2340
    page.screenshot(path=str(artifacts / "round-clock-round-page-390.png"), full_page=True)
    assert fits(page) and page.evaluate(BROKEN_WORDS_JS) == []

    page.goto(live_server.url + reverse("reports:projector", args=[hall.tournament.slug]))
    page.wait_for_timeout(400)
    before = shown_seconds(page)
    page.evaluate("htmx.ajax('GET', location.href + '?page=1', {target: '.board', swap: 'outerHTML'})")
    page.wait_for_timeout(1200)
    after = shown_seconds(page)
    assert 2300 <= after <= before <= 2340
    page.screenshot(path=str(artifacts / "round-clock-projector-390.png"))


def test_at_time_up_the_referees_page_asks_what_the_time_rule_says(live_server, new_page, hall, artifacts):
    page = skewed_page(new_page, 5 * 60 * 1000)
    login(page, live_server.url, "referee", "domino2026")
    started_ago(hall, 40 * 60 - 5)  # five seconds left
    response = page.goto(live_server.url + reverse("referees:partie", args=[hall.partie.pk]))
    assert re.search(r'id="time-up-prompt"[^>]*hidden', response.text())  # sent before the time was up
    prompt = page.locator("#time-up-prompt")
    prompt.wait_for(state="visible", timeout=12000)
    assert "играется ещё одна раздача" in prompt.inner_text()
    assert "up" in page.locator("#round-clock").get_attribute("class").split()
    assert page.locator("#round-clock [data-clock-note]").inner_text() == "Время вышло"
    assert page.locator("#round-clock [data-clock-time]").inner_text() == "0:00"
    page.screenshot(path=str(artifacts / "round-clock-time-up-390.png"), full_page=True)
    assert fits(page)
