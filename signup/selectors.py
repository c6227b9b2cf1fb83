"""What the registration's pages show, read only: the form's state, an entry's page, the organizer's list.

``open_registration_ids`` is for other pages (the calendar's «регистрация открыта» badge): one query.
"""
from __future__ import annotations

from django.db.models import Exists, OuterRef
from django.utils import timezone

from tournaments.models import Round

from .concerns import concerns_by_entry
from .models import SIGNUP_FORMATS, Entry, EntryStatus, SignupSettings
from .places import CLOSED_MESSAGES, places_free


def open_registration_ids(tournament_ids, *, now=None) -> set[int]:
    """The ids among ``tournament_ids`` of public tournaments whose online registration takes entries now."""
    now = now or timezone.now()
    rounds = Round.objects.filter(tournament_id=OuterRef("tournament_id"))
    return set(SignupSettings.objects.filter(
        tournament_id__in=list(tournament_ids), opens_at__lte=now, closes_at__gt=now, closed_at__isnull=True,
        tournament__draw_done_at__isnull=True, tournament__draw_closed=False, tournament__is_public=True,
        tournament__archived_at__isnull=True, tournament__format__in=SIGNUP_FORMATS,
    ).exclude(Exists(rounds)).values_list("tournament_id", flat=True))


def settings_of(tournament) -> SignupSettings | None:
    found = SignupSettings.objects.filter(tournament=tournament).first()
    if found is not None:
        found.tournament = tournament
    return found


def form_state(tournament, settings, *, now=None) -> dict:
    """Is the form open, and if not why (a message); the free places (None: no limit)."""
    now = now or timezone.now()
    reason = "none" if settings is None else settings.closed_reason(now)
    return {"open": reason is None, "message": str(CLOSED_MESSAGES[reason]) if reason else "",
            "free": None if settings is None else places_free(tournament, settings),
            "settings": settings}


def waiting_position(entry) -> int | None:
    """The entry's place in the waiting list (1 = the next to move up)."""
    return entry.waiting_place()


GROUPS = (EntryStatus.ACCEPTED, EntryStatus.PENDING, EntryStatus.WAITING, EntryStatus.REFUSED,
          EntryStatus.WITHDRAWN, EntryStatus.ABSENT)


PRIVATE_PLAYER_FIELDS = ("birth_year",)


def without_private(entry: Entry) -> Entry:
    """The entry as a referee may see it: no birth year, no contact (docs/registration.md §2 «Личные данные»).

    Changes the object in memory only (a page's copy, never saved): what a page is not given, it cannot show."""
    def public(person):
        return {k: v for k, v in person.items() if k not in PRIVATE_PLAYER_FIELDS}

    entry.players = [public(p) for p in entry.players or []]
    entry.reserves = [public(p) for p in entry.reserves or []]
    entry.contact = ""
    return entry


def organizer_entries(tournament, *, private: bool) -> list[tuple[str, str, list[Entry]]]:
    """(status, its label, entries in the order they were sent) for each status that has entries.

    ``private``: the organizer's list, with the birth years and contacts, the messages to the players
    (``signup.notices``) and each entry's ``concerns`` (``signup.concerns``: whom it claims, which other entry
    names the same player); the referees' list has none of them."""
    entries = Entry.objects.filter(tournament=tournament).select_related("pair", "team", "checked_in_by")
    if private:
        entries = entries.prefetch_related("messages")  # what the player was told (signup.notices)
    entries = list(entries.order_by("submitted_at", "id"))
    concerns = concerns_by_entry(tournament, entries) if private else {}
    by_status: dict[str, list[Entry]] = {}
    for entry in entries:
        entry.concerns = concerns.get(entry.pk, [])
        by_status.setdefault(entry.status, []).append(entry if private else without_private(entry))
    return [(s.value, s.label, by_status[s.value]) for s in GROUPS if s.value in by_status]


def selected_entries(tournament, ids) -> list[Entry]:
    """The entries of this tournament among ``ids``, in the order they were sent (the removal's confirmation)."""
    return list(Entry.objects.filter(tournament=tournament, pk__in=list(ids)).order_by("submitted_at", "id"))


def counts(tournament) -> dict:
    out = {s.value: 0 for s in EntryStatus}
    for status in Entry.objects.filter(tournament=tournament).values_list("status", flat=True):
        out[status] += 1
    out["checked_in"] = Entry.objects.filter(tournament=tournament, status=EntryStatus.ACCEPTED,
                                             checked_in_at__isnull=False).count()
    return out
