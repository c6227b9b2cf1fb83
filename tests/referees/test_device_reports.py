"""A device's report of the entries it still holds for a table (referees.devices): bounded numbers, one row per
device, a bounded number of devices per account and table, reports that expire, and the clearing of a table's
reports by its referee."""
import re
from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from audit.models import AuditEntry
from referees import devices
from referees.models import DeviceQueue

pytestmark = pytest.mark.django_db

ROUND2 = "?round=2"


def report(client, table, partie=None, **data):
    return client.post(reverse("referees:device_report", args=[(partie or table.partie).pk]), data)


def device(n) -> str:
    return f"device-{n:05d}-" + "x" * 12


@pytest.fixture
def ref_client(client, table):
    client.force_login(table.referee)
    return client


def overview(table, user=None):
    chief = Client()
    chief.force_login(user or table.chief)
    return chief.get(reverse("referees:dashboard_tables", args=["cup"]) + ROUND2).content.decode()


def waiting_text(html, number=1) -> str:
    found = re.search(rf'id="waiting-{number}">([^<]*)<', html)
    return found.group(1) if found else ""


def hall_tiles(client=None):
    client = client or Client()
    return client.get(reverse("referees:hall_tiles", args=["cup"]) + ROUND2, HTTP_HX_REQUEST="true")


def tile_state(html, number=1) -> str:
    return re.search(rf'<li class="tile state-(\w+)"><a href="[^"]*" id="tile-{number}"', html).group(1)


def age(table, seconds):
    """Every report of the table as if its device had last spoken ``seconds`` earlier (nothing else moves, as
    when time passes)."""
    for row in DeviceQueue.objects.filter(partie=table.partie):
        DeviceQueue.objects.filter(pk=row.pk).update(last_contact=row.last_contact - timedelta(seconds=seconds))


# --- the numbers -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("data, field", [
    ({"queued": str(devices.MAX_QUEUED + 1)}, "queued"),
    ({"queued": "999"}, "queued"),
    ({"queued": "3", "refused": "maybe"}, "refused"),
    ({"queued": "0", "refused": "1"}, "refused"),  # the first entry refused, yet none waits
])
def test_a_report_with_numbers_no_device_holds_is_refused_with_a_message(ref_client, table, data, field):
    r = report(ref_client, table, device=device(1), **data)
    assert r.status_code == 400 and r.json()["result"] == "refused" and r.json()["code"] == field
    assert re.search("[а-я]", r.json()["message"])
    assert not DeviceQueue.objects.exists()


def test_the_largest_queue_a_device_can_hold_is_taken(ref_client, table):
    assert report(ref_client, table, device=device(1), queued=str(devices.MAX_QUEUED)).status_code == 200
    assert DeviceQueue.objects.get().queued == devices.MAX_QUEUED


def test_the_database_refuses_a_queue_no_device_holds(ref_client, table):
    report(ref_client, table, device=device(1), queued="1")
    with pytest.raises(IntegrityError), transaction.atomic():
        DeviceQueue.objects.update(queued=devices.MAX_QUEUED + 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        DeviceQueue.objects.create(partie=table.partie, tournament=table.tournament, device=device(1), queued=1,
                                   last_contact=timezone.now(), changed_at=timezone.now())  # one row per device


def test_one_device_keeps_one_report_per_table_updated_in_place(ref_client, table):
    for n in range(50):
        assert report(ref_client, table, device=device(1), queued=str(n % 7 + 1)).status_code == 200
    row = DeviceQueue.objects.get()
    assert row.queued == 49 % 7 + 1
    report(ref_client, table, partie=table.other_partie, device=device(1), queued="2")
    assert DeviceQueue.objects.count() == 2  # another table: its own report


def test_a_flood_of_made_up_devices_keeps_a_few_reports_per_account_and_table(ref_client, table):
    """200 reports with 200 names: the account keeps its DEVICES_PER_ACCOUNT latest devices at the table."""
    for n in range(200):
        assert report(ref_client, table, device=device(n), queued="5").status_code == 200
    rows = DeviceQueue.objects.filter(partie=table.partie)
    assert rows.count() == devices.DEVICES_PER_ACCOUNT
    assert set(rows.values_list("device", flat=True)) == {device(n) for n in range(200 - devices.DEVICES_PER_ACCOUNT, 200)}
    assert waiting_text(overview(table)).startswith(f"не отправлено с устройства: {5 * devices.DEVICES_PER_ACCOUNT} ·")
    assert f'<small class="queued">{5 * devices.DEVICES_PER_ACCOUNT} · ' in hall_tiles().content.decode()


def test_another_accounts_devices_at_the_table_are_kept(ref_client, table):
    other = Client()
    other.force_login(table.referee2)
    report(other, table, device=device(900), queued="4")
    for n in range(10):
        report(ref_client, table, device=device(n), queued="1")
    assert DeviceQueue.objects.filter(partie=table.partie, user=table.referee2).get().queued == 4


def test_a_report_of_an_empty_queue_from_a_new_device_stores_nothing(ref_client, table):
    for n in range(20):
        assert report(ref_client, table, device=device(n), queued="0").status_code == 200
    assert not DeviceQueue.objects.exists()


# --- the age of a report -----------------------------------------------------------------------------------

def test_a_report_older_than_its_age_stops_counting_on_the_overview_and_the_hall_map(ref_client, table):
    report(ref_client, table, device=device(1), queued="1")
    assert waiting_text(overview(table))
    tiles = hall_tiles()
    assert tile_state(tiles.content.decode()) == "waiting"
    age(table, devices.REPORT_AGE.total_seconds() - 30)  # still within its age
    assert waiting_text(overview(table)) and tile_state(hall_tiles().content.decode()) == "waiting"
    age(table, 60)  # now past it: the browser was closed long ago
    assert not waiting_text(overview(table))
    again = hall_tiles(Client(HTTP_IF_NONE_MATCH=tiles["ETag"]))
    assert again.status_code == 200 and tile_state(again.content.decode()) == "not_started"
    report(ref_client, table, device=device(1), queued="1")  # the device speaks again: it counts again
    assert waiting_text(overview(table)) and tile_state(hall_tiles().content.decode()) == "waiting"


def test_the_overview_page_changes_its_etag_when_a_report_ages_out(ref_client, table):
    report(ref_client, table, device=device(1), queued="2")
    chief = Client()
    chief.force_login(table.chief)
    url = reverse("referees:dashboard_tables", args=["cup"]) + ROUND2
    chief.get(reverse("referees:dashboard", args=["cup"]) + ROUND2)  # the page first: its form token's cookie
    first = chief.get(url)
    assert chief.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    age(table, devices.REPORT_AGE.total_seconds() + 1)
    again = chief.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and 'id="waiting-1"' not in again.content.decode()


# --- clearing a table's reports ----------------------------------------------------------------------------

def clear(client, table, partie=None):
    return client.post(reverse("referees:device_clear", args=[(partie or table.partie).pk]))


@pytest.mark.parametrize("who", ["chief", "organizer", "referee"])
def test_a_referee_of_the_table_clears_its_reports_audited(ref_client, table, who):
    report(ref_client, table, device=device(1), queued="1", refused="1")
    html = overview(table, getattr(table, who))
    assert f'action="{reverse("referees:device_clear", args=[table.partie.pk])}"' in html
    official = Client()
    official.force_login(getattr(table, who))
    r = clear(official, table)
    assert r.status_code == 302
    assert not waiting_text(overview(table)) and tile_state(hall_tiles().content.decode()) == "not_started"
    row = DeviceQueue.objects.get()
    assert (row.queued, row.refused) == (0, False)
    entry = AuditEntry.objects.get(action="device.reports_cleared")
    assert entry.user == getattr(table, who) and entry.partie == table.partie
    assert entry.before == {"devices": 1, "queued": 1, "refused": True,
                            "last_contact": entry.before["last_contact"]} and entry.after == {"queued": 0}
    assert "1" in str(entry.before["last_contact"])
    report(ref_client, table, device=device(1), queued="1")  # a device still holding entries says so again
    assert waiting_text(overview(table))


@pytest.mark.parametrize("who", ["nobody", "table2_referee", "player"])
def test_no_one_else_clears_a_tables_reports(ref_client, table, who):
    report(ref_client, table, device=device(1), queued="3")
    user = table.players["A1"] if who == "player" else getattr(table, who)
    client = Client()
    client.force_login(user)
    assert clear(client, table).status_code == 403
    assert DeviceQueue.objects.get().queued == 3
    assert not AuditEntry.objects.filter(action="device.reports_cleared").exists()
    assert Client().post(reverse("referees:device_clear", args=[table.partie.pk])).status_code == 302  # to login
    assert DeviceQueue.objects.get().queued == 3


def test_clearing_a_table_without_reports_says_so(table):
    client = Client()
    client.force_login(table.chief)
    r = client.post(reverse("referees:device_clear", args=[table.partie.pk]), follow=True)
    assert "Устройства этого стола не сообщали о неотправленных записях" in r.content.decode()
    assert not AuditEntry.objects.filter(action="device.reports_cleared").exists()


def test_clearing_is_a_post(table):
    client = Client()
    client.force_login(table.chief)
    assert client.get(reverse("referees:device_clear", args=[table.partie.pk])).status_code == 405
