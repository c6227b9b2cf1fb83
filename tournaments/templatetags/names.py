"""Names in narrow table columns.

A long surname (Верхнеднепровская) is wider than the players' column of a standings table on a
phone, and the table then runs past the screen. ``hyphenate`` puts soft hyphens (U+00AD) at the
syllable breaks of every long word of a name — Russian rules for Cyrillic words, English for
Latin ones (the hyphenation dictionaries of pyphen) —, so the browser breaks such a word at a
syllable, with a visible hyphen, only when it does not fit. Nothing changes where it fits.
"""
from __future__ import annotations

import re
from functools import lru_cache

import pyphen
from django import template
from django.utils.html import escape

from core.names import person_name

register = template.Library()

LONG_WORD = 10  # letters: shorter words fit the narrowest column and are left whole
SOFT_HYPHEN = "\u00ad"
_LONG = re.compile(r"[^\W\d_]{%d,}" % LONG_WORD)
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


@lru_cache(maxsize=2)
def _dictionary(lang: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=lang)


def soft_hyphens(text: str) -> str:
    """``text`` with soft hyphens at the syllable breaks of its words of LONG_WORD letters or more."""
    def one(match):
        word = match.group(0)
        lang = "ru_RU" if _CYRILLIC.search(word) else "en_US"
        return _dictionary(lang).inserted(word, hyphen=SOFT_HYPHEN)
    return _LONG.sub(one, text)


@register.filter
def hyphenate(value) -> str:
    """The name, escaped, with soft hyphens in its long words (see the module docstring)."""
    return escape(soft_hyphens(str(value)))


@register.filter
def person(user) -> str:
    """An account's «Фамилия Имя» (``core.names.person_name``)."""
    return person_name(user)
