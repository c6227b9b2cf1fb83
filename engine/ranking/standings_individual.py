"""Standings of an individual event («личный зачёт», docs/rules-individual.md §6–§7) — pure Python, no Django.

Every entrant is a ``PairEntry`` with one player (``players = (name,)``, ``number`` = the player's number).
A partie seats four entrants: side A = ``pair_a`` (A1) and ``partner_a`` (A2) against side B = ``pair_b``
(B1) and ``partner_b`` (B2); a sit-out is a bye ``Game`` of ``pair_a`` alone. The rules of the pairs'
standings (``standings``) apply to each player, in this order:

1. A player takes his side's result of every finished partie: the partie played, its win, draw or loss
   and match points, points for and against (swapped when the side's own total counts against it),
   deals won, and in the Kozel family games won, goats both ways, dry goats and the rating.
2. A sit-out is the tournament's bye result (``Scoring.bye_*``): counted in ``byes``, not in ``played``.
3. **[interpretation]** A player absent from a published table (his id in ``Game.absent``; the protocol
   was scored as his side's no-show) alone takes the loss, with his side's recorded points; a present
   player whose partner is absent is scored as sitting out (2.); a present player whose partner is
   present takes his side's result as recorded (the opponents of a no-show side take the win).
4. Opponents and partners count between two players who both took a result of the partie (1. or 3.):
   Buchholz is the sum of the match points of both opponents of every partie, the partners' score the
   sum of the partners' match points (the weaker partners rank higher), Sonneborn-Berger the sum over
   the parties of (the player's match points in it / a win's) × (both opponents' match points), and
   head-to-head the match points earned against the tied players met as opponents.
5. Late entry, withdrawal and the ranking are the pairs'. **[interpretation]** Removal is a decision about one
   player (his entry's ``status``): a disqualified player is removed from the round of the partie in which
   his side was removed (or from ``withdrawn_after_round``); in that partie he loses as an absent player
   does (3.), and his partner, who stays in play, is scored as sitting out. While neither player of the
   removed side is marked disqualified, both take the side's result.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .standings import (
    DISQUALIFIED,
    Game,
    Row,
    Scoring,
    check_criteria,
    count_bye,
    count_late_entries,
    listed,
    plain_number,
    rank_rows,
    status_after,
    take_side,
)
from .tiebreaks import INDIVIDUAL_ORDERINGS, INDIVIDUAL_TIEBREAKS, LATIN_KEYS, game_match_points

# The partnership game's criteria (its rules' ``ranking_order``), a player's as a pair's, then the player's number.
LATIN_INDIVIDUAL = tuple(k for k in LATIN_KEYS.values() if k not in INDIVIDUAL_TIEBREAKS)


@dataclass(slots=True)
class IndividualRow(Row):
    """A player's line: the pairs' ``Row`` (``pair`` is the player's entry) and his partners."""

    partners: list = field(default_factory=list)  # partner ids, one per partie both took a result of
    partners_score: float = 0


def seats(g: Game) -> tuple:
    """The entrants of a partie in seat order A1, A2, B1, B2 (None for an empty seat)."""
    return g.pair_a, g.partner_a, g.pair_b, g.partner_b


def compute_individual_standings(entrants, games, *, scoring: Scoring | None = None,
                                 tiebreaks=INDIVIDUAL_ORDERINGS["default"],
                                 after_round: int | None = None) -> list[IndividualRow]:
    """Rank the players (``entrants``: ``PairEntry`` of one player; ``games``: ``Game`` with partners).

    ``tiebreaks`` is a resolved list (``resolve_tiebreaks(..., individual=True)``). Listed, counted and
    ordered as ``standings.compute_standings`` does for pairs (the module's docstring says the rest).
    """
    scoring = scoring if scoring is not None else Scoring()
    check_criteria(tiebreaks, INDIVIDUAL_TIEBREAKS + LATIN_INDIVIDUAL)
    took_part = {pid for g in games for pid in seats(g) if pid is not None}
    rows = {e.id: IndividualRow(pair=e) for e in entrants if listed(e, took_part)}
    for row in rows.values():
        removed_in = ()  # a disqualified player's own removal; his partner of that partie stays in play
        if row.pair.status == DISQUALIFIED:
            removed_in = [g.round for g in games if g.disqualified and not g.is_bye
                          and row.pair.id in _side(g, g.disqualified)]
        row.status = status_after(row.pair, removed_in, after_round)
    games = [g for g in games if after_round is None or g.round <= after_round]

    mp = game_match_points(scoring)
    count_late_entries(rows, sorted({g.round for g in games}), scoring, mp)
    for g in games:
        if g.pair_b is None:
            for pid in (g.pair_a, g.partner_a):
                if pid in rows:
                    count_bye(rows[pid], scoring)
            continue
        if g.finished:
            _count_partie(rows, g, scoring, mp)
    for row in rows.values():
        row.partners_score = sum(rows[p].match_points for p in row.partners if p in rows)
    return rank_rows(rows, tiebreaks, scoring)


def _side(g: Game, side: str) -> tuple:
    return (g.pair_a, g.partner_a) if side == "A" else (g.pair_b, g.partner_b)


def _count_partie(rows: dict, g: Game, scoring: Scoring, mp: dict) -> None:
    """One finished partie for its four players (rules 1–5 of the module's docstring)."""
    absent = set(g.absent)
    if g.disqualified:  # the player removed in it loses as an absent one does, and spares his partner
        absent.update(p for p in _side(g, g.disqualified) if p in rows and rows[p].pair.status == DISQUALIFIED)
    sides = {"A": _side(g, "A"), "B": _side(g, "B")}
    took = {}  # player id -> the side whose result he takes
    for side, (first, second) in sides.items():
        for me, partner in ((first, second), (second, first)):
            if me is None:
                continue
            if me not in absent and partner in absent:
                if me in rows:
                    count_bye(rows[me], scoring)
            else:
                took[me] = side
    for me, side in took.items():
        row = rows.get(me)
        if row is None:
            continue
        ours, theirs = (sides["A"], sides["B"]) if side == "A" else (sides["B"], sides["A"])
        opponents = [p for p in theirs if p in took]
        own = g.result_a if side == "A" else g.result_b  # the partnership game: each side's own result
        take_side(row, g, side, opponents, scoring, mp, result="loss" if me in absent else own)
        row.partners.extend(p for p in ours if p != me and p in took)


def individual_row_json(row: IndividualRow, *, goats: bool = False, rating: bool = False,
                        latin: bool = False) -> dict:
    """A player's line for ``standings SLUG --json``: the pairs' columns with ``player`` (his number) in place
    of ``pair`` and ``players``, and the partners' score; ``goats`` / ``rating`` / ``latin`` as for pairs."""
    data = row.to_json(goats=goats, rating=rating, latin=latin)
    del data["pair"], data["players"]
    return {"player": row.pair.number, **data, "partners_score": plain_number(row.partners_score)}

