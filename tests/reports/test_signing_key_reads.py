"""The tournament's signing key is made by a write (creating the tournament, its first signature), never by a page."""
import datetime
import io

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from events.services import setup
from scoring.reports.pades import pades_verify
from tournaments.models import RoundStatus, Tournament

WRITES = ("INSERT", "UPDATE", "DELETE")


def _writes(queries):
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]


def test_a_new_tournament_has_its_key_from_the_start(django_user_model):
    from django.contrib.auth.models import Permission

    user = django_user_model.objects.create_user("secretary", password="domino2026")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    user = django_user_model.objects.get(pk=user.pk)
    t = setup.create_tournament(user, {"name": "Кубок", "start_date": datetime.date(2026, 12, 5)})
    stored = Tournament.objects.get(pk=t.pk)
    assert stored.signing_key_pem.startswith("-----BEGIN PRIVATE KEY")
    assert "BEGIN CERTIFICATE" in stored.signing_cert_pem


def test_the_signed_sheets_of_a_tournament_without_a_key_are_read_without_writing(client, cup):
    """A tournament made before keys came with it (or imported without its key): the page writes nothing."""
    Tournament.objects.filter(pk=cup.pk).update(signing_key_pem="", signing_cert_pem="")
    cup.rounds.filter(number=1).update(status=RoundStatus.FINISHED)
    url = reverse("reports:signed_sheets", args=["cup", 1])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert _writes(queries.captured_queries) == []
    stored = Tournament.objects.get(pk=cup.pk)
    assert stored.signing_key_pem == "" and stored.signing_cert_pem == ""
    assert b"/ByteRange" not in response.content  # shown unsigned: there is no key to sign with
    title = PdfReader(io.BytesIO(response.content)).metadata.title
    assert "без электронной подписи" in title


def test_one_protocol_of_a_tournament_without_a_key_is_read_without_writing(client, cup):
    from scoring.models import Protocol

    Tournament.objects.filter(pk=cup.pk).update(signing_key_pem="")
    protocol = Protocol.objects.get(partie__round__number=1, partie__table=1)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("reports:protocol_pdf", args=["cup", protocol.partie_id]))
    assert response.status_code == 200 and b"/ByteRange" not in response.content
    assert _writes(queries.captured_queries) == []
    assert Tournament.objects.get(pk=cup.pk).signing_key_pem == ""


def test_a_tournament_with_its_key_still_gets_signed_sheets(client, cup):
    cup.rounds.filter(number=1).update(status=RoundStatus.FINISHED)
    response = client.get(reverse("reports:signed_sheets", args=["cup", 1]))
    assert pades_verify(response.content, Tournament.objects.get(pk=cup.pk).signing_cert_pem).ok
