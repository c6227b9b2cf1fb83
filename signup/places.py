"""The entries' places: which entry becomes the tournament's entrant, the waiting list and its move-up.

Rules (docs/registration.md):

* **[толкование]** An entry becomes the tournament's entrant (``create_pair``, the organizer's own path,
  with its duplicate checks) when it is accepted within the limit: at once when no approval is asked,
  on the organizer's approval otherwise. The limit counts every active entrant of the tournament, the
  ones the organizer registered by hand too (the hall has that many seats).
* Beyond the limit the entry waits; the waiting list moves up in the order the entries were sent
  (``submitted_at``, then id) whenever a place is free (a withdrawal, a raised limit), until the draw
  or the closing on site.
* The registry: nobody proposed — a new person (as the organizer's registration does); one person with
  the entry's federation ID and the same name — that person; anyone else proposed — the player stays
  unlinked for the organizer to link («Связь с реестром игроков»). A second person is never created
  silently, and a public form never picks a person by a guess.
* Beyond the free places at most ``DOMINO_SIGNUP_WAITING_MAX`` (default 100) entries wait, for a place or for
  the organizer; a new entry beyond is refused with a message (the per-address rate limit of
  ``signup.throttle`` bounds one sender; this bounds many).
* A waiting entry that can no longer become an entrant (the organizer registered the same player by
  hand meanwhile) is refused with the duplicate's message, and the next one moves up.
"""
from __future__ import annotations

from django.conf import settings as site
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from audit.log import log_action
from events.services.entrants import create_pair
from events.services.registration import check_duplicates, pair_snapshot
from tournaments.errors import TournamentError
from tournaments.models import EntrantStatus

from .cleaning import entrant_player, registry_choice
from .models import Entry, EntryStatus, MessageKind
from .notices import tell
from .team_entries import active_teams, become_team, remove_team

CLOSED_MESSAGES = {
    "none": gettext_lazy("На этот турнир онлайн-регистрации нет."),
    "format": gettext_lazy("Онлайн-регистрации для этого формата турнира нет."),
    "draw_done": gettext_lazy("Жеребьёвка проведена: регистрация закрыта."),
    "closed": gettext_lazy("Организатор закрыл регистрацию."),
    "not_yet": gettext_lazy("Регистрация ещё не открыта."),
    "ended": gettext_lazy("Срок регистрации истёк."),
}


def closed_error(reason: str) -> TournamentError:
    return TournamentError(str(CLOSED_MESSAGES[reason]), code=reason)


def entry_snapshot(entry) -> dict:
    """What the audit log keeps of an entry: names, clubs, cities and status (no contact, no birth year)."""
    out = {"id": entry.pk, "status": entry.status, "pair": entry.pair_id,
           "players": [{"name": p.get("name"), "club": p.get("club"), "city": p.get("city")} for p in entry.players]}
    if entry.team_name:
        out.update({"team": entry.team_id, "team_name": entry.team_name, "team_club": entry.team_club,
                    "reserves": [{"name": p.get("name"), "club": p.get("club"), "city": p.get("city")}
                                 for p in entry.reserves or []]})
    return out


def become_entrant(user, tournament, entry, now) -> None:
    """The entry's pair (or individual entrant, or team), through the organizer's registration's checks and rows."""
    if tournament.format_spec.has_teams:
        entry.team, entry.status, entry.accepted_at = become_team(user, tournament, entry), EntryStatus.ACCEPTED, now
        entry.save(update_fields=["team", "status", "accepted_at"])
        return
    players = [entrant_player(p) for p in entry.players]
    check_duplicates(tournament, players)
    for player in players:
        player["person"] = registry_choice(player)
    pair = create_pair(user, tournament, players)
    log_action(tournament, "pair.registered", user=user, after=pair_snapshot(pair), note=_("онлайн-регистрация"))
    entry.pair, entry.status, entry.accepted_at = pair, EntryStatus.ACCEPTED, now
    entry.save(update_fields=["pair", "status", "accepted_at"])


def places_free(tournament, settings) -> int | None:
    """Free places under the limit (None: no limit); a team event's limit counts its teams."""
    if settings.limit is None:
        return None
    if tournament.format_spec.has_teams:
        return max(0, settings.limit - active_teams(tournament))
    return max(0, settings.limit - tournament.pairs.filter(status=EntrantStatus.ACTIVE).count())


def waiting_max() -> int:
    return int(getattr(site, "DOMINO_SIGNUP_WAITING_MAX", 100))


def check_waiting_room(tournament, settings) -> None:
    """Refuse a new entry when ``DOMINO_SIGNUP_WAITING_MAX`` entries already wait beyond the free places (those
    waiting for a place and those waiting for the organizer alike); no limit, no bound."""
    free = places_free(tournament, settings)
    if free is None:
        return
    unplaced = Entry.objects.filter(tournament=tournament, status__in=(EntryStatus.PENDING, EntryStatus.WAITING))
    if unplaced.count() - free >= waiting_max():
        raise TournamentError(_("Лист ожидания заполнен: сверх мест уже ждут %(n)s заявок. Обратитесь к "
                                "организатору турнира.") % {"n": waiting_max()}, code="waiting_full")


def remove_entrant(user, tournament, entry, *, note) -> None:
    """An accepted entry's entrant leaves the tournament before the draw (it never played): its pair, or its team
    with its pairs and reserves, audited as the organizer's deletion (``note``: why)."""
    if entry.team_id:
        remove_team(tournament, entry, user=user, note=note)
    if entry.pair_id:
        pair = entry.pair
        log_action(tournament, "pair.deleted", user=user, before=pair_snapshot(pair), note=note)
        entry.pair = None
        entry.save(update_fields=["pair"])
        pair.delete()


def moves_allowed(tournament, settings) -> bool:
    return not (settings.closed_on_site_at or tournament.draw_done_at or tournament.draw_closed
                or tournament.rounds.exists())


def fill_places(user, tournament, settings, *, fresh=None, now=None) -> list[Entry]:
    """Waiting entries become entrants in their order while places are free (call with the tournament locked).

    ``fresh``: the entry, or the entries, sent (or approved) in this same request (an acceptance is «принята», not
    «поднята», and the caller tells the player); every other entry moved up or refused here is told so
    (``signup.notices``).
    """
    fresh_ids = {e.pk for e in (fresh if isinstance(fresh, list | tuple | set) else [fresh]) if e is not None}
    if not moves_allowed(tournament, settings):
        return []
    now = now or timezone.now()
    free, moved = places_free(tournament, settings), []
    queue = Entry.objects.select_for_update().filter(tournament=tournament, status=EntryStatus.WAITING)
    for entry in queue.order_by("submitted_at", "id"):
        if free is not None and free <= 0:
            break
        try:
            with transaction.atomic():
                become_entrant(user, tournament, entry, now)
        except TournamentError as err:
            entry.refresh_from_db()
            entry.status, entry.refusal_reason = EntryStatus.REFUSED, err.message[:300]
            entry.save(update_fields=["status", "refusal_reason"])
            log_action(tournament, "signup.refused", user=user, after=entry_snapshot(entry), note=err.message)
            if entry.pk not in fresh_ids:
                tell(entry, MessageKind.REFUSED, user=user, reason=entry.refusal_reason)
            continue
        if free is not None:
            free -= 1
        fresh_one = entry.pk in fresh_ids
        log_action(tournament, "signup.accepted" if fresh_one else "signup.moved_up", user=user,
                   after=entry_snapshot(entry), note=entry.names())
        if not fresh_one:
            tell(entry, MessageKind.MOVED_UP, user=user)
        moved.append(entry)
    return moved
