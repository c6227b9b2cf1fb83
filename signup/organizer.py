"""The organizer's writes of the online registration: open it (or change it), close it, approve or refuse.

Each checks the organizer's role, locks the tournament, writes and audits, in one transaction.

**[толкование]** Lowering the limit below the accepted entries removes nobody: the new entries wait.
Turning approval off sends the entries still pending to the waiting list in the order they were sent,
and the free places are filled at once (as they are when the limit is raised).
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.locking import locked
from referees.models import log_action
from referees.permissions import require_organizer
from tournaments.errors import InvalidFields, InvalidInput, TournamentError
from tournaments.models import Tournament
from tournaments.services.registration import clean_text

from .models import SIGNUP_FORMATS, Entry, EntryStatus, SignupSettings
from .places import closed_error, entry_snapshot, fill_places

LIMIT_MAX = 1000
ASKED = ("ask_club", "ask_city", "ask_birth_year", "ask_contact", "approval_required")


def settings_snapshot(s) -> dict:
    return {"opens_at": s.opens_at.isoformat(), "closes_at": s.closes_at.isoformat(), "limit": s.limit,
            **{f: getattr(s, f) for f in ASKED}, "closed": s.closed_at is not None}


def _clean(opens_at, closes_at, limit) -> None:
    errors = []
    if opens_at is None:
        errors.append(InvalidInput(_("Укажите, когда регистрация открывается."), field="opens_at"))
    if closes_at is None:
        errors.append(InvalidInput(_("Укажите, когда регистрация закрывается."), field="closes_at"))
    elif opens_at is not None and closes_at <= opens_at:
        errors.append(InvalidInput(_("Регистрация закрывается позже, чем открывается."), field="closes_at",
                                   code="closes_before_opens"))
    if limit is not None and not (isinstance(limit, int) and 1 <= limit <= LIMIT_MAX):
        errors.append(InvalidInput(_("Предел заявок — целое число от 1 до %(n)s (или пусто).") % {"n": LIMIT_MAX},
                                   field="limit", code="bad_limit"))
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InvalidFields([(e.details.get("field"), e.message) for e in errors], code=errors[0].code)


def open_registration(user, tournament, *, opens_at, closes_at, limit=None, **asked) -> SignupSettings:
    """Open the registration (or change its settings; a closed one opens again). ``asked``: ``ASKED`` flags."""
    require_organizer(user, tournament)
    unknown = set(asked) - set(ASKED)
    if unknown:
        raise InvalidInput(_("Неизвестные настройки: %(f)s.") % {"f": ", ".join(sorted(unknown))[:80]})
    _clean(opens_at, closes_at, limit)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        if tournament.format not in SIGNUP_FORMATS:
            raise closed_error("format")
        if tournament.draw_done_at or tournament.draw_closed or tournament.rounds.exists():
            raise closed_error("draw_done")
        settings = locked(SignupSettings.objects.filter(tournament=tournament)).first()
        if settings is not None and settings.closed_on_site_at:
            raise TournamentError(_("Регистрация уже закрыта на месте."), code="closed_on_site")
        before = settings_snapshot(settings) if settings else None
        was_approving = bool(settings and settings.approval_required)
        settings = settings or SignupSettings(tournament=tournament)
        settings.opens_at, settings.closes_at, settings.limit, settings.closed_at = opens_at, closes_at, limit, None
        for flag in ASKED:
            setattr(settings, flag, bool(asked.get(flag, False)))
        settings.save()
        settings.tournament = tournament
        log_action(tournament, "signup.settings_changed" if before else "signup.opened", user=user,
                   before=before, after=settings_snapshot(settings))
        if was_approving and not settings.approval_required:
            Entry.objects.filter(tournament=tournament, status=EntryStatus.PENDING).update(status=EntryStatus.WAITING)
        fill_places(user, tournament, settings)
    return settings


def close_registration(user, tournament) -> SignupSettings:
    """The organizer closes the form now (the entries stay as they are; opening it again is allowed)."""
    require_organizer(user, tournament)
    with transaction.atomic():
        settings = locked(SignupSettings.objects.filter(tournament=tournament)).first()
        if settings is None:
            raise closed_error("none")
        if settings.closed_at is not None:
            raise TournamentError(_("Регистрация уже закрыта."), code="already_closed")
        settings.closed_at = timezone.now()
        settings.save(update_fields=["closed_at", "changed_at"])
        log_action(tournament, "signup.closed", user=user, after=settings_snapshot(settings))
    return settings


def _entry(tournament, entry_id) -> tuple[Tournament, SignupSettings, Entry]:
    tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
    settings = SignupSettings.objects.filter(tournament=tournament).first()
    entry = locked(Entry.objects.filter(tournament=tournament, pk=entry_id)).first()
    if settings is None or entry is None:
        raise TournamentError(_("Такой заявки нет."), code="no_such_entry")
    settings.tournament = tournament
    return tournament, settings, entry


def approve_entry(user, tournament, entry_id) -> Entry:
    """An entry pending approval is approved: it takes a free place, or waits in the order it was sent."""
    require_organizer(user, tournament)
    with transaction.atomic():
        tournament, settings, entry = _entry(tournament, entry_id)
        if entry.status != EntryStatus.PENDING:
            raise TournamentError(_("Заявка не ждёт подтверждения."), code="not_pending")
        entry.status = EntryStatus.WAITING
        entry.save(update_fields=["status"])
        log_action(tournament, "signup.approved", user=user, after=entry_snapshot(entry), note=entry.names())
        fill_places(user, tournament, settings, fresh=entry)
        entry.refresh_from_db()
    return entry


def refuse_entry(user, tournament, entry_id, *, reason) -> Entry:
    """An entry pending approval or waiting for a place is refused, with the reason the player reads."""
    require_organizer(user, tournament)
    reason = clean_text(reason, field="reason", what=lambda: _("причина отказа"), required=True, limit=300)
    with transaction.atomic():
        tournament, _settings, entry = _entry(tournament, entry_id)
        if entry.status not in (EntryStatus.PENDING, EntryStatus.WAITING):
            raise TournamentError(_("Отклонить можно заявку, которая ждёт подтверждения или места; принятую "
                                    "снимают со страницы пар."), code="not_refusable")
        before = entry_snapshot(entry)
        entry.status, entry.refusal_reason = EntryStatus.REFUSED, reason
        entry.save(update_fields=["status", "refusal_reason"])
        log_action(tournament, "signup.refused", user=user, before=before, after=entry_snapshot(entry), note=reason)
    return entry
