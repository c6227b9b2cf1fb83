"""The round clock on the pages (docs/rules.md §5.1): the projector, the round page, the referees' overview and the
table page show the server's remaining time and deadline; the chief referee's buttons; the clock's JSON; the time
rule's prompt and what the protocol records at time-up; the tournament's warnings setting."""
import datetime
import json
import re

import pytest
from django.urls import reverse

from audit.actions import sentence
from audit.models import AuditEntry
from events.forms_rules import ClockWarningsField
from events.services import setup
from events.services.clock import pause_round_clock, set_table_start, start_round_clock
from scoring import services
from tests.versions import shown_version
from tournaments.errors import SetupRejected

from .clock_helpers import START, fresh, hall  # noqa: F401

DEAL = {"n": 1, "result": "domino", "out": "A1", "hands": {"A2": 14, "B1": ["0-0"], "B2": 23}}


def ms(seconds):
    return round((START + datetime.timedelta(seconds=seconds)).timestamp() * 1000)


def clock_attrs(html) -> dict:
    tag = re.search(r'<section class="round-clock[^>]*>', html, re.S)
    assert tag, "no clock on the page"
    return dict(re.findall(r'data-([a-z-]+)="([^"]*)"', tag.group(0)))


def started(hall, seconds=0):
    with hall.at(seconds):
        start_round_clock(hall.chief, hall.round)


def round_page(client, hall):
    return client.get(reverse("tournaments:pairings", args=[hall.tournament.slug, 1])).content.decode()


def test_no_clock_started_nothing_shown(client, hall):
    assert 'id="round-clock"' not in round_page(client, hall)
    projector = client.get(reverse("reports:projector", args=[hall.tournament.slug])).content.decode()
    assert 'id="round-clock"' not in projector
    client.force_login(hall.referee)
    page = client.get(reverse("referees:partie", args=[hall.partie.pk])).content.decode()
    assert 'id="round-clock"' not in page and 'id="time-up-prompt"' not in page


def test_the_round_page_shows_the_remaining_time_from_the_servers_clock(client, hall):
    started(hall)
    with hall.at(600):
        html = round_page(client, hall)
    attrs = clock_attrs(html)
    assert attrs["server-now"] == str(ms(600)) and attrs["deadline"] == str(ms(2400))
    assert attrs["remaining"] == "1800" and attrs["warnings"] == "10,5" and attrs["paused"] == ""
    assert 'data-clock-time>30:00<' in html
    assert attrs["clock-url"] == reverse("tournaments:clock", args=[hall.tournament.slug, 1])
    assert "clock-controls" not in html  # the public sees the time, not the buttons


def test_a_paused_clock_shows_the_time_left_and_no_deadline(client, hall):
    started(hall)
    with hall.at(2000):
        pause_round_clock(hall.chief, hall.round)
    with hall.at(2300):
        html = round_page(client, hall)
    attrs = clock_attrs(html)
    assert attrs["deadline"] == "" and attrs["paused"] == "1" and attrs["remaining"] == "400"
    assert "Часы стоят" in html and "data-clock-time>6:40<" in html
    assert 'class="round-clock paused' in html


def test_the_warning_shows_once_its_minutes_are_reached(client, hall):
    started(hall)
    with hall.at(2400 - 299):
        html = round_page(client, hall)
    assert 'class="round-clock warn' in html and "Осталось меньше 5 мин" in html


def test_the_projector_shows_the_round_in_plays_clock(client, hall):
    started(hall)
    with hall.at(60):
        html = client.get(reverse("reports:projector", args=[hall.tournament.slug])).content.decode()
    assert clock_attrs(html)["deadline"] == str(ms(2400)) and "data-clock-time>39:00<" in html
    assert "js/clock.js" in html


def test_the_referees_table_page_runs_the_tables_own_clock_and_asks_the_time_rule_at_time_up(client, hall):
    started(hall)
    with hall.at(300):
        set_table_start(hall.chief, hall.round, 1)
    client.force_login(hall.referee)
    url = reverse("referees:partie", args=[hall.partie.pk])
    with hall.at(600):
        html = client.get(url).content.decode()
    attrs = clock_attrs(html)
    assert attrs["deadline"] == str(ms(2700)) and attrs["clock-url"].endswith("?table=1")
    assert "свой старт в" in html
    assert re.search(r'id="time-up-prompt"[^>]*hidden', html)  # not yet: hidden until the script shows it
    with hall.at(2701):
        html = client.get(url).content.decode()
    prompt = re.search(r'<div class="clock-prompt" id="time-up-prompt"([^>]*)>(.*?)</div>', html, re.S)
    assert "hidden" not in prompt.group(1)
    assert "играется ещё одна раздача" in prompt.group(2) and 'href="#time"' in prompt.group(2)


def test_the_kozel_family_asks_to_finish_the_deal(client, hall):
    hall.tournament.rules_preset, hall.tournament.rules_overrides = "kozel", {"time_limit_minutes": 30}
    hall.tournament.save()
    started(hall)
    client.force_login(hall.referee)
    with hall.at(1801):
        html = client.get(reverse("referees:partie", args=[hall.partie.pk])).content.decode()
    assert "Раздачу, которая идёт, доигрывают" in html and "ещё одна раздача" not in html


def test_the_clock_json_gives_the_server_time_and_the_state(client, hall):
    started(hall)
    url = reverse("tournaments:clock", args=[hall.tournament.slug, 1])
    with hall.at(100):
        r = client.get(url)
    assert r.status_code == 200 and "no-cache" in r["Cache-Control"]
    assert json.loads(r.content) == {"now": ms(100), "clock": {
        "paused": False, "up": False, "remaining": 2300, "deadline_ms": ms(2400), "warning": None}}
    with hall.at(200):
        set_table_start(hall.chief, hall.round, 2)
        pause_round_clock(hall.chief, hall.round)
    with hall.at(500):
        data = json.loads(client.get(url + "?table=2").content)
    assert data["clock"] == {"paused": True, "up": False, "remaining": 2400, "deadline_ms": None, "warning": None}
    assert client.get(url + "?table=99").status_code == 404
    assert client.get(url + "?table=abc").status_code == 200  # an unreadable table: the round's clock
    assert client.get(reverse("tournaments:clock", args=[hall.tournament.slug, 2])).status_code == 404  # a draft


def test_the_clock_json_before_the_start_says_no_clock(client, hall):
    data = json.loads(client.get(reverse("tournaments:clock", args=[hall.tournament.slug, 1])).content)
    assert data["clock"] is None and isinstance(data["now"], int)


def test_the_chief_referee_runs_the_clock_from_the_overview(client, hall):
    client.force_login(hall.chief)
    overview = reverse("referees:dashboard", args=[hall.tournament.slug])
    assert 'id="clock-start"' in client.get(overview + "?round=1").content.decode()
    action = reverse("tournaments:clock_action", args=[hall.tournament.slug, 1, "start"])
    with hall.at(0):
        r = client.post(action, {"back": "dashboard"})
    assert r.status_code == 302 and r["Location"] == f"{overview}?round=1"
    assert fresh(hall.round).clock_started_at == START
    with hall.at(30):
        html = client.get(overview + "?round=1").content.decode()
    assert clock_attrs(html)["deadline"] == str(ms(2400)) and 'id="clock-pause"' in html
    pause = reverse("tournaments:clock_action", args=[hall.tournament.slug, 1, "pause"])
    with hall.at(60):
        client.post(pause, {"reason": "перерыв"})
    assert fresh(hall.round).clock_paused
    assert AuditEntry.objects.get(action="round.clock_paused").note == "перерыв"


def test_the_clock_buttons_refuse_everyone_else_and_bad_requests(client, hall):
    action = reverse("tournaments:clock_action", args=[hall.tournament.slug, 1, "start"])
    client.force_login(hall.referee)
    assert client.post(action).status_code == 403
    assert 'id="clock-controls"' not in round_page(client, hall)
    client.force_login(hall.chief)
    assert client.get(action).status_code == 405
    assert client.post(reverse("tournaments:clock_action", args=[hall.tournament.slug, 1, "explode"])).status_code == 404
    assert fresh(hall.round).clock_started_at is None


@pytest.mark.parametrize("data, message", [
    ({"table": "abc"}, "Стол: Введите целое число"), ({"table": "1", "at": "25:99"}, "Время — ЧЧ:ММ"),
    ({"table": "7"}, "нет стола 7"), ({"table": "1", "at": "15:00"}, "раньше тура"),
])
def test_the_late_table_form_says_what_is_wrong(client, hall, data, message):
    started(hall)
    client.force_login(hall.chief)
    with hall.at(600):
        r = client.post(reverse("tournaments:clock_table", args=[hall.tournament.slug, 1]), data, follow=True)
    assert message in r.content.decode()
    assert not AuditEntry.objects.filter(action="partie.clock_started").exists()


def test_the_protocol_records_how_it_ended_by_time_and_what_the_clock_showed(client, hall):
    started(hall)
    client.force_login(hall.referee)
    services.record_deal(hall.referee, hall.partie, DEAL, expected_version=shown_version(hall.partie))
    url = reverse("referees:time_up", args=[hall.partie.pk])
    r = client.post(url, {"version": shown_version(hall.partie), "how": "sideways"})
    assert r.status_code == 422 and "Выберите, как окончилась партия по времени" in r.content.decode()
    with hall.at(2430):
        r = client.post(url, {"version": shown_version(hall.partie), "how": "one_more_deal"})
    assert r.status_code == 302
    hall.partie.protocol.refresh_from_db()
    assert hall.partie.protocol.ended_by_time
    entry = AuditEntry.objects.get(action="protocol.time_up")
    assert entry.after["how"] == "one_more_deal" and entry.after["clock_remaining"] == -30
    assert "сыграна ещё одна раздача" in sentence(entry) and "время вышло 0:30 назад" in sentence(entry)


def test_the_warnings_are_a_tournament_setting():
    field = ClockWarningsField(required=False)
    assert field.clean("5, 10 ,1") == [10, 5, 1] and field.clean("") == []
    for bad in ("abc", "5,,x", "1,2,3,4,5,6", "٣", "-5"):
        with pytest.raises(Exception, match="до пяти разных чисел"):
            field.clean(bad)


def test_the_service_refuses_warnings_out_of_range(hall):
    for bad in ([0], [601], ["5"], [5, 5], "5"):
        with pytest.raises(SetupRejected) as err:
            setup.update_tournament(hall.org, hall.tournament, {"clock_warnings": bad})
        assert "clock_warnings" in err.value.errors
    setup.update_tournament(hall.org, hall.tournament, {"clock_warnings": [3]})
    assert type(hall.tournament).objects.get(pk=hall.tournament.pk).clock_warnings == [3]


def test_the_settings_page_shows_the_warnings_as_typed(client, hall):
    client.force_login(hall.org)
    html = client.get(reverse("tournaments:edit", args=[hall.tournament.slug])).content.decode()
    assert re.search(r'<input[^>]*name="clock_warnings"[^>]*value="10, 5"', html)
    assert "Часы тура: предупредить, когда осталось (мин)" in html
