"""Suspected duplicates in the registry: pairs of persons that may be one, for the federation administrator to
merge (``registry.merges``) or to mark as two people (``NotDuplicate``). A read model and one write.

Two active persons (neither merged) are suspected (docs/registry.md §3) when

1. their names are one name as the registry compares them («ё» = «е», case and spaces ignored), or
2. **[толкование]** they have one surname (the first word) and one of them gives only the initial of the other's
   first name («Ёлкин П.», «Ёлкин П» — «Ёлкин Пётр»);

and none of these says they are two people: both hold a federation ID (two IDs are two people), both give a
birth year and the years differ, they played in one tournament (one person has one entry per tournament), or
the administrator marked them as two people.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils.translation import gettext as _

from access.permissions import require_federation_admin
from audit.log import log_action
from people.models import Person
from tournaments.errors import TournamentError
from tournaments.models import Player

from .merges import clean_note
from .models import NotDuplicate


@dataclass(frozen=True)
class Suspect:
    kept: Person        # the one a merge would keep: more tournaments, else the smaller number
    other: Person
    same_name: bool     # rule 1 (else rule 2: an initial)


def _words(key: str) -> tuple[str, str]:
    surname, _sep, rest = key.partition(" ")
    return surname, rest.strip()


def _initial_of(short: str, full: str) -> bool:
    """``short`` is the initial of ``full``'s first name: «п.» or «п» for «пётр» (folded names)."""
    letter = short.rstrip(".")
    first = full.split(" ", 1)[0]
    return len(letter) == 1 and len(first) > 1 and first[0] == letter


def _related(a, b) -> bool | None:
    """True: one name (rule 1); False: an initial (rule 2); None: not suspected by name."""
    if a.name_key == b.name_key:
        return True
    (sa, ra), (sb, rb) = _words(a.name_key), _words(b.name_key)
    if sa != sb or not ra or not rb:
        return None
    return False if _initial_of(ra, rb) or _initial_of(rb, ra) else None


def _two_people(a, b, tournaments, dismissed) -> bool:
    return bool((a.federation_id and b.federation_id)
                or (a.birth_year and b.birth_year and a.birth_year != b.birth_year)
                or tournaments.get(a.pk, set()) & tournaments.get(b.pk, set())
                or (min(a.pk, b.pk), max(a.pk, b.pk)) in dismissed)


def suspects(limit: int = 200) -> list[Suspect]:
    """The suspected pairs, by name, at most ``limit``."""
    persons = list(Person.objects.filter(merged_into__isnull=True).annotate(entries_count=Count("entries"))
                   .order_by("name_key", "id"))
    by_surname: dict[str, list] = {}
    for person in persons:
        by_surname.setdefault(_words(person.name_key)[0], []).append(person)
    groups = [g for g in by_surname.values() if len(g) > 1]
    wanted = [p.pk for g in groups for p in g]
    tournaments: dict[int, set] = {}
    for person_id, tournament_id in Player.objects.filter(person_id__in=wanted).values_list(
            "person_id", "pair__tournament_id"):
        tournaments.setdefault(person_id, set()).add(tournament_id)
    dismissed = set(NotDuplicate.objects.filter(low_id__in=wanted).values_list("low_id", "high_id"))
    found = []
    for group in groups:
        for a, b in combinations(group, 2):
            same = _related(a, b)
            if same is None or _two_people(a, b, tournaments, dismissed):
                continue
            kept, other = sorted((a, b), key=lambda p: (-p.entries_count, p.pk))
            found.append(Suspect(kept, other, same))
            if len(found) == limit:
                return found
    return found


def dismissed_pairs(limit: int = 100) -> list[NotDuplicate]:
    return list(NotDuplicate.objects.select_related("low", "high", "decided_by").order_by("-decided_at")[:limit])


def mark_two_people(user, a: Person, b: Person, *, note="") -> NotDuplicate:
    """The administrator says ``a`` and ``b`` are two people: they leave the suspects' list. Audited."""
    require_federation_admin(user)
    if a.pk == b.pk:
        raise TournamentError(_("Это один и тот же игрок реестра."), code="same_person")
    note = clean_note(note)
    low, high = sorted((a, b), key=lambda p: p.pk)
    try:
        with transaction.atomic():
            row = NotDuplicate.objects.create(low=low, high=high, note=note, decided_by=user)
            log_action(None, "person.not_duplicate", user=user, note=note,
                       after={"persons": [low.pk, high.pk], "names": [low.name, high.name]})
    except IntegrityError:
        raise TournamentError(_("Эти игроки уже отмечены как разные."), code="already_marked") from None
    return row


def unmark(user, row: NotDuplicate) -> None:
    """Back to the suspects' list (an undo of ``mark_two_people``). Audited."""
    require_federation_admin(user)
    with transaction.atomic():
        before = {"persons": [row.low_id, row.high_id], "names": [row.low.name, row.high.name]}
        row.delete()
        log_action(None, "person.not_duplicate_undone", user=user, before=before)
