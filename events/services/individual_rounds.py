"""Rounds of an individual event (docs/rules-individual.md): the players' records and the tables of a round.

The organizer's services in ``rounds`` call these where an individual event differs from a pair event:
what the pairing needs to know (match points, partners, opponents, sit-outs of every player), the
pairing system behind the round, and the parties it creates (one per table of four, one per player
sitting out).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from django.utils.translation import gettext as _

from engine.pairing.individual_base import IndividualRound, Single
from engine.pairing.individual_random import pair_individual_random
from engine.pairing.individual_search import sit_out_reasons
from engine.pairing.individual_swiss import pair_individual_swiss
from engine.pairing.whist import round_robin_round, without_withdrawn
from engine.pairing.whist import rounds_needed as whist_rounds
from scoring.reports.selectors import load_standings
from tournaments.models import EntrantStatus, PairingSystem, Partie


@dataclass
class SingleRecord:
    """Who a player has sat with: what the pairing needs beside his match points (which the standings give)."""

    pair_id: int  # the entrant's row (an individual event's entrant is a Pair with one player)
    number: int
    active: bool = True
    partners: set = field(default_factory=set)  # player numbers
    opponents: Counter = field(default_factory=Counter)  # player number -> parties against him
    sat_out: int = 0


def single_records(tournament, before_round: int) -> dict[int, SingleRecord]:
    """{entrant id: SingleRecord} over the rounds numbered below ``before_round`` (every numbered player)."""
    out = {
        p["id"]: SingleRecord(p["id"], p["number"], p["status"] == EntrantStatus.ACTIVE)
        for p in tournament.pairs.filter(number__isnull=False).values("id", "number", "status")
    }
    seats = (Partie.objects.filter(round__tournament=tournament, round__number__lt=before_round)
             .values_list("pair_a_id", "partner_a_id", "pair_b_id", "partner_b_id"))
    for a1, a2, b1, b2 in seats:
        if b1 is None:
            if a1 in out:
                out[a1].sat_out += 1
            continue
        for mine, theirs in (((a1, a2), (b1, b2)), ((b1, b2), (a1, a2))):
            mine, theirs = [out[e] for e in mine if e in out], [out[e] for e in theirs if e in out]
            for rec in mine:
                rec.partners.update(r.number for r in mine if r is not rec)
                rec.opponents.update(r.number for r in theirs)
    return out


def _single(rec: SingleRecord, rank: int, score=0) -> Single:
    return Single(rec.number, score=score, rank=rank, partners=frozenset(rec.partners),
                  opponents=tuple(sorted(rec.opponents.items())), sat_out=rec.sat_out)


def compute_individual_pairings(tournament, number: int, seed: str) -> tuple[IndividualRound, dict]:
    """Run the tournament's pairing system for round ``number`` of an individual event (no writes).

    Swiss and random: the active players by match points, within equal match points in the order of the
    players' standings after the rounds played (the tournament's tie-breaks).

    Round robin: round ``number`` of the schedule for every numbered player (player k at position k); a
    table that holds a player who has withdrawn cannot be played, so its other players sit the round out
    (docs/rules-individual.md §3, [толкование]).
    """
    recs = single_records(tournament, number)
    if tournament.pairing_system == PairingSystem.ROUND_ROBIN:
        ordered = sorted(recs.values(), key=lambda r: r.number)
        result = round_robin_round([_single(r, k) for k, r in enumerate(ordered)], number)
        return without_withdrawn(result, {r.number for r in ordered if not r.active}), recs
    rows = load_standings(tournament, after_round=number - 1).rows  # match points as the standings count them
    place = {row.pair.id: k for k, row in enumerate(rows)}
    points = {row.pair.id: int(row.match_points) for row in rows}
    active = sorted((r for r in recs.values() if r.active),
                    key=lambda r: (-points.get(r.pair_id, 0), place.get(r.pair_id, len(place)), r.number))
    players = [_single(r, k, points.get(r.pair_id, 0)) for k, r in enumerate(active)]
    pair = pair_individual_random if tournament.pairing_system == PairingSystem.RANDOM else pair_individual_swiss
    result = pair(players, seed=seed)
    result.reasons = sit_out_reasons(players, result.sitting_out, seed=seed)
    return result, recs


def final_round_robin_round(qualified, index: int) -> IndividualRound:
    """Round ``index`` of an individual event's final round robin (docs/rules.md I.9.3): the whist schedule for
    the N finalists, seed k at position k; a table that holds a finalist no longer active is not played, its
    other players sit the round out (as in stage 1's round robin)."""
    players = [Single(q.pair.number, rank=k) for k, q in enumerate(qualified)]
    result = round_robin_round(players, index)
    result.tables = [replace(t, reason="финал: " + t.reason) for t in result.tables]
    return without_withdrawn(result, {q.pair.number for q in qualified if q.pair.status != EntrantStatus.ACTIVE})


def final_round_count(qualified) -> int:
    """The rounds of an individual final round robin of these finalists (the whist schedule's)."""
    return whist_rounds(len(qualified))


def individual_parties(rnd, result: IndividualRound, entrant_by_number: dict) -> list[Partie]:
    """The parties of a round: its tables (A1 + A2 against B1 + B2), then one sit-out per player."""
    parties = []
    for table, t in enumerate(result.tables, start=1):
        a1, a2 = (entrant_by_number[n] for n in t.a)
        b1, b2 = (entrant_by_number[n] for n in t.b)
        parties.append(Partie(round=rnd, table=table, pair_a=a1, partner_a=a2, pair_b=b1, partner_b=b2,
                              reason=t.reason[:300]))
    for k, number in enumerate(result.sitting_out, start=len(result.tables) + 1):
        reason = result.reasons.get(number) or _("пропуск тура: игроков не кратно четырём")
        parties.append(Partie(round=rnd, table=k, pair_a=entrant_by_number[number], reason=reason[:300]))
    return parties


def table_snapshot(partie) -> dict:
    """A table of an individual round as the audit log keeps it: the players' numbers by seat."""
    def number(entrant):
        return entrant.number if entrant is not None else None
    return {"table": partie.table, "A": [number(partie.pair_a), number(partie.partner_a)],
            "B": [number(partie.pair_b), number(partie.partner_b)] if partie.pair_b_id else None}
