"""The engine applied to stored protocols: one code path for every point shown anywhere.

``score(protocol)`` runs ``engine.rules`` on the recorded rows; ``rescore``
writes the result into the protocol's cache fields (inside the caller's
transaction) so that standings can be summed in SQL.
"""
from __future__ import annotations

from django.db.models import Q

from engine.rules import score_protocol
from scoring.models import Protocol
from tournaments.choices import ProtocolStatus

from .protocol_json import protocol_to_json
from .queries import prior_cards, prior_remarks, side_prior_cards, side_prior_remarks


def refresh_prior_remarks(protocol: Protocol) -> None:
    """Both pairs' remarks from the earlier rounds (``queries.prior_remarks``, one query); in the partnership
    game their cards instead (``queries.prior_cards``, RULES-LATIN.md §10.2)."""
    partie = protocol.partie
    pairs = partie.entrant_ids()
    if partie.round.tournament.game.scores_whole_protocol:
        cards = prior_cards(partie.round.tournament_id, partie.round.number, pairs)
        protocol.prior_card_a, protocol.prior_card_b = side_prior_cards(cards, partie)
        return
    counts = prior_remarks(partie.round.tournament_id, partie.round.number, pairs) if pairs else {}
    protocol.prior_remarks_a, protocol.prior_remarks_b = side_prior_remarks(counts, partie)


def score(protocol: Protocol):
    """The engine's ScoredProtocol for the rows as stored (raises ProtocolError if they are impossible)."""
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


def protocol_cache(result) -> dict:
    """The cache fields of a protocol scored deal by deal (``engine.rules.ScoredProtocol``)."""
    return {"score_a": result.totals_a, "score_b": result.totals_b, "deals_won_a": result.deals_won_a,
            "deals_won_b": result.deals_won_b, "winner": result.winner or "", "finished": result.finished,
            "extra_deal_needed": result.extra_deal_needed, "disqualified": result.disqualified or "",
            **game_cache(result)}


def partida_cache(result) -> dict:
    """The cache fields of a partnership game's partida (``engine.rules.latin.ScoredPartida``, RULES-LATIN.md
    §8.1): the table's running totals while it is played, each pair's points for as it counts once finished
    (capped, a forfeit's target, 0 in a drawn partida), the hands won, the winner of the rows and each pair's
    own result (a deduction can make both lose), efectividad (None while unfinished), deduction and card. A black card withdraws the pair: its entrant's status
    is the services' (``withdrawn`` in the partida's rows)."""
    rows = result.rows
    data = {"score_a": result.totals["A"], "score_b": result.totals.get("B", 0),
            "winner": result.winner or "", "finished": result.finished,
            "extra_deal_needed": result.extra_hand_needed, "disqualified": ""}
    for side in ("A", "B"):
        s, row = side.lower(), rows.get(side)
        finished = row is not None and row.won is not None
        if finished:  # the partida's result as it counts: capped, a forfeit's target, a drawn partida's 0
            data[f"score_{s}"] = row.points_for
        data[f"result_{s}"] = ("win" if row.won else "loss" if row.lost else "draw") if finished else ""
        data[f"deals_won_{s}"] = sum(1 for d in result.deals if d.table.winner == side)
        data[f"efectividad_{s}"] = row.efectividad if row else None
        data[f"sanction_{s}"] = row.sanction if row else 0
        data[f"card_{s}"] = row.card if row else "none"
    return data


def result_cache(protocol: Protocol, result) -> dict:
    """The cache fields of ``protocol`` from the engine's ``result``, in the shape of its game."""
    whole = protocol.partie.round.tournament.game.scores_whole_protocol
    return (partida_cache if whole else protocol_cache)(result)


def cache_fields(protocol: Protocol) -> tuple[str, ...]:
    """The names of the cache fields of ``protocol``'s game (what ``verify_scores`` compares)."""
    whole = protocol.partie.round.tournament.game.scores_whole_protocol
    return PARTIDA_CACHE_FIELDS if whole else PROTOCOL_CACHE_FIELDS


PROTOCOL_CACHE_FIELDS = ("score_a", "score_b", "deals_won_a", "deals_won_b", "winner", "finished",
                         "extra_deal_needed", "disqualified", *GAME_CACHE_FIELDS)
PARTIDA_CACHE_FIELDS = ("score_a", "score_b", "deals_won_a", "deals_won_b", "winner", "finished",
                        "extra_deal_needed", "result_a", "result_b", "efectividad_a", "efectividad_b", "sanction_a",
                        "sanction_b", "card_a", "card_b")


def protocol_status(protocol: Protocol, scored=None) -> str:
    """The status of a protocol from its lock and its cached result (rescored first when its rows changed).

    ``scored``: the engine's score of the rows as stored, when at hand (one entry per deal and remark), so
    that no query asks whether a deal or a remark is stored.
    """
    if protocol.locked_at:
        return ProtocolStatus.SIGNED
    if protocol.finished and not protocol.extra_deal_needed:
        return ProtocolStatus.AWAITING_SIGNATURES
    if (protocol.no_show or (scored is not None and (scored.deals or getattr(scored, "remarks", None)
                                                     or getattr(scored, "sanctions", None)))
            or protocol.deals.exists() or protocol.remarks.exists() or protocol.sanctions.exists()):
        return ProtocolStatus.IN_PLAY
    return ProtocolStatus.NOT_STARTED


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
    for name, value in result_cache(protocol, result).items():
        setattr(protocol, name, value)
    if protocol.status != ProtocolStatus.SIGNED:  # a rescore of the cache does not unlock a signed protocol
        protocol.status = protocol_status(protocol, result)
    protocol.save()
    if cascade:
        _rescore_later(protocol)
    return result


def _rescore_later(protocol: Protocol) -> None:
    partie = protocol.partie
    pairs = partie.entrant_ids()
    later = (
        Protocol.objects.select_related("partie__round__tournament", "partie__pair_a", "partie__pair_b")
        .filter(partie__round__tournament_id=partie.round.tournament_id, partie__round__number__gt=partie.round.number)
        .filter(Q(partie__pair_a_id__in=pairs) | Q(partie__pair_b_id__in=pairs) | Q(partie__partner_a_id__in=pairs)
                | Q(partie__partner_b_id__in=pairs))
        .order_by("partie__round__number")
    )
    whole = partie.round.tournament.game.scores_whole_protocol  # a card changes the later cards (§10.2)
    for other in later:
        old = _prior(other)
        refresh_prior_remarks(other)
        if _prior(other) != old and (whole or other.remarks.exists()):
            rescore(other, cascade=False)
        elif _prior(other) != old:
            other.save(update_fields=["prior_remarks_a", "prior_remarks_b"])


def _prior(protocol) -> tuple:
    return protocol.prior_remarks_a, protocol.prior_remarks_b, protocol.prior_card_a, protocol.prior_card_b
