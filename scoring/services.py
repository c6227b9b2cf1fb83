"""Protocol services: the only code that writes deals, remarks, no-shows and signatures.

Every service takes the acting ``user``, checks the permission, locks the
protocol row (``select_for_update``) inside ``transaction.atomic()``, checks
the optimistic ``version`` the caller showed (required: a form without it is
refused, so the last writer never wins silently), lets the
engine (``scoring.rules``) validate the protocol *with* the change before any
row is written, then writes, bumps the version, rescores the cache, updates
the status and writes an audit entry with what it was before and after.

Nothing is entered or signed at a table until its round is published: a
draft round can still be swapped or discarded, which would move or delete
what was written there.
"""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from referees import permissions as perms
from referees.models import log_action
from tournaments.models import PairStatus, Partie, Round, RoundStatus, SignatureMode, SigningMethod
from tournaments.names import person_name

from referees.protocol_state import (  # noqa: F401  (re-exported: the pages read through the services module)
    absent_sides, current_state, engine_score, load_partie, missing_signatures, next_remark_effect, protocol_json,
    required_player_seats, signable_player_seats, with_deal,
)

# The fingerprint: SHA-256 of the content with the header its signers saw (re-exported for the pages and tests).
from .integrity import canonical_json, freeze_header, protocol_fingerprint  # noqa: F401
from .errors import ConfirmationRequired, InvalidInput, NotAllowed, ProtocolLocked, VersionConflict
from .models import (
    Deal, DealResult, PinChannel, Protocol, ProtocolStatus, Remark, RemarkReason, Signature, SignatureRole,
)
from . import pin_tries
from .pin_codes import clean_pin
from .reports.signing import ensure_signing_key
from .seals import make_seal, seal_message
from .scores import refresh_prior_remarks

SEATS = ("A1", "B1", "A2", "B2")
SIDES = ("A", "B")


# --- protocol row, locking and bookkeeping -----------------------------------------

def ensure_protocol(partie) -> Protocol:
    """The partie's protocol, created on first use with the pairs' remarks from earlier rounds."""
    partie = partie if isinstance(partie, Partie) else load_partie(partie)
    try:
        return Protocol.objects.get(partie=partie)
    except Protocol.DoesNotExist:
        pass
    try:
        with transaction.atomic():
            protocol = Protocol(partie=partie)
            refresh_prior_remarks(protocol)
            protocol.save()
            return protocol
    except IntegrityError:  # created by another device a moment ago
        return Protocol.objects.get(partie=partie)


def _require_published(partie):
    if partie.round.status == RoundStatus.DRAFT:
        raise InvalidInput(
            _("Тур %(n)s ещё не опубликован: за столами этого тура ничего не вносится и не подписывается.")
            % {"n": partie.round.number}, "round_draft")


def _given_version(expected_version):
    """The version a form showed, as an int; None when it is missing or not a plain number."""
    if expected_version is None or isinstance(expected_version, bool):
        return None
    if isinstance(expected_version, int):
        return expected_version
    text = str(expected_version).strip()
    if not text or len(text) > 12 or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def _open(partie, expected_version, *, allow_locked=False, allow_draft=False) -> Protocol:
    """Lock the protocol row for this transaction and check the round, the version and the lock."""
    if not allow_draft:
        _require_published(partie)
    try:
        protocol = Protocol.objects.select_for_update().get(partie=partie)
    except Protocol.DoesNotExist:  # the first write at this table
        ensure_protocol(partie)
        protocol = Protocol.objects.select_for_update().get(partie=partie)
    protocol.partie = partie
    given = _given_version(expected_version)
    if given is None:
        raise VersionConflict(
            _("Форма пришла без версии протокола: изменение не принято. Проверьте текущее состояние и повторите."),
            "version_required", version=protocol.version, current=current_state(protocol),
        )
    if given != protocol.version:
        raise VersionConflict(
            _("Протокол изменился после того, как эта страница была открыта: запись не сохранена. "
              "Ниже — протокол, как он записан сейчас; сравните и при необходимости внесите снова."),
            version=protocol.version, current=current_state(protocol),
        )
    if protocol.is_locked and not allow_locked:
        raise ProtocolLocked(_("Протокол подписан и закрыт. Открыть его может только главный судья."))
    if not protocol.is_locked:
        refresh_prior_remarks(protocol)
    return protocol


def _require(allowed: bool, message=None, code="not_allowed"):
    if not allowed:
        raise NotAllowed(message or _("У вас нет прав на это действие в этом протоколе."), code)


def _require_table(partie):
    if partie.is_bye:
        raise InvalidInput(_("У пары свободный тур: протокол не ведётся."), "bye")


def _partie_for_entry(user, partie) -> Partie:
    """The partie, once ``user`` may enter results at its table and it is not a bye."""
    partie = load_partie(partie)
    _require(perms.can_enter(user, partie))
    _require_table(partie)
    return partie


def _signature_json(sig) -> dict:
    return {"role": sig.role, "seat": sig.seat, "name": sig.name, "user": sig.user_id,
            "fingerprint": sig.fingerprint}


def _discard_signatures(protocol, user, note):
    signatures = list(protocol.signatures.all())
    if protocol.signed_header is not None:  # the next first signature freezes the header anew
        protocol.signed_header = None
        Protocol.objects.filter(pk=protocol.pk).update(signed_header=None)
    if signatures:
        protocol.signatures.all().delete()
        log_action(protocol.partie.round.tournament, "protocol.signatures_discarded", user=user,
                   partie=protocol.partie, before=[_signature_json(s) for s in signatures], after=[], note=note)


def _save(protocol, user=None, *, content_changed=True, scored=None, cascade=True):
    """Bump the version, rescore the cache, set the status and save (inside the transaction).

    ``scored``: the engine's score of the protocol as it now stands, when the caller has it already
    (it validated the change with it), so that it is not computed twice while the row is locked.
    ``cascade=False``: the change leaves the remarks as they were (a deal entered or corrected), so the
    later rounds' protocols, whose ladder steps count this protocol's remarks, need no rescoring.
    """
    from .scores import rescore  # noqa: PLC0415 cycle: scoring.scores → scoring.protocol_json → scoring.services

    if content_changed:
        _discard_signatures(protocol, user, _("Содержание протокола изменено после подписи"))
    protocol.version += 1
    if content_changed:
        scored = rescore(protocol, result=scored, cascade=cascade)  # saves the row, the new version with it
        status = _status(protocol, scored)
        if status != protocol.status:
            protocol.status = status
            protocol.save(update_fields=["status", "updated_at"])
        return
    protocol.status = _status(protocol)
    protocol.save()


def _status(protocol, scored=None) -> str:
    """``scored``: the engine's score of the rows as stored, if at hand (one entry per deal and remark)."""
    if protocol.locked_at:
        return ProtocolStatus.SIGNED
    if protocol.finished and not protocol.extra_deal_needed:
        return ProtocolStatus.AWAITING_SIGNATURES
    if (protocol.no_show or (scored is not None and (scored.deals or scored.remarks))
            or protocol.deals.exists() or protocol.remarks.exists()):
        return ProtocolStatus.IN_PLAY
    return ProtocolStatus.NOT_STARTED


def _totals(protocol) -> dict:
    return {"A": protocol.score_a, "B": protocol.score_b}


def _normalize_deal(deal) -> dict:
    if not isinstance(deal, dict):
        raise InvalidInput(_("Раздача не распознана."), "deal_format")
    try:
        n = int(deal.get("n"))
    except (TypeError, ValueError):
        raise InvalidInput(_("Не указан номер раздачи."), "deal_number", field="n") from None
    if deal.get("result") not in DealResult.values:
        raise InvalidInput(_("Раздача %(n)s: выберите итог — домино, рыба или ложный пас.") % {"n": n},
                           "deal_result", deal=n, field="result")
    data = {"n": n, "result": deal["result"]}
    for key in ("out", "offender"):
        if deal.get(key):
            data[key] = deal[key]
    if deal.get("hands"):
        data["hands"] = deal["hands"]
    for key in ("lead", "lead_tile", "out_tile", "fisher", "note"):  # Kozel family and hand points
        if deal.get(key):
            data[key] = deal[key]
    if deal.get("points") is not None:
        data["points"] = deal["points"]
    return data


def deal_extra_fields(deal: dict) -> dict:
    from .protocol_json import deal_extra_fields as extra  # noqa: PLC0415 cycle: scoring.protocol_json → scoring.services

    return extra(deal)


def _deal_json(deal) -> dict:
    return deal.to_json()


# --- deals -------------------------------------------------------------------------

def record_deal(user, partie, deal: dict, *, expected_version) -> Protocol:
    """Enter the next deal (§9 JSON form). Refuses a second result, a gap, or a finished partie."""
    partie = _partie_for_entry(user, partie)
    deal = _normalize_deal(deal)
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        n = deal["n"]
        data = protocol_json(protocol)  # the rows as they stand: counted and checked here, scored below
        recorded = len(data["deals"])
        if any(d["n"] == n for d in data["deals"]):
            raise InvalidInput(_("Раздача %(n)s уже внесена; чтобы изменить её, исправьте раздачу.") % {"n": n},
                               "deal_exists", deal=n, field="n")
        if protocol.no_show:
            raise InvalidInput(_("Партия завершена неявкой: раздачи не вносятся."), "no_show", deal=n)
        if protocol.finished and not protocol.extra_deal_needed:
            raise InvalidInput(_("Партия уже окончена: раздача %(n)s не нужна.") % {"n": n}, "finished", deal=n)
        if n != recorded + 1:
            raise InvalidInput(_("Следующая раздача — №%(next)s, а не №%(n)s.") % {"next": recorded + 1, "n": n},
                               "deal_order", deal=n, field="n")
        scored = engine_score(with_deal(data, deal))
        Deal.objects.create(protocol=protocol, n=n, result=deal["result"], out=deal.get("out", ""),
                            offender=deal.get("offender", ""), hands=deal.get("hands", {}), entered_by=user,
                            **deal_extra_fields(deal))
        _save(protocol, user, scored=scored, cascade=False)
        log_action(partie.round.tournament, "protocol.deal.recorded", user=user, partie=partie, before=None,
                   after={"deal": deal, "totals": _totals(protocol), "version": protocol.version},
                   note=_("Раздача %(n)s") % {"n": n})
    return protocol


def correct_deal(user, partie, deal: dict, *, expected_version) -> Protocol:
    """Replace a recorded deal before signing; the audit keeps what it was.

    The same deal saved again unchanged writes nothing: the version, the confirmation and the players'
    signatures stay as they were (the protocol is returned with its version unchanged)."""
    partie = _partie_for_entry(user, partie)
    deal = _normalize_deal(deal)
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        row = protocol.deals.filter(n=deal["n"]).first()
        if row is None:
            raise InvalidInput(_("Раздача %(n)s ещё не внесена.") % {"n": deal["n"]}, "no_such_deal",
                               deal=deal["n"], field="n")
        if _normalize_deal(_deal_json(row)) == deal:  # saved unchanged: nothing to write, signatures stay
            return protocol
        before = {"deal": _deal_json(row), "totals": _totals(protocol), "version": protocol.version}
        engine_score(with_deal(protocol_json(protocol), deal))
        row.result, row.out, row.offender = deal["result"], deal.get("out", ""), deal.get("offender", "")
        row.hands = deal.get("hands", {})
        for key, value in deal_extra_fields(deal).items():
            setattr(row, key, value)
        row.entered_by, row.entered_at = user, timezone.now()
        row.confirmed_by, row.confirmed_at = None, None
        row.save()
        _save(protocol, user, cascade=False)
        log_action(partie.round.tournament, "protocol.deal.corrected", user=user, partie=partie, before=before,
                   after={"deal": _deal_json(row), "totals": _totals(protocol), "version": protocol.version},
                   note=_("Исправлена раздача %(n)s") % {"n": deal["n"]})
    return protocol


def delete_last_deal(user, partie, n, *, expected_version):
    """Delete the last recorded deal before signing (a deal entered by mistake); the audit keeps it."""
    partie = _partie_for_entry(user, partie)
    try:
        n = int(n)
    except (TypeError, ValueError):
        raise InvalidInput(_("Не указан номер раздачи."), "deal_number", field="n") from None
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        last = protocol.deals.order_by("-n").first()
        if last is None or last.n != n:
            raise InvalidInput(_("Удалить можно только последнюю внесённую раздачу."), "not_last_deal", deal=n,
                               field="n")
        before = {"deal": _deal_json(last), "totals": _totals(protocol), "version": protocol.version}
        data = protocol_json(protocol)
        engine_score({**data, "deals": [d for d in data["deals"] if d["n"] != n]})
        last.delete()
        _save(protocol, user)
        log_action(partie.round.tournament, "protocol.deal.deleted", user=user, partie=partie, before=before,
                   after={"deal": None, "totals": _totals(protocol), "version": protocol.version},
                   note=_("Удалена раздача %(n)s") % {"n": n})
    return protocol


def confirm_deal(user, partie, n, *, expected_version):
    """Confirm a deal: a player of the pair that did not win it, or a referee other than who entered it."""
    partie = load_partie(partie)
    tournament = partie.round.tournament
    _require(perms.can_confirm(user, partie))
    if not tournament.confirm_each_deal:
        raise InvalidInput(_("В этом турнире раздачи не подтверждаются."), "confirmation_disabled")
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        row = protocol.deals.filter(n=n).first()
        if row is None:
            raise InvalidInput(_("Раздача %(n)s ещё не внесена.") % {"n": n}, "no_such_deal", deal=n)
        if row.confirmed_by_id:
            raise InvalidInput(_("Раздача %(n)s уже подтверждена.") % {"n": n}, "already_confirmed", deal=n)
        if row.entered_by_id == user.pk:
            raise NotAllowed(_("Нельзя подтверждать собственную запись."), "own_entry")
        if not perms.officiates(user, partie):  # a player confirms as a player, whatever his referee role
            scored = engine_score(protocol_json(protocol))
            winner = next((d.winner for d in scored.deals if d.n == int(n)), None)
            sides = {seat[0] for seat in perms.player_seats(user, partie)}
            if winner is not None and sides == {winner}:
                raise NotAllowed(_("Раздачу подтверждает игрок пары, которая её не выиграла."), "winner_confirms")
        row.confirmed_by, row.confirmed_at = user, timezone.now()
        row.save(update_fields=["confirmed_by", "confirmed_at"])
        _save(protocol, user, content_changed=False)
        log_action(tournament, "protocol.deal.confirmed", user=user, partie=partie,
                   before={"deal": n, "confirmed_by": None}, after={"deal": n, "confirmed_by": user.pk},
                   note=_("Подтверждена раздача %(n)s") % {"n": n})
    return protocol


# --- remarks, no-show, time -----------------------------------------------------------

def give_remark(user, partie, *, deal, seat, reason, note="", confirm_disqualification=False,
                expected_version):
    """A remark to the player at ``seat`` during ``deal``; its step on the pair's ladder decides the effect."""
    partie = _partie_for_entry(user, partie)
    if seat not in SEATS:
        raise InvalidInput(_("Выберите игрока."), "seat", field="seat")
    if reason not in RemarkReason.values:
        raise InvalidInput(_("Выберите причину замечания."), "reason", field="reason", seat=seat)
    try:
        deal = int(deal)
    except (TypeError, ValueError):
        raise InvalidInput(_("Укажите раздачу."), "deal_number", field="deal", seat=seat) from None
    with transaction.atomic():
        protocol = _open(partie, expected_version)
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
        _save(protocol, user)
        tournament = partie.round.tournament
        log_action(tournament, "protocol.remark.given", user=user, partie=partie, before=None,
                   after={"remark": remark.to_json(), "step": step, "effect": effect.kind,
                          "totals": _totals(protocol), "version": protocol.version},
                   note=effect.describe())
        if effect.kind == "disqualification":
            pair = partie.pair_a if seat[0] == "A" else partie.pair_b
            old = pair.status
            pair.status = PairStatus.DISQUALIFIED
            pair.save(update_fields=["status"])
            log_action(tournament, "pair.disqualified", user=user, partie=partie, before={"status": old},
                       after={"status": pair.status, "pair": pair.number}, note=note or "")
    return protocol


def withdraw_remark(user, partie, remark_id, reason, *, expected_version):
    """Take back a remark given by mistake (before signing), with a written reason; the audit keeps it."""
    partie = load_partie(partie)
    _require(perms.can_enter(user, partie))
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("Укажите, почему замечание снимается."), "reason_required", field="reason")
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        remark = protocol.remarks.filter(pk=remark_id).first()
        if remark is None:
            raise InvalidInput(_("Такого замечания в протоколе нет."), "no_such_remark")
        tournament = partie.round.tournament
        before = {"remark": remark.to_json(), "totals": _totals(protocol), "version": protocol.version}
        data = protocol_json(protocol)
        data["remarks"] = [r.to_json() for r in protocol.remarks.all() if r.pk != remark.pk]
        was_disqualified = engine_score(protocol_json(protocol)).disqualified
        engine_score(data)
        remark.delete()
        _save(protocol, user)
        log_action(tournament, "protocol.remark.withdrawn", user=user, partie=partie, before=before,
                   after={"totals": _totals(protocol), "version": protocol.version}, note=reason)
        side = remark.seat[0]
        pair = partie.pair_a if side == "A" else partie.pair_b
        if was_disqualified == side and not protocol.disqualified:
            _reinstate(user, partie, pair, reason)
    return protocol


def _reinstate(user, partie, pair, reason):
    """A pair disqualified by a remark that no longer stands plays again (logged)."""
    if pair.status != PairStatus.DISQUALIFIED:
        return
    pair.status = PairStatus.ACTIVE
    pair.save(update_fields=["status"])
    log_action(partie.round.tournament, "pair.reinstated", user=user, partie=partie,
               before={"status": PairStatus.DISQUALIFIED}, after={"status": pair.status, "pair": pair.number},
               note=reason)


def record_no_show(user, partie, side, *, expected_version):
    """A pair did not appear: the opponents win by forfeit (§5)."""
    partie = _partie_for_entry(user, partie)
    if side not in SIDES:
        raise InvalidInput(_("Укажите пару: A или B."), "side", field="side")
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        if protocol.deals.exists():
            raise InvalidInput(_("Раздачи уже внесены: неявку отметить нельзя."), "deals_recorded", field="side")
        if protocol.no_show:
            raise InvalidInput(_("Неявка уже отмечена."), "no_show_exists", field="side")
        engine_score({**protocol_json(protocol), "no_show": side})
        protocol.no_show = side
        _save(protocol, user)
        log_action(partie.round.tournament, "protocol.no_show", user=user, partie=partie,
                   before={"no_show": None}, after={"no_show": side, "totals": _totals(protocol)})
    return protocol


def _undo_mark(user, partie, field, reason, *, expected_version, missing, action):
    """Take back a no-show or a departure marked by mistake, before signing; the audit keeps both states.

    ``missing``: (message, code) when nothing is marked; ``action``: the audit action.
    """
    partie = _partie_for_entry(user, partie)
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        side = getattr(protocol, field)
        if not side:
            raise InvalidInput(missing[0], missing[1], field="side")
        setattr(protocol, field, "")
        scored = engine_score(protocol_json(protocol))
        _save(protocol, user, scored=scored)
        log_action(partie.round.tournament, action, user=user, partie=partie,
                   before={field: side}, after={field: None, "totals": _totals(protocol)},
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
    partie = _partie_for_entry(user, partie)
    if side not in SIDES:
        raise InvalidInput(_("Укажите пару: A или B."), "side", field="side")
    if partie.round.tournament.rules().family != "kozel":
        raise InvalidInput(_("Уход пары отмечается только в козле и морском козле."), "no_abandonment",
                           field="side")
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        if protocol.no_show:
            raise InvalidInput(_("Партия завершена неявкой."), "no_show", field="side")
        if protocol.abandoned:
            raise InvalidInput(_("Уход пары %(side)s уже отмечен.") % {"side": protocol.abandoned},
                               "abandoned_exists", field="side")
        if protocol.finished:
            raise InvalidInput(_("Партия уже окончена: уход пары отметить нельзя."), "finished", field="side")
        scored = engine_score({**protocol_json(protocol), "abandoned": side})
        protocol.abandoned = side
        _save(protocol, user, scored=scored)
        log_action(partie.round.tournament, "protocol.abandoned", user=user, partie=partie,
                   before={"abandoned": None}, after={"abandoned": side, "totals": _totals(protocol)})
    return protocol


def undo_abandoned(user, partie, reason="", *, expected_version):
    """A departure marked by mistake is taken back before signing (as a no-show is); the audit keeps it."""
    return _undo_mark(user, partie, "abandoned", reason, expected_version=expected_version,
                      missing=(_("Уход пары не отмечен."), "no_abandonment"), action="protocol.abandoned_undone")


def has_time_limit(rules) -> bool:
    """`federation`; Kozel, Morskoy and hand points with a time limit or a partie played for a time."""
    if rules.preset == "federation":
        return True
    return rules.family != "sport" and bool(rules.time_limit_minutes or rules.partie_length == "time")


def record_time_up(user, partie, *, expected_version):
    """Time ran out; the last recorded deal is the last one (a tie still needs an extra deal).

    `federation`, and Kozel, Morskoy and hand points where the rules set a time limit
    (docs/rules-kozel.md §3, §6): the game in play is decided on its totals.
    """
    partie = _partie_for_entry(user, partie)
    if not has_time_limit(partie.round.tournament.rules()):
        raise InvalidInput(_("В этом регламенте нет лимита времени на партию."), "no_time_limit")
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        if protocol.ended_by_time:
            raise InvalidInput(_("Окончание по времени уже отмечено."), "time_up_exists")
        if not protocol.deals.exists():
            raise InvalidInput(_("Сначала внесите сыгранные раздачи."), "no_deals")
        engine_score({**protocol_json(protocol), "ended_by_time": True})
        protocol.ended_by_time = True
        _save(protocol, user)
        log_action(partie.round.tournament, "protocol.time_up", user=user, partie=partie,
                   before={"ended_by_time": False}, after={"ended_by_time": True, "totals": _totals(protocol)})
    return protocol


def set_first_lead(user, partie, seat, *, expected_version):
    """`federation`: the seat that won the turning of tiles leads deal 1 (before any deal)."""
    partie = _partie_for_entry(user, partie)
    if seat not in SEATS:
        raise InvalidInput(_("Выберите игрока."), "seat", field="first_lead")
    if partie.round.tournament.rules().preset != "federation":
        raise InvalidInput(_("В этом регламенте первую раздачу всегда начинает A1."), "fixed_first_lead")
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        if protocol.deals.exists():
            raise InvalidInput(_("Раздачи уже внесены: первый заход менять нельзя."), "deals_recorded")
        before = protocol.first_lead
        protocol.first_lead = seat
        _save(protocol, user)
        log_action(partie.round.tournament, "protocol.first_lead", user=user, partie=partie,
                   before={"first_lead": before}, after={"first_lead": seat})
    return protocol


# --- signatures, lock, reopening ------------------------------------------------------

def sign_protocol(user, partie, *, role, seat=None, pin=None, expected_version, phone=None):
    """A player signs for his seat, then the referee countersigns; the last signature locks the protocol.

    How a player signs depends on the tournament's ``signing_method``: with his
    account (``pin`` is None), or with his PIN on the referee's device or on his
    own phone (then ``user`` is the referee, or anyone on the public signing
    page, who must hold the table's QR token: ``phone``, a ``pin_tries.PhoneClient``;
    the tries are counted by ``scoring.pin_tries``). When the referee attests the paper sheet, he signs alone. A no-show
    protocol needs only the referee; the absent or disqualified pair cannot sign.
    """
    partie = load_partie(partie)
    tournament = partie.round.tournament
    _require_table(partie)
    method = tournament.signing_method
    how = SigningMethod.REFEREE_ATTESTS if method == SigningMethod.REFEREE_ATTESTS else SigningMethod.ACCOUNT
    if role == SignatureRole.PLAYER:
        if seat not in SEATS:
            raise InvalidInput(_("Укажите место игрока."), "seat", field="seat")
        if method == SigningMethod.REFEREE_ATTESTS:
            raise InvalidInput(_("В этом турнире подписи игроков на бумажном бланке заверяет судья."),
                               "referee_attests", field="seat")
        if pin is None:
            _require(perms.can_sign_as_player(user, partie, seat),
                     _("Подписать за место %(seat)s может только игрок этого места.") % {"seat": seat})
        else:
            if method not in (SigningMethod.TABLE_PIN, SigningMethod.OWN_PHONE):
                raise InvalidInput(_("В этом турнире игроки подписывают без ПИН-кода."), "pin_not_used",
                                   field="pin")
            if perms.can_countersign(user, partie):
                how = SigningMethod.TABLE_PIN
            elif method == SigningMethod.OWN_PHONE:
                how = SigningMethod.OWN_PHONE
                pin_tries.require_token(partie, phone)
            else:
                _require(False, _("ПИН-код вводится на устройстве судьи этого стола."))
            pin = clean_pin(pin)
    elif role == SignatureRole.REFEREE:
        _require(perms.can_countersign(user, partie), _("Протокол подписывает судья этого стола."))
    else:
        raise InvalidInput(_("Неизвестная роль подписи."), "role", field="role")
    refusal = None
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        if protocol.status != ProtocolStatus.AWAITING_SIGNATURES:
            raise InvalidInput(_("Партия ещё не окончена: подписывать рано."), "not_finished")
        if tournament.confirm_each_deal and protocol.deals.filter(confirmed_by__isnull=True).exists():
            raise InvalidInput(_("Не все раздачи подтверждены."), "unconfirmed_deals")
        signatures = list(protocol.signatures.all())
        missing = missing_signatures(partie, signatures, protocol)
        signer = user
        if role == SignatureRole.PLAYER:
            if seat[0] in absent_sides(protocol):
                raise InvalidInput(_("Пара %(side)s не играла партию до конца: её игроки протокол не подписывают.")
                                   % {"side": seat[0]}, "absent_pair", seat=seat, field="seat")
            one_per_pair = tournament.signature_mode == SignatureMode.ONE_PER_PAIR
            slot = seat[0] if one_per_pair else seat
            signed = {(s.seat[0] if one_per_pair else s.seat) for s in signatures if s.role == SignatureRole.PLAYER}
            if slot not in signable_player_seats(partie, protocol) or slot in signed:
                raise InvalidInput(_("Эта подпись уже есть."), "already_signed", seat=seat)
            if any(s.role == SignatureRole.REFEREE for s in signatures):
                raise InvalidInput(_("Судья уже подписал протокол."), "already_signed")
            side_pair = partie.pair_a if seat[0] == "A" else partie.pair_b
            player = perms.seated_players(side_pair)[int(seat[1]) - 1]
            name = player.name
            if pin is not None:
                channel = PinChannel.TABLE if how == SigningMethod.TABLE_PIN else PinChannel.PHONE
                refusal = pin_tries.check_pin(user, protocol, player, seat, pin, channel=channel, phone=phone)
                signer = player.user
        else:
            if missing != ["referee"]:
                if "referee" not in missing:
                    raise InvalidInput(_("Судья уже подписал протокол."), "already_signed")
                raise InvalidInput(_("Судья подписывает после игроков."), "players_first")
            name = person_name(user)
            if protocol.no_show:  # no partie was played: no paper sheet with players' signatures to attest
                how = SigningMethod.ACCOUNT
        if refusal is None:
            if not signatures:  # the first signature: the names, pairs, round and table as the signers see them
                freeze_header(protocol)
            fingerprint = protocol_fingerprint(protocol)
            key_pem, cert_pem = ensure_signing_key(tournament)  # the tournament's seal on the row (scoring.seals)
            sig = Signature.objects.create(protocol=protocol, role=role, seat=seat or "", name=name, user=signer,
                                           fingerprint=fingerprint, method=how,
                                           seal=make_seal(key_pem, cert_pem,
                                                          seal_message(fingerprint, role, seat, name, how)))
            log_action(tournament, "protocol.signed", user=user, partie=partie, before=None,
                       after={**_signature_json(sig), "method": how,
                              **({} if signatures else {"signed_header": protocol.signed_header})}, note=name)
            if role == SignatureRole.REFEREE:
                protocol.locked_at = timezone.now()
                log_action(tournament, "protocol.locked", user=user, partie=partie,
                           before={"status": protocol.status}, after={"status": ProtocolStatus.SIGNED,
                                                                      "fingerprint": fingerprint})
            _save(protocol, user, content_changed=False)
    if refusal is not None:  # the wrong try is counted (committed) and then refused
        raise refusal
    return protocol


def reopen_protocol(user, partie, reason, *, expected_version):
    """Only the chief referee (or organizer) reopens a signed protocol, with a written reason."""
    partie = load_partie(partie)
    _require(perms.can_reopen(user, partie), _("Открыть подписанный протокол может только главный судья."))
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("Укажите причину повторного открытия."), "reason_required", field="reason")
    with transaction.atomic():
        protocol = _open(partie, expected_version, allow_locked=True, allow_draft=True)
        if not protocol.is_locked:
            raise InvalidInput(_("Протокол не закрыт."), "not_locked")
        before = {"status": protocol.status, "locked_at": protocol.locked_at.isoformat(),
                  "signatures": [_signature_json(s) for s in protocol.signatures.all()]}
        protocol.signatures.all().delete()
        protocol.signed_header = None  # frozen again at the next first signature
        protocol.locked_at = None
        protocol.reopen_reason = reason
        _save(protocol, user, content_changed=False)
        log_action(partie.round.tournament, "protocol.reopened", user=user, partie=partie, before=before,
                   after={"status": protocol.status, "signatures": []}, note=reason)
        # A round with an unsigned protocol is in play again (docs/rules.md, «Повторно открытый протокол»).
        if Round.objects.filter(pk=partie.round_id, status=RoundStatus.FINISHED).update(status=RoundStatus.PUBLISHED):
            partie.round.status = RoundStatus.PUBLISHED
            log_action(partie.round.tournament, "round.reopened", user=user, partie=partie, note=reason,
                       before={"round": partie.round.number, "status": RoundStatus.FINISHED},
                       after={"round": partie.round.number, "status": RoundStatus.PUBLISHED})
    return protocol


def clear_protocol(user, partie, reason, *, expected_version, confirm_signatures=False):
    """The chief referee empties an open protocol (deals, remarks, no-show, time-up, signatures), with a reason.

    For a table that must not keep what was written there, e.g. a draft round
    that held results: a signed protocol is reopened first. Allowed in a
    draft round, where nothing else may be written. Players' signatures go as
    on reopening: with the reason, and only once confirmed (``confirm_signatures``;
    else ``ConfirmationRequired`` names the signers). The audit keeps the whole
    protocol as it was. A pair disqualified by a remark of this protocol plays again.
    """
    partie = load_partie(partie)
    _require(perms.can_reopen(user, partie), _("Очистить протокол может только главный судья."))
    _require_table(partie)
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("Укажите причину очистки протокола."), "reason_required", field="reason")
    if len(reason) > 300:
        raise InvalidInput(_("Причина — не длиннее 300 знаков."), "reason_too_long", field="reason")
    with transaction.atomic():
        protocol = _open(partie, expected_version, allow_draft=True)
        signatures = list(protocol.signatures.all())
        if signatures and not confirm_signatures:
            raise ConfirmationRequired(
                _("Протокол уже подписали: %(names)s. Очистка снимет их подписи, как повторное открытие, — "
                  "подписывать придётся снова. Очистить протокол?") % {"names": ", ".join(s.name for s in signatures)},
                "clear_signed")
        before = {"protocol": protocol_json(protocol), "totals": _totals(protocol), "version": protocol.version,
                  "signatures": [_signature_json(s) for s in signatures]}
        _discard_signatures(protocol, user, reason)  # with the reason of the clear, as reopening does
        was_disqualified = engine_score(protocol_json(protocol)).disqualified
        protocol.deals.all().delete()
        protocol.remarks.all().delete()
        protocol.no_show, protocol.ended_by_time, protocol.first_lead = "", False, "A1"
        _save(protocol, user)
        tournament = partie.round.tournament
        log_action(tournament, "protocol.cleared", user=user, partie=partie, before=before,
                   after={"totals": _totals(protocol), "version": protocol.version}, note=reason)
        pair = {"A": partie.pair_a, "B": partie.pair_b}.get(was_disqualified or "")
        if pair is not None:
            _reinstate(user, partie, pair, reason)
    return protocol


def rescore_drifted(user, tournament, *, round_number=None) -> int:
    """Rewrite the cached result of every protocol whose cache or prior remarks differ from its records
    (``scoring.checks``: "prior", "cache"), as ``verify_scores --fix`` does; the check page's button.

    The chief referee or the organizer only. The records and the signatures are not touched (the signatures
    vouch for the records and the frozen header, not for the cache). Each protocol in its own transaction,
    locked while it is rescored, and audited with the result before and after. Returns how many.
    """
    from .checks import check_tournament, cached  # noqa: PLC0415 cycle: scoring.checks → scoring.scores → scoring.protocol_json → scoring.services
    from .scores import rescore  # noqa: PLC0415 cycle: scoring.scores → scoring.protocol_json → scoring.services

    _require(perms.is_chief_referee(user, tournament),
             _("Пересчитать итоги может только главный судья или организатор."))
    report = check_tournament(tournament, round_number)
    ids = sorted({f.protocol.pk for f in report.findings if f.kind in ("prior", "cache")})
    for pk in ids:
        with transaction.atomic():
            protocol = Protocol.objects.select_for_update().get(pk=pk)  # no outer join under FOR UPDATE (PostgreSQL)
            before = {"cached": list(cached(protocol)), "prior_remarks": [protocol.prior_remarks_a,
                                                                          protocol.prior_remarks_b]}
            rescore(protocol, cascade=False)
            log_action(tournament, "protocol.rescored", user=user, partie=protocol.partie, before=before,
                       after={"cached": list(cached(protocol)),
                              "prior_remarks": [protocol.prior_remarks_a, protocol.prior_remarks_b]},
                       note=_("итог пересчитан по записям протокола"))
    return len(ids)
