"""Protocol services: the only code that writes deals, remarks, no-shows and signatures.

Every service takes the acting ``user``, checks the permission, locks the
protocol row (``select_for_update``) inside ``transaction.atomic()``, checks
the optimistic ``version`` when the caller passes the one it showed, lets the
engine (``scoring.rules``) validate the protocol *with* the change before any
row is written, then writes, bumps the version, rescores the cache, updates
the status and writes an audit entry with what it was before and after.
"""
from __future__ import annotations

import hashlib
import json

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from referees import permissions as perms
from referees.models import log_action
from tournaments.models import PairStatus, Partie, SignatureMode

from referees.protocol_state import (  # noqa: F401  (re-exported: the pages read through the services module)
    current_state, engine_score, load_partie, missing_signatures, next_remark_effect, protocol_json,
    required_player_seats, with_deal,
)

from .errors import ConfirmationRequired, InvalidInput, NotAllowed, ProtocolLocked, VersionConflict
from .models import Deal, DealResult, Protocol, ProtocolStatus, Remark, RemarkReason, Signature, SignatureRole
from .scores import refresh_prior_remarks

SEATS = ("A1", "B1", "A2", "B2")
SIDES = ("A", "B")


# --- fingerprint ----------------------------------------------------------------------

def canonical_json(data) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def protocol_fingerprint(protocol) -> str:
    """SHA-256 of the canonical JSON of the protocol's content (what a signature vouches for)."""
    return hashlib.sha256(canonical_json(protocol_json(protocol)).encode("utf-8")).hexdigest()


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


def _open(partie, expected_version, *, allow_locked=False) -> Protocol:
    """Lock the protocol row for this transaction and check version and lock."""
    try:
        protocol = Protocol.objects.select_for_update().get(partie=partie)
    except Protocol.DoesNotExist:  # the first write at this table
        ensure_protocol(partie)
        protocol = Protocol.objects.select_for_update().get(partie=partie)
    protocol.partie = partie
    if expected_version is not None and int(expected_version) != protocol.version:
        raise VersionConflict(
            _("Протокол уже изменён с другого устройства (версия %(now)s, у вас %(yours)s). "
              "Проверьте текущее состояние и повторите.") % {"now": protocol.version, "yours": expected_version},
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
    if signatures:
        protocol.signatures.all().delete()
        log_action(protocol.partie.round.tournament, "protocol.signatures_discarded", user=user,
                   partie=protocol.partie, before=[_signature_json(s) for s in signatures], after=[], note=note)


def _save(protocol, user=None, *, content_changed=True, scored=None):
    """Bump the version, rescore the cache, set the status and save (inside the transaction).

    ``scored``: the engine's score of the protocol as it now stands, when the caller has it already
    (it validated the change with it), so that it is not computed twice while the row is locked.
    """
    from .scores import rescore

    if content_changed:
        _discard_signatures(protocol, user, _("Содержание протокола изменено после подписи"))
    protocol.version += 1
    if content_changed:
        rescore(protocol, result=scored)  # saves the row, the new version with it
        status = _status(protocol)
        if status != protocol.status:
            protocol.status = status
            protocol.save(update_fields=["status", "updated_at"])
        return
    protocol.status = _status(protocol)
    protocol.save()


def _status(protocol) -> str:
    if protocol.locked_at:
        return ProtocolStatus.SIGNED
    if protocol.finished and not protocol.extra_deal_needed:
        return ProtocolStatus.AWAITING_SIGNATURES
    if protocol.no_show or protocol.deals.exists() or protocol.remarks.exists():
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
    return data


def _deal_json(deal) -> dict:
    return deal.to_json()


# --- deals -------------------------------------------------------------------------

def record_deal(user, partie, deal: dict, *, expected_version=None) -> Protocol:
    """Enter the next deal (§9 JSON form). Refuses a second result, a gap, or a finished partie."""
    partie = _partie_for_entry(user, partie)
    deal = _normalize_deal(deal)
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        n = deal["n"]
        recorded = protocol.deals.count()
        if protocol.deals.filter(n=n).exists():
            raise InvalidInput(_("Раздача %(n)s уже внесена; чтобы изменить её, исправьте раздачу.") % {"n": n},
                               "deal_exists", deal=n, field="n")
        if protocol.no_show:
            raise InvalidInput(_("Партия завершена неявкой: раздачи не вносятся."), "no_show", deal=n)
        if protocol.finished and not protocol.extra_deal_needed:
            raise InvalidInput(_("Партия уже окончена: раздача %(n)s не нужна.") % {"n": n}, "finished", deal=n)
        if n != recorded + 1:
            raise InvalidInput(_("Следующая раздача — №%(next)s, а не №%(n)s.") % {"next": recorded + 1, "n": n},
                               "deal_order", deal=n, field="n")
        scored = engine_score(with_deal(protocol_json(protocol), deal))
        Deal.objects.create(protocol=protocol, n=n, result=deal["result"], out=deal.get("out", ""),
                            offender=deal.get("offender", ""), hands=deal.get("hands", {}), entered_by=user)
        _save(protocol, user, scored=scored)
        log_action(partie.round.tournament, "protocol.deal.recorded", user=user, partie=partie, before=None,
                   after={"deal": deal, "totals": _totals(protocol), "version": protocol.version},
                   note=_("Раздача %(n)s") % {"n": n})
    return protocol


def correct_deal(user, partie, deal: dict, *, expected_version=None) -> Protocol:
    """Replace a recorded deal before signing; the audit keeps what it was."""
    partie = _partie_for_entry(user, partie)
    deal = _normalize_deal(deal)
    with transaction.atomic():
        protocol = _open(partie, expected_version)
        row = protocol.deals.filter(n=deal["n"]).first()
        if row is None:
            raise InvalidInput(_("Раздача %(n)s ещё не внесена.") % {"n": deal["n"]}, "no_such_deal",
                               deal=deal["n"], field="n")
        before = {"deal": _deal_json(row), "totals": _totals(protocol), "version": protocol.version}
        engine_score(with_deal(protocol_json(protocol), deal))
        row.result, row.out, row.offender = deal["result"], deal.get("out", ""), deal.get("offender", "")
        row.hands = deal.get("hands", {})
        row.entered_by, row.entered_at = user, timezone.now()
        row.confirmed_by, row.confirmed_at = None, None
        row.save()
        _save(protocol, user)
        log_action(partie.round.tournament, "protocol.deal.corrected", user=user, partie=partie, before=before,
                   after={"deal": _deal_json(row), "totals": _totals(protocol), "version": protocol.version},
                   note=_("Исправлена раздача %(n)s") % {"n": deal["n"]})
    return protocol


def confirm_deal(user, partie, n):
    """Confirm a deal: a player of the pair that did not win it, or a referee other than who entered it."""
    partie = load_partie(partie)
    tournament = partie.round.tournament
    _require(perms.can_confirm(user, partie))
    if not tournament.confirm_each_deal:
        raise InvalidInput(_("В этом турнире раздачи не подтверждаются."), "confirmation_disabled")
    with transaction.atomic():
        protocol = _open(partie, None)
        row = protocol.deals.filter(n=n).first()
        if row is None:
            raise InvalidInput(_("Раздача %(n)s ещё не внесена.") % {"n": n}, "no_such_deal", deal=n)
        if row.confirmed_by_id:
            raise InvalidInput(_("Раздача %(n)s уже подтверждена.") % {"n": n}, "already_confirmed", deal=n)
        if row.entered_by_id == user.pk:
            raise NotAllowed(_("Нельзя подтверждать собственную запись."), "own_entry")
        if not perms.is_referee_for(user, partie):
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
                expected_version=None):
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


def withdraw_remark(user, partie, remark_id, reason, *, expected_version=None):
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
        if was_disqualified == side and not protocol.disqualified and pair.status == PairStatus.DISQUALIFIED:
            pair.status = PairStatus.ACTIVE
            pair.save(update_fields=["status"])
            log_action(tournament, "pair.reinstated", user=user, partie=partie,
                       before={"status": PairStatus.DISQUALIFIED}, after={"status": pair.status, "pair": pair.number},
                       note=reason)
    return protocol


def record_no_show(user, partie, side, *, expected_version=None):
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


def record_time_up(user, partie, *, expected_version=None):
    """`federation`: time ran out; the last recorded deal is the last one (a tie still needs an extra deal)."""
    partie = _partie_for_entry(user, partie)
    if partie.round.tournament.rules().preset != "federation":
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


def set_first_lead(user, partie, seat, *, expected_version=None):
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

def sign_protocol(user, partie, *, role, seat=None):
    """A player signs for his seat, then the referee countersigns; the last signature locks the protocol."""
    partie = load_partie(partie)
    tournament = partie.round.tournament
    _require_table(partie)
    if role == SignatureRole.PLAYER:
        if seat not in SEATS:
            raise InvalidInput(_("Укажите место игрока."), "seat", field="seat")
        _require(perms.can_sign_as_player(user, partie, seat),
                 _("Подписать за место %(seat)s может только игрок этого места.") % {"seat": seat})
    elif role == SignatureRole.REFEREE:
        _require(perms.can_countersign(user, partie), _("Протокол подписывает судья этого стола."))
    else:
        raise InvalidInput(_("Неизвестная роль подписи."), "role", field="role")
    with transaction.atomic():
        protocol = _open(partie, None)
        if protocol.status != ProtocolStatus.AWAITING_SIGNATURES:
            raise InvalidInput(_("Партия ещё не окончена: подписывать рано."), "not_finished")
        if tournament.confirm_each_deal and protocol.deals.filter(confirmed_by__isnull=True).exists():
            raise InvalidInput(_("Не все раздачи подтверждены."), "unconfirmed_deals")
        signatures = list(protocol.signatures.all())
        missing = missing_signatures(partie, signatures)
        if role == SignatureRole.PLAYER:
            slot = seat[0] if tournament.signature_mode == SignatureMode.ONE_PER_PAIR else seat
            if slot not in missing:
                raise InvalidInput(_("Эта подпись уже есть."), "already_signed", seat=seat)
            side_pair = partie.pair_a if seat[0] == "A" else partie.pair_b
            name = perms.seated_players(side_pair)[int(seat[1]) - 1].name
        else:
            if missing != ["referee"]:
                if "referee" not in missing:
                    raise InvalidInput(_("Судья уже подписал протокол."), "already_signed")
                raise InvalidInput(_("Судья подписывает после игроков."), "players_first")
            name = user.get_full_name() or user.get_username()
        fingerprint = protocol_fingerprint(protocol)
        sig = Signature.objects.create(protocol=protocol, role=role, seat=seat or "", name=name, user=user,
                                       fingerprint=fingerprint)
        log_action(tournament, "protocol.signed", user=user, partie=partie, before=None,
                   after=_signature_json(sig), note=name)
        if role == SignatureRole.REFEREE:
            protocol.locked_at = timezone.now()
            log_action(tournament, "protocol.locked", user=user, partie=partie,
                       before={"status": protocol.status}, after={"status": ProtocolStatus.SIGNED,
                                                                  "fingerprint": fingerprint})
        _save(protocol, user, content_changed=False)
    return protocol


def reopen_protocol(user, partie, reason):
    """Only the chief referee (or organizer) reopens a signed protocol, with a written reason."""
    partie = load_partie(partie)
    _require(perms.can_reopen(user, partie), _("Открыть подписанный протокол может только главный судья."))
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("Укажите причину повторного открытия."), "reason_required", field="reason")
    with transaction.atomic():
        protocol = _open(partie, None, allow_locked=True)
        if not protocol.is_locked:
            raise InvalidInput(_("Протокол не закрыт."), "not_locked")
        before = {"status": protocol.status, "locked_at": protocol.locked_at.isoformat(),
                  "signatures": [_signature_json(s) for s in protocol.signatures.all()]}
        protocol.signatures.all().delete()
        protocol.locked_at = None
        protocol.reopen_reason = reason
        _save(protocol, user, content_changed=False)
        log_action(partie.round.tournament, "protocol.reopened", user=user, partie=partie, before=before,
                   after={"status": protocol.status, "signatures": []}, note=reason)
    return protocol
