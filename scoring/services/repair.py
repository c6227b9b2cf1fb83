"""Repairs by the chief referee: a protocol emptied (with a reason), the cached results rewritten from the records."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from access import permissions as perms
from audit.log import log_action
from core.locking import locked

from ..checks import cached, check_tournament
from ..errors import ConfirmationRequired, InvalidInput
from ..models import Protocol
from ..protocol_state import engine_score, load_partie, protocol_json
from ..scores import rescore
from .rows import (
    discard_signatures,
    open_protocol,
    reinstate,
    require,
    require_table,
    save_protocol,
    signature_json,
    totals,
)


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
    require(perms.can_reopen(user, partie), _("Очистить протокол может только главный судья."))
    require_table(partie)
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("Укажите причину очистки протокола."), "reason_required", field="reason")
    if len(reason) > 300:
        raise InvalidInput(_("Причина — не длиннее 300 знаков."), "reason_too_long", field="reason")
    with transaction.atomic():
        protocol = open_protocol(partie, expected_version, allow_draft=True)
        signatures = list(protocol.signatures.all())
        if signatures and not confirm_signatures:
            raise ConfirmationRequired(
                _("Протокол уже подписали: %(names)s. Очистка снимет их подписи, как повторное открытие, — "
                  "подписывать придётся снова. Очистить протокол?") % {"names": ", ".join(s.name for s in signatures)},
                "clear_signed")
        before = {"protocol": protocol_json(protocol), "totals": totals(protocol), "version": protocol.version,
                  "signatures": [signature_json(s) for s in signatures]}
        discard_signatures(protocol, user, reason)  # with the reason of the clear, as reopening does
        was_disqualified = engine_score(protocol_json(protocol)).disqualified
        protocol.deals.all().delete()
        protocol.remarks.all().delete()
        protocol.no_show, protocol.ended_by_time, protocol.first_lead = "", False, "A1"
        save_protocol(protocol, user)
        tournament = partie.round.tournament
        log_action(tournament, "protocol.cleared", user=user, partie=partie, before=before,
                   after={"totals": totals(protocol), "version": protocol.version}, note=reason)
        pair = {"A": partie.pair_a, "B": partie.pair_b}.get(was_disqualified or "")
        if pair is not None:
            reinstate(user, partie, pair, reason)
    return protocol


def rescore_drifted(user, tournament, *, round_number=None) -> int:
    """Rewrite the cached result of every protocol whose cache or prior remarks differ from its records
    (``scoring.checks``: "prior", "cache"), as ``verify_scores --fix`` does; the check page's button.

    The chief referee or the organizer only. The records and the signatures are not touched (the signatures
    vouch for the records and the frozen header, not for the cache). Each protocol in its own transaction,
    locked while it is rescored, and audited with the result before and after. Returns how many.
    """
    require(perms.is_chief_referee(user, tournament),
             _("Пересчитать итоги может только главный судья или организатор."))
    report = check_tournament(tournament, round_number)
    ids = sorted({f.protocol.pk for f in report.findings if f.kind in ("prior", "cache")})
    for pk in ids:
        with transaction.atomic():
            protocol = locked(Protocol.objects.filter(pk=pk)).get()  # no outer join under FOR UPDATE (PostgreSQL)
            before = {"cached": list(cached(protocol)), "prior_remarks": [protocol.prior_remarks_a,
                                                                          protocol.prior_remarks_b]}
            rescore(protocol, cascade=False)
            log_action(tournament, "protocol.rescored", user=user, partie=protocol.partie, before=before,
                       after={"cached": list(cached(protocol)),
                              "prior_remarks": [protocol.prior_remarks_a, protocol.prior_remarks_b]},
                       note=_("итог пересчитан по записям протокола"))
    return len(ids)
