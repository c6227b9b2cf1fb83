"""The engine applied to stored protocols: one code path for every point shown anywhere.

``score(protocol)`` runs ``scoring.rules`` on the recorded rows; ``rescore``
writes the result into the protocol's cache fields (inside the caller's
transaction) so that standings can be summed in SQL.
"""
from __future__ import annotations

from django.db.models import Q

from .models import Protocol, ProtocolStatus, Remark


def prior_remarks(pair, before_round_number: int) -> int:
    """Remarks the pair received in the rounds before ``before_round_number`` (counted over the tournament)."""
    if pair is None:
        return 0
    return Remark.objects.filter(
        Q(protocol__partie__pair_a=pair, seat__startswith="A") | Q(protocol__partie__pair_b=pair, seat__startswith="B"),
        protocol__partie__round__number__lt=before_round_number,
    ).count()


def refresh_prior_remarks(protocol: Protocol) -> None:
    """Both pairs' remarks from the earlier rounds, in one query."""
    partie = protocol.partie
    number = partie.round.number
    pairs = [p for p in (partie.pair_a_id, partie.pair_b_id) if p]
    if not pairs:
        protocol.prior_remarks_a = protocol.prior_remarks_b = 0
        return
    counts = dict.fromkeys(pairs, 0)
    for seat, pair_a, pair_b in Remark.objects.filter(
        Q(protocol__partie__pair_a_id__in=pairs) | Q(protocol__partie__pair_b_id__in=pairs),
        protocol__partie__round__number__lt=number,
    ).values_list("seat", "protocol__partie__pair_a_id", "protocol__partie__pair_b_id"):
        given_to = pair_a if seat.startswith("A") else pair_b  # the pair sitting on the side of that seat
        if given_to in counts:
            counts[given_to] += 1
    protocol.prior_remarks_a = counts.get(partie.pair_a_id, 0)
    protocol.prior_remarks_b = counts.get(partie.pair_b_id, 0)


def score(protocol: Protocol):
    """The engine's ScoredProtocol for the rows as stored (raises ProtocolError if they are impossible)."""
    from scoring.rules import score_protocol  # noqa: PLC0415

    from .protocol_json import protocol_to_json  # noqa: PLC0415 cycle: scoring.protocol_json → scoring.scores

    return score_protocol(protocol_to_json(protocol))


GAME_CACHE_FIELDS = ("games_won_a", "games_won_b", "goats_a", "goats_b", "dry_goats_a", "dry_goats_b", "rating_a",
                     "rating_b")


def game_cache(result) -> dict:
    """The Kozel family's cache fields of a protocol from the engine's result (0 / None for other games).

    Goats are weighted (a dry goat counts ``dry_goat_value``); dry goats and games won are counted.
    """
    games = result.games or []
    goats = result.goats or {}
    rating = result.rating or {}
    data = {}
    for side in ("A", "B"):
        s = side.lower()
        data[f"games_won_{s}"] = sum(1 for g in games if g.winner == side)
        data[f"goats_{s}"] = goats.get(side, 0)
        data[f"dry_goats_{s}"] = sum(1 for g in games if g.goat == side and g.dry)
        data[f"rating_{s}"] = rating.get(side)
    return data


def rescore(protocol: Protocol, *, cascade: bool = True, result=None):
    """Recompute the cached result of ``protocol`` (call inside the writing transaction).

    With ``cascade``, later protocols of both pairs are rescored too, since
    their remarks' ladder steps depend on this protocol's remarks. ``result``:
    the engine's score of exactly the rows now stored, with the prior remarks
    refreshed in this transaction, when the caller computed it already.
    """
    if result is None:
        refresh_prior_remarks(protocol)
        result = score(protocol)
    protocol.score_a, protocol.score_b = result.totals_a, result.totals_b
    protocol.deals_won_a, protocol.deals_won_b = result.deals_won_a, result.deals_won_b
    protocol.winner = result.winner or ""
    protocol.finished = result.finished
    protocol.extra_deal_needed = result.extra_deal_needed
    protocol.disqualified = result.disqualified or ""
    for name, value in game_cache(result).items():
        setattr(protocol, name, value)
    if protocol.status != ProtocolStatus.SIGNED:
        if result.finished:
            protocol.status = ProtocolStatus.AWAITING_SIGNATURES
        elif result.deals or result.remarks or protocol.deals.exists() or protocol.remarks.exists():
            protocol.status = ProtocolStatus.IN_PLAY  # the engine scores one entry per stored deal and remark
        else:
            protocol.status = ProtocolStatus.NOT_STARTED
    protocol.save()
    if cascade:
        _rescore_later(protocol)
    return result


def _rescore_later(protocol: Protocol) -> None:
    partie = protocol.partie
    pairs = [p for p in (partie.pair_a_id, partie.pair_b_id) if p]
    later = (
        Protocol.objects.select_related("partie__round__tournament", "partie__pair_a", "partie__pair_b")
        .filter(partie__round__tournament_id=partie.round.tournament_id, partie__round__number__gt=partie.round.number)
        .filter(Q(partie__pair_a_id__in=pairs) | Q(partie__pair_b_id__in=pairs))
        .order_by("partie__round__number")
    )
    for other in later:
        old = (other.prior_remarks_a, other.prior_remarks_b)
        refresh_prior_remarks(other)
        if (other.prior_remarks_a, other.prior_remarks_b) != old and other.remarks.exists():
            rescore(other, cascade=False)
        elif (other.prior_remarks_a, other.prior_remarks_b) != old:
            other.save(update_fields=["prior_remarks_a", "prior_remarks_b"])
