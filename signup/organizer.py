"""The organizer's writes of the online registration: open it (or change it), close it, approve or refuse, remove
entries in bulk and bring a refused one back.

Each checks the organizer's role, locks the tournament, writes and audits, in one transaction.

**[толкование]** Lowering the limit below the accepted entries removes nobody: the new entries wait.
Turning approval off sends the entries still pending to the waiting list in the order they were sent,
and the free places are filled at once (as they are when the limit is raised); an entry with a concern
(``signup.concerns``) stays with the organizer.

**[толкование]** Removing in bulk (the entries he takes for a stranger's or invented ones): every selected entry
is refused with one reason, the accepted ones leave the tournament first (only before the draw and the closing on
site), one audit entry per entry; any entry that cannot be removed refuses the whole action. A refused entry comes
back (``restore_entry``) at the time it was sent: to the organizer or to the queue, as a new entry would.
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from access.permissions import require_organizer
from audit.log import log_action
from core.locking import locked
from events.services.registration import clean_text
from tournaments.errors import InvalidFields, InvalidInput, TournamentError
from tournaments.models import Tournament

from .concerns import concerns_by_entry, concerns_of, entry_status, live_entries, named, refuse_duplicates, same_players
from .models import SIGNUP_FORMATS, Entry, EntryStatus, MessageKind, SignupSettings
from .notices import tell
from .places import closed_error, entry_snapshot, fill_places, moves_allowed, remove_entrant

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


def open_refusal(tournament, settings) -> TournamentError | None:
    """Why ``open_registration`` would refuse to open (or change) the registration now, whatever its settings: the
    format, the draw, the closing on site; None when it may. The settings page offers no «open» then."""
    if tournament.format not in SIGNUP_FORMATS:
        return closed_error("format")
    if tournament.draw_done_at or tournament.draw_closed or tournament.rounds.exists():
        return closed_error("draw_done")
    if settings is not None and settings.closed_on_site_at:
        return TournamentError(_("Регистрация уже закрыта на месте."), code="closed_on_site")
    return None


def open_registration(user, tournament, *, opens_at, closes_at, limit=None, **asked) -> SignupSettings:
    """Open the registration (or change its settings; a closed one opens again). ``asked``: ``ASKED`` flags."""
    require_organizer(user, tournament)
    unknown = set(asked) - set(ASKED)
    if unknown:
        raise InvalidInput(_("Неизвестные настройки: %(f)s.") % {"f": ", ".join(sorted(unknown))[:80]})
    _clean(opens_at, closes_at, limit)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        settings = locked(SignupSettings.objects.filter(tournament=tournament)).first()
        refusal = open_refusal(tournament, settings)
        if refusal is not None:
            raise refusal
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
            _release_pending(tournament)
        fill_places(user, tournament, settings)
    return settings


def _release_pending(tournament) -> None:
    """Approval turned off: the pending entries go to the queue, but those with a concern."""
    held = concerns_by_entry(tournament, live_entries(tournament))
    Entry.objects.filter(tournament=tournament, status=EntryStatus.PENDING).exclude(pk__in=list(held)).update(
        status=EntryStatus.WAITING)


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


def _no_same_player(tournament, entry) -> None:
    """Refuse the approval of an entry while another live entry names one of its players."""
    clash = same_players(named(entry), live_entries(tournament, exclude=entry))
    if clash:
        other = clash[0].entry
        raise TournamentError(_("«%(name)s» есть и в заявке «%(other)s» (%(status)s): сначала отклоните или снимите "
                                "одну из них.") % {"name": clash[0].name, "other": other.names(),
                                                   "status": other.get_status_display().lower()}, code="same_player")


def approve_entry(user, tournament, entry_id) -> Entry:
    """An entry pending approval is approved: it takes a free place, or waits in the order it was sent."""
    require_organizer(user, tournament)
    with transaction.atomic():
        tournament, settings, entry = _entry(tournament, entry_id)
        if entry.status != EntryStatus.PENDING:
            raise TournamentError(_("Заявка не ждёт подтверждения."), code="not_pending")
        _no_same_player(tournament, entry)
        entry.status = EntryStatus.WAITING
        entry.save(update_fields=["status"])
        log_action(tournament, "signup.approved", user=user, after=entry_snapshot(entry), note=entry.names())
        fill_places(user, tournament, settings, fresh=entry)
        entry.refresh_from_db()
        tell(entry, MessageKind.APPROVED if entry.status != EntryStatus.REFUSED else MessageKind.REFUSED, user=user,
             reason=entry.refusal_reason)
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
        tell(entry, MessageKind.REFUSED, user=user, reason=reason)
    return entry


DEFAULT_REMOVAL_REASON = gettext_lazy("Снята организатором: похожа на чужую или выдуманную заявку.")


def _removable(tournament, settings, entries) -> None:
    """Refuse the whole removal when one entry is not live, or is an entrant after the draw or the closing on site."""
    for entry in entries:
        if entry.status not in (EntryStatus.PENDING, EntryStatus.WAITING, EntryStatus.ACCEPTED):
            raise TournamentError(_("Заявка «%(names)s» уже не действует (%(status)s): снимать нечего.") % {
                "names": entry.names(), "status": entry.get_status_display().lower()}, code="not_removable")
        if entry.status == EntryStatus.ACCEPTED and not moves_allowed(tournament, settings):
            raise TournamentError(_("Заявка «%(names)s» уже стала участником, а жеребьёвка проведена (или регистрация "
                                    "закрыта на месте): его снимают на странице пар.") % {"names": entry.names()},
                                  code="not_removable")


def remove_entries(user, tournament, entry_ids, *, reason="") -> list[Entry]:
    """The organizer removes the selected entries in one go (see the module's rules); returns them, refused."""
    require_organizer(user, tournament)
    ids = sorted(set(entry_ids))
    if not ids:
        raise TournamentError(_("Отметьте заявки, которые нужно снять."), code="nothing_selected")
    reason = clean_text(reason, field="reason", what=lambda: _("причина"), limit=300) or str(DEFAULT_REMOVAL_REASON)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        settings = locked(SignupSettings.objects.filter(tournament=tournament)).first()
        entries = list(locked(Entry.objects.filter(tournament=tournament, pk__in=ids).order_by("id")))
        if settings is None or len(entries) != len(ids):
            raise TournamentError(_("Такой заявки нет."), code="no_such_entry")
        settings.tournament = tournament
        _removable(tournament, settings, entries)
        for entry in entries:
            before = entry_snapshot(entry)
            if entry.status == EntryStatus.ACCEPTED:
                remove_entrant(user, tournament, entry, note=_("заявка снята организатором: %(reason)s") % {
                    "reason": reason})
            entry.status, entry.refusal_reason = EntryStatus.REFUSED, reason
            entry.save(update_fields=["status", "refusal_reason"])
            log_action(tournament, "signup.refused", user=user, before=before, after=entry_snapshot(entry),
                       note=reason)
            tell(entry, MessageKind.REFUSED, user=user, reason=reason)
        fill_places(user, tournament, settings)
    return entries


def restore_entry(user, tournament, entry_id) -> Entry:
    """A refused entry comes back at the time it was sent: to the organizer (approval asked, or a concern) or to the
    queue, where it takes a free place at once. Refused if a duplicate would follow (``refuse_duplicates``)."""
    require_organizer(user, tournament)
    with transaction.atomic():
        tournament, settings, entry = _entry(tournament, entry_id)
        if entry.status != EntryStatus.REFUSED:
            raise TournamentError(_("Вернуть можно только отклонённую заявку."), code="not_refused")
        if not moves_allowed(tournament, settings):
            raise TournamentError(_("Жеребьёвка проведена (или регистрация закрыта на месте): заявку уже не вернуть."),
                                  code="draw_done")
        refuse_duplicates(tournament, entry, exclude=entry)
        before = entry_snapshot(entry)
        entry.status = entry_status(settings, bool(concerns_of(tournament, entry, exclude=entry)))
        entry.refusal_reason = ""
        entry.save(update_fields=["status", "refusal_reason"])
        log_action(tournament, "signup.restored", user=user, before=before, after=entry_snapshot(entry),
                   note=entry.names())
        fill_places(user, tournament, settings)
        entry.refresh_from_db()
        if entry.status != EntryStatus.ACCEPTED:  # accepted at once: fill_places told him it moved up
            tell(entry, MessageKind.RESTORED, user=user)
    return entry
