"""Shared protocol queries: the rows a score sheet or a check reads, and the pairs' remarks of earlier rounds.

Read-only, under the scores, the checks, the reports and the services alike.
"""
from __future__ import annotations

from collections import Counter

from django.db.models import Prefetch, Q

from engine.rules.latin.cards import highest

from .models import Deal, Protocol, Remark, Signature


def protocols_for_sheets(protocols):
    """Protocols with everything a score sheet prints (fixed number of queries)."""
    return (
        protocols.select_related("partie__round__tournament", "partie__pair_a", "partie__pair_b")
        .prefetch_related("deals", "remarks", "signatures", "partie__pair_a__players", "partie__pair_b__players",
            "partie__partner_a__players", "partie__partner_b__players")
        .order_by("partie__round__number", "partie__table", "partie_id")
    )


ROW_RELATIONS = ("deals", "remarks", "signatures")  # a protocol's rows, as ``row_prefetches`` loads them


def row_prefetches() -> tuple[Prefetch, ...]:
    """A protocol's rows as its pages show them: deals, remarks and signatures with the accounts they name."""
    return (Prefetch("deals", queryset=Deal.objects.select_related("entered_by", "confirmed_by")),
            Prefetch("remarks", queryset=Remark.objects.select_related("given_by")),
            Prefetch("signatures", queryset=Signature.objects.select_related("user")))


def rows_loaded(protocol) -> bool:
    """The protocol carries its rows as ``row_prefetches`` loads them (a page may draw it without a query)."""
    loaded = getattr(protocol, "_prefetched_objects_cache", {})
    return all(name in loaded for name in ROW_RELATIONS)


def rows_ahead(partie) -> Protocol | None:
    """The partie's protocol with its rows (``row_prefetches``), read before a write takes the writers' lock:
    the write adopts them (``adopt_rows``) if no other write came in between. None at a table without a
    protocol yet."""
    return Protocol.objects.filter(partie=partie).prefetch_related(*row_prefetches()).first()


def adopt_rows(protocol, ahead) -> bool:
    """Give ``protocol`` (read under the lock) the rows of ``ahead`` (``rows_ahead``), if it is the same protocol
    at the same version; False (nothing given) otherwise.

    Every write of a deal, remark or signature bumps the version in its own transaction (``save_protocol``),
    and a version only grows: ``ahead`` was read version first, so with the version unchanged at the lock no
    write committed since that first read, and the rows read after it are the rows as they stand."""
    if (ahead is None or ahead.pk != protocol.pk or ahead.version != protocol.version
            or not rows_loaded(ahead)):
        return False
    protocol._prefetched_objects_cache = dict(ahead._prefetched_objects_cache)
    for name in ROW_RELATIONS:
        for row in protocol._prefetched_objects_cache[name]:
            row.protocol = protocol  # their back reference: the protocol written, not the copy read before
    return True


def add_loaded_row(protocol, relation: str, row) -> None:
    """Put a row this transaction just wrote among the protocol's rows loaded by ``row_prefetches`` (the last
    of them: a deal is entered after the others), so that what reads them next reads them as stored."""
    loaded = getattr(protocol, "_prefetched_objects_cache", {}).get(relation)
    if loaded is not None and loaded._result_cache is not None:
        loaded._result_cache.append(row)


SIDES = ("pair_a", "pair_b", "partner_a", "partner_b")


def _prior_rows(tournament_id: int, before_round: int, wanted) -> list[tuple]:
    """(seat, pair A, pair B, partner A, partner B) of every remark in the earlier rounds (one query)."""
    rows = Remark.objects.filter(protocol__partie__round__tournament_id=tournament_id,
                                 protocol__partie__round__number__lt=before_round)
    if wanted is not None:
        if not wanted:
            return []
        either = Q()
        for side in SIDES:
            either |= Q(**{f"protocol__partie__{side}__in": sorted(wanted)})
        rows = rows.filter(either)
    return list(rows.values_list("seat", *(f"protocol__partie__{side}" for side in SIDES)))


def prior_remarks(tournament_id: int, before_round: int, pair_ids=None) -> dict:
    """pair id -> remarks the pair received in the rounds before ``before_round`` (one query).

    A remark at seat A… goes to the partie's pair A, at seat B… to its pair B; in an individual event a
    remark at seat A2 or B2 goes to that seat's player (``partner_a`` / ``partner_b``). ``pair_ids``: count
    only those entrants (a protocol asks for its own); those without a remark are not in the result.
    The remarks of a tournament are few (a handful a round), so they are counted here from their seats
    rather than grouped by the database.
    """
    wanted = None if pair_ids is None else {p for p in pair_ids if p}
    counts: Counter = Counter()
    for seat, a, b, partner_a, partner_b in _prior_rows(int(tournament_id), int(before_round), wanted):
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


def prior_cards(tournament_id: int, before_round: int, entrant_ids) -> dict:
    """entrant id -> the highest card its partidas of the rounds before ``before_round`` left it (the
    partnership game, RULES-LATIN.md §10.2; one query). An individual event's player carries the card of the
    sides he sat on. Those with no card are not in the result."""
    wanted = {e for e in entrant_ids if e}
    if not wanted:
        return {}
    either = Q()
    for side in SIDES:
        either |= Q(**{f"partie__{side}__in": sorted(wanted)})
    rows = (Protocol.objects.filter(partie__round__tournament_id=tournament_id, partie__round__number__lt=before_round)
            .filter(either).exclude(card_a="none", card_b="none")
            .values_list("card_a", "card_b", *(f"partie__{side}" for side in SIDES)))
    cards: dict = {}
    for card_a, card_b, pair_a, pair_b, partner_a, partner_b in rows:
        for card, who in ((card_a, pair_a), (card_a, partner_a), (card_b, pair_b), (card_b, partner_b)):
            if who in wanted and card != "none":
                cards[who] = highest((cards.get(who, "none"), card))
    return cards


def side_prior_cards(prior: dict, partie) -> tuple[str, str]:
    """(side A, side B) cards before the partie from ``prior_cards``: a pair's own, or the higher of an individual
    side's two players'."""
    def side(*entrants):
        return highest(["none", *(prior.get(e, "none") for e in entrants if e)])
    return side(partie.pair_a_id, partie.partner_a_id), side(partie.pair_b_id, partie.partner_b_id)
