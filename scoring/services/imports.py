"""A protocol replaced by a §9 JSON file (docs/rules.md §9; the format itself: ``scoring.protocol_json``)."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from access import permissions as perms
from audit.log import log_action
from core.locking import locked
from engine.rules import ProtocolError, score_protocol

from ..errors import NotAllowed
from ..models import Deal, Protocol, Remark, RemarkReason, Sanction
from ..protocol_json import check_pairs, check_storable, deal_extra_fields, protocol_to_json
from ..protocol_state import load_partie
from ..scores import refresh_prior_remarks, rescore
from .rows import discard_signatures, ensure_protocol, require_published
from .sanctions import apply_black_cards, black_sides
from .stages import refuse_stage_change


def import_protocol_json(partie, data: dict, user) -> Protocol:
    """Replace the partie's deals and remarks by those of a §9 protocol.

    Like every protocol service: only a referee of the table who does not
    play in it may import (``NotAllowed``), nothing is imported while the
    round is a draft, and the signatures already given are discarded (and
    logged) when the content changes. The tournament's rules and the pairs'
    remarks from earlier rounds apply, whatever the file says. A signed
    protocol is refused; bad input raises ``ProtocolError`` and saves nothing.
    """
    partie = load_partie(partie)
    if not perms.can_enter(user, partie):
        raise NotAllowed(_("Загружать протокол может только судья этого стола."))
    require_published(partie)
    if partie.pair_b_id is None:
        raise ProtocolError("bye", "a bye has no protocol")
    check_pairs(partie, data)
    tournament = partie.round.tournament
    with transaction.atomic():
        protocol = ensure_protocol(partie)
        protocol = locked(Protocol.objects.filter(pk=protocol.pk)).get()
        protocol.partie = partie
        if protocol.is_locked:
            raise ProtocolError("protocol_signed", "the protocol is signed and locked; the chief referee may reopen it")
        before = protocol_to_json(protocol)
        was_black = black_sides(protocol)
        whole = tournament.game.scores_whole_protocol  # the partnership game: sanctions and cards, no remarks
        refresh_prior_remarks(protocol)  # the pairs' remarks (or cards) from the earlier rounds
        candidate = dict(data)
        candidate["rules"] = tournament.rules_config()
        candidate["pairs"] = {side: {"number": number, **_prior(protocol, side, whole)}
                              for side, number in (("A", partie.pair_a.number), ("B", partie.pair_b.number))}
        score_protocol(candidate)  # refuses bad input before anything is written
        check_storable(data)
        protocol.deals.all().delete()
        protocol.remarks.all().delete()
        protocol.sanctions.all().delete()
        Deal.objects.bulk_create([
            Deal(protocol=protocol, n=d["n"], result=d["result"], out=d.get("out") or "",
                 offender=d.get("offender") or "", hands=d.get("hands") or {}, entered_by=_user(user),
                 **deal_extra_fields(d))
            for d in data.get("deals") or []
        ])
        if whole:
            _store_sanctions(protocol, data, user)
        else:
            _store_remarks(protocol, data, user)
        protocol.no_show = data.get("no_show") or ""
        protocol.version += 1
        rescore(protocol)
        if whole:
            apply_black_cards(user, partie, protocol, was_black, _("Протокол заменён загруженным файлом"))
        refuse_stage_change(partie)
        if protocol_to_json(protocol) != before:
            discard_signatures(protocol, user, _("Протокол заменён загруженным файлом"))
        log_action(tournament, "protocol.imported", user=user, partie=partie, before=before,
                   after=protocol_to_json(protocol))
    return protocol


def _prior(protocol, side: str, whole: bool) -> dict:
    s = side.lower()
    if whole:
        return {"prior_card": getattr(protocol, f"prior_card_{s}")}
    return {"prior_remarks": getattr(protocol, f"prior_remarks_{s}")}


def _store_remarks(protocol, data: dict, user) -> None:
    reasons = set(RemarkReason.values)
    Remark.objects.bulk_create([
        Remark(protocol=protocol, deal=r["deal"], seat=r["player"],
               reason=r.get("reason") if r.get("reason") in reasons else RemarkReason.OTHER,
               note="" if r.get("reason") in reasons else str(r.get("reason") or ""), given_by=_user(user))
        for r in data.get("remarks") or []
    ])
    protocol.ended_by_time = bool(data.get("ended_by_time", False))
    protocol.abandoned = data.get("abandoned") or ""
    protocol.first_lead = data.get("first_lead") or "A1"


def _store_sanctions(protocol, data: dict, user) -> None:
    """The partnership game: its sanctions (RULES-LATIN.md §10.1) and the acta's counters (§7), as checked."""
    Sanction.objects.bulk_create([
        Sanction(protocol=protocol, hand=s["hand"], seat=s["player"], points=s.get("points"),
                 card=s.get("card") or "", given_by=_user(user))
        for s in data.get("sanctions") or []
    ])
    protocol.indicators = data.get("indicators") or None


def _user(user):
    return user if user is not None and getattr(user, "is_authenticated", False) else None
