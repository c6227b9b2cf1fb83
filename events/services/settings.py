"""A tournament's rules: the preset, its overrides and the tie-break order.

A signature vouches for the protocol's content *with* the tournament's rules
(they are part of the fingerprint), and the standings already read by
everyone are ordered by the tie-breaks. So once any protocol of the
tournament carries a signature, the rules are fixed: ``update_rules``
refuses to change them (``Tournament.rules_locked``), and ``Tournament.clean``
asks the same question so that the admin form refuses too. Before that, a change
rescores every protocol already begun with the new rules, in the same
transaction, and is refused if the engine does not accept one of them.
"""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from access.permissions import require_organizer
from audit.log import log_action
from core.locking import locked
from engine.rules import ProtocolError
from scoring.models import Protocol
from scoring.scores import rescore
from tournaments.errors import InvalidInput, TournamentError
from tournaments.models import RULE_FIELDS, Tournament, rules_locked_message
from tournaments.presets import site_presets


def rescore_begun(tournament) -> None:
    """Rescore every protocol already begun under the tournament's (new) rules, inside the caller's transaction.

    Refused with the round and table of the first protocol the new rules do not accept.
    """
    begun = (locked(Protocol.objects.filter(partie__round__tournament=tournament), of=("self",))
             .select_related("partie__round__tournament", "partie__pair_a", "partie__pair_b")
             .order_by("partie__round__number", "partie__table"))
    for protocol in begun:
        try:
            rescore(protocol, cascade=False)
        except ProtocolError:
            raise InvalidInput(
                _("Новый регламент не принимает уже записанный протокол: тур %(r)s, стол %(t)s.")
                % {"r": protocol.partie.round.number, "t": protocol.partie.table},
                field="rules_overrides", code="protocol_refused",
            ) from None


class RulesLocked(TournamentError):
    default_code = "rules_locked"


def update_rules(user, tournament, *, preset, overrides, tiebreaks) -> Tournament:
    """Change the tournament's preset, overrides and tie-breaks (organizer only, before any signature).

    Unchanged values change nothing and write no audit entry.
    """
    require_organizer(user, tournament)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        before = {f: getattr(tournament, f) for f in RULE_FIELDS}
        tournament.rules_preset = str(preset or "").strip()
        tournament.rules_overrides = overrides if overrides is not None else {}
        tournament.tiebreaks = tiebreaks if tiebreaks is not None else []
        after = {f: getattr(tournament, f) for f in RULE_FIELDS}
        if after == before:
            return tournament
        if tournament.rules_locked():
            field = next(f for f in RULE_FIELDS if after[f] != before[f])
            raise RulesLocked(rules_locked_message(), field=field)
        if tournament.rules_preset not in site_presets():
            raise InvalidInput(_("Выберите регламент из списка: %(known)s.") % {"known": ", ".join(site_presets())},
                               field="rules_preset", code="unknown_preset")
        try:
            tournament.clean()
        except ValidationError as exc:
            field, messages = next(iter(exc.message_dict.items()))
            raise InvalidInput(" ".join(messages), field=field) from None
        tournament.save(update_fields=list(RULE_FIELDS))
        rescore_begun(tournament)
        log_action(tournament, "tournament.rules_changed", user=user, before=before, after=after)
    return tournament


__all__ = ["RulesLocked", "rescore_begun", "update_rules"]
