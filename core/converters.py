"""Integers from outside (URL, query string, form, file): ASCII digits within the database's range, or a refusal.

Python's ``int()`` takes ``"٣"`` (an Arabic-Indic three) and ``str.isdigit()``
says yes to ``"²"`` which ``int()`` then refuses; Django's ``<int:…>`` takes
10**30, which SQLite cannot store (OverflowError) and PostgreSQL refuses
beyond 64 bits. Everything that turns a request's text into a number goes
through here instead:

* the URL converters ``<id:…>`` (a database id, up to 2**63 - 1) and
  ``<num:…>`` (a round, table or deal number, up to 2**31 - 1): a longer
  number does not match, so the page is a 404;
* ``parse_int`` for optional values of a query string (a bad one is ignored);
* ``require_int`` for values that must be there (a bad one is a 400 with a
  Russian message);
* ``StrictIntegerField`` for forms (a bad one is an error next to the field).
"""
from __future__ import annotations

import re

from django import forms
from django.core.exceptions import BadRequest
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .text import ascii_digits

MAX_ID = 2**63 - 1  # BigAutoField, on SQLite and PostgreSQL
MAX_INT = 2**31 - 1  # IntegerField on every database
MIN_INT = -(2**31)
_INTEGER = re.compile(r"-?[0-9]{1,50}", re.ASCII)  # longer: not a number anyone typed


def strict_int(value, minimum: int = MIN_INT, maximum: int = MAX_INT) -> int | None:
    """The integer written by ``value`` in ASCII digits within the bounds, else None.

    An int, or a whole float as a spreadsheet gives it (1500.0), is taken as it is.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        if not value.is_integer():  # also nan and inf
            return None
        value = int(value)
    if isinstance(value, int):
        number = value
    else:
        text = ascii_digits(str(value).strip())  # full-width digits are digits; other scripts' are refused
        if not _INTEGER.fullmatch(text):
            return None
        number = int(text)
    return number if minimum <= number <= maximum else None


def parse_int(value, default=None, *, minimum: int = 0, maximum: int = MAX_INT):
    """An optional integer (``?after=3``): ``default`` when missing, not ASCII digits or out of bounds."""
    if value is None or value == "":
        return default
    number = strict_int(value, minimum, maximum)
    return default if number is None else number


def require_int(value, *, minimum: int = 0, maximum: int = MAX_INT, name: str = "") -> int:
    """An integer that must be there; anything else is a 400 with a Russian message."""
    number = None if value is None else strict_int(value, minimum, maximum)
    if number is None:
        raise BadRequest(_("Параметр «%(name)s»: нужно целое число от %(min)s до %(max)s.") % {
            "name": name or "?", "min": minimum, "max": maximum})
    return number


def optional_int(value, *, minimum: int = 0, maximum: int = MAX_INT, name: str = "") -> int | None:
    """Like ``require_int``, but missing or empty is None."""
    if value is None or str(value).strip() == "":
        return None
    return require_int(value, minimum=minimum, maximum=maximum, name=name)


class IdConverter:
    """``<id:partie_id>``: a database id."""

    regex = "[0-9]{1,19}"
    maximum = MAX_ID

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > self.maximum:
            raise ValueError(value)  # no match: a 404
        return number

    def to_url(self, value) -> str:
        return str(int(value))


class NumberConverter(IdConverter):
    """``<num:round_number>``: a round, table or deal number."""

    regex = "[0-9]{1,10}"
    maximum = MAX_INT


class StrictIntegerField(forms.IntegerField):
    """An integer typed with the digits 0-9 (an optional minus), within the bounds of a database integer."""

    default_error_messages = {
        "invalid": gettext_lazy("Введите целое число цифрами 0–9."),
    }

    def __init__(self, *, max_value=None, min_value=None, **kwargs):
        super().__init__(max_value=max_value, min_value=min_value, **kwargs)
        # The database's own bounds when the form sets none (Django checks the form's bounds first).
        if max_value is None:
            self.validators.append(MaxValueValidator(MAX_INT))
        if min_value is None:
            self.validators.append(MinValueValidator(MIN_INT))

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, str):
            value = ascii_digits(value.strip())
            if value == "":
                return None
            if not _INTEGER.fullmatch(value):
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
            return int(value)
        return super().to_python(value)
