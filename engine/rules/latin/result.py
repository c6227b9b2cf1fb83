"""The result rows of a partida: points, won / lost, *efectividad* (RULES-LATIN.md §8.1, §8.2, §9, §10.3).

With ``T`` the target, ``r1`` the pair's points and ``r2`` the opponents', both capped at ``score_cap_pct`` % of
the target (halves up; no cap when null):

* **plain** (S1 ``calcularEfectividad``): when ``max(r1, r2) ≥ T`` the winner gets ``T − r2``, the loser
  ``−(T − r1)``, equal points 0; otherwise the difference ``r1 − r2``;
* **with a sanction** of ``s`` points (S1 ``evaluarSancionIndividual``): ``adj = max(0, r1 − s)``, ``m =
  max(adj, r2)``; if ``adj > r2``: ``T − r2`` when ``m ≥ T``, else ``adj − r2``; otherwise ``−(T − adj)`` when
  ``m ≥ T``, else ``−(r2 − adj)``. Under ``sanction_mode`` ``mistorneos`` the opponents keep their plain
  figure from the sanctioned pair's points before the deduction, and the row shows the points before it;
  won if ``r1 − s > r2``, lost otherwise. Under ``symmetric`` every pair's points are deducted first
  (``max(0, r − s)``) and both rows are plain rows of the deducted points **[interpretation]**;
* won / lost without a sanction: more points wins, fewer loses; a row neither won nor lost is drawn;
* a partida drawn at time under ``time_tie`` ``draw``: both pairs at 0 : 0 (S1 «empate mano nula»); the
  formulas above then give 0 for both, a sanctioned pair (``mistorneos``) losing;
* fixed rows: a forfeit (the absent pair 0, ``T`` against, ``−T``, lost; the present pair ``T``, 0 against,
  ``T × forfeit_efectividad_pct %`` rounded down, won); a grave card (the offenders as the absent pair; the
  others ``T × grave_card_efectividad_pct %``, rounded down like the forfeit — the rule book gives no
  rounding, S1's value is 100 % — won); a bye (``T``, 0 against, ``T × bye_efectividad_pct %`` halves up,
  won, ``bye`` 1). A fixed row deducts no sanction points (§10.3: the grave card comes before the points).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..seating import other_side
from .options import LatinOptions, percent_down, percent_half_up

ROW_RESULT_FIELDS = ("points_for", "points_against", "efectividad", "won", "lost", "drawn", "bye", "withdrawn")


@dataclass(frozen=True)
class PairRow:
    """One pair's row of a partida (§8.1); the result fields are None while the partida is unfinished."""

    number: int
    points_for: int | None = None
    points_against: int | None = None
    sanction: int = 0
    efectividad: int | None = None
    won: int | None = None
    lost: int | None = None
    drawn: int | None = None
    bye: int | None = None
    card: str = "none"
    withdrawn: bool | None = None
    chancleta: int = 0
    zapato: int = 0

    def to_json(self) -> dict:
        return {"number": self.number, "points_for": self.points_for, "points_against": self.points_against,
                "sanction": self.sanction, "efectividad": self.efectividad, "won": self.won, "lost": self.lost,
                "drawn": self.drawn, "bye": self.bye, "card": self.card, "withdrawn": self.withdrawn,
                "chancleta": self.chancleta, "zapato": self.zapato}


def plain_efectividad(target: int, own: int, other: int) -> int:
    if max(own, other) >= target:
        if own > other:
            return target - other
        if own < other:
            return -(target - own)
        return 0
    return own - other


def sanctioned_efectividad(target: int, own: int, other: int, sanction: int) -> int:
    adjusted = max(0, own - sanction)
    top = max(adjusted, other)
    if adjusted > other:
        return target - other if top >= target else adjusted - other
    return -(target - adjusted) if top >= target else -(other - adjusted)


def _row(row: PairRow, points_for: int, points_against: int, efectividad: int, won: bool, lost: bool,
         *, bye: int = 0) -> PairRow:
    return replace(row, points_for=points_for, points_against=points_against, efectividad=efectividad,
                   won=int(won), lost=int(lost), drawn=int(not won and not lost), bye=bye,
                   withdrawn=row.card == "black")


def capped(options: LatinOptions, points: int) -> int:
    cap = options.score_cap
    return points if cap is None else min(points, cap)


def played_rows(options: LatinOptions, rows: dict, totals: dict, *, drawn: bool) -> dict:
    """The rows of a partida played to its end (``rows`` carry the sanction, card and counters)."""
    target = options.target_points
    r = {side: 0 if drawn else capped(options, totals[side]) for side in rows}
    out = {}
    for side, row in rows.items():
        own, other, s = r[side], r[other_side(side)], row.sanction
        if options.sanction_mode == "symmetric":
            own, other = max(0, own - s), max(0, other - rows[other_side(side)].sanction)
            out[side] = _row(row, own, other, plain_efectividad(target, own, other), own > other, own < other)
        elif s:
            out[side] = _row(row, own, other, sanctioned_efectividad(target, own, other, s), own - s > other,
                             own - s <= other)
        else:
            out[side] = _row(row, own, other, plain_efectividad(target, own, other), own > other, own < other)
    return out


def forfeit_rows(options: LatinOptions, rows: dict, losers: set, pct: int) -> dict:
    """Fixed rows (a no-show, a grave card): each pair of ``losers`` 0 : T, the other pair T : 0 and ``pct`` % of
    the target as efectividad, rounded down."""
    target = options.target_points
    out = {}
    for side, row in rows.items():
        row = replace(row, sanction=0)
        if side in losers:
            out[side] = _row(row, 0, target, -target, False, True)
        else:
            out[side] = _row(row, target, 0, percent_down(target, pct), True, False)
    return out


def bye_row(options: LatinOptions, row: PairRow) -> PairRow:
    target = options.target_points
    return _row(row, target, 0, percent_half_up(target, options.bye_efectividad_pct), True, False, bye=1)
