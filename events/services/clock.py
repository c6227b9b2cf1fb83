"""The round clock (docs/rules.md §5.1): the organizer or the chief referee starts it, pauses and resumes
it, and gives a table that started late its own start.

Each action locks the round, checks it, writes and audits in one transaction; saving the round (or the
partie) moves the tournament's data version, so every live page and every clock polling it sees the change.
The time limit itself comes from the rules (``engine.rules.clock.time_limit_seconds``).
"""
from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _

from access.permissions import is_chief_referee
from audit.log import log_action
from core.locking import locked
from core.text import UnsafeText, clean_text
from engine.rules.clock import time_limit_seconds
from tournaments.errors import InvalidInput, NotAllowed, RoundBlocked
from tournaments.models import Partie, Round, RoundStatus

REASON_MAX = 200


def _require_chief(user, tournament) -> None:
    if not is_chief_referee(user, tournament):
        raise NotAllowed(_("Часами тура управляет только организатор или главный судья."))


def _round_in_play(rnd: Round) -> Round:
    """The round locked, once it is published (a draft is not played, a finished round is over)."""
    rnd = locked(Round.objects.select_related("tournament").filter(pk=rnd.pk)).get()
    if rnd.status != RoundStatus.PUBLISHED:
        raise RoundBlocked(_("Часы идут только в опубликованном и не завершённом туре."), code="round_not_in_play")
    return rnd


def _running(rnd: Round) -> None:
    if rnd.clock_started_at is None:
        raise RoundBlocked(_("Часы тура ещё не пущены."), code="clock_not_started")


def _local(moment: datetime) -> str:
    return time_format(timezone.localtime(moment), "H:i")


def _reason(value) -> str:
    if value is not None and not isinstance(value, str):
        raise InvalidInput(_("Причина — это текст."), code="reason", field="reason")
    try:
        text = clean_text(value)
    except UnsafeText as exc:
        raise InvalidInput(exc.message, code="reason", field="reason") from None
    if len(text) > REASON_MAX:
        raise InvalidInput(_("Причина — не длиннее %(n)s знаков.") % {"n": REASON_MAX}, code="reason",
                           field="reason")
    return text


def start_round_clock(user, rnd: Round) -> Round:
    """The round starts now: every table's time limit runs from this moment."""
    _require_chief(user, rnd.tournament)
    with transaction.atomic():
        rnd = _round_in_play(rnd)
        limit = time_limit_seconds(rnd.tournament.rules())
        if limit is None:
            raise RoundBlocked(_("В этом регламенте нет лимита времени на партию: часы тура не нужны."),
                               code="no_time_limit")
        if rnd.clock_started_at is not None:
            raise RoundBlocked(_("Часы тура уже пущены в %(t)s.") % {"t": _local(rnd.clock_started_at)},
                               code="clock_started")
        rnd.clock_started_at = timezone.now()
        rnd.clock_pauses = []
        rnd.save(update_fields=["clock_started_at", "clock_pauses"])
        log_action(rnd.tournament, "round.clock_started", user=user,
                   after={"round": rnd.number, "started_at": rnd.clock_started_at.isoformat(),
                          "limit_minutes": limit // 60})
    return rnd


def pause_round_clock(user, rnd: Round, reason="") -> Round:
    """The clock of the round (and of every table) stands from now: a break, a dispute."""
    _require_chief(user, rnd.tournament)
    reason = _reason(reason)
    with transaction.atomic():
        rnd = _round_in_play(rnd)
        _running(rnd)
        if rnd.clock_paused:
            raise RoundBlocked(_("Часы тура уже стоят."), code="clock_paused")
        now = timezone.now()
        rnd.clock_pauses = [*rnd.clock_pauses, [now.isoformat(), None]]
        rnd.save(update_fields=["clock_pauses"])
        clock = rnd.clock()
        log_action(rnd.tournament, "round.clock_paused", user=user, note=reason,
                   after={"round": rnd.number, "paused_at": now.isoformat(),
                          "remaining": round(clock.remaining(now.timestamp())) if clock else None})
    return rnd


def resume_round_clock(user, rnd: Round) -> Round:
    """The clock runs again; the pause does not count against any table."""
    _require_chief(user, rnd.tournament)
    with transaction.atomic():
        rnd = _round_in_play(rnd)
        _running(rnd)
        if not rnd.clock_paused:
            raise RoundBlocked(_("Часы тура не стоят."), code="clock_running")
        now = timezone.now()
        begun = rnd.clock_pauses[-1][0]
        rnd.clock_pauses = [*rnd.clock_pauses[:-1], [begun, now.isoformat()]]
        rnd.save(update_fields=["clock_pauses"])
        log_action(rnd.tournament, "round.clock_resumed", user=user,
                   after={"round": rnd.number, "resumed_at": now.isoformat(),
                          "paused_seconds": round(now.timestamp() - datetime.fromisoformat(begun).timestamp())})
    return rnd


def set_table_start(user, rnd: Round, table, *, at: datetime | None = None, clear: bool = False) -> Partie:
    """Table ``table`` started late: its time limit runs from ``at`` (now when not given), between the round's
    start and now. ``clear``: the table runs on the round's clock again."""
    _require_chief(user, rnd.tournament)
    if type(table) is not int or table < 1:
        raise InvalidInput(_("Укажите номер стола."), code="table", field="table")
    with transaction.atomic():
        rnd = _round_in_play(rnd)
        _running(rnd)
        partie = locked(rnd.parties.filter(table=table)).first()
        if partie is None or partie.is_bye:
            raise InvalidInput(_("В туре %(n)s нет стола %(t)s.") % {"n": rnd.number, "t": table}, code="table",
                               field="table")
        before = partie.clock_started_at
        if clear:
            if before is None:
                raise InvalidInput(_("У стола %(t)s нет своего старта.") % {"t": table}, code="no_table_start",
                                   field="table")
            moment = None
        else:
            now = timezone.now()
            moment = now if at is None else at
            if moment < rnd.clock_started_at:
                raise InvalidInput(_("Стол не может начать раньше тура (тур начался в %(t)s).")
                                   % {"t": _local(rnd.clock_started_at)}, code="before_round", field="at")
            if moment > now:
                raise InvalidInput(_("Время старта стола ещё не наступило."), code="future", field="at")
        partie.clock_started_at = moment
        partie.save(update_fields=["clock_started_at"])
        log_action(rnd.tournament, "partie.clock_started", user=user, partie=partie,
                   before={"table": table, "started_at": before.isoformat() if before else None},
                   after={"table": table, "started_at": moment.isoformat() if moment else None})
    return partie


__all__ = ["start_round_clock", "pause_round_clock", "resume_round_clock", "set_table_start"]
