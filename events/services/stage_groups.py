"""Stage 2 in groups whose best go to a bracket (docs/rules.md «Подгруппы и сетка»): the checks of the
setting and the pairing of a group round (every group's round robin in the same tournament round).

The bracket after the groups is paired by ``stages.stage2_pairings`` like a knockout's, from
``stage_selectors.load_bracket``. A team event's groups (docs/rules.md I.9.5) are of teams: counted in active
teams, paired by team numbers (``stage_teams``).
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from engine.pairing import Pairing, PairingResult, pair_round_robin
from engine.pairing.bracket import MAX_SIZE
from engine.pairing.groups import MAX_GROUPS
from scoring.reports.group_selectors import groups_of
from tournaments.errors import InvalidInput
from tournaments.models import EntrantStatus


def _count(value, field, message) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise InvalidInput(message, field=field) from None


def check_groups(groups, per_group, qualifiers) -> tuple[int, int, int]:
    """(G, G·S, Q) of a valid setting: G groups of S entrants, the best Q of each to the bracket (whether the
    event has G·S entrants is the caller's check)."""
    groups = _count(groups, "final_groups", _("Число подгрупп — целое число."))
    per_group = _count(per_group, "final_group_size", _("Число участников подгруппы — целое число."))
    qualifiers = _count(qualifiers, "final_group_qualifiers", _("Число выходящих из подгруппы — целое число."))
    if groups is None or not 2 <= groups <= MAX_GROUPS:
        raise InvalidInput(_("Подгрупп от 2 до %(n)s.") % {"n": MAX_GROUPS}, field="final_groups")
    if per_group is None or not 3 <= per_group <= 16:
        raise InvalidInput(_("В подгруппе от 3 до 16 участников."), field="final_group_size")
    if qualifiers is None or not 1 <= qualifiers < per_group:
        raise InvalidInput(_("Из подгруппы в сетку выходят от 1 до %(n)s (меньше, чем в ней играет).")
                           % {"n": per_group - 1}, field="final_group_qualifiers")
    if groups * qualifiers > MAX_SIZE:
        raise InvalidInput(_("В сетке не больше %(n)s участников.") % {"n": MAX_SIZE}, field="final_group_qualifiers")
    return groups, groups * per_group, qualifiers


def groups_round(groups: list[list[int]], out, index: int) -> PairingResult:
    """Round ``index`` of the group phase from each group's numbers in seed order (``out``: the numbers no longer
    playing): each group's Berger round ``index``, group by group, the byes last."""
    pairings, byes = [], []
    for number, numbers in enumerate(groups, start=1):
        for p in pair_round_robin(numbers, index, inactive=[n for n in numbers if n in out]).pairings:
            (pairings if p.b is not None else byes).append(Pairing(p.a, p.b, f"подгруппа {number}: {p.reason}"))
    return PairingResult(pairings + byes, "groups-round-robin")


def group_pairings(tournament, qualified, index: int) -> PairingResult:
    """Round ``index`` of a pair event's group phase, by pair numbers."""
    groups = [[q.pair.number for q in members] for members in groups_of(tournament, qualified)]
    return groups_round(groups, {q.pair.number for q in qualified if q.pair.status != EntrantStatus.ACTIVE}, index)


__all__ = ["check_groups", "group_pairings", "groups_round"]
