"""Remarks on the penalty ladder and their effect on a deal (docs/rules.md §6).

Order of application in a deal: base result → wrong pass / deal loss
overrides → fines and re-scoring, in the order given.

Interpretations (docs/rules.md §6):

* when a deal carries several imposed results (a wrong pass and a 4th remark,
  or 4th remarks of both pairs), each one gives its points to the offender's
  opponents, and the offender scores nothing of its own from the table;
* fines are kept apart from the table result; "the penalised pair won the
  deal" is read from the table result as re-scored so far, so that a re-score
  never wipes out a fine already given;
* a second re-score of the same deal (two fines to the same pair in one deal)
  replaces that pair's pips with the new step's ``block_pips``.

Hand points (RULES-KOZEL.md §8): a fine is never a re-score; its points, and
those of a lost deal, go to the opponents — to the offender when points are
penalties (``higher_wins`` false). Kozel and Morskoy record sanctions in
``games`` (RULES-KOZEL.md §6).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .config import Rules
from .deal import TableResult, block_points
from .options import LadderStep
from .seating import other_side, side_of


@dataclass(frozen=True)
class Sanction:
    remark_number: int   # the n-th remark of the pair over the tournament
    seat: str
    side: str
    kind: str            # warning | fine | rescored | deal_loss | disqualification
    points: int = 0
    reason: str = ""

    def to_json(self) -> dict:
        return {
            "remark": self.remark_number, "seat": self.seat, "pair": self.side,
            "effect": self.kind, "points": self.points, "reason": self.reason,
        }


@dataclass
class DealState:
    """A deal being scored: the table result, overrides and fines on top of it."""

    table: TableResult
    points: dict = field(default_factory=dict)     # table (or imposed) points per side
    fines: dict = field(default_factory=lambda: {"A": 0, "B": 0})
    imposed: bool = False
    pips: dict = field(default_factory=dict)

    @classmethod
    def start(cls, table: TableResult) -> "DealState":
        return cls(
            table=table, points={"A": table.points_a, "B": table.points_b},
            imposed=table.imposed, pips=dict(table.pips),
        )

    def table_winner(self) -> str | None:
        if self.points["A"] > self.points["B"]:
            return "A"
        if self.points["B"] > self.points["A"]:
            return "B"
        return None

    def impose_loss(self, side: str, points: int, to: str | None = None) -> None:
        """``side`` loses the deal 0 : points (a wrong pass or a deal lost by a remark); ``to`` gets the points."""
        if not self.imposed:
            self.points = {"A": 0, "B": 0}
            self.imposed = True
        self.points[to or other_side(side)] += points

    def fine(self, rules: Rules, side: str, step: LadderStep) -> str:
        """Apply a fine step; returns ``"fine"`` or ``"rescored"``."""
        if rules.family == "hand":
            self.fines[_penalised(rules, side)] += step.points
            return "fine"
        if not self.imposed and self.table_winner() == side:
            opponents = other_side(side)
            pips = {side: step.block_pips, opponents: self.pips[opponents]}
            self.pips = pips
            a, b = block_points(rules, pips["A"], pips["B"])
            self.points = {"A": a, "B": b}
            return "rescored"
        self.fines[other_side(side)] += step.points
        return "fine"

    def final(self) -> tuple[int, int]:
        return self.points["A"] + self.fines["A"], self.points["B"] + self.fines["B"]


def apply_remarks(rules: Rules, state: DealState, remarks: list) -> list[Sanction]:
    """Apply the remarks given during this deal: ``remarks`` is a list of (n, seat, reason) in order."""
    sanctions = []
    # Overrides first (deal loss), then fines and re-scoring in the order given.
    for n, seat, reason in remarks:
        step = rules.ladder_step(n)
        if step.kind == "deal_loss":
            state.impose_loss(side_of(seat), step.points, to=_penalised(rules, side_of(seat)))
            sanctions.append(Sanction(n, seat, side_of(seat), "deal_loss", step.points, reason))
    for n, seat, reason in remarks:
        step = rules.ladder_step(n)
        if step.kind == "fine":
            kind = state.fine(rules, side_of(seat), step)
            pts = step.block_pips if kind == "rescored" else step.points
            sanctions.append(Sanction(n, seat, side_of(seat), kind, pts, reason))
        elif step.kind in ("warning", "disqualification"):
            sanctions.append(Sanction(n, seat, side_of(seat), step.kind, 0, reason))
    return sanctions


def _penalised(rules: Rules, side: str) -> str:
    """Who receives the points of ``side``'s sanction: the opponents, or ``side`` where points are penalties."""
    return side if rules.family == "hand" and not rules.higher_wins else other_side(side)
