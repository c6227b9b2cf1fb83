"""The hall map's clocks: each table still playing shows its time left (the round's deadline, or its own from a
late start), counted down on the device from a body shared by every phone; the round's clock in the head
measures the device's offset. A table that is over shows none; a paused clock shows the time it holds."""
import datetime
import re

from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from events.services.clock import pause_round_clock, set_table_start, start_round_clock
from scoring import services
from tests.tournaments.clock_helpers import START, hall  # noqa: F401

DEAL = {"n": 1, "result": "domino", "out": "A1", "hands": {"A2": 14, "B1": ["0-0"], "B2": 23}}


def ms(seconds):
    return round((START + datetime.timedelta(seconds=seconds)).timestamp() * 1000)


def tile_clocks(html) -> dict:
    """{table: its clock's data- attributes and the text shown} from the tiles."""
    found = {}
    for table, attrs, text in re.findall(r'id="tile-(\d+)"[^>]*>(?:(?!</li>).)*?<small class="left[^"]*" ([^>]*)><span data-clock-time>([^<]*)<', html):
        assert attrs.startswith("data-clock ")  # what clock.js counts down
        found[int(table)] = {**dict(re.findall(r'data-([a-z-]+)="([^"]*)"', attrs)), "text": text}
    return found


def tiles(hall, client=None):
    cache.clear()
    return (client or Client()).get(reverse("referees:hall_tiles", args=[hall.tournament.slug])).content.decode()


def test_each_table_in_play_counts_down_to_its_own_deadline(hall):
    assert tile_clocks(tiles(hall)) == {}  # no clock started: no time on the tiles
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
    with hall.at(300):
        set_table_start(hall.chief, hall.round, 2)  # table 2 sat down five minutes late
    with hall.at(600):
        shown = tile_clocks(tiles(hall))
    assert shown[1] == {"deadline": str(ms(2400)), "remaining": "1800", "paused": "", "text": "30:00"}
    assert shown[2]["deadline"] == str(ms(2700)) and shown[2]["text"] == "35:00"
    assert "server-now" not in shown[1]  # a shared body carries no time of its own: the head's clock measures it


def test_a_finished_table_has_no_clock_and_a_paused_one_holds_its_time(hall):
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
        services.record_deal(hall.referee, hall.partie, DEAL, expected_version=0)
        protocol = services.record_time_up(hall.referee, hall.partie, expected_version=1, how="finish_deal")
    assert protocol.finished  # ended by time: table 1 waits for its signatures
    with hall.at(2000):
        pause_round_clock(hall.chief, hall.round)
    with hall.at(2300):
        shown = tile_clocks(tiles(hall))
    assert 1 not in shown
    assert shown[3]["deadline"] == "" and shown[3]["paused"] == "1" and shown[3]["text"] == "6:40"
    assert 'class="left paused"' in tiles(hall)


def test_the_hall_page_has_the_rounds_clock_with_the_servers_time_and_the_script(client, hall):
    with hall.at(0):
        start_round_clock(hall.chief, hall.round)
    with hall.at(600):
        html = client.get(reverse("referees:hall", args=[hall.tournament.slug])).content.decode()
    head = re.search(r'<span class="hall-clock"[^>]*>', html).group(0)
    assert f'data-server-now="{ms(600)}"' in head and f'data-deadline="{ms(2400)}"' in head
    assert f'data-clock-url="{reverse("tournaments:clock", args=[hall.tournament.slug, 1])}"' in head
    assert "js/clock.js" in html
