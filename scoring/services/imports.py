"""A protocol replaced by a §9 JSON file (docs/rules.md §9; the format itself: ``scoring.protocol_json``)."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from access import permissions as perms
from audit.log import log_action
from core.locking import locked
from engine.rules import ProtocolError, score_protocol

from ..errors import NotAllowed
from ..models import Deal, Protocol, Remark, RemarkReason
from ..protocol_json import check_pairs, check_storable, deal_extra_fields, protocol_to_json
from ..protocol_state import load_partie
from ..queries import prior_remarks, side_prior_remarks
from ..scores import rescore
from .rows import discard_signatures, ensure_protocol, require_published
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
        prior_a, prior_b = side_prior_remarks(
            prior_remarks(tournament.pk, partie.round.number, partie.entrant_ids()), partie)
        candidate = dict(data)
        candidate["rules"] = tournament.rules_config()
        candidate["pairs"] = {
            "A": {"number": partie.pair_a.number, "prior_remarks": prior_a},
            "B": {"number": partie.pair_b.number, "prior_remarks": prior_b},
        }
        score_protocol(candidate)  # refuses bad input before anything is written
        check_storable(data)
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
        refuse_stage_change(partie)
        if protocol_to_json(protocol) != before:
            discard_signatures(protocol, user, _("Протокол заменён загруженным файлом"))
        log_action(tournament, "protocol.imported", user=user, partie=partie, before=before,
                   after=protocol_to_json(protocol))
    return protocol


def _user(user):
    return user if user is not None and getattr(user, "is_authenticated", False) else None
