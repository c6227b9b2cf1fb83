"""Clearing a protocol that holds players' signatures: the reason and a confirmation naming whose signatures go."""
import pytest
from django.urls import reverse

from audit.models import AuditEntry
from scoring import services
from scoring.errors import ConfirmationRequired
from scoring.models import Deal, Signature
from tests.versions import shown_version
from tournaments.models import RoundStatus

from .helpers import play


def _signed_by_two(table):
    play(table.referee, table.partie)
    for seat in ("A1", "B1"):
        services.sign_protocol(table.players[seat], table.partie, role="player", seat=seat,
                               expected_version=shown_version(table.partie))
    return [s.name for s in Signature.objects.order_by("pk")]


def test_the_service_names_the_signers_and_clears_only_once_confirmed(table):
    names = _signed_by_two(table)
    with pytest.raises(ConfirmationRequired) as exc:  # a published round, as in the complaint
        services.clear_protocol(table.chief, table.partie, "не тот стол", expected_version=shown_version(table.partie))
    assert all(name in exc.value.message for name in names)
    assert Signature.objects.count() == 2 and Deal.objects.filter(protocol__partie=table.partie).exists()
    assert not AuditEntry.objects.filter(action__in=("protocol.cleared", "protocol.signatures_discarded")).exists()
    services.clear_protocol(table.chief, table.partie, "не тот стол", expected_version=shown_version(table.partie),
                            confirm_signatures=True)
    assert not Signature.objects.exists() and not Deal.objects.filter(protocol__partie=table.partie).exists()
    discarded = AuditEntry.objects.get(action="protocol.signatures_discarded")
    assert discarded.note == "не тот стол" and [s["name"] for s in discarded.before] == names
    assert [s["name"] for s in AuditEntry.objects.get(action="protocol.cleared").before["signatures"]] == names


def test_the_page_asks_with_the_names_and_keeps_the_reason(client, table):
    names = _signed_by_two(table)
    table.round2.status = RoundStatus.DRAFT
    table.round2.save()
    client.force_login(table.chief)
    url = reverse("referees:clear", args=[table.partie.pk])
    r = client.post(url, {"reason": "", "version": shown_version(table.partie)})  # the reason comes first
    assert r.status_code == 422 and "Укажите причину очистки" in r.content.decode()
    r = client.post(url, {"reason": "тур перепутан", "version": shown_version(table.partie)})
    html = r.content.decode()
    assert r.status_code == 200 and 'id="confirm"' in html and all(name in html for name in names)
    confirm = html.split('id="confirm"', 1)[1].split("</form>", 1)[0]
    assert 'name="reason" value="тур перепутан"' in confirm and 'name="confirm" value="1"' in confirm
    assert Signature.objects.count() == 2
    r = client.post(url, {"reason": "тур перепутан", "confirm": "1", "version": shown_version(table.partie)})
    assert r.status_code == 302 and not Signature.objects.exists()
    assert AuditEntry.objects.get(action="protocol.cleared").note == "тур перепутан"
