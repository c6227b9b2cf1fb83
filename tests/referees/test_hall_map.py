"""The hall map: every table of a round as a tile coloured by its state, in the organizer's layout."""
import re

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from events.services.hall import set_hall_layout
from referees import hall_map
from referees.devices import report_queue
from scoring import services
from tests.factories import make_round, make_tournament
from tests.versions import shown_version
from tournaments.errors import InvalidInput, NotAllowed

from .conftest import DEALS
from .helpers import play, sign_all

pytestmark = pytest.mark.django_db


def _states(html) -> dict:
    return {int(n): state for state, n in re.findall(r'<li class="tile state-(\w+)"><a href="[^"]*" id="tile-(\d+)"', html)}


def test_each_table_has_the_colour_of_its_state(client, table):
    """Round 2: table 1 signed then reopened, 2 in play, 3 not started, 4 played and waiting for signatures."""
    round2 = table.round2
    play(table.referee, table.partie)
    sign_all(table)
    play(table.referee, round2.parties.get(table=2), DEALS[:1])
    play(table.referee, round2.parties.get(table=4))
    url = reverse("referees:hall_tiles", args=["cup"]) + "?round=2"
    html = client.get(url).content.decode()
    assert _states(html) == {1: "signed", 2: "in_play", 3: "not_started", 4: "awaiting_signatures"}
    assert re.search(r'"tile-1"[^>]*><b>1</b><small>48:35</small>', html)  # the RULES.md §8 partie
    services.reopen_protocol(table.chief, table.partie, "Спор о раздаче 3", expected_version=shown_version(table.partie))
    assert _states(client.get(url).content.decode())[1] == "reopened"
    sign_all(table)
    assert _states(client.get(url).content.decode())[1] == "signed"  # signed again: the dispute is over


def test_a_tap_opens_the_table_for_a_referee_and_the_protocol_for_the_public(client, table):
    url = reverse("referees:hall_tiles", args=["cup"]) + "?round=2"
    public = client.get(url).content.decode()
    assert f'href="{reverse("protocols:protocol", args=[table.partie.pk])}" id="tile-1"' in public
    client.force_login(table.chief)
    own = client.get(url).content.decode()
    assert f'href="{reverse("referees:partie", args=[table.partie.pk])}" id="tile-1"' in own


def test_the_tiles_are_304_until_a_table_changes(client, table):
    url = reverse("referees:hall_tiles", args=["cup"]) + "?round=2"
    first = client.get(url, HTTP_HX_REQUEST="true")
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], HTTP_HX_REQUEST="true").status_code == 304
    play(table.referee, table.partie, DEALS[:1])
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], HTTP_HX_REQUEST="true")
    assert changed.status_code == 200 and _states(changed.content.decode())[1] == "in_play"
    page = reverse("referees:hall", args=["cup"])
    client.get(page)
    shown = client.get(page)
    assert 'hx-trigger="every 5s"' in shown.content.decode()
    assert client.get(page, HTTP_IF_NONE_MATCH=shown["ETag"]).status_code == 304


def test_an_unpublished_tournament_has_no_public_map(client, table):
    table.tournament.is_public = False
    table.tournament.save()
    assert client.get(reverse("referees:hall", args=["cup"])).status_code == 404
    assert client.get(reverse("referees:hall_tiles", args=["cup"])).status_code == 404
    client.force_login(table.chief)
    assert client.get(reverse("referees:hall", args=["cup"])).status_code == 200


def test_the_layout_places_table_k_in_place_k_and_the_rest_after_it(client, table):
    set_hall_layout(table.organizer, table.tournament, rows="1", columns="3")
    table.tournament.refresh_from_db()
    grid = hall_map.layout(table.tournament, hall_map.hall_tiles(table.round2, referee=False))
    assert grid["columns"] == 3 and [t.table for t in grid["cells"]] == [1, 2, 3]
    assert [t.table for t in grid["beyond"]] == [4]
    html = client.get(reverse("referees:hall_tiles", args=["cup"]) + "?round=2").content.decode()
    assert 'class="hall cols-3"' in html and "Столы за пределами расстановки 1 × 3" in html
    entry = AuditEntry.objects.filter(action="tournament.hall_layout").get()
    assert entry.after == {"rows": 1, "columns": 3} and entry.user == table.organizer


def test_a_gap_in_the_table_numbers_leaves_its_place_empty(db):
    cup = make_tournament(6, slug="gaps", hall_rows=2, hall_columns=2)
    rnd = make_round(cup, 1, [(1, 2), (3, 4), (5, 6)])
    rnd.parties.filter(table=2).update(table=4)
    grid = hall_map.layout(cup, hall_map.hall_tiles(rnd, referee=False))
    assert [t.table if t else None for t in grid["cells"]] == [1, None, 3, 4]


@pytest.mark.parametrize(("rows", "columns", "field", "message"), [
    ("0", "8", "hall_rows", "Рядов: целое число от 1 до 100."),
    ("-3", "8", "hall_rows", "Рядов: целое число от 1 до 100."),
    ("8", "41", "hall_columns", "Столов в ряду: целое число от 1 до 40."),
    ("1e3", "8", "hall_rows", "Рядов: целое число от 1 до 100."),
    ("восемь", "8", "hall_rows", "Рядов: целое число от 1 до 100."),
    ("8", "", "hall_columns", "Укажите и число рядов, и число столов в ряду"),
])
def test_a_hostile_layout_is_refused_with_a_clear_message(table, rows, columns, field, message):
    with pytest.raises(InvalidInput) as refused:
        set_hall_layout(table.organizer, table.tournament, rows=rows, columns=columns)
    assert refused.value.field == field and message in refused.value.message
    table.tournament.refresh_from_db()
    assert table.tournament.hall_rows is None and table.tournament.hall_columns is None


def test_the_layout_form_shows_the_refusal_next_to_its_field(client, table):
    client.force_login(table.organizer)
    url = reverse("referees:hall_layout", args=["cup"])
    answer = client.post(url, {"rows": "99999999999999999999", "columns": "<script>"})
    html = answer.content.decode()
    assert answer.status_code == 400 and 'id="error-rows"' in html and "<script>" not in html
    saved = client.post(url, {"rows": "16", "columns": "16"}, follow=True)
    assert "Расстановка столов сохранена." in saved.content.decode()
    cleared = client.post(url, {"rows": " ", "columns": ""})
    assert cleared.status_code == 302
    table.tournament.refresh_from_db()
    assert (table.tournament.hall_rows, table.tournament.hall_columns) == (None, None)


def test_only_the_organizer_sets_the_layout(client, table):
    with pytest.raises(NotAllowed):
        set_hall_layout(table.chief, table.tournament, rows=2, columns=2)
    client.force_login(table.chief)
    assert client.post(reverse("referees:hall_layout", args=["cup"]), {"rows": "2", "columns": "2"}).status_code == 403
    assert 'name="rows"' not in client.get(reverse("referees:hall", args=["cup"])).content.decode()


def test_a_table_whose_device_holds_entries_is_shown_waiting_until_they_are_sent(client, table):
    """The device's report on its queue (no protocol write, no new data version) changes the tiles' ETag;
    the tile says how many entries wait and when the device last reported, ahead of the protocol's state."""
    url = reverse("referees:hall_tiles", args=["cup"]) + "?round=2"
    first = client.get(url, HTTP_HX_REQUEST="true")
    assert _states(first.content.decode())[1] == "not_started"
    report_queue(table.referee, table.partie, device="phone-of-table-one", queued="3")
    waiting = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], HTTP_HX_REQUEST="true")
    html = waiting.content.decode()
    assert waiting.status_code == 200 and _states(html)[1] == "waiting" and _states(html)[2] == "not_started"
    assert "не отправлено записей: 3, последняя связь в" in html and '<small class="queued">3 · ' in html
    assert "Записи ждут на устройстве: <b>1</b>" in html
    client.force_login(table.chief)  # the chief referee's map too
    assert _states(client.get(url).content.decode())[1] == "waiting"
    report_queue(table.referee, table.partie, device="phone-of-table-one", queued="0")
    assert _states(client.get(url).content.decode())[1] == "not_started"
