"""Shared protocol queries: the rows a score sheet or a check reads, and the pairs' remarks of earlier rounds.

Read-only, under the scores, the checks, the reports and the services alike.
"""
from __future__ import annotations

from collections import Counter

from django.db.models import Q

from .models import Remark


def protocols_for_sheets(protocols):
    """Protocols with everything a score sheet prints (fixed number of queries)."""
    return (
        protocols.select_related("partie__round__tournament", "partie__pair_a", "partie__pair_b")
        .prefetch_related("deals", "remarks", "signatures", "partie__pair_a__players", "partie__pair_b__players",
            "partie__partner_a__players", "partie__partner_b__players")
        .order_by("partie__round__number", "partie__table", "partie_id")
    )


def prior_remarks(tournament_id: int, before_round: int, pair_ids=None) -> dict:
    """pair id -> remarks the pair received in the rounds before ``before_round`` (one query).

    A remark at seat A… goes to the partie's pair A, at seat B… to its pair B; in an individual event a
    remark at seat A2 or B2 goes to that seat's player (``partner_a`` / ``partner_b``). ``pair_ids``: count
    only those entrants (a protocol asks for its own); those without a remark are not in the result.
    The remarks of a tournament are few (a handful a round), so they are counted here from their seats
    rather than grouped by the database: asked at every write, this is the cheaper query to build.
    """
    rows = Remark.objects.filter(protocol__partie__round__tournament_id=tournament_id,
                                 protocol__partie__round__number__lt=before_round)
    wanted = None
    if pair_ids is not None:
        wanted = {p for p in pair_ids if p}
        rows = rows.filter(Q(protocol__partie__pair_a_id__in=wanted) | Q(protocol__partie__pair_b_id__in=wanted)
                           | Q(protocol__partie__partner_a_id__in=wanted)
                           | Q(protocol__partie__partner_b_id__in=wanted))
    counts: Counter = Counter()
    for seat, a, b, partner_a, partner_b in rows.values_list(
            "seat", "protocol__partie__pair_a_id", "protocol__partie__pair_b_id", "protocol__partie__partner_a_id",
            "protocol__partie__partner_b_id").order_by():
        if seat == "A2" and partner_a is not None:
            who = partner_a
        elif seat == "B2" and partner_b is not None:
            who = partner_b
        else:
            who = a if seat.startswith("A") else b
        if wanted is None or who in wanted:
            counts[who] += 1
    return dict(counts)


def side_prior_remarks(prior: dict, partie) -> tuple[int, int]:
    """(side A, side B) remarks before the partie from ``prior_remarks``' counts: a pair's own, or in an
    individual event the sum of the side's two players' (docs/rules-individual.md §2, [толкование])."""
    return (sum(prior.get(e, 0) for e in (partie.pair_a_id, partie.partner_a_id) if e),
            sum(prior.get(e, 0) for e in (partie.pair_b_id, partie.partner_b_id) if e))
