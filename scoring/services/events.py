"""What happens at a table besides the deals: remarks, a no-show, a pair that leaves, the time running out."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from access import permissions as perms
from audit.log import log_action
from engine.rules.clock import DEAL_OR_ONE_MORE, TIME_UP_HOW, time_limit_seconds, time_up_rule
from tournaments.models import EntrantStatus

from ..errors import ConfirmationRequired, InvalidInput
from ..models import Remark, RemarkReason
from ..protocol_state import engine_score, load_partie, next_remark_effect, protocol_json
from .rows import SEATS, SIDES, open_protocol, partie_for_entry, reinstate, require, save_protocol, totals


def give_remark(user, partie, *, deal, seat, reason, note="", confirm_disqualification=False,
                expected_version):
    """A remark to the player at ``seat`` during ``deal``; its step on the pair's ladder decides the effect."""
    partie = partie_for_entry(user, partie)
    if seat not in SEATS:
        raise InvalidInput(_("Выберите игрока."), "seat", field="seat")
    if reason not in RemarkReason.values:
        raise InvalidInput(_("Выберите причину замечания."), "reason", field="reason", seat=seat)
    try:
        deal = int(deal)
    except (TypeError, ValueError):
        raise InvalidInput(_("Укажите раздачу."), "deal_number", field="deal", seat=seat) from None
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        if protocol.no_show:  # no partie was played: there is no deal and no player to give a remark to
            raise InvalidInput(_("Партия завершена неявкой: замечания в ней не даются."), "no_show", seat=seat)
        recorded = protocol.deals.count()
        if not 1 <= deal <= recorded + 1:
            raise InvalidInput(_("Замечание можно дать в раздаче от 1 до %(max)s.") % {"max": recorded + 1},
                               "deal_number", deal=deal, seat=seat, field="deal")
        step, effect = next_remark_effect(partie, protocol, seat[0])
        if effect.kind == "disqualification" and not confirm_disqualification:
            raise ConfirmationRequired(
                _("Это %(n)s-е замечание пары: %(effect)s. Подтвердите снятие пары с турнира.")
                % {"n": step, "effect": effect.describe()}, effect=effect.describe())
        data = protocol_json(protocol)
        data = {**data, "remarks": list(data.get("remarks", [])) + [{"deal": deal, "player": seat, "reason": reason}]}
        engine_score(data)
        remark = Remark.objects.create(protocol=protocol, deal=deal, seat=seat, reason=reason,
                                       note=(note or "")[:300], given_by=user)
        save_protocol(protocol, user)
        tournament = partie.round.tournament
        log_action(tournament, "protocol.remark.given", user=user, partie=partie, before=None,
                   after={"remark": remark.to_json(), "step": step, "effect": effect.kind,
                          "totals": totals(protocol), "version": protocol.version},
                   note=effect.describe())
        if effect.kind == "disqualification":
            pair = partie.pair_a if seat[0] == "A" else partie.pair_b
            old = pair.status
            pair.status = EntrantStatus.DISQUALIFIED
            pair.save(update_fields=["status"])
            log_action(tournament, "pair.disqualified", user=user, partie=partie, before={"status": old},
                       after={"status": pair.status, "pair": pair.number}, note=note or "")
    return protocol


def withdraw_remark(user, partie, remark_id, reason, *, expected_version):
    """Take back a remark given by mistake (before signing), with a written reason; the audit keeps it."""
    partie = load_partie(partie)
    require(perms.can_enter(user, partie))
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("Укажите, почему замечание снимается."), "reason_required", field="reason")
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        remark = protocol.remarks.filter(pk=remark_id).first()
        if remark is None:
            raise InvalidInput(_("Такого замечания в протоколе нет."), "no_such_remark")
        tournament = partie.round.tournament
        before = {"remark": remark.to_json(), "totals": totals(protocol), "version": protocol.version}
        data = protocol_json(protocol)
        data["remarks"] = [r.to_json() for r in protocol.remarks.all() if r.pk != remark.pk]
        was_disqualified = engine_score(protocol_json(protocol)).disqualified
        engine_score(data)
        remark.delete()
        save_protocol(protocol, user)
        log_action(tournament, "protocol.remark.withdrawn", user=user, partie=partie, before=before,
                   after={"totals": totals(protocol), "version": protocol.version}, note=reason)
        side = remark.seat[0]
        pair = partie.pair_a if side == "A" else partie.pair_b
        if was_disqualified == side and not protocol.disqualified:
            reinstate(user, partie, pair, reason)
    return protocol


def record_no_show(user, partie, side, *, expected_version, seats=None):
    """A pair did not appear: the opponents win by forfeit (§5).

    An individual event (docs/rules-individual.md §6): ``seats`` names the players of ``side`` who did not
    come (one or both); the side loses the partie as a no-show, and the standings score only the absent as
    losing (a present partner sits the round out). Without ``seats``: the whole side.
    """
    partie = partie_for_entry(user, partie)
    if side not in SIDES:
        raise InvalidInput(_("Укажите пару: A или B."), "side", field="side")
    seats = sorted(set(seats or ()))
    if seats and (not partie.round.tournament.format_spec.single_player_entries or any(s not in (f"{side}1", f"{side}2") for s in seats)):
        raise InvalidInput(_("Укажите места не явившихся игроков стороны %(side)s.") % {"side": side},
                           "absent_seats", field="seats")
    absent = "" if len(seats) in (0, 2) else seats[0]
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        if protocol.deals.exists():
            raise InvalidInput(_("Раздачи уже внесены: неявку отметить нельзя."), "deals_recorded", field="side")
        if protocol.no_show:
            return _add_absent_player(user, partie, protocol, seats)
        engine_score({**protocol_json(protocol), "no_show": side})
        protocol.no_show = side
        protocol.absent_seats = absent
        save_protocol(protocol, user)
        log_action(partie.round.tournament, "protocol.no_show", user=user, partie=partie,
                   before={"no_show": None},
                   after={"no_show": side, **({"absent_seats": absent} if absent else {}), "totals": totals(protocol)})
    return protocol


def _add_absent_player(user, partie, protocol, seats):
    """An individual event: a second absent player after the first (docs/rules-individual.md §6).

    The first no-show keeps the partie's score; the second seat is added to the absent ones: the partner of
    the first makes the whole side absent, a player of the other side makes one absent player on each side.
    """
    first = protocol.absent_seats
    if len(seats) != 1 or "," in first or not first or seats[0] == first:
        raise InvalidInput(_("Неявка уже отмечена."), "no_show_exists", field="side")
    both = ",".join(sorted([first, seats[0]]))
    protocol.absent_seats = "" if seats[0][0] == first[0] else both
    save_protocol(protocol, user)
    log_action(partie.round.tournament, "protocol.no_show", user=user, partie=partie,
               before={"no_show": protocol.no_show, "absent_seats": first},
               after={"no_show": protocol.no_show, "absent_seats": protocol.absent_seats or both,
                      "totals": totals(protocol)})
    return protocol


def _undo_mark(user, partie, field, reason, *, expected_version, missing, action):
    """Take back a no-show or a departure marked by mistake, before signing; the audit keeps both states.

    ``missing``: (message, code) when nothing is marked; ``action``: the audit action.
    """
    partie = partie_for_entry(user, partie)
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        side = getattr(protocol, field)
        if not side:
            raise InvalidInput(missing[0], missing[1], field="side")
        setattr(protocol, field, "")
        if field == "no_show":
            protocol.absent_seats = ""
        scored = engine_score(protocol_json(protocol))
        save_protocol(protocol, user, scored=scored)
        log_action(partie.round.tournament, action, user=user, partie=partie,
                   before={field: side}, after={field: None, "totals": totals(protocol)},
                   note=(reason or "").strip()[:300])
    return protocol


def undo_no_show(user, partie, reason="", *, expected_version):
    """A no-show recorded by mistake is taken back by the referee before signing; the audit keeps it."""
    return _undo_mark(user, partie, "no_show", reason, expected_version=expected_version,
                      missing=(_("Неявка не отмечена."), "no_no_show"), action="protocol.no_show_undone")


def mark_abandoned(user, partie, side, *, expected_version):
    """Kozel and Morskoy: pair ``side`` left the partie unfinished (RULES-KOZEL.md §5.3); it loses the partie.

    The game in play ends after the last recorded deal; the pair that left is its goat and the goat of every
    game not played. Allowed to the table's referees as a no-show is; refused once the partie is over.
    """
    partie = partie_for_entry(user, partie)
    if side not in SIDES:
        raise InvalidInput(_("Укажите пару: A или B."), "side", field="side")
    if not partie.round.tournament.game.allows_abandonment:
        raise InvalidInput(_("Уход пары отмечается только в козле и морском козле."), "no_abandonment",
                           field="side")
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        if protocol.no_show:
            raise InvalidInput(_("Партия завершена неявкой."), "no_show", field="side")
        if protocol.abandoned:
            raise InvalidInput(_("Уход пары %(side)s уже отмечен.") % {"side": protocol.abandoned},
                               "abandoned_exists", field="side")
        if protocol.finished:
            raise InvalidInput(_("Партия уже окончена: уход пары отметить нельзя."), "finished", field="side")
        scored = engine_score({**protocol_json(protocol), "abandoned": side})
        protocol.abandoned = side
        save_protocol(protocol, user, scored=scored)
        log_action(partie.round.tournament, "protocol.abandoned", user=user, partie=partie,
                   before={"abandoned": None}, after={"abandoned": side, "totals": totals(protocol)})
    return protocol


def undo_abandoned(user, partie, reason="", *, expected_version):
    """A departure marked by mistake is taken back before signing (as a no-show is); the audit keeps it."""
    return _undo_mark(user, partie, "abandoned", reason, expected_version=expected_version,
                      missing=(_("Уход пары не отмечен."), "no_abandonment"), action="protocol.abandoned_undone")


def has_time_limit(rules) -> bool:
    """`federation`; Kozel, Morskoy and hand points with a time limit or a partie played for a time."""
    return time_limit_seconds(rules) is not None


def record_time_up(user, partie, *, expected_version, how=""):
    """Time ran out; the last recorded deal is the last one (a tie still needs an extra deal).

    `federation`, and Kozel, Morskoy and hand points where the rules set a time limit
    (docs/rules-kozel.md §3, §6): the game in play is decided on its totals. ``how`` (federation, may be
    left empty): ``finish_deal`` (the deal in play was finished) or ``one_more_deal`` (the time ran out at
    the count or the shuffle); the audit keeps it with what the round clock showed (docs/rules.md §5.1).
    """
    partie = partie_for_entry(user, partie)
    rules = partie.round.tournament.rules()
    if not has_time_limit(rules):
        raise InvalidInput(_("В этом регламенте нет лимита времени на партию."), "no_time_limit")
    if how not in ("", *TIME_UP_HOW) or (how == "one_more_deal" and time_up_rule(rules) != DEAL_OR_ONE_MORE):
        raise InvalidInput(_("Выберите, как окончилась партия по времени."), "bad_time_up_how", field="how")
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        if protocol.ended_by_time:
            raise InvalidInput(_("Окончание по времени уже отмечено."), "time_up_exists")
        if not protocol.deals.exists():
            raise InvalidInput(_("Сначала внесите сыгранные раздачи."), "no_deals")
        engine_score({**protocol_json(protocol), "ended_by_time": True})
        protocol.ended_by_time = True
        save_protocol(protocol, user)
        after = {"ended_by_time": True, "totals": totals(protocol)}
        if how:
            after["how"] = how
        clock = partie.round.clock(partie)
        if clock is not None:
            after["clock_remaining"] = round(clock.remaining(timezone.now().timestamp()))
        log_action(partie.round.tournament, "protocol.time_up", user=user, partie=partie,
                   before={"ended_by_time": False}, after=after)
    return protocol
