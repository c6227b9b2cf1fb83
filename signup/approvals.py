"""«Подтвердить все»: the organizer approves every entry that waits only for his approval, in one go.

**[толкование]** Only the entries pending without a concern of ``signup.concerns`` are approved together (a
claimed registry player, a name in another entry: the organizer decides those one by one, as the list shows
them). Each approved entry goes where a single approval sends it (``organizer.approve_entry``): to the queue,
which then fills the free places in the order the entries were sent — within the tournament's limit the
earliest become entrants, the ones beyond it wait. The confirmation page names them and what happens to each
(``approval_plan``); the approval takes exactly the entries it named (one sent meanwhile is not approved
unseen), each still pending and without a concern. One audit entry per approved entry (``signup.approved``, as
one by one) and one for the whole action (``signup.approved_all``).
"""
from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from access.permissions import require_organizer
from audit.log import log_action
from core.locking import locked
from tournaments.errors import TournamentError
from tournaments.models import Tournament

from .concerns import concerns_by_entry
from .models import Entry, EntryStatus, MessageKind, SignupSettings
from .notices import tell
from .places import entry_snapshot, fill_places, moves_allowed, places_free

PLACE, WAIT = "place", "wait"


@dataclass
class Planned:
    """A pending entry and what «Подтвердить все» does to it: a place, or the waiting list at ``position``."""

    entry: Entry
    outcome: str
    position: int | None = None


def _approvable(tournament) -> list[Entry]:
    """The entries pending without a concern, in the order they were sent."""
    entries = list(Entry.objects.filter(tournament=tournament).order_by("submitted_at", "id"))
    held = concerns_by_entry(tournament, entries)
    return [e for e in entries if e.status == EntryStatus.PENDING and e.pk not in held]


def approval_plan(tournament) -> tuple[list[Planned], int]:
    """What approving them all would do: each approvable entry with its outcome, and how many pending entries
    stay with the organizer (those with a concern). The queue is the waiting entries and the approved ones in
    the order they were sent; the first ``places_free`` of it take the places."""
    settings = SignupSettings.objects.filter(tournament=tournament).first()
    approvable = _approvable(tournament)
    pending = Entry.objects.filter(tournament=tournament, status=EntryStatus.PENDING).count()
    if settings is None:
        return [], pending
    settings.tournament = tournament
    free = places_free(tournament, settings) if moves_allowed(tournament, settings) else 0
    waiting = list(Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING))
    queue = sorted(waiting + approvable, key=lambda e: (e.submitted_at, e.pk))
    plan, mine, position = [], {e.pk for e in approvable}, 0
    for index, entry in enumerate(queue):
        if free is None or index < free:
            outcome = PLACE
        else:
            outcome, position = WAIT, position + 1
        if entry.pk in mine:
            plan.append(Planned(entry, outcome, position if outcome == WAIT else None))
    return plan, pending - len(plan)


def approve_entries(user, tournament, entry_ids) -> list[Entry]:
    """Approve the entries of ``entry_ids`` that still wait only for the organizer (see the module's rules);
    returns them as they end (accepted, or waiting beyond the limit)."""
    require_organizer(user, tournament)
    ids = set(entry_ids)
    if not ids:
        raise TournamentError(_("Подтверждать нечего: заявок, которые ждут только подтверждения, нет."),
                              code="nothing_to_approve")
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        settings = locked(SignupSettings.objects.filter(tournament=tournament)).first()
        if settings is None:
            raise TournamentError(_("Такой заявки нет."), code="no_such_entry")
        settings.tournament = tournament
        chosen = [e for e in _approvable(tournament) if e.pk in ids]
        if not chosen:
            raise TournamentError(_("Эти заявки уже не ждут подтверждения: обновите страницу заявок."),
                                  code="nothing_to_approve")
        for entry in locked(Entry.objects.filter(pk__in=[e.pk for e in chosen]).order_by("submitted_at", "id")):
            entry.status = EntryStatus.WAITING
            entry.save(update_fields=["status"])
            log_action(tournament, "signup.approved", user=user, after=entry_snapshot(entry), note=entry.names())
        fill_places(user, tournament, settings, fresh=chosen)
        approved = list(Entry.objects.filter(pk__in=[e.pk for e in chosen]).order_by("submitted_at", "id"))
        for entry in approved:  # each player told as a single approval tells him: in the field or waiting
            tell(entry, MessageKind.APPROVED if entry.status != EntryStatus.REFUSED else MessageKind.REFUSED,
                 user=user, reason=entry.refusal_reason)
        accepted = sum(e.status == EntryStatus.ACCEPTED for e in approved)
        log_action(tournament, "signup.approved_all", user=user, after={"entries": [e.pk for e in approved]},
                   note=_("подтверждено заявок: %(n)s, из них получили место: %(a)s") % {
                       "n": len(approved), "a": accepted})
    return approved
