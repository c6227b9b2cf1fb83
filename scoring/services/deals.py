"""Deals: entered, corrected, deleted (the last one), confirmed; and who leads deal 1 (`federation`)."""
from __future__ import annotations

from django.db import transaction
from django.db.models import prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext as _

from access import permissions as perms
from audit.log import log_action

from ..errors import InvalidInput, NotAllowed
from ..models import Deal, DealResult, Protocol
from ..protocol_json import deal_extra_fields
from ..protocol_state import engine_score, load_partie, protocol_json, with_deal
from ..queries import add_loaded_row, adopt_rows, row_prefetches
from .rows import SEATS, open_protocol, partie_for_entry, require, save_protocol, totals


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
    for key in ("ends", "pasos_redondos", "time_called"):  # the partnership game (RULES-LATIN.md §5, §6)
        if deal.get(key):
            data[key] = deal[key]
    return data


def _deal_json(deal) -> dict:
    return deal.to_json()


def record_deal(user, partie, deal: dict, *, expected_version, ahead=None) -> Protocol:
    """Enter the next deal (§9 JSON form). Refuses a second result, a gap, or a finished partie.

    The protocol comes back with its rows loaded (``queries.row_prefetches``), the new deal among them.
    ``ahead``: the protocol with its rows read before the caller's transaction (``queries.rows_ahead``), taken
    instead of reading them again while the writers' lock is held, if nothing was written in between."""
    partie = partie_for_entry(user, partie)
    deal = _normalize_deal(deal)
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        # The rows with the accounts they name, as the table page shows them: its answer draws from them.
        if not adopt_rows(protocol, ahead):
            prefetch_related_objects([protocol], *row_prefetches())
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
        row = Deal.objects.create(protocol=protocol, n=n, result=deal["result"], out=deal.get("out", ""),
                                  offender=deal.get("offender", ""), hands=deal.get("hands", {}), entered_by=user,
                                  **deal_extra_fields(deal))
        add_loaded_row(protocol, "deals", row)
        save_protocol(protocol, user, scored=scored, cascade=False)
        log_action(partie.round.tournament, "protocol.deal.recorded", user=user, partie=partie, before=None,
                   after={"deal": deal, "totals": totals(protocol), "version": protocol.version},
                   note=_("Раздача %(n)s") % {"n": n})
    return protocol


def correct_deal(user, partie, deal: dict, *, expected_version) -> Protocol:
    """Replace a recorded deal before signing; the audit keeps what it was.

    The same deal saved again unchanged writes nothing: the version, the confirmation and the players'
    signatures stay as they were (the protocol is returned with its version unchanged)."""
    partie = partie_for_entry(user, partie)
    deal = _normalize_deal(deal)
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        row = protocol.deals.filter(n=deal["n"]).first()
        if row is None:
            raise InvalidInput(_("Раздача %(n)s ещё не внесена.") % {"n": deal["n"]}, "no_such_deal",
                               deal=deal["n"], field="n")
        if _normalize_deal(_deal_json(row)) == deal:  # saved unchanged: nothing to write, signatures stay
            return protocol
        before = {"deal": _deal_json(row), "totals": totals(protocol), "version": protocol.version}
        engine_score(with_deal(protocol_json(protocol), deal))
        row.result, row.out, row.offender = deal["result"], deal.get("out", ""), deal.get("offender", "")
        row.hands = deal.get("hands", {})
        for key, value in deal_extra_fields(deal).items():
            setattr(row, key, value)
        row.entered_by, row.entered_at = user, timezone.now()
        row.confirmed_by, row.confirmed_at = None, None
        row.save()
        save_protocol(protocol, user, cascade=False)
        log_action(partie.round.tournament, "protocol.deal.corrected", user=user, partie=partie, before=before,
                   after={"deal": _deal_json(row), "totals": totals(protocol), "version": protocol.version},
                   note=_("Исправлена раздача %(n)s") % {"n": deal["n"]})
    return protocol


def delete_last_deal(user, partie, n, *, expected_version):
    """Delete the last recorded deal before signing (a deal entered by mistake); the audit keeps it."""
    partie = partie_for_entry(user, partie)
    try:
        n = int(n)
    except (TypeError, ValueError):
        raise InvalidInput(_("Не указан номер раздачи."), "deal_number", field="n") from None
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        last = protocol.deals.order_by("-n").first()
        if last is None or last.n != n:
            raise InvalidInput(_("Удалить можно только последнюю внесённую раздачу."), "not_last_deal", deal=n,
                               field="n")
        before = {"deal": _deal_json(last), "totals": totals(protocol), "version": protocol.version}
        data = protocol_json(protocol)
        engine_score({**data, "deals": [d for d in data["deals"] if d["n"] != n]})
        last.delete()
        save_protocol(protocol, user)
        log_action(partie.round.tournament, "protocol.deal.deleted", user=user, partie=partie, before=before,
                   after={"deal": None, "totals": totals(protocol), "version": protocol.version},
                   note=_("Удалена раздача %(n)s") % {"n": n})
    return protocol


def confirm_deal(user, partie, n, *, expected_version):
    """Confirm a deal: a player of the pair that did not win it, or a referee other than who entered it."""
    partie = load_partie(partie)
    tournament = partie.round.tournament
    require(perms.can_confirm(user, partie))
    if not tournament.confirm_each_deal:
        raise InvalidInput(_("В этом турнире раздачи не подтверждаются."), "confirmation_disabled")
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
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
        save_protocol(protocol, user, content_changed=False)
        log_action(tournament, "protocol.deal.confirmed", user=user, partie=partie,
                   before={"deal": n, "confirmed_by": None}, after={"deal": n, "confirmed_by": user.pk},
                   note=_("Подтверждена раздача %(n)s") % {"n": n})
    return protocol


def set_first_lead(user, partie, seat, *, expected_version):
    """`federation`: the seat that won the turning of tiles leads deal 1 (before any deal)."""
    partie = partie_for_entry(user, partie)
    if seat not in SEATS:
        raise InvalidInput(_("Выберите игрока."), "seat", field="first_lead")
    if partie.round.tournament.rules().preset != "federation":
        raise InvalidInput(_("В этом регламенте первую раздачу всегда начинает A1."), "fixed_first_lead")
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version)
        if protocol.deals.exists():
            raise InvalidInput(_("Раздачи уже внесены: первый заход менять нельзя."), "deals_recorded")
        before = protocol.first_lead
        protocol.first_lead = seat
        save_protocol(protocol, user)
        log_action(partie.round.tournament, "protocol.first_lead", user=user, partie=partie,
                   before={"first_lead": before}, after={"first_lead": seat})
    return protocol
