"""Protocols in the JSON interchange format (docs/rules.md §9): export from the database and import back.

Reads ``domino-protocol/1`` and ``domino-protocol/2`` (docs/rules-kozel.md, a
superset of /1); writes /1 for the sport presets, as before, and /2 for the
other presets. The database keeps every field of a deal (result, out,
offender, hands, and for the Kozel family and hand points ``lead``,
``lead_tile``, ``out_tile``, ``fisher``, ``points``, ``note``) and the pair
that ``abandoned``; a deal field it does not know is refused with
``not_stored`` rather than imported in part.
"""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.rules import FORMAT, FORMAT_2, ProtocolError, score_protocol
from scoring.rules.config import SPORT_PRESETS

from .models import Deal, Protocol, RemarkReason, Remark


def _players(pair) -> list[str]:
    if pair is None:
        return []
    return [p.name for p in sorted(pair.players.all(), key=lambda p: (p.number or 9, p.id))]


def protocol_to_json(protocol: Protocol) -> dict:
    """The §9 dict of a stored protocol (rules of its tournament, prior remarks as cached)."""
    partie = protocol.partie
    tournament = partie.round.tournament
    return {
        "format": FORMAT if tournament.rules_preset in SPORT_PRESETS else FORMAT_2,
        "rules": tournament.rules_config(),
        "tournament": tournament.slug,
        "round": partie.round.number,
        "table": partie.table,
        "pairs": {
            "A": {"number": partie.pair_a.number, "players": _players(partie.pair_a),
                  "prior_remarks": protocol.prior_remarks_a},
            "B": {"number": partie.pair_b.number if partie.pair_b else None, "players": _players(partie.pair_b),
                  "prior_remarks": protocol.prior_remarks_b},
        },
        "first_lead": protocol.first_lead,
        "deals": [d.to_json() for d in protocol.deals.all()],
        "remarks": [r.to_json() for r in protocol.remarks.all()],
        "no_show": protocol.no_show or None,
        "ended_by_time": protocol.ended_by_time,
        **({"abandoned": protocol.abandoned} if protocol.abandoned else {}),
    }


def partie_protocol_json(partie) -> dict:
    protocol, _ = Protocol.objects.get_or_create(partie=partie)
    return protocol_to_json(protocol)


STORED_DEAL_FIELDS = {"n", "result", "out", "offender", "hands", "lead", "lead_tile", "out_tile", "fisher",
                      "points", "note"}


def _check_storable(data: dict) -> None:
    """Refuse what the database cannot keep yet, naming the deal and the field."""
    if not isinstance(data, dict):
        return  # score_protocol refuses it with its own message
    for raw in data.get("deals") or []:
        if not isinstance(raw, dict):
            continue
        extra = sorted(str(k) for k in raw if k not in STORED_DEAL_FIELDS)
        if extra:
            n = raw.get("n") if isinstance(raw.get("n"), int) and not isinstance(raw.get("n"), bool) else None
            raise ProtocolError("not_stored", f"the field {extra[0]} of a deal cannot be imported yet",
                                deal=n, field=extra[0])


def _check_pairs(partie, data: dict) -> None:
    pairs = data.get("pairs") or {}
    expected = {"A": partie.pair_a.number, "B": partie.pair_b.number if partie.pair_b else None}
    for side, number in expected.items():
        given = (pairs.get(side) or {}).get("number") if isinstance(pairs.get(side), dict) else None
        if given is not None and given != number:
            raise ProtocolError(
                "pair_mismatch", f"pair {side} of this table is no. {number}, the file says no. {given}", side=side
            )


def import_protocol_json(partie, data: dict, user) -> Protocol:
    """Replace the partie's deals and remarks by those of a §9 protocol.

    Like every protocol service: only a referee of the table who does not
    play in it may import (``NotAllowed``), nothing is imported while the
    round is a draft, and the signatures already given are discarded (and
    logged) when the content changes. The tournament's rules and the pairs'
    remarks from earlier rounds apply, whatever the file says. A signed
    protocol is refused; bad input raises ``ProtocolError`` and saves nothing.
    """
    from referees import permissions as perms  # noqa: PLC0415
    from referees.models import log_action  # noqa: PLC0415

    from . import services  # noqa: PLC0415 cycle: scoring.services → scoring.protocol_json
    from .errors import NotAllowed  # noqa: PLC0415
    from .scores import prior_remarks, rescore  # noqa: PLC0415 cycle: scoring.scores → scoring.protocol_json

    partie = services.load_partie(partie)
    if not perms.can_enter(user, partie):
        raise NotAllowed(_("Загружать протокол может только судья этого стола."))
    services._require_published(partie)
    if partie.pair_b_id is None:
        raise ProtocolError("bye", "a bye has no protocol")
    _check_pairs(partie, data)
    tournament = partie.round.tournament
    with transaction.atomic():
        protocol = services.ensure_protocol(partie)
        protocol = Protocol.objects.select_for_update().get(pk=protocol.pk)
        protocol.partie = partie
        if protocol.is_locked:
            raise ProtocolError("protocol_signed", "the protocol is signed and locked; the chief referee may reopen it")
        before = protocol_to_json(protocol)
        candidate = dict(data)
        candidate["rules"] = tournament.rules_config()
        candidate["pairs"] = {
            "A": {"number": partie.pair_a.number, "prior_remarks": prior_remarks(partie.pair_a, partie.round.number)},
            "B": {"number": partie.pair_b.number, "prior_remarks": prior_remarks(partie.pair_b, partie.round.number)},
        }
        score_protocol(candidate)  # refuses bad input before anything is written
        _check_storable(data)
        protocol.deals.all().delete()
        protocol.remarks.all().delete()
        Deal.objects.bulk_create([
            Deal(protocol=protocol, n=d["n"], result=d["result"], out=d.get("out") or "",
                 offender=d.get("offender") or "", hands=d.get("hands") or {}, entered_by=_user(user),
                 **deal_extra_fields(d))
            for d in data.get("deals") or []
        ])
        reasons = set(RemarkReason.values)
        Remark.objects.bulk_create([
            Remark(protocol=protocol, deal=r["deal"], seat=r["player"],
                   reason=r.get("reason") if r.get("reason") in reasons else RemarkReason.OTHER,
                   note="" if r.get("reason") in reasons else str(r.get("reason") or ""), given_by=_user(user))
            for r in data.get("remarks") or []
        ])
        protocol.no_show = data.get("no_show") or ""
        protocol.ended_by_time = bool(data.get("ended_by_time", False))
        protocol.abandoned = data.get("abandoned") or ""
        protocol.first_lead = data.get("first_lead") or "A1"
        protocol.version += 1
        rescore(protocol)
        if protocol_to_json(protocol) != before:
            services._discard_signatures(protocol, user, _("Протокол заменён загруженным файлом"))
        log_action(tournament, "protocol.imported", user=user, partie=partie, before=before,
                   after=protocol_to_json(protocol))
    return protocol


def deal_extra_fields(d: dict) -> dict:
    """The Kozel and hand-points fields of a deal already checked by the engine, as ``Deal`` keeps them."""
    extra = {name: d.get(name) or "" for name in ("lead", "lead_tile", "out_tile", "fisher", "note")}
    if isinstance(extra["out_tile"], (list, tuple)):  # two doubles placed at once: "6-6+5-5"
        extra["out_tile"] = "+".join(extra["out_tile"])
    extra["points"] = d.get("points")
    return extra


def _user(user):
    return user if user is not None and getattr(user, "is_authenticated", False) else None
