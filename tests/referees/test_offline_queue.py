"""Entries kept on a referee's device and sent when the connection returns: the server alone judges them."""
import pytest
from django.urls import reverse

from audit.models import AuditEntry
from referees.models import DeviceQueue, SubmittedForm
from scoring import services
from scoring.models import Deal, Remark, Signature
from tests.versions import shown_version
from tournaments.models import SigningMethod

from .conftest import DEALS
from .helpers import play, sign_all

KEY = "k" * 24
BLOCK = {"kind": "deal", "n": "1", "result": "block", "hand_A1": "9", "hand_A2": "10", "hand_B1": "4", "hand_B2": "30"}


@pytest.fixture
def ref_client(client, table):
    client.force_login(table.referee)
    return client


def send(client, table, data, key=KEY, partie=None):
    url = reverse("referees:queue_entry", args=[(partie or table.partie).pk])
    return client.post(url, {**data, **({"form_key": key} if key else {})})


def test_a_queued_deal_is_recorded_with_the_version_after_it(ref_client, table):
    r = send(ref_client, table, {**BLOCK, "version": "0"})
    assert r.status_code == 200
    body = r.json()
    assert body["result"] == "saved" and body["repeated"] is False
    assert body["version"] == shown_version(table.partie) == 1
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1


def test_the_same_entry_sent_twice_is_recorded_once(ref_client, table):
    first = send(ref_client, table, {**BLOCK, "version": "0"}).json()
    again = send(ref_client, table, {**BLOCK, "version": "0"}).json()
    assert again["result"] == "saved" and again["repeated"] is True
    assert again["version"] == first["version"]  # the next entry chains on the first send's version
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1
    assert AuditEntry.objects.filter(partie=table.partie, action="protocol.deal.recorded").count() == 1
    assert SubmittedForm.objects.filter(key=KEY).count() == 1


def test_a_queue_in_order_chains_versions_and_totals_match_entering_online(ref_client, table, django_user_model):
    version = 0
    for i, deal in enumerate(DEALS[:3], start=1):
        data = {"kind": "deal", "n": str(deal["n"]), "result": deal["result"], "version": str(version)}
        if deal.get("out"):
            data["out"] = deal["out"]
        for seat, hand in deal["hands"].items():
            data[f"tiles_{seat}" if isinstance(hand, list) else f"hand_{seat}"] = (
                " ".join(hand) if isinstance(hand, list) else str(hand))
        answer = send(ref_client, table, data, key=f"entry-{i}-" + "x" * 16).json()
        assert answer["result"] == "saved", answer
        version = answer["version"]
    queued = table.partie.protocol
    queued.refresh_from_db()
    online = play(table.referee, table.other_partie, DEALS[:3])
    assert (queued.score_a, queued.score_b) == (online.score_a, online.score_b)


def test_an_entry_on_a_stale_version_is_refused_with_what_is_stored(ref_client, table):
    play(table.referee2, table.partie, DEALS[:1])  # another device, meanwhile
    r = send(ref_client, table, {**BLOCK, "version": "0"})
    assert r.status_code == 409
    body = r.json()
    assert body["result"] == "refused" and body["code"] == "version_conflict"
    assert "Протокол изменился" in body["message"]
    assert body["stored"]["version"] == 1 and body["stored"]["deal_numbers"] == [1]
    assert body["stored"]["deals"][0].startswith("Раздача 1: Домино")
    assert Deal.objects.filter(protocol__partie=table.partie).count() == 1
    assert not SubmittedForm.objects.filter(key=KEY).exists()
    # Re-entered on top (a new key, the stored version, as a correction of the stored deal 1): recorded once.
    again = send(ref_client, table, {**BLOCK, "version": "1", "correct": "on"}, key="r" * 24).json()
    assert again["result"] == "saved"
    assert Deal.objects.get(protocol__partie=table.partie, n=1).result == "block"


def test_a_locked_protocol_refuses_a_queued_remark(ref_client, table):
    play(table.referee, table.partie)
    sign_all(table)
    r = send(ref_client, table, {"kind": "remark", "seat": "A1", "reason": "talking", "deal": "1",
                                 "version": str(shown_version(table.partie))})
    assert r.status_code in (403, 423)
    assert r.json()["result"] == "refused" and r.json()["stored"]["signatures"]
    assert not Remark.objects.filter(protocol__partie=table.partie).exists()


def test_a_queued_pin_signature_is_checked_when_it_arrives(ref_client, table):
    table.tournament.signing_method = SigningMethod.TABLE_PIN
    table.tournament.save()
    pins = {i.player.pk: i.pin for i in services.generate_pins(table.organizer, table.tournament)}
    play(table.referee, table.partie)
    a1 = table.partie.side_players("A")[0]
    version = str(shown_version(table.partie))
    wrong = str((int(pins[a1.pk]) + 1) % 10000).zfill(len(pins[a1.pk]))
    refused = send(ref_client, table, {"kind": "sign", "seat": "A1", "pin": wrong, "version": version}).json()
    assert refused["result"] == "refused" and "ПИН" in refused["message"]
    saved = send(ref_client, table, {"kind": "sign", "seat": "A1", "pin": pins[a1.pk], "version": version},
                 key="s" * 24).json()
    assert saved["result"] == "saved", saved
    assert Signature.objects.filter(protocol__partie=table.partie, seat="A1").count() == 1


@pytest.mark.parametrize("data, key, status, words", [
    ({"kind": "nonsense"}, KEY, 400, "Неизвестный вид"),
    ({"kind": "deal", "n": "1", "result": "block", "version": "0"}, None, 400, "без ключа"),
    ({"kind": "deal", "n": "1", "result": "block", "version": "0"}, "short", 400, "без ключа"),
    ({"kind": "deal", "n": "1", "result": "fish", "version": "0"}, KEY, 422, ""),
    ({"kind": "deal", "n": "-3", "result": "block", "version": "0"}, KEY, 422, ""),
    ({**BLOCK, "version": "٣"}, KEY, 422, "цифрами"),
    ({**BLOCK, "version": "9" * 40}, KEY, 422, ""),
    ({**BLOCK}, KEY, 409, "без версии"),
    ({**BLOCK, "hand_A1": "700", "version": "0"}, KEY, 422, "от 0 до 69"),
    ({"kind": "remark", "seat": "Z9", "reason": "talking", "deal": "1", "version": "0"}, KEY, 422, ""),
    ({"kind": "sign", "seat": "A1", "password": "x", "version": "0"}, KEY, 422, "паролем"),
])
def test_hostile_entries_get_a_russian_refusal_and_change_nothing(ref_client, table, data, key, status, words):
    r = send(ref_client, table, data, key=key)
    assert r.status_code == status
    body = r.json()
    assert body["result"] == "refused" and body["message"] and words in body["message"]
    assert not Deal.objects.filter(protocol__partie=table.partie).exists()


def test_only_a_referee_of_the_table_may_send_entries(client, table):
    client.force_login(table.table2_referee)
    r = send(client, table, {**BLOCK, "version": "0"})
    assert r.status_code == 403 and r.json()["result"] == "refused"
    client.logout()
    assert send(client, table, {**BLOCK, "version": "0"}).status_code == 302  # to the login page
    assert not Deal.objects.filter(protocol__partie=table.partie).exists()


def report(client, table, **data):
    return client.post(reverse("referees:device_report", args=[table.partie.pk]), data)


def test_the_overview_shows_tables_whose_devices_hold_entries(ref_client, client, table):
    device = "d" * 24
    assert report(ref_client, table, device=device, queued="3").json()["result"] == "ok"
    row = DeviceQueue.objects.get(partie=table.partie, device=device)
    assert row.queued == 3 and row.user == table.referee and not row.refused
    client.force_login(table.chief)
    url = reverse("referees:dashboard", args=[table.tournament.slug]) + "?round=2"
    page = client.get(url)
    assert 'id="waiting-1"' in page.content.decode() and "3" in page.content.decode()
    etag = page["ETag"]
    report(ref_client, table, device=device, queued="0")
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and 'id="waiting-1"' not in again.content.decode()
    assert not AuditEntry.objects.filter(partie=table.partie).exists()  # a report is not the protocol


@pytest.mark.parametrize("data", [
    {"device": "short", "queued": "1"}, {"device": "d" * 24, "queued": "-1"}, {"device": "d" * 24, "queued": "1e3"},
    {"device": "d" * 24, "queued": "٣"}, {"device": "<script>" * 4, "queued": "1"}, {"queued": "1"},
    {"device": "d" * 24, "queued": "9999"},
])
def test_a_garbled_device_report_is_refused_in_russian(ref_client, table, data):
    r = report(ref_client, table, **data)
    assert r.status_code == 400 and r.json()["result"] == "refused"
    assert any("а" <= ch <= "я" for ch in r.json()["message"].lower())
    assert not DeviceQueue.objects.exists()


def test_a_stranger_cannot_report_for_a_table(client, table):
    client.force_login(table.nobody)
    assert report(client, table, device="d" * 24, queued="2").status_code == 403
    assert not DeviceQueue.objects.exists()


def test_the_service_worker_is_served_under_the_referee_pages(client):
    r = client.get(reverse("referees:service_worker"))
    assert r.status_code == 200 and r["Content-Type"].startswith("application/javascript")
    assert r.wsgi_request.path == "/referee/sw.js"
    assert "importScripts(" in r.content.decode() and "offline_queue" in r.content.decode()


def test_the_table_page_carries_the_queue_texts_in_the_reader_s_language(ref_client, table):
    ru = ref_client.get(reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert 'data-t-not-sent="не отправлено"' in ru and 'id="offline-queue"' in ru and "offline.js" in ru
    assert 'data-t-deal="Раздача %(n)s"' in ru
    en = ref_client.get("/en" + reverse("referees:partie", args=[table.partie.pk])).content.decode()
    assert 'data-t-not-sent="not sent"' in en and 'data-t-deal="Deal %(n)s"' in en
    assert 'data-sw-url="/en/referee/sw.js"' in en



def test_a_queued_no_show_and_countersign_are_recorded_as_their_forms(ref_client, table):
    saved = send(ref_client, table, {"kind": "no_show", "side": "B", "confirm": "1", "version": "0"}).json()
    assert saved["result"] == "saved", saved
    table.partie.protocol.refresh_from_db()
    assert table.partie.protocol.no_show == "B"
    signed = send(ref_client, table, {"kind": "sign", "role": "referee", "confirm": "1",
                                      "version": str(saved["version"])}, key="c" * 24).json()
    assert signed["result"] == "saved", signed
    assert Signature.objects.filter(protocol__partie=table.partie, role="referee").count() == 1
    assert audit_count(table, "protocol.no_show") == 1


def audit_count(table, action):
    return AuditEntry.objects.filter(partie=table.partie, action=action).count()
