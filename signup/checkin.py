"""Check-in at the venue and «Закрыть регистрацию на месте» (docs/registration.md).

* An accepted entry is checked in by an official of the tournament (organizer, chief referee or a
  referee): from the QR code on the player's confirmation (its check-in address) or by a tick on the
  organizer's list. A tick can be taken back until the closing on site.
* Closing on site (the organizer, before the draw): every accepted entry that did not check in is marked
  absent and its entrant withdrawn before the draw (``Entrant.status`` withdrawn after round 0: it is not
  drawn and keeps its row; a team's entry: every pair of the team); the form closes and the waiting list stops. **[толкование]** Entrants the
  organizer registered by hand have no entry and are not touched; waiting entries stay waiting.
"""
from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from access.permissions import is_referee, require_organizer
from audit.log import log_action
from core.locking import locked
from events.services.registration import pair_snapshot
from tournaments.errors import NotAllowed, TournamentError
from tournaments.models import Entrant, EntrantStatus, Tournament

from . import codes
from .models import Entry, EntryStatus, SignupSettings
from .places import closed_error, entry_snapshot, moves_allowed
from .team_entries import withdraw_absent_team


def require_official(user, tournament) -> None:
    if not is_referee(user, tournament):
        raise NotAllowed(_("Отметить прибытие может только организатор или судья этого турнира."))


def _find(tournament, *, entry_id=None, token=None) -> Entry:
    query = Entry.objects.filter(tournament=tournament)
    if token is not None:
        if not codes.well_formed(token):
            raise TournamentError(_("Такой заявки нет."), code="no_such_entry")
        query = query.filter(checkin_hash=codes.digest(token))
    else:
        query = query.filter(pk=entry_id)
    entry = locked(query).first()
    if entry is None:
        raise TournamentError(_("Такой заявки нет."), code="no_such_entry")
    return entry


def renew_checkin(entry, code) -> bool:
    """Make the entry's check-in mark the one this site's key derives from ``code`` (the entry's page, opened by
    its code). It differs only after the tournament was moved to a server with another key (the transfer file
    carries the mark's hash, docs/archive.md): then it is renewed once, audited, and the page's QR code checks in.
    Returns whether it was renewed."""
    wanted = codes.digest(codes.checkin_token(code))
    if entry.checkin_hash == wanted or not codes.well_formed(code):
        return False
    with transaction.atomic():
        entry = locked(Entry.objects.filter(pk=entry.pk, code_hash=codes.digest(code))).first()
        if entry is None or entry.checkin_hash == wanted:
            return False
        entry.checkin_hash = wanted
        entry.save(update_fields=["checkin_hash"])
        log_action(entry.tournament, "signup.checkin_renewed", after={"entry": entry.pk}, note=entry.names())
    return True


def check_in(user, tournament, *, entry_id=None, token=None) -> tuple[Entry, bool]:
    """The entry is checked in; (entry, False) when it already was (nothing written twice)."""
    require_official(user, tournament)
    with transaction.atomic():
        entry = _find(tournament, entry_id=entry_id, token=token)
        if entry.status != EntryStatus.ACCEPTED:
            raise TournamentError(_("Заявка не принята (%(status)s): отмечать некого.") % {
                "status": entry.get_status_display().lower()}, code="not_accepted")
        if entry.checked_in_at is not None:
            return entry, False
        entry.checked_in_at, entry.checked_in_by = timezone.now(), user
        entry.save(update_fields=["checked_in_at", "checked_in_by"])
        log_action(tournament, "signup.checked_in", user=user, after=entry_snapshot(entry),
                   note=_("%(names)s (%(how)s)") % {"names": entry.names(),
                                                     "how": _("QR-код") if token else _("отметка в списке")})
    return entry, True


def undo_check_in(user, tournament, entry_id) -> Entry:
    require_official(user, tournament)
    with transaction.atomic():
        entry = _find(tournament, entry_id=entry_id)
        settings = SignupSettings.objects.filter(tournament=tournament).first()
        if settings is not None and settings.closed_on_site_at:
            raise TournamentError(_("Регистрация закрыта на месте: отметки уже не меняются."), code="closed_on_site")
        if entry.checked_in_at is None:
            raise TournamentError(_("Прибытие не отмечено: снимать нечего."), code="not_checked_in")
        entry.checked_in_at, entry.checked_in_by = None, None
        entry.save(update_fields=["checked_in_at", "checked_in_by"])
        log_action(tournament, "signup.check_in_undone", user=user, after=entry_snapshot(entry), note=entry.names())
    return entry


def not_checked_in(tournament):
    """The accepted entries whose players did not check in, in the order they were sent."""
    return (Entry.objects.filter(tournament=tournament, status=EntryStatus.ACCEPTED, checked_in_at__isnull=True)
            .order_by("submitted_at", "id"))


def close_on_site(user, tournament) -> list[Entry]:
    """Mark every accepted entry that did not check in absent, its entrant withdrawn before the draw."""
    require_organizer(user, tournament)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        settings = locked(SignupSettings.objects.filter(tournament=tournament)).first()
        if settings is None:
            raise closed_error("none")
        if settings.closed_on_site_at:
            raise TournamentError(_("Регистрация уже закрыта на месте."), code="closed_on_site")
        if not moves_allowed(tournament, settings):
            raise TournamentError(_("Жеребьёвка уже проведена: закрыть регистрацию на месте можно только до неё; "
                                    "снимайте пары со страницы пар."), code="draw_done")
        absent = list(locked(not_checked_in(tournament)))
        now = timezone.now()
        for entry in absent:
            before = entry_snapshot(entry)
            if entry.team_id:
                withdraw_absent_team(user, tournament, entry)
            try:
                pair = locked(Entrant.objects.filter(pk=entry.pair_id)).get()
            except ObjectDoesNotExist:
                pair = None
            if pair is not None and pair.status == EntrantStatus.ACTIVE:
                pair_before = pair_snapshot(pair)
                pair.status, pair.withdrawn_after_round = EntrantStatus.WITHDRAWN, 0
                pair.save(update_fields=["status", "withdrawn_after_round"])
                log_action(tournament, "pair.withdrawn", user=user, before=pair_before, after=pair_snapshot(pair),
                           note=_("не отметился на месте до жеребьёвки"))
            entry.status, entry.withdrawn_at = EntryStatus.ABSENT, now
            entry.save(update_fields=["status", "withdrawn_at"])
            log_action(tournament, "signup.absent", user=user, before=before, after=entry_snapshot(entry),
                       note=entry.names())
        settings.closed_on_site_at, settings.closed_at = now, settings.closed_at or now
        settings.save(update_fields=["closed_on_site_at", "closed_at", "changed_at"])
        log_action(tournament, "signup.closed_on_site", user=user,
                   after={"absent": [e.pk for e in absent]},
                   note=_("не отметились: %(n)s") % {"n": len(absent)})
    return absent
