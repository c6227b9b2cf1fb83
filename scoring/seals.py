"""The tournament's seal on every signature: who signed what, vouched for by the tournament's key.

A signature's fingerprint (``scoring.integrity``) is an unkeyed SHA-256 of the protocol's signed content:
whoever can write the rows (or carries an exported file) can change a deal and recompute it. So every
signature also carries a **seal**: the tournament's key (the one that signs the PDF score sheets,
``scoring.reports.pades``) signs the signature's fingerprint, role, seat, name and method. Without the
private key nobody can make a seal that the tournament's certificate accepts: a changed deal with a
recomputed fingerprint, a signature copied to another protocol or a forged signature row no longer verify.

* The seal is ``<certificate id>:<base64 signature>``; the certificate id is the first 16 hex digits of the
  SHA-256 of the certificate (DER). A seal verifies against the tournament's certificate, or against one of
  its former certificates (``Tournament.former_certs_pem``: an installation that imported the tournament
  without its private key makes a key of its own for new signatures and keeps the imported certificate for
  the seals made before).
* The certificate travels with an exported tournament; the private key only with ``--with-key``. Whoever
  receives a file compares its certificate id (printed by ``import_tournament`` and on the protocol check
  page) with the one the organizer publishes (it is the certificate of the signed PDF sheets).
* A signature without a seal (made before seals existed, or from a file that had none) is reported as not
  sealed by the protocol check and ``verify_scores``: it cannot be told from a forged one.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa

SEAL_VERSION = 1


def canonical_json(data) -> str:
    """The canonical JSON that fingerprints (scoring.integrity) and seals are computed over."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def seal_message(fingerprint: str, role: str, seat: str, name: str, method: str) -> bytes:
    """What a seal vouches for: the signature row's fingerprint and who signed, how (canonical JSON)."""
    return canonical_json({"v": SEAL_VERSION, "fingerprint": fingerprint, "role": role, "seat": seat or "",
                           "name": name, "method": method or ""}).encode("utf-8")


def message_of(signature) -> bytes:
    return seal_message(signature.fingerprint, signature.role, signature.seat, signature.name, signature.method)


def certificates(pem_text: str) -> list:
    """The certificates of a PEM text (one or several); an unreadable text has none."""
    try:
        return x509.load_pem_x509_certificates(pem_text.encode()) if pem_text and pem_text.strip() else []
    except ValueError:
        return []


def certificate_id(cert) -> str:
    return hashlib.sha256(cert.public_bytes(serialization.Encoding.DER)).hexdigest()[:16]


def make_seal(key_pem: str, cert_pem: str, message: bytes) -> str:
    key = serialization.load_pem_private_key(key_pem.encode(), password=None)
    if isinstance(key, ec.EllipticCurvePrivateKey):
        raw = key.sign(message, ec.ECDSA(hashes.SHA256()))
    elif isinstance(key, rsa.RSAPrivateKey):
        raw = key.sign(message, padding.PKCS1v15(), hashes.SHA256())
    else:  # an organizer's key of another kind: sealing is refused rather than done badly
        raise ValueError(f"unsupported signing key type {type(key).__name__}")
    [cert] = certificates(cert_pem)[:1]
    return f"{certificate_id(cert)}:{base64.b64encode(raw).decode()}"


def seal_valid(seal: str, message: bytes, trusted: dict) -> bool:
    """Does ``seal`` vouch for ``message`` under one of the ``trusted`` certificates ({id: certificate})?"""
    cert_id, _sep, encoded = (seal or "").partition(":")
    cert = trusted.get(cert_id)
    if cert is None or not encoded:
        return False
    try:
        raw = base64.b64decode(encoded, validate=True)
        public = cert.public_key()
        if isinstance(public, ec.EllipticCurvePublicKey):
            public.verify(raw, message, ec.ECDSA(hashes.SHA256()))
        elif isinstance(public, rsa.RSAPublicKey):
            public.verify(raw, message, padding.PKCS1v15(), hashes.SHA256())
        else:
            return False
    except (InvalidSignature, binascii.Error, ValueError):
        return False
    return True


def trusted_certificates(tournament) -> dict:
    """{certificate id: certificate} of the tournament's certificate and its former ones, as stored now (the
    key may have been made since ``tournament`` was read, by the first signature or signed PDF)."""
    stored = type(tournament).objects.filter(pk=tournament.pk).values_list("signing_cert_pem", "former_certs_pem")
    current, former = stored.first() or ("", "")
    certs = certificates(current) + certificates(former)
    return {certificate_id(c): c for c in certs}


def unsealed(signatures, trusted: dict) -> list:
    """The signatures whose seal is missing or does not verify."""
    return [s for s in signatures if not seal_valid(s.seal, message_of(s), trusted)]
