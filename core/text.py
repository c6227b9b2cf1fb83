"""Text from outside (a form, an imported file, a transfer archive): one cleaning for every field.

``clean_text`` is the only place where a typed or imported text becomes what
the database stores:

* Unicode is normalized to NFC: «й» typed as «и» + a combining breve is the
  same letter as «й», so the duplicate checks see one name. (Not NFKC: it
  would turn «№» into «No».)
* Invisible characters are removed: zero-width space, joiner and non-joiner,
  word joiner, the byte order mark, the soft hyphen and the other format
  characters that print nothing. «Иванов» with a zero-width space inside is
  «Иванов».
* Refused, naming the problem: control characters (NUL and the codes below 32
  other than the spaces), the bidirectional marks, embeddings, overrides and
  isolates (a right-to-left override shows «вонавИ» for «Иванов»), lone
  surrogates and non-characters.
* Spaces: a line break, a tab and the other Unicode spaces count as one space,
  runs of them as one, none at the edges; ``multiline`` texts keep their line
  breaks (runs of spaces inside a line still become one).

``ascii_digits`` reads full-width digits (what a Japanese or Chinese keyboard
types) as 0–9; digits of any other script stay what they are, so that the
number parsers refuse them.

Services, imports and the transfer file call ``clean_text``; forms get it
through ``CleanCharField`` or, for a whole form, ``CleanTextMixin``.
"""
from __future__ import annotations

import re
import unicodedata
from urllib.parse import unquote_to_bytes

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

# Bidirectional formatting: LRM, RLM, ALM, embeddings and overrides (LRE…RLO, PDF), isolates (LRI…PDI).
BIDI = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_SPACES = re.compile(r"[^\S\n]+")  # every Unicode space but the line break
_FULLWIDTH = str.maketrans({**{chr(0xFF10 + d): str(d) for d in range(10)}, "\uff0d": "-", "\uff0b": "+"})


class UnsafeText(ValueError):
    """The text holds a character that is refused; ``code`` names which kind, the message says it in Russian."""

    def __init__(self, message, code):
        super().__init__(message)
        self.message = message
        self.code = code


def text_problem(text: str) -> tuple[str, str] | None:
    """(code, Russian message) for the first refused character of ``text``, or None."""
    for ch in text:
        if ch in BIDI:
            return "bidi", _("недопустимый символ направления письма (U+%(cp)04X): он переставляет буквы "
                             "на экране") % {"cp": ord(ch)}
        category = unicodedata.category(ch)
        if category == "Cc" and ch not in "\t\n\r\x0b\x0c\x85":
            return "control", _("недопустимый управляющий символ (код %(cp)s)") % {"cp": ord(ch)}
        if category == "Cs" or (0xFDD0 <= ord(ch) <= 0xFDEF) or (ord(ch) & 0xFFFE) == 0xFFFE:
            return "noncharacter", _("недопустимый символ (U+%(cp)04X)") % {"cp": ord(ch)}
    return None


def _invisible(ch: str) -> bool:
    return unicodedata.category(ch) == "Cf" and ch not in BIDI


def clean_text(value, *, multiline: bool = False) -> str:
    """The text as stored: NFC, invisible characters removed, spaces collapsed; raises UnsafeText.

    ``None`` is the empty text. Lengths are the caller's (counted on the cleaned text).
    """
    text = "" if value is None else str(value)
    problem = text_problem(text)
    if problem:
        raise UnsafeText(problem[1], problem[0])
    text = unicodedata.normalize("NFC", "".join(ch for ch in text if not _invisible(ch)))
    if multiline:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        return "\n".join(_SPACES.sub(" ", line).strip() for line in lines).strip("\n")
    return " ".join(text.split())


def form_body_is_utf8(body: bytes) -> bool:
    """Does every name and value of a urlencoded form body read as UTF-8, once its %-escapes are undone?

    Django reads a byte that is not UTF-8 as «\ufffd» and goes on: «%FF%FE» would be stored as two
    question marks in diamonds. ``core.middleware`` refuses such a form instead, before any view reads it.
    """
    for part in body.split(b"&"):
        try:
            unquote_to_bytes(part.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError:
            return False
    return True


def ascii_digits(text: str) -> str:
    """``text`` with full-width digits, minus and plus read as ASCII ones (other scripts' digits unchanged)."""
    return str(text).translate(_FULLWIDTH)


def numbered(n) -> str:
    """The number with its sign in the active language: «№4» in Russian, «no. 4» in English, «n.º 4» in Spanish.

    The sign is the translation's (context «number sign»); English and Spanish join it to the number with a
    non-breaking space, so that a narrow column never leaves «no.» at the end of one line and «4» on the next.
    """
    return pgettext("number sign", "№%(n)s") % {"n": n}


class CleanCharField(forms.CharField):
    """A CharField whose text goes through ``clean_text`` (multiline when its widget is a Textarea).

    Its ``max_length`` counts the cleaned text.
    """

    def to_python(self, value):
        value = super().to_python(value)
        try:
            return clean_text(value, multiline=isinstance(self.widget, forms.Textarea))
        except UnsafeText as exc:
            raise forms.ValidationError(exc.message[:1].upper() + exc.message[1:] + ".", code=exc.code) from None


class CleanTextMixin:
    """Every plain CharField of the form becomes a ``CleanCharField`` (passwords are left as typed)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if type(field) is forms.CharField and not isinstance(field.widget, forms.PasswordInput):
                field.__class__ = CleanCharField
