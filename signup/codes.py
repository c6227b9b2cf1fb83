"""The player's code of an entry and the check-in token derived from it.

The code (128 bits) is shown to the player on the confirmation and lives in the address of his entry's
page; the database keeps only its SHA-256. A new entry's code is the HMAC of a random seed (128 bits,
kept beside the hash) with the site's key (``code_of``): the site can put the link in the letters it
sends the player (``signup.notices``), while the database alone (a backup, a transfer file) reveals no
code. ``recovered`` gives the code back only when the seed still makes the stored hash (an entry from
before the seeds, or moved from a server with another key, has none to give: its link is issued anew).
The check-in token is an HMAC of the code with the site's key: the entry's page can draw its QR code,
the database keeps its hash, and the token alone opens nothing but the check-in, which needs an
official's login.
"""
from __future__ import annotations

import base64
import hashlib
import re
import secrets

from django.utils.crypto import salted_hmac

CODE_BYTES = 16
_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}", re.ASCII)


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def new_seed() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def code_of(seed: str) -> str:
    """The code the site's key makes of ``seed`` (22 characters of the URL-safe base64)."""
    mac = salted_hmac("signup.code", seed, algorithm="sha256").digest()[:CODE_BYTES]
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def recovered(seed: str, code_hash: str) -> str | None:
    """The entry's code rebuilt from its seed, or None when the seed (if any) does not make its hash."""
    if not seed:
        return None
    code = code_of(seed)
    return code if digest(code) == code_hash else None


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def checkin_token(code: str) -> str:
    return salted_hmac("signup.checkin", code, algorithm="sha256").hexdigest()[:32]


def well_formed(text) -> bool:
    """A code or token as we make them (anything else is not looked up at all)."""
    return isinstance(text, str) and bool(_SHAPE.fullmatch(text))
