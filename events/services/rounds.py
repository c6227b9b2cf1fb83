"""Rounds: pair (draft) → publish → finish; swaps in a draft; the pairing systems behind them.

Nothing is entered at a table of a draft round (the protocol services refuse
it). Should a draft still hold a table with a recorded deal, remark, no-show
or signature (a round made draft again outside the services, or data from
before that rule), a swap touching that table and discarding the round are
refused: the chief referee reopens and clears that protocol first, and both
steps are logged.
"""
from __future__ import annotations

import time

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from access.permissions import is_chief_referee, require_organizer
from audit.log import log_action
from core.locking import locked
from engine.pairing import PairingError
from scoring.models import Protocol
from tournaments.choices import ProtocolStatus
from tournaments.errors import InvalidInput, RoundBlocked, TournamentError
from tournaments.models import EntrantStatus, Partie, Round, RoundStatus, Tournament

from .round_kinds import compute_pairings, round_kind_of
from .stages import next_stage, stage2_pairings


def unsigned_tables(rnd: Round) -> list[int]:
    """Tables of the round whose protocol is missing or not signed (byes have none)."""
    return list(
        rnd.parties.filter(pair_b__isnull=False)
        .filter(Q(protocol__isnull=True) | ~Q(protocol__status=ProtocolStatus.SIGNED))
        .order_by("table").values_list("table", flat=True)
    )


def recorded_tables(rnd: Round, parties=None) -> list[int]:
    """Tables of the round (or of ``parties``) whose protocol holds a deal, remark, no-show or signature."""
    protocols = Protocol.objects.filter(partie__round=rnd)
    if parties is not None:
        protocols = protocols.filter(partie__in=[p.pk for p in parties])
    recorded = protocols.filter(
        Q(deals__isnull=False) | Q(remarks__isnull=False) | Q(signatures__isnull=False)
        | Q(locked_at__isnull=False) | ~Q(no_show="")
    )
    return sorted(set(recorded.values_list("partie__table", flat=True)))


def _refuse_recorded(rnd: Round, parties=None) -> None:
    tables = recorded_tables(rnd, parties)
    if tables:
        raise RoundBlocked(
            _("За столами %(t)s уже записаны результаты или подписи: их протоколы нельзя перенести к другим парам "
              "или удалить. Главный судья должен сначала открыть и очистить эти протоколы.")
            % {"t": ", ".join(map(str, tables[:30]))},
            code="tables_recorded", tables=tables,
        )


def _round_snapshot(rnd: Round) -> dict:
    parties = rnd.parties.select_related("pair_a", "pair_b", "partner_a", "partner_b").order_by("table")
    kind = round_kind_of(rnd.tournament)
    return {"round": rnd.number, "status": rnd.status, "parties": [kind.snapshot(p) for p in parties]}


OVERRIDE_REASON_MAX = 1000


def open_protocols(tournament: Tournament, before: int | None = None) -> list[tuple[int, list[int]]]:
    """[(round number, its unsigned tables)] of every published round (before round ``before``), in order.

    A round is in play while it is published; a reopened protocol makes a finished round published again.
    """
    rounds = tournament.rounds.filter(status=RoundStatus.PUBLISHED).order_by("number")
    if before is not None:
        rounds = rounds.filter(number__lt=before)
    return [(rnd.number, unsigned_tables(rnd)) for rnd in rounds]


def open_table_tokens(previous: int, open_rounds) -> list:
    """The open tables as the early pairing confirms them: the previous round's as numbers, an earlier
    round's as ``"round:table"`` (a reopened protocol of an earlier round)."""
    tokens = [t for n, tables in open_rounds if n == previous for t in tables]
    return tokens + [f"{n}:{t}" for n, tables in open_rounds if n != previous for t in tables]


def open_tables_text(previous: int, tokens) -> str:
    """«1, 2» when only the previous round is open, else «в туре 3 — столы 1, 2; в туре 2 — стол 5»."""
    if all(isinstance(t, int) for t in tokens):
        return ", ".join(map(str, tokens))
    by_round: dict[int, list[str]] = {}
    for token in tokens:
        number, table = (previous, token) if isinstance(token, int) else map(int, str(token).split(":"))
        by_round.setdefault(number, []).append(str(table))
    return "; ".join(
        ngettext("в туре %(r)s — стол %(t)s", "в туре %(r)s — столы %(t)s", len(tables)) % {"r": n, "t": ", ".join(tables)}
        for n, tables in by_round.items())


def _confirmed(tokens, confirm_tables) -> bool:
    given = sorted(str(t).strip() for t in (confirm_tables or []))
    return given == sorted(str(t) for t in tokens)


def _finish_signed(user, tournament, rounds_in_play) -> None:
    """Rounds in play whose protocols are all signed again are finished (as pairing the next round does)."""
    for number, tables in rounds_in_play:
        if not tables:
            tournament.rounds.filter(number=number).update(status=RoundStatus.FINISHED)
            log_action(tournament, "round.finished", user=user, after={"round": number})


def _open_tables(tournament, last, override_reason, confirm_tables) -> tuple[list, list]:
    """(the rounds in play with their unsigned tables, the open tables the early pairing confirms): refused
    without a reason, or when the confirmed list is not exactly the tables still open."""
    open_tables = []
    in_play = open_protocols(tournament) if last else []
    tables = open_table_tokens(last.number, in_play) if last else []
    if tables:
        earlier = any(isinstance(t, str) for t in tables)
        where = open_tables_text(last.number, tables)
        if not override_reason:
            raise RoundBlocked(
                (_("Не подписаны протоколы: %(t)s. Дождитесь подписей или укажите причину.") if earlier else
                 _("В туре %(n)s не подписаны протоколы столов: %(t)s. Дождитесь подписей или укажите причину."))
                % {"n": last.number, "t": where},
                code="unsigned_protocols", tables=tables,
            )
        if not _confirmed(tables, confirm_tables):
            raise RoundBlocked(
                (_("Тур %(next)s будет составлен, хотя не подписаны протоколы: %(t)s. "
                   "Эти столы останутся открытыми; при составлении пар их партии учтены такими, какие внесены "
                   "сейчас.") if earlier else
                 _("Тур %(next)s будет составлен, хотя в туре %(n)s не подписаны протоколы столов %(t)s. "
                   "Эти столы останутся открытыми; при составлении пар их партии учтены такими, какие внесены "
                   "сейчас."))
                % {"next": last.number + 1, "n": last.number, "t": where},
                code="confirm_open_tables", tables=tables,
            )
        open_tables = tables
    return in_play, open_tables


def _close_draw(user, tournament) -> None:
    """The first round pairs the numbers drawn: the draw closes (no entrant is deleted any more, only withdrawn)."""
    if not tournament.draw_closed:
        tournament.draw_closed = True
        tournament.save(update_fields=["draw_closed"])
        log_action(tournament, "draw.closed", user=user, note="при составлении первого тура")


def pair_round(user, tournament: Tournament, *, override_reason: str = "", confirm_tables=None, plan=None) -> Round:
    """Pair the next round as a draft.

    ``plan``: how a team event pairs its teams (``teams.services.rounds``): ``plan(tournament, number, seed)``
    gives an object with the engine's ``result``, ``parties(rnd, pair_by_number)`` and ``created(rnd)``; a team
    event is paired only through it.

    Refused while a round in play has unsigned protocols (the previous round, or an earlier one whose
    protocol was reopened), unless the organizer or the chief referee gives a reason and confirms the list
    of open tables (``confirm_tables``, exactly the tables still unsigned: the previous round's as numbers,
    an earlier round's as ``"round:table"``; a list that changed in the meantime is asked again). Without
    open tables, organizers only.
    """
    if not is_chief_referee(user, tournament):
        require_organizer(user, tournament)
    if plan is None and (tournament.format_spec.part("actions") or {}).get("pair_round"):  # paired on its own pages
        raise TournamentError(_("Тур командного турнира составляется на странице команд: матчи команд."),
                              code="team_event")
    override_reason = " ".join(str(override_reason or "").split())
    if len(override_reason) > OVERRIDE_REASON_MAX:
        raise InvalidInput(_("Причина — не длиннее %(n)s символов.") % {"n": OVERRIDE_REASON_MAX},
                           field="override_reason")
    started = time.perf_counter()
    open_tables = []
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        if not tournament.draw_done_at or tournament.pairs.filter(
            status=EntrantStatus.ACTIVE, number__isnull=True
        ).exists():
            raise TournamentError(_("Сначала проведите жеребьёвку номеров пар."), code="draw_not_done")
        last = tournament.rounds.order_by("-number").first()
        if last and last.status == RoundStatus.DRAFT:
            raise RoundBlocked(_("Тур %(n)s ещё черновик: опубликуйте или удалите его.") % {"n": last.number},
                               code="draft_exists")
        in_play, open_tables = _open_tables(tournament, last, override_reason, confirm_tables)
        _finish_signed(user, tournament, in_play)
        number = (last.number if last else 0) + 1
        stage = next_stage(tournament, number)  # refuses a round past the last one of the event
        if not open_tables:
            require_organizer(user, tournament)  # the chief referee pairs only the early round
        _close_draw(user, tournament)
        seed = f"{tournament.draw_seed}:{number}"
        t0 = time.perf_counter()
        kind = round_kind_of(tournament)
        try:
            if plan is not None:
                built = plan(tournament, number, seed)
                result = built.result
            elif stage == 2:
                result = stage2_pairings(tournament)
            else:
                result = kind.pairings(tournament, number, seed)
        except PairingError as err:
            raise TournamentError(err.message, code=err.code) from None
        algorithm_seconds = time.perf_counter() - t0
        rnd = Round.objects.create(
            tournament=tournament, number=number, status=RoundStatus.DRAFT, seed=seed,
            override_reason=override_reason if open_tables else "", override_tables=open_tables,
            paired_at=timezone.now(), paired_by=user if getattr(user, "is_authenticated", False) else None,
            stage=stage,
        )
        pair_by_number = {p.number: p for p in tournament.pairs.filter(number__isnull=False)}
        parties = (built.parties(rnd, pair_by_number) if plan is not None
                   else kind.parties(rnd, result, pair_by_number))
        Partie.objects.bulk_create(parties)
        if plan is not None:
            built.created(rnd)
        rnd.pairing_seconds = time.perf_counter() - started
        rnd.save(update_fields=["pairing_seconds"])
        if open_tables:
            log_action(tournament, "round.paired_early", user=user, note=override_reason,
                       after={"round": number, "previous_round": last.number, "open_tables": open_tables})
        log_action(
            tournament, "round.paired", user=user, note=rnd.override_reason,
            after={"round": number, "system": tournament.pairing_system, "method": result.method,
                   "algorithm_seconds": round(algorithm_seconds, 4),
                   "parties": [kind.paired(p) for p in parties]},
        )
    return rnd


def _draft(rnd: Round) -> Round:
    rnd = locked(Round.objects.select_related("tournament").filter(pk=rnd.pk)).get()
    if rnd.status != RoundStatus.DRAFT:
        raise RoundBlocked(_("Менять можно только черновик тура."), code="not_draft")
    return rnd


def swap_parties(user, rnd: Round, number_x: int, number_y: int) -> list[str]:
    """Exchange the places of two pairs in a draft round; returns warnings (rematches, second byes)."""
    require_organizer(user, rnd.tournament)
    with transaction.atomic():
        rnd = _draft(rnd)
        parties = list(locked(rnd.parties.select_related("pair_a", "pair_b", "partner_a", "partner_b"),
                              of=("self",)))
        where = {}
        for partie in parties:
            for seat in SEAT_FIELDS:
                pair = getattr(partie, seat)
                if pair is not None:
                    where[pair.number] = (partie, seat)
        kind = round_kind_of(rnd.tournament)
        if number_x == number_y:
            raise InvalidInput(kind.same_number(number_x), field="pair")
        for n in (number_x, number_y):
            if n not in where:
                raise InvalidInput(kind.not_in_round(n), field="pair")
        (px, sx), (py, sy) = where[number_x], where[number_y]
        if px.pk == py.pk and not kind.swaps_within_a_table:
            raise InvalidInput(_("Эти пары уже играют за одним столом."), field="pair")
        if px.pk == py.pk and px.pair_b_id is None:
            raise InvalidInput(_("Оба игрока пропускают тур: меняться нечем."), field="pair")
        _refuse_recorded(rnd, [px, py] if px.pk != py.pk else [px])
        before = _round_snapshot(rnd)
        pair_x, pair_y = getattr(px, sx), getattr(py, sy)
        setattr(px, sx, pair_y)
        setattr(py, sy, pair_x)
        for partie in {px.pk: px, py.pk: py}.values():
            if kind.orders_sides and partie.pair_b is not None and partie.pair_b.number < partie.pair_a.number:
                partie.pair_a, partie.pair_b = partie.pair_b, partie.pair_a
            partie.reason = _("изменено организатором вручную")
        changed = list({px.pk: px, py.pk: py}.values())
        Partie.objects.bulk_update(changed, [*SEAT_FIELDS, "reason"])
        warnings = kind.swap_warnings(rnd, changed)
        log_action(rnd.tournament, "round.swapped", user=user, before=before, after=_round_snapshot(rnd),
                   note="; ".join(warnings))
    return warnings


SEAT_FIELDS = ("pair_a", "partner_a", "pair_b", "partner_b")


def publish_round(user, rnd: Round) -> Round:
    require_organizer(user, rnd.tournament)
    with transaction.atomic():
        rnd = _draft(rnd)
        rnd.status = RoundStatus.PUBLISHED
        rnd.save(update_fields=["status"])
        log_action(rnd.tournament, "round.published", user=user, after=_round_snapshot(rnd))
    return rnd


def discard_round(user, rnd: Round) -> None:
    """Delete a draft round (to pair it again)."""
    require_organizer(user, rnd.tournament)
    with transaction.atomic():
        rnd = _draft(rnd)
        _refuse_recorded(rnd)
        before = _round_snapshot(rnd)
        tournament = rnd.tournament
        rnd.parties.all().delete()
        rnd.delete()
        log_action(tournament, "round.discarded", user=user, before=before)


def finish_round(user, rnd: Round) -> Round:
    """Published → finished once every protocol of the round is signed."""
    require_organizer(user, rnd.tournament)
    with transaction.atomic():
        rnd = locked(Round.objects.select_related("tournament").filter(pk=rnd.pk)).get()
        if rnd.status != RoundStatus.PUBLISHED:
            raise RoundBlocked(_("Завершить можно только опубликованный тур."), code="not_published")
        tables = unsigned_tables(rnd)
        if tables:
            raise RoundBlocked(
                _("Не подписаны протоколы столов: %(t)s.") % {"t": ", ".join(map(str, tables[:30]))},
                code="unsigned_protocols", tables=tables,
            )
        rnd.status = RoundStatus.FINISHED
        rnd.save(update_fields=["status"])
        log_action(rnd.tournament, "round.finished", user=user, after={"round": rnd.number})
    return rnd


__all__ = ["pair_round", "swap_parties", "publish_round", "finish_round", "discard_round", "unsigned_tables",
           "compute_pairings", "recorded_tables", "open_protocols", "open_table_tokens", "open_tables_text"]
