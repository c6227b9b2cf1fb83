"""The player's writes: send an entry, edit it or withdraw it with its code (docs/registration.md).

No account: the code is the key. Every write locks the tournament (as the organizer's registration does),
so the limit and the waiting list are decided one entry at a time, and is audited without a user.

**[толкование]** Until the draw the player edits his entry: every field while it waits (for approval or
for a place); once it is the tournament's entrant, the names and federation IDs are fixed (the registry's
link and the protocols follow them: the organizer corrects them) and the rest may change. He withdraws it
until the draw; an entrant that withdraws so is removed from the tournament (it never played) and the
waiting list moves up. After the draw only the organizer withdraws a pair (``withdraw_pair``).
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit.log import log_action
from core.locking import locked
from core.names import fold
from events.services.registration import entrant_size, pair_snapshot
from tournaments.errors import InvalidFields, TournamentError
from tournaments.models import Player, Tournament

from . import codes
from .cleaning import FIXED_PERSON_FIELDS, clean_entry, entrant_player, fixed_field_errors
from .concerns import concerns_of, entry_status, named, refuse_duplicates
from .models import LIVE, Entry, EntryStatus, MessageKind, SignupSettings
from .notices import tell
from .places import check_waiting_room, closed_error, entry_snapshot, fill_places, moves_allowed, remove_entrant
from .team_entries import clean_team_entry, edit_entered_team, fixed_team_fields, pairs_per_team


class NoSuchEntry(TournamentError):
    default_code = "no_such_entry"


def _settings(tournament) -> SignupSettings:
    found = SignupSettings.objects.select_related("tournament").filter(tournament=tournament).first()
    if found is None:
        raise closed_error("none")
    return found


def _locked(tournament) -> tuple[Tournament, SignupSettings]:
    tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
    settings = locked(SignupSettings.objects.filter(tournament=tournament)).first()
    if settings is None:
        raise closed_error("none")
    settings.tournament = tournament
    return tournament, settings


def entry_by_code(tournament, code, *, lock=False) -> Entry:
    """The entry of this code in this tournament, or NoSuchEntry (a wrong or malformed code alike)."""
    if not codes.well_formed(code):
        raise NoSuchEntry(_("Заявки с таким кодом нет. Проверьте адрес страницы заявки."))
    query = Entry.objects.filter(tournament=tournament, code_hash=codes.digest(code))
    entry = (locked(query) if lock else query).first()
    if entry is None:
        raise NoSuchEntry(_("Заявки с таким кодом нет. Проверьте адрес страницы заявки."))
    return entry


def _clean(tournament, data) -> dict:
    """The entry's fields as the model keeps them: players and contact (a team's: also its name, club, reserves)."""
    settings = _settings(tournament)
    if tournament.format_spec.has_teams:
        return clean_team_entry(settings, data, pairs_per_team(tournament))
    players, contact = clean_entry(settings, data, entrant_size(tournament))
    return {"players": players, "contact": contact}


def submit_entry(tournament, data, *, now=None, language="") -> tuple[Entry, str]:
    """A new entry and its code: accepted within the limit, waiting beyond it, or waiting for the organizer
    (approval asked, or a concern of ``signup.concerns``); the player is told so (``signup.notices``: by e-mail
    too, with his link, when he gave an address). ``language``: the one he used on the form."""
    now = now or timezone.now()
    cleaned = _clean(tournament, data)
    with transaction.atomic():
        tournament, settings = _locked(tournament)
        reason = settings.closed_reason(now)
        if reason:
            raise closed_error(reason)
        refuse_duplicates(tournament, cleaned)
        held = bool(concerns_of(tournament, cleaned))
        check_waiting_room(tournament, settings)
        seed = codes.new_seed()
        code = codes.code_of(seed)
        entry = Entry.objects.create(
            tournament=tournament, **cleaned, submitted_at=now, status=entry_status(settings, held),
            code_hash=codes.digest(code), checkin_hash=codes.digest(codes.checkin_token(code)), code_seed=seed,
            language=str(language or "")[:8])
        note = entry.names() + (" — " + _("ждёт решения организатора") if held else "")
        log_action(tournament, "signup.submitted", after=entry_snapshot(entry), note=note)
        if entry.status == EntryStatus.WAITING:
            fill_places(None, tournament, settings, fresh=entry, now=now)
            entry.refresh_from_db()
        tell(entry, MessageKind.SUBMITTED, code=code, held=held and not settings.approval_required)
    return entry, code


def _fixed_fields_kept(entry, players) -> None:
    errors = []
    for k, (old, new) in enumerate(zip(entry.players, players), start=1):
        errors += fixed_field_errors(old, new, f"player{k}")
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InvalidFields([(e.details.get("field"), e.message) for e in errors], code=errors[0].code)


def _change_refusal(tournament, settings, entry) -> TournamentError | None:
    if entry.status not in LIVE:
        return TournamentError(_("Заявка уже не действует: %(status)s.") % {
            "status": entry.get_status_display().lower()}, code="not_live")
    if settings is None or not moves_allowed(tournament, settings):
        return TournamentError(_("Жеребьёвка проведена (или регистрация закрыта на месте): изменить или отозвать "
                                 "заявку может только организатор турнира."), code="draw_done")
    return None


def _live_before_draw(tournament, settings, entry) -> None:
    refusal = _change_refusal(tournament, settings, entry)
    if refusal is not None:
        raise refusal


def change_refusal(tournament, entry) -> TournamentError | None:
    """Why the player may no longer edit or withdraw his entry (the error ``edit_entry`` would raise), or None."""
    settings = SignupSettings.objects.filter(tournament=tournament).first()
    if settings is not None:
        settings.tournament = tournament
    return _change_refusal(tournament, settings, entry)


def fixed_fields(entry) -> frozenset[str]:
    """The form's fields of the entry the player may no longer change (``edit_entry`` refuses a new value): once it
    is the tournament's entrant, its names and federation IDs (a team's: its name and reserves' slots too)."""
    if entry.team_id:
        return fixed_team_fields(entry)
    if entry.pair_id:
        return frozenset(f"player{k}_{f}" for k in range(1, len(entry.players) + 1) for f in FIXED_PERSON_FIELDS)
    return frozenset()


def _edit_entered_pair(tournament, entry, players) -> None:
    """An accepted pair's (or individual's) edit: the clubs and cities reach the tournament's players."""
    _fixed_fields_kept(entry, players)
    pair_before = pair_snapshot(entry.pair)
    seated = list(Player.objects.filter(pair_id=entry.pair_id).order_by("id"))
    for player, data_ in zip(seated, players):
        player.club = entrant_player(data_)["club"]
    Player.objects.bulk_update(seated, ["club"])
    pair_after = pair_snapshot(entry.pair)
    if pair_after != pair_before:
        log_action(tournament, "pair.edited", before=pair_before, after=pair_after, note=_("онлайн-регистрация"))


def _identity(people) -> list:
    """What the concerns look at: the names (folded) and federation IDs."""
    return [(fold(p.get("name")), p.get("federation_id") or None) for p in people]


def _status_after_edit(tournament, settings, entry, cleaned) -> str:
    """An entry without a place whose names or IDs changed is looked at again: a concern now sends it to the
    organizer, none (and no approval asked) back to the queue; the same names keep the organizer's decision."""
    if _identity(named(cleaned)) == _identity(named(entry)):
        return entry.status
    return entry_status(settings, bool(concerns_of(tournament, cleaned, exclude=entry)))


def edit_entry(tournament, code, data) -> Entry:
    """The player corrects his entry (see the module's rules)."""
    cleaned = _clean(tournament, data)
    with transaction.atomic():
        tournament, settings = _locked(tournament)
        entry = entry_by_code(tournament, code, lock=True)
        _live_before_draw(tournament, settings, entry)
        before, status = entry_snapshot(entry), entry.status
        if entry.team_id:
            edit_entered_team(tournament, entry, cleaned)
        elif entry.pair_id:
            _edit_entered_pair(tournament, entry, cleaned["players"])
        else:
            refuse_duplicates(tournament, cleaned, exclude=entry)
            status = _status_after_edit(tournament, settings, entry, cleaned)
        for field, value in cleaned.items():
            setattr(entry, field, value)
        entry.status = status
        entry.save(update_fields=[*cleaned, "status"])
        if entry_snapshot(entry) != before:
            log_action(tournament, "signup.edited", before=before, after=entry_snapshot(entry), note=entry.names())
        if before["status"] == EntryStatus.PENDING and status == EntryStatus.WAITING:
            fill_places(None, tournament, settings, fresh=entry)
            entry.refresh_from_db()
    return entry


def withdraw_entry(tournament, code, *, now=None) -> Entry:
    """The player withdraws his entry; its entrant (if any) leaves the tournament and the waiting list moves up."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament, settings = _locked(tournament)
        entry = entry_by_code(tournament, code, lock=True)
        _live_before_draw(tournament, settings, entry)
        before = entry_snapshot(entry)
        remove_entrant(None, tournament, entry, note=_("заявка отозвана командой (онлайн-регистрация)")
                       if entry.team_id else _("заявка отозвана участником (онлайн-регистрация)"))
        entry.status, entry.withdrawn_at = EntryStatus.WITHDRAWN, now
        entry.save(update_fields=["status", "withdrawn_at"])
        log_action(tournament, "signup.withdrawn", before=before, after=entry_snapshot(entry), note=entry.names())
        fill_places(None, tournament, settings, now=now)
        tell(entry, MessageKind.WITHDRAWN, code=code)
    return entry
