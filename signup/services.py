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

from core.locking import locked
from referees.models import log_action
from tournaments.errors import InvalidFields, TournamentError
from tournaments.models import Player, Tournament, TournamentFormat
from tournaments.services.registration import check_duplicates, entrant_size, pair_snapshot

from . import codes
from .cleaning import clean_entry, entrant_player, fixed_field_errors
from .models import LIVE, Entry, EntryStatus, SignupSettings
from .places import check_entry_duplicates, closed_error, entry_snapshot, fill_places, moves_allowed
from .team_entries import (check_team_duplicates, clean_team_entry, edit_entered_team, pairs_per_team,
                           remove_team)


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
    if tournament.format == TournamentFormat.TEAMS:
        return clean_team_entry(settings, data, pairs_per_team(tournament))
    players, contact = clean_entry(settings, data, entrant_size(tournament))
    return {"players": players, "contact": contact}


def _check_duplicates(tournament, cleaned, *, exclude=None) -> None:
    if tournament.format == TournamentFormat.TEAMS:
        check_team_duplicates(tournament, cleaned, exclude=exclude)
        return
    check_duplicates(tournament, [entrant_player(p) for p in cleaned["players"]])
    check_entry_duplicates(tournament, cleaned["players"], exclude=exclude)


def submit_entry(tournament, data, *, now=None) -> tuple[Entry, str]:
    """A new entry and its code (shown once): accepted within the limit, waiting beyond it, or pending approval."""
    now = now or timezone.now()
    cleaned = _clean(tournament, data)
    with transaction.atomic():
        tournament, settings = _locked(tournament)
        reason = settings.closed_reason(now)
        if reason:
            raise closed_error(reason)
        _check_duplicates(tournament, cleaned)
        code = codes.new_code()
        entry = Entry.objects.create(
            tournament=tournament, **cleaned, submitted_at=now,
            status=EntryStatus.PENDING if settings.approval_required else EntryStatus.WAITING,
            code_hash=codes.digest(code), checkin_hash=codes.digest(codes.checkin_token(code)))
        log_action(tournament, "signup.submitted", after=entry_snapshot(entry), note=entry.names())
        if not settings.approval_required:
            fill_places(None, tournament, settings, fresh=entry, now=now)
            entry.refresh_from_db()
    return entry, code


def _fixed_fields_kept(entry, players) -> None:
    errors = []
    for k, (old, new) in enumerate(zip(entry.players, players), start=1):
        errors += fixed_field_errors(old, new, f"player{k}")
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InvalidFields([(e.details.get("field"), e.message) for e in errors], code=errors[0].code)


def _live_before_draw(tournament, settings, entry) -> None:
    if entry.status not in LIVE:
        raise TournamentError(_("Заявка уже не действует: %(status)s.") % {
            "status": entry.get_status_display().lower()}, code="not_live")
    if not moves_allowed(tournament, settings):
        raise TournamentError(_("Жеребьёвка проведена (или регистрация закрыта на месте): изменить или отозвать "
                                "заявку может только организатор турнира."), code="draw_done")


def edit_entry(tournament, code, data) -> Entry:
    """The player corrects his entry (see the module's rules)."""
    cleaned = _clean(tournament, data)
    players = cleaned["players"]
    with transaction.atomic():
        tournament, settings = _locked(tournament)
        entry = entry_by_code(tournament, code, lock=True)
        _live_before_draw(tournament, settings, entry)
        before = entry_snapshot(entry)
        if entry.team_id:
            edit_entered_team(tournament, entry, cleaned)
        elif entry.pair_id:
            _fixed_fields_kept(entry, players)
            pair_before = pair_snapshot(entry.pair)
            seated = list(Player.objects.filter(pair_id=entry.pair_id).order_by("id"))
            for player, data_ in zip(seated, players):
                player.club = entrant_player(data_)["club"]
            Player.objects.bulk_update(seated, ["club"])
            pair_after = pair_snapshot(entry.pair)
            if pair_after != pair_before:
                log_action(tournament, "pair.edited", before=pair_before, after=pair_after,
                           note=_("онлайн-регистрация"))
        else:
            _check_duplicates(tournament, cleaned, exclude=entry)
        for field, value in cleaned.items():
            setattr(entry, field, value)
        entry.save(update_fields=list(cleaned))
        if entry_snapshot(entry) != before:
            log_action(tournament, "signup.edited", before=before, after=entry_snapshot(entry), note=entry.names())
    return entry


def withdraw_entry(tournament, code, *, now=None) -> Entry:
    """The player withdraws his entry; its entrant (if any) leaves the tournament and the waiting list moves up."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament, settings = _locked(tournament)
        entry = entry_by_code(tournament, code, lock=True)
        _live_before_draw(tournament, settings, entry)
        before = entry_snapshot(entry)
        if entry.team_id:
            remove_team(tournament, entry)
        if entry.pair_id:
            pair = entry.pair
            log_action(tournament, "pair.deleted", before=pair_snapshot(pair),
                       note=_("заявка отозвана участником (онлайн-регистрация)"))
            entry.pair = None
            entry.save(update_fields=["pair"])
            pair.delete()
        entry.status, entry.withdrawn_at = EntryStatus.WITHDRAWN, now
        entry.save(update_fields=["status", "withdrawn_at"])
        log_action(tournament, "signup.withdrawn", before=before, after=entry_snapshot(entry), note=entry.names())
        fill_places(None, tournament, settings, now=now)
    return entry
