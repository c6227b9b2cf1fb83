"""Digital signature (PAdES) of the PDF score sheets with the tournament's key.

The key and a self-signed certificate (the ``cryptography`` package) are made by a write: when the
tournament is created (``events.services.setup.create_tournament``) or, for a tournament that has none
(made before keys came with it, copied, or imported without its key), at its first signature
(``scoring.services.signatures``). They are kept on the tournament (``signing_key_pem`` /
``signing_cert_pem``); an organizer who has his own certificate pastes both PEM texts there instead.
``pades_sign`` signs with pyHanko and never makes a key: a page that shows a PDF writes nothing, so the
sheets of a tournament without a key are shown unsigned (``has_signing_key``). ``pades_verify`` checks that
the file is intact and signed by that certificate.
"""
from __future__ import annotations

import datetime
import io
from dataclasses import dataclass

from django.db import transaction

SIGNATURE_FIELD = "Signature1"
# The organization of a self-signed certificate made here (a data folder's existing certificate is kept).
CERTIFICATE_ORGANIZATION = "Турнир по спортивному домино"


def _new_key_and_certificate(common_name: str) -> tuple[str, str]:
    from cryptography import x509  # noqa: PLC0415 slow import
    from cryptography.hazmat.primitives import hashes, serialization  # noqa: PLC0415 slow import
    from cryptography.hazmat.primitives.asymmetric import ec  # noqa: PLC0415 slow import
    from cryptography.x509.oid import NameOID  # noqa: PLC0415 slow import

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([
        # X.509 limits the common name to 64 bytes: a Cyrillic name is cut on a character boundary.
        x509.NameAttribute(NameOID.COMMON_NAME, common_name.encode()[:64].decode("utf-8", "ignore") or "tournament"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, CERTIFICATE_ORGANIZATION),
    ])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True, content_commitment=True, key_encipherment=False, data_encipherment=False,
                key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False,
            ),
            critical=True,
        )
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    return key_pem, cert.public_bytes(serialization.Encoding.PEM).decode()


def keep_former(former_pem: str, cert_pem: str) -> str:
    """The former certificates with ``cert_pem`` added (unchanged when it is empty)."""
    if not cert_pem.strip():
        return former_pem
    return (former_pem.rstrip() + "\n" + cert_pem.strip()).strip() + "\n"


def has_signing_key(tournament) -> bool:
    """Can a PDF be signed for this tournament without writing (a key and its certificate are there)?

    An instance loaded before its key was made reads the key from its row (a read: nothing is written)."""
    if not (tournament.signing_key_pem and tournament.signing_cert_pem) and tournament.pk is not None:
        stored = type(tournament).objects.filter(pk=tournament.pk).values_list(
            "signing_key_pem", "signing_cert_pem").first()
        if stored and all(stored):
            tournament.signing_key_pem, tournament.signing_cert_pem = stored
    return bool(tournament.signing_key_pem and tournament.signing_cert_pem)


def ensure_signing_key(tournament):
    """The tournament's key and certificate (PEM), created and saved when missing (services only: it writes)."""
    if tournament.signing_key_pem and tournament.signing_cert_pem:
        return tournament.signing_key_pem, tournament.signing_cert_pem
    with transaction.atomic():
        locked = type(tournament).objects.select_for_update().get(pk=tournament.pk)
        if not (locked.signing_key_pem and locked.signing_cert_pem):
            # imported without its key: the old certificate still verifies the seals made with it (scoring.seals)
            locked.former_certs_pem = keep_former(locked.former_certs_pem, locked.signing_cert_pem)
            locked.signing_key_pem, locked.signing_cert_pem = _new_key_and_certificate(locked.name or locked.slug)
            locked.save(update_fields=["signing_key_pem", "signing_cert_pem", "former_certs_pem"])
    tournament.signing_key_pem, tournament.signing_cert_pem = locked.signing_key_pem, locked.signing_cert_pem
    tournament.former_certs_pem = locked.former_certs_pem
    return tournament.signing_key_pem, tournament.signing_cert_pem


def _signer(key_pem: str, cert_pem: str):
    from pyhanko.keys import load_certs_from_pemder_data, load_private_key_from_pemder_data  # noqa: PLC0415 slow import
    from pyhanko.sign import signers  # noqa: PLC0415 slow import
    from pyhanko_certvalidator.registry import SimpleCertificateStore  # noqa: PLC0415 slow import

    key = load_private_key_from_pemder_data(key_pem.encode(), passphrase=None)
    certs = list(load_certs_from_pemder_data(cert_pem.encode()))
    return signers.SimpleSigner(
        signing_cert=certs[0], signing_key=key, cert_registry=SimpleCertificateStore.from_certs(certs)
    )


def pades_sign(pdf_bytes: bytes, tournament, *, reason: str = "", location: str = "") -> bytes:
    """The same PDF with a PAdES signature made with the tournament's key (which must exist: ``has_signing_key``)."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter  # noqa: PLC0415 slow import
    from pyhanko.sign import fields, signers  # noqa: PLC0415 slow import

    if not has_signing_key(tournament):
        raise ValueError(f"tournament {tournament.pk} has no signing key: a read never makes one")
    key_pem, cert_pem = tournament.signing_key_pem, tournament.signing_cert_pem
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf_bytes))
    meta = signers.PdfSignatureMetadata(
        field_name=SIGNATURE_FIELD, subfilter=fields.SigSeedSubFilter.PADES, md_algorithm="sha256",
        reason=reason or None, location=location or tournament.venue or None,
        name=tournament.name,
    )
    out = signers.sign_pdf(writer, meta, signer=_signer(key_pem, cert_pem))
    return out.getvalue()


@dataclass(frozen=True)
class PadesVerification:
    signed: bool
    intact: bool  # the signed bytes were not changed
    valid: bool  # the signature was made by the trusted certificate
    covers_whole_file: bool
    signer: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.signed and self.intact and self.valid and self.covers_whole_file


def pades_verify(pdf_bytes: bytes, cert_pem: str) -> PadesVerification:
    """Check the file's signature against the tournament's certificate."""
    from pyhanko.keys import load_certs_from_pemder_data  # noqa: PLC0415 slow import
    from pyhanko.pdf_utils.reader import PdfFileReader  # noqa: PLC0415 slow import
    from pyhanko.sign.validation import validate_pdf_signature  # noqa: PLC0415 slow import
    from pyhanko_certvalidator import ValidationContext  # noqa: PLC0415 slow import

    try:
        reader = PdfFileReader(io.BytesIO(pdf_bytes))
        signatures = reader.embedded_signatures
        if not signatures:
            return PadesVerification(False, False, False, False, error="no signature")
        context = ValidationContext(trust_roots=list(load_certs_from_pemder_data(cert_pem.encode())))
        status = validate_pdf_signature(signatures[-1], context)
    except Exception as exc:  # a damaged file is simply not valid
        return PadesVerification(False, False, False, False, error=f"{type(exc).__name__}: {exc}")
    from pyhanko.sign.validation.status import SignatureCoverageLevel  # noqa: PLC0415 slow import

    return PadesVerification(
        signed=True,
        intact=bool(status.intact),
        valid=bool(status.valid and status.trusted),
        covers_whole_file=status.coverage == SignatureCoverageLevel.ENTIRE_FILE,
        signer=status.signing_cert.subject.human_friendly if status.signing_cert else "",
    )
