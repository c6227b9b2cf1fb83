"""Every signature carries the tournament's seal (scoring.seals): a protocol changed with its fingerprints
recomputed by the project's own ``protocol_fingerprint``, or a forged signature row, is found by
``verify_scores`` and the check page, and a doctored transfer file is refused on import."""
import datetime
import json

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
from django.urls import reverse

from events.services import transfer
from scoring import integrity
from scoring.models import Deal, Protocol, Signature
from scoring.reports.pades import ensure_signing_key
from scoring.scores import rescore
from scoring.seals import (
    certificate_id,
    certificates,
    make_seal,
    message_of,
    seal_message,
    seal_valid,
    trusted_certificates,
    unsealed,
)
from tournaments.models import Tournament

from .helpers import play, sign_all
from .test_tampering import verify

pytestmark = pytest.mark.django_db


def exported(tournament) -> dict:
    return json.loads(json.dumps(transfer.export_data(tournament), cls=transfer._Encoder))


@pytest.fixture
def signed(table):
    play(table.referee, table.partie)
    sign_all(table)
    return table


def doctor(protocol):
    """Raise a hand in the stored rows, rescore, and recompute every fingerprint as the project computes it."""
    deal = Deal.objects.get(protocol=protocol, n=2)
    Deal.objects.filter(pk=deal.pk).update(hands=dict(deal.hands, B2=deal.hands.get("B2", 0) + 20))
    rescore(Protocol.objects.get(pk=protocol.pk), cascade=False)
    protocol = Protocol.objects.get(pk=protocol.pk)
    Signature.objects.filter(protocol=protocol).update(fingerprint=integrity.protocol_fingerprint(protocol))


def test_every_signature_is_sealed_by_the_tournaments_key(signed):
    protocol = Protocol.objects.get(partie=signed.partie)
    trusted = trusted_certificates(signed.tournament)
    cert = certificates(Tournament.objects.get(pk=signed.tournament.pk).signing_cert_pem)[0]
    assert list(trusted) == [certificate_id(cert)]
    signatures = list(protocol.signatures.all())
    assert len(signatures) == 5 and all(s.seal.startswith(certificate_id(cert) + ":") for s in signatures)
    assert unsealed(signatures, trusted) == []
    code, out = verify()
    assert code == 0 and "0 fingerprint mismatch(es), 0 without a valid seal" in out


def test_recomputed_fingerprints_do_not_pass_the_seal(signed, client):
    doctor(Protocol.objects.get(partie=signed.partie))
    code, out = verify()
    # The fingerprints agree with the doctored rows: only the seal tells.
    assert code == 1 and "0 differ, 0 fingerprint mismatch(es), 1 without a valid seal" in out
    line = next(line for line in out.splitlines() if "no valid seal" in line)
    assert line.startswith("cup round 2 table 1:") and "5 signature(s)" in line
    client.force_login(signed.chief)
    html = client.get(reverse("tournaments:check", args=["cup"])).content.decode()
    assert "не заверены ключом турнира" in html and 'id="check-bad"' in html


def test_a_signature_row_copied_or_edited_loses_its_seal(signed):
    sig = Signature.objects.filter(protocol__partie=signed.partie, role="player").first()
    trusted = trusted_certificates(signed.tournament)
    for change in ({"name": "Подставной Игрок"}, {"seat": "B2"}, {"method": "pin"}, {"role": "referee"}):
        forged = Signature(**{**{f: getattr(sig, f) for f in ("fingerprint", "role", "seat", "name", "method",
                                                               "seal")}, **change})
        assert not seal_valid(forged.seal, message_of(forged), trusted), change
    assert seal_valid(sig.seal, message_of(sig), trusted)


@pytest.mark.parametrize("seal", ["", "abc", ":", "0000000000000000:AAAA", "{id}:", "{id}:не-base64!",
                                  "{id}:" + "A" * 88])
def test_malformed_seals_never_verify(signed, seal):
    sig = Signature.objects.filter(protocol__partie=signed.partie).first()
    trusted = trusted_certificates(signed.tournament)
    assert not seal_valid(seal.format(id=next(iter(trusted))), message_of(sig), trusted)


def test_a_doctored_archive_is_refused_on_import(signed):
    doctor(Protocol.objects.get(partie=signed.partie))
    data = exported(signed.tournament)
    with pytest.raises(transfer.TransferError) as exc:
        transfer.import_data(data, slug="cup-doctored")
    assert "не заверены сертификатом турнира" in str(exc.value) and "тур 2, стол 1" in str(exc.value)
    assert not Tournament.objects.filter(slug="cup-doctored").exists()  # nothing half-imported


def test_a_certificate_swapped_in_the_file_is_refused(signed):
    data = exported(signed.tournament)
    other = make_rsa_pair("Чужой")[1]
    data["tournament"]["signing_cert_pem"] = other
    with pytest.raises(transfer.TransferError):
        transfer.import_data(data, slug="cup-swapped")


def test_an_honest_file_imports_with_its_certificate_named(signed):
    data = exported(signed.tournament)
    result = transfer.import_data(data, slug="cup-copy")
    cert = certificates(Tournament.objects.get(pk=signed.tournament.pk).signing_cert_pem)[0]
    assert result.certificate == certificate_id(cert) and result.unsealed == 0
    code, out = verify("cup-copy")
    assert code == 0 and "0 without a valid seal" in out


def test_imported_without_the_key_a_new_key_keeps_the_old_certificate_for_the_old_seals(signed):
    copy = transfer.import_data(exported(signed.tournament), slug="cup-copy").tournament
    assert copy.signing_key_pem == "" and copy.signing_cert_pem
    old_cert = copy.signing_cert_pem
    ensure_signing_key(copy)  # what the copy's first signature or signed PDF does
    copy.refresh_from_db()
    assert copy.signing_key_pem and copy.signing_cert_pem != old_cert
    assert old_cert.strip() in copy.former_certs_pem
    assert len(trusted_certificates(copy)) == 2
    code, out = verify("cup-copy")
    assert code == 0 and "0 without a valid seal" in out
    ensure_signing_key(copy)  # a second call changes nothing
    assert Tournament.objects.get(pk=copy.pk).former_certs_pem.count("BEGIN CERTIFICATE") == 1


def make_rsa_pair(name):
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now)
            .not_valid_after(now + datetime.timedelta(days=30)).sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode()
    return key_pem, cert.public_bytes(serialization.Encoding.PEM).decode()


def test_an_organizers_own_rsa_key_seals_too():
    key_pem, cert_pem = make_rsa_pair("Федерация")
    cert = certificates(cert_pem)[0]
    message = seal_message("f" * 64, "player", "A1", "Иванов Пётр", "pin")
    seal = make_seal(key_pem, cert_pem, message)
    assert seal_valid(seal, message, {certificate_id(cert): cert})
    assert not seal_valid(seal, seal_message("f" * 64, "player", "A1", "Иванов Петр", "pin"),
                          {certificate_id(cert): cert})


def test_the_public_page_and_the_signed_sheet_warn_of_recomputed_fingerprints(signed, client):
    import io  # noqa: PLC0415

    import pdfplumber  # noqa: PLC0415

    from events.documents import exports  # noqa: PLC0415

    url = reverse("protocols:protocol", args=[signed.partie.pk])
    assert 'id="fingerprint-mismatch"' not in client.get(url).content.decode()
    doctor(Protocol.objects.get(partie=signed.partie))
    assert 'id="fingerprint-mismatch"' in client.get(url).content.decode()
    data = exports.protocol_pdf(Protocol.objects.get(partie=signed.partie), sign=False)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert "ВНИМАНИЕ: записи протокола не совпадают" in text
