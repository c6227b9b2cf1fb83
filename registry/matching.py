"""Who in the registry a registered player may be: the matching rules of docs/registry.md.

A query over the registry's rows (used by the registration and import services, and by the forms that
show the proposal), no write. The rules, in order:

1. A federation ID given and held by a person: that person, and no other (the ID is unique).
2. Otherwise the persons with the same name, compared as ``core.names.fold`` compares («ё» = «е», case and
   runs of spaces ignored), whose club or city is the entry's «клуб / город» (folded too), or any club
   when the entry gives none. **[толкование]** A person who holds another federation ID than the one
   given is another person and is not proposed.

A merged person (``merged_into``) is never proposed: his entries belong to the person he was merged into.
"""
from __future__ import annotations

import re

from django.db.models import Count
from django.utils.translation import gettext as _

from core.names import fold
from core.text import UnsafeText, ascii_digits, clean_text, numbered
from people.models import Person
from tournaments.errors import InvalidInput

FEDERATION_ID_MAX = 32
_FEDERATION_ID = re.compile(r"[0-9A-Z](?:[0-9A-Z./-]*[0-9A-Z])?", re.ASCII)
CANDIDATES_MAX = 10  # more namesakes than this in one club: the first ten are proposed
BIRTH_YEAR_MIN = 1900


def clean_federation_id(value, *, field: str) -> str | None:
    """A federation ID: empty (None), or Latin letters and digits, «.», «/» and «-» inside, at most 32 characters.

    **[толкование]** Letters are compared in upper case and full-width digits read as 0–9, so «ab-12» and
    «AB-12» are one ID; spaces at the edges are dropped, spaces inside are refused.
    """
    try:
        text = clean_text(value)
    except UnsafeText as exc:
        raise InvalidInput(_("ID федерации: %(e)s.") % {"e": exc.message}, field=field, code=exc.code) from None
    if not text:
        return None
    text = ascii_digits(text).upper()
    if len(text) > FEDERATION_ID_MAX or not _FEDERATION_ID.fullmatch(text):
        raise InvalidInput(_("ID федерации — латинские буквы и цифры (внутри можно «.», «/» и «-»), не длиннее "
                             "%(n)s символов.") % {"n": FEDERATION_ID_MAX}, field=field, code="bad_federation_id")
    return text


def active_persons():
    return Person.objects.filter(merged_into__isnull=True)


def candidates(name, club="", federation_id=None) -> list[Person]:
    """The persons of the registry this entry may be (rules 1 and 2 above), each with ``entries_count``."""
    if any("\x00" in str(v or "") for v in (name, club, federation_id)):
        return []  # never a match: the registration refuses the NUL itself (PostgreSQL cannot even compare it)
    persons = active_persons().annotate(entries_count=Count("entries"))
    if federation_id:
        by_id = list(persons.filter(federation_id=federation_id))
        if by_id:
            return by_id
    key, club_key = fold(name), fold(club)
    if not key:
        return []
    found = []
    for person in persons.filter(name_key=key[:200]).order_by("id"):
        if federation_id and person.federation_id and person.federation_id != federation_id:
            continue
        if club_key and club_key not in (fold(person.club), fold(person.city)):
            continue
        found.append(person)
        if len(found) == CANDIDATES_MAX:
            break
    return found


def exact_match(name, club="") -> Person | None:
    """The one person whose folded name and club or city are the entry's, when exactly one is (None otherwise).

    The simulation links its players so; a club that is empty matches only a person without club and city.
    """
    key, club_key = fold(name), fold(club)
    found = [p for p in active_persons().filter(name_key=key[:200]).order_by("id")[:CANDIDATES_MAX + 1]
             if club_key in (fold(p.club), fold(p.city)) or (not club_key and not p.club and not p.city)]
    return found[0] if len(found) == 1 else None


def describe(person) -> str:
    """A candidate as the proposal names him: name, club, city, federation ID, the number of tournaments.

    **[толкование]** The birth year is named only when the person shows it publicly.
    """
    parts = [p for p in (person.club, person.city) if p]
    if person.show_birth_year and person.birth_year:
        parts.append(_("%(y)s г. р.") % {"y": person.birth_year})
    if person.federation_id:
        parts.append(_("ID %(id)s") % {"id": person.federation_id})
    count = getattr(person, "entries_count", None)
    if count is not None:
        parts.append(_("турниров: %(n)s") % {"n": count})
    details = ", ".join(parts)
    return f"{person.name} ({numbered(person.pk)}{', ' + details if details else ''})"
