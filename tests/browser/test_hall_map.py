"""The hall map in Chromium: 256 tables on a 1280 × 800 laptop, 64 on a phone; live, and a tap opens a table."""
import datetime

import pytest
from django.utils import timezone

from referees.models import DeviceQueue
from scoring import live
from scoring.models import Protocol
from tournaments.choices import ProtocolStatus
from tournaments.models import Entrant, Partie, Player, Round, Tournament

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1280, "height": 800}
CYCLE = [ProtocolStatus.NOT_STARTED, ProtocolStatus.IN_PLAY, ProtocolStatus.AWAITING_SIGNATURES,
         ProtocolStatus.SIGNED, "reopened"]


def hall(slug, tables, **layout):
    """A published round of ``tables`` tables whose protocols go through every state in turn (setup only)."""
    t = Tournament.objects.create(name="Большой зал", slug=slug, start_date=datetime.date(2026, 12, 1), **layout)
    pairs = Entrant.objects.bulk_create([Entrant(tournament=t, number=i + 1) for i in range(2 * tables)])
    Player.objects.bulk_create([Player(pair=p, number=k, name=f"Игрок {p.number}-{k}") for p in pairs for k in (1, 2)])
    rnd = Round.objects.create(tournament=t, number=1, status="published")
    parties = Partie.objects.bulk_create([Partie(round=rnd, table=i + 1, pair_a=pairs[2 * i], pair_b=pairs[2 * i + 1])
                                          for i in range(tables)])
    rows = []
    for i, p in enumerate(parties):
        state = CYCLE[i % len(CYCLE)]
        if state == ProtocolStatus.NOT_STARTED:
            continue
        reopened = state == "reopened"
        rows.append(Protocol(partie=p, status=ProtocolStatus.IN_PLAY if reopened else state, score_a=40 + i % 50,
                             score_b=i % 60, reopen_reason="Спор" if reopened else ""))
    Protocol.objects.bulk_create(rows)
    live.bump(t.pk)
    return t, parties


def test_256_tables_fit_a_laptop_and_the_map_follows_a_change(live_server, new_page, artifacts):
    tournament, parties = hall("big-hall", 256)
    page = new_page(LAPTOP)
    page.set_default_timeout(60000)  # a shared, busy machine
    statuses = []
    page.on("response", lambda r: statuses.append(r.status) if "/hall/tiles/" in r.url else None)
    page.goto(f"{live_server.url}/referee/t/big-hall/hall/")
    assert page.locator(".tile").count() == 256
    box = page.locator("#hall .hall").bounding_box()
    assert box["y"] + box["height"] <= LAPTOP["height"]  # every table on the screen at once
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
    assert page.locator("#tile-4").evaluate("e => e.parentElement.className") == "tile state-signed"
    page.screenshot(path=str(artifacts / "hall-map-1280.png"))
    Protocol.objects.filter(partie=parties[0]).delete()
    Protocol.objects.create(partie=parties[0], status=ProtocolStatus.IN_PLAY, score_a=12, score_b=0)
    page.wait_for_selector("li.tile.state-in_play > #tile-1", timeout=60000)  # the next poll shows it
    assert statuses and statuses[-1] == 200


def test_64_tables_on_a_phone_scroll_down_and_a_tap_opens_the_protocol(live_server, new_page, artifacts):
    tournament, parties = hall("phone-hall", 64)
    now = timezone.now()
    DeviceQueue.objects.create(partie=parties[4], tournament=tournament, device="phone-of-table-five",
                               queued=3, last_contact=now, changed_at=now)
    page = new_page(PHONE)
    page.set_default_timeout(60000)
    page.goto(f"{live_server.url}/referee/t/phone-hall/hall/")
    assert page.locator(".tile").count() == 64
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scroll
    tile = page.locator("#tile-2").bounding_box()
    assert tile["width"] >= 44 and tile["height"] >= 40  # a finger's tap
    waiting = page.locator("li.tile.state-waiting > #tile-5")  # entries held on its device: their count shown
    assert waiting.inner_text().split() == ["5", "3", "·", timezone.localtime(now).strftime("%H:%M")]
    assert waiting.evaluate("e => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1")
    page.screenshot(path=str(artifacts / "hall-map-390.png"), full_page=True)
    page.click("#tile-2")
    page.wait_for_load_state()
    assert "/protocols/" in page.url


def test_a_wide_layout_scrolls_inside_the_map_on_a_phone(live_server, new_page, artifacts):
    hall("wide-hall", 64, hall_rows=4, hall_columns=16)
    page = new_page(PHONE)
    page.set_default_timeout(60000)
    page.goto(f"{live_server.url}/referee/t/wide-hall/hall/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.locator(".hall-scroll").evaluate("e => e.scrollWidth > e.clientWidth")
    page.screenshot(path=str(artifacts / "hall-map-390-layout.png"), full_page=True)


def test_each_table_in_play_counts_its_time_down_on_a_laptop_with_256_tables(live_server, new_page, artifacts):
    """The round's clock started ten minutes ago (federation: 40 min): the head and every table still playing
    count down from the server's deadline; a table that is over shows no time; all still fit the screen."""
    tournament, parties = hall("clock-hall", 256, rules_preset="federation")
    Round.objects.filter(tournament=tournament).update(clock_started_at=timezone.now() - datetime.timedelta(minutes=10))
    live.bump(tournament.pk)
    page = new_page(LAPTOP)
    page.set_default_timeout(60000)
    page.goto(f"{live_server.url}/referee/t/clock-hall/hall/")
    assert page.locator(".tile").count() == 256
    box = page.locator("#hall .hall").bounding_box()
    assert box["y"] + box["height"] <= LAPTOP["height"]
    left = page.locator("#tile-2 .left [data-clock-time]")  # in play
    first = left.inner_text()
    assert first.startswith(("29:", "30:"))
    page.wait_for_function("t => document.querySelector('#tile-2 .left [data-clock-time]').textContent !== t", arg=first)
    assert page.locator("#tile-3 .left").count() == 0  # waiting for signatures: its time is over
    head = page.locator(".hall-clock [data-clock-time]").inner_text()
    assert abs(int(head.split(":")[1]) - int(left.inner_text().split(":")[1])) <= 1  # the same clock
    page.screenshot(path=str(artifacts / "hall-map-clock-1280.png"))
    page.set_viewport_size(PHONE)  # a phone: the tiles with their time still fit its width
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts / "hall-map-clock-390.png"))
