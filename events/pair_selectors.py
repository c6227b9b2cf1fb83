"""What the public page of a pair shows: its players and, round by round, its games (a fixed number of queries)."""
from __future__ import annotations

from django.db.models import Prefetch, Q

from scoring.models import Remark
from tournaments.choices import ProtocolStatus
from tournaments.models import Partie, Player, RoundStatus

from .selectors import seats


def find_players(tournament, query: str, limit=50) -> list[Player]:
    """Players of the tournament whose name contains ``query`` (case-insensitive; ё and е alike)."""
    query = (query or "").strip()[:100]
    if not query:
        return []
    needle = query.lower().replace("ё", "е")
    players = Player.objects.filter(pair__tournament=tournament, pair__number__isnull=False).select_related("pair")
    found = [p for p in players.order_by("name", "id") if needle in p.name.lower().replace("ё", "е")]
    return found[:limit]


def pair_games(tournament, pair, organizer: bool) -> list[dict]:
    """One row per round the pair was paired in (published rounds for the public)."""
    parties = (
        Partie.objects.filter(round__tournament=tournament)
        .filter(Q(pair_a=pair) | Q(pair_b=pair))
        .select_related("round", "pair_a", "pair_b", "protocol")
        .prefetch_related(
            Prefetch("pair_a__players", queryset=Player.objects.order_by("number", "id")),
            Prefetch("pair_b__players", queryset=Player.objects.order_by("number", "id")),
            Prefetch("partner_a__players", queryset=Player.objects.order_by("number", "id")),
            Prefetch("partner_b__players", queryset=Player.objects.order_by("number", "id")),
            Prefetch("protocol__remarks", queryset=Remark.objects.order_by("deal", "id")),
        )
        .order_by("round__number")
    )
    if not organizer:
        parties = parties.exclude(round__status=RoundStatus.DRAFT)
    rows = []
    kozel = tournament.game.counts_goats  # Kozel, Morskoy: the partie's goats first (docs/rules-kozel.md §11)
    for p in parties:
        side = "A" if p.pair_a_id == pair.pk else "B"
        opponent = p.pair_b if side == "A" else p.pair_a
        seated = seats(p)
        protocol = getattr(p, "protocol", None)
        row = {
            "round": p.round.number, "round_status": p.round.status, "table": p.table, "bye": p.is_bye,
            "partie_id": p.pk, "side": side,
            "my_seats": [(s, seated[s].name) for s in (f"{side}1", f"{side}2") if s in seated],
            "opponent": opponent, "opponent_names": [pl.name for pl in opponent.players.all()] if opponent else [],
            "score": None, "result": "", "status": "", "locked": False, "remarks": [], "awaiting": False,
        }
        if protocol is not None and not p.is_bye:
            mine, theirs = (protocol.score_a, protocol.score_b) if side == "A" else (protocol.score_b, protocol.score_a)
            if protocol.status != ProtocolStatus.NOT_STARTED:
                row["score"] = (mine, theirs)
                if kozel:
                    goats = (protocol.goats_a, protocol.goats_b)
                    row["goats"] = goats if side == "A" else goats[::-1]
            row["status"] = protocol.get_status_display()
            row["locked"] = protocol.is_locked
            row["awaiting"] = protocol.status == ProtocolStatus.AWAITING_SIGNATURES
            if protocol.status in (ProtocolStatus.AWAITING_SIGNATURES, ProtocolStatus.SIGNED):
                row["result"] = "draw" if not protocol.winner else ("win" if protocol.winner == side else "loss")
            row["remarks"] = [
                {"deal": r.deal, "seat": r.seat, "name": seated[r.seat].name if r.seat in seated else "",
                 "reason": r.get_reason_display()}
                for r in protocol.remarks.all() if r.seat[0] == side
            ]
        rows.append(row)
    return rows
