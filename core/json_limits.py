"""JSON from a file given on the command line: read within bounds, refused with a code and a Russian message.

Python's ``json`` gives a traceback on three kinds of absurd file instead of an
error: invalid UTF-8 (``UnicodeDecodeError``), nesting deeper than the
interpreter's recursion limit (``RecursionError``) and an integer of more than
4300 digits (``ValueError``). ``loads`` turns each, and nesting deeper than the
caller's ``max_depth``, into ``JsonRefused``.
"""
from __future__ import annotations

import json

from django.utils.translation import gettext as _


class JsonRefused(ValueError):
    """``code`` (bad_encoding, bad_json, too_deep), ``message`` in English, ``message_ru``."""

    def __init__(self, code, message, message_ru):
        super().__init__(message_ru)
        self.code = code
        self.message = message
        self.message_ru = message_ru


def nesting_depth(data, limit: int | None = None) -> int:
    """How deeply lists and objects nest in ``data`` (iterative: no recursion to exhaust).

    With ``limit``, stops at the first value deeper than it and returns that depth.
    """
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            deepest = max(deepest, depth)
            if limit is not None and depth > limit:
                return depth
            stack.extend((v, depth + 1) for v in value)
    return deepest


def decode(raw: bytes) -> str:
    """UTF-8 text of ``raw`` (a BOM allowed), or JsonRefused naming the first bad byte."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise JsonRefused("bad_encoding", f"not UTF-8: byte {exc.start} (0x{raw[exc.start]:02x}) is invalid",
                          _("файл не в кодировке UTF-8: байт %(n)s (0x%(b)02x) недопустим") % {
                              "n": exc.start, "b": raw[exc.start]}) from None


def loads(text: str, *, max_depth: int):
    """The JSON value of ``text``; JsonRefused for a syntax error, absurd nesting or a number of thousands of digits."""
    too_deep = False
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise JsonRefused("bad_json", f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                          _("это не JSON: %(e)s (строка %(l)s, позиция %(c)s)") % {
                              "e": exc.msg, "l": exc.lineno, "c": exc.colno}) from None
    except RecursionError:  # the parser itself gave up: far too deep
        too_deep = True
    except ValueError as exc:  # an integer of thousands of digits
        raise JsonRefused("bad_json", f"a number of thousands of digits: {exc}",
                          _("в файле число из тысяч цифр")) from None
    if too_deep or nesting_depth(data, max_depth) > max_depth:
        raise JsonRefused("too_deep", f"lists and objects nest deeper than {max_depth} levels",
                          _("списки и объекты вложены глубже %(n)s уровней") % {"n": max_depth})
    return data
