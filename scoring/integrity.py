"""Does every signature still vouch for the protocol as it is stored? (read-only)

A signature keeps the SHA-256 fingerprint of the protocol's content at the
moment of signing (``scoring.services.protocol_fingerprint``). Any change
through the services discards the signatures, so a signature whose
fingerprint differs from the content's fingerprint now means the rows were
changed behind the services' back (directly in the database, a restore of
mismatched tables, a player's name edited after signing…).
"""
from __future__ import annotations


def fingerprint_mismatches(protocol) -> tuple[str, list]:
    """The content's fingerprint now and the signatures that vouch for something else (empty when all agree)."""
    from .services import protocol_fingerprint

    signatures = list(protocol.signatures.all())
    if not signatures:
        return "", []
    current = protocol_fingerprint(protocol)
    return current, [s for s in signatures if s.fingerprint != current]
