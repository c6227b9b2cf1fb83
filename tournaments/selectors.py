"""Read-only queries for the pages: exactly the rows shown, no N+1."""
from __future__ import annotations

from django.db.models import Prefetch

from core.names import fold, name_key
from scoring.rules import lead_and_shuffle

from .models import Partie, Player, RoundStatus

SEAT_ORDER = ("A1", "B1", "A2", "B2")


def draw_pair_ids(tournament, query: str = "") -> list[int]:
    """Ids of the pairs of the draw list in number order; ``query`` (folded) finds a number, a name or a club.

    Searched in Python over two narrow queries: SQLite's LIKE folds the case of Latin letters only.
    """
    pairs = list(tournament.pairs.order_by("number", "id").values_list("id", "number", "name"))
    if not query:
        return [pair_id for pair_id, _number, _name in pairs]
    texts = {}
    for pair_id, name, club in Player.objects.filter(pair__tournament=tournament).values_list("pair_id", "name", "club"):
        texts.setdefault(pair_id, []).extend((name, club))
    q = fold(query)
    return [pair_id for pair_id, number, name in pairs
            if q == str(number) or any(q in fold(t) for t in (name, *texts.get(pair_id, ())))]


def pairs_in_order(tournament, ids) -> list:
    """The pairs with these ids (one page), with their players, in the order of ``ids``."""
    by_id = tournament.pairs.prefetch_related("players").in_bulk(list(ids))
    return [by_id[i] for i in ids if i in by_id]


def visible_rounds(tournament, organizer: bool):
    rounds = tournament.rounds.order_by("number")
    return rounds if organizer else rounds.exclude(status=RoundStatus.DRAFT)


def _players_prefetch(prefix):
    return Prefetch(f"{prefix}__players", queryset=Player.objects.order_by("number", "id"))


def round_parties(rnd) -> list[Partie]:
    return list(
        rnd.parties.select_related("pair_a", "pair_b")
        .prefetch_related(_players_prefetch("pair_a"), _players_prefetch("pair_b"))
        .order_by("table")
    )


def _names(pair) -> str:
    return " — ".join(p.name for p in pair.players.all()) if pair else ""


def by_table(parties) -> list[dict]:
    rows = []
    for p in parties:
        rows.append({
            "table": p.table, "a_number": p.pair_a.number, "a_players": _names(p.pair_a),
            "b_number": p.pair_b.number if p.pair_b else None, "b_players": _names(p.pair_b),
            "bye": p.pair_b is None, "reason": p.reason, "partie_id": p.pk,
        })
    return rows


def seats(partie) -> dict:
    """{"A1": player, "B1": …} — player number 1 sits in seat 1 of his side."""
    out = {}
    for side in "AB":
        for k, player in enumerate(partie.side_players(side), start=1):
            out[f"{side}{k}"] = player
    return out


def by_name(parties) -> list[dict]:
    rows = []
    for p in parties:
        seated = seats(p)
        for seat, player in seated.items():
            side = seat[0]
            opponents = p.pair_b if side == "A" else p.pair_a
            rows.append({
                "name": player.name, "club": player.club,
                "pair": (p.pair_a if side == "A" else p.pair_b).number,
                "table": None if p.pair_b is None else p.table, "seat": "" if p.pair_b is None else seat,
                "opponents": _names(opponents) if p.pair_b else "",
                "opponent_number": opponents.number if p.pair_b else None,
            })
    rows.sort(key=lambda r: name_key(r["name"]))
    return rows


def seating(parties, deals: int) -> list[dict]:
    """Every table: the four seats clockwise and the lead / shuffle of every deal (docs/rules.md §2–3)."""
    rotation = [(n, *lead_and_shuffle(n)) for n in range(1, deals + 1)]
    tables = []
    for p in parties:
        if p.pair_b is None:
            continue
        seated = seats(p)
        tables.append({
            "table": p.table, "a": p.pair_a.number, "b": p.pair_b.number,
            "seats": [(s, seated.get(s)) for s in SEAT_ORDER],
            "rotation": [(n, lead, seated.get(lead), shuffle, seated.get(shuffle)) for n, lead, shuffle in rotation],
        })
    return tables


def deals_shown(tournament) -> int:
    rules = tournament.rules()
    return rules.deals_per_partie if rules.partie_length == "deals" else 8
