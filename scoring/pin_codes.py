"""A signing PIN itself: its format, how it is drawn and how it is stored (no database, no tournament).

The hash is PBKDF2 from ``django.contrib.auth.hashers`` with fewer rounds than
a password needs, so that printing slips for two hundred players takes
seconds, not minutes; the limits of wrong tries protect it (``scoring.pin_tries``).

PINs are drawn here and never chosen by a person (a player types his to sign, never sets it). A drawn PIN
that one guesses first is drawn again (``trivial_pin``): one digit repeated («11111») or a straight run up
or down the digits row 1234567890 («12345», «54321», «67890»). Those are 24 of the 10⁵ five-digit PINs.
"""
from __future__ import annotations

import secrets

from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.utils.translation import gettext as _

from .errors import InvalidInput

PIN_LENGTH = 5
MAX_PIN_FAILURES = 5
ASCII_DIGITS = frozenset("0123456789")
DIGITS_ROW = "01234567890"  # as on a keyboard and a phone: 0 follows 9


class PinHasher(PBKDF2PasswordHasher):
    algorithm = "pbkdf2_sha256_pin"
    iterations = 20_000


def hash_pin(pin: str) -> str:
    hasher = PinHasher()
    return hasher.encode(pin, hasher.salt())


def pin_matches(pin: str, encoded: str) -> bool:
    if not encoded or not encoded.startswith(PinHasher.algorithm + "$"):
        return False
    return PinHasher().verify(pin, encoded)


def clean_pin(raw) -> str:
    """4–6 ASCII digits (digits of other scripts, ٣ or ², are refused with a message)."""
    pin = (raw or "").strip()
    if not pin:
        raise InvalidInput(_("Введите ПИН-код."), "pin_required", field="pin")
    if len(pin) > 6 or len(pin) < 4 or not set(pin) <= ASCII_DIGITS:
        raise InvalidInput(_("ПИН-код — от 4 до 6 цифр 0–9."), "pin_format", field="pin")
    return pin


def trivial_pin(pin: str) -> bool:
    """One digit repeated, or a straight run up or down ``DIGITS_ROW``."""
    return len(set(pin)) == 1 or pin in DIGITS_ROW or pin in DIGITS_ROW[::-1]


def random_pin() -> str:
    """``PIN_LENGTH`` random digits, never a trivial PIN."""
    while True:
        pin = "".join(secrets.choice("0123456789") for _ in range(PIN_LENGTH))
        if not trivial_pin(pin):
            return pin
