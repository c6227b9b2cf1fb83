"""The player's code of an entry and the check-in token derived from it.

The code (``secrets.token_urlsafe``, 128 bits) is shown to the player once, on the confirmation, and
lives in the address of his entry's page; the database keeps only its SHA-256. The check-in token is
an HMAC of the code with the site's key: the entry's page can draw its QR code, the database keeps its
hash, and the token alone opens nothing but the check-in, which needs an official's login.
"""
from __future__ import annotations

import hashlib
import re
import secrets

from django.utils.crypto import salted_hmac

CODE_BYTES = 16
_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}", re.ASCII)


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def checkin_token(code: str) -> str:
    return salted_hmac("signup.checkin", code, algorithm="sha256").hexdigest()[:32]


def well_formed(text) -> bool:
    """A code or token as we make them (anything else is not looked up at all)."""
    return isinstance(text, str) and bool(_SHAPE.fullmatch(text))
