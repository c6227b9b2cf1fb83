"""The cross table (турнирная таблица): each pair's result round by round, or the N × N grid of a round robin.

Pure Python: ``standings.Row`` and ``standings.Game`` in, ``Cell`` lists out.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .standings import ACTIVE, Row
from .tiebreaks import number_key


@dataclass(frozen=True)
class Cell:
    round: int
    opponent: int | None  # pair number; None for a bye
    points_for: int
    points_against: int
    result: str  # "win" | "draw" | "loss" | "bye" | "" (not finished)
    partie_id: int | None = None  # the protocol page of the game
    # The Kozel family: goats this pair and its opponent received in the partie. The points above stay
    # the pair's own and the opponent's totals, as the score sheet writes them.
    goats: int = 0
    goats_against: int = 0

    @property
    def mark(self) -> str:
        return {"win": "+", "draw": "=", "loss": "−", "bye": "+"}.get(self.result, "")

    @property
    def goats_score(self) -> str:
        """«0:1»: goats of this pair : of the opponent (pages add «к.», docs/rules-kozel.md §11); empty while
        unfinished or for a bye."""
        if self.result in ("", "bye"):
            return ""
        return f"{self.goats}:{self.goats_against}"

    def decided_otherwise(self, goats: bool) -> bool:
        """The result was not decided by the cell's own figures (a disqualification, a pair that left, a no-show):
        the loser's goats or points do not read as a loss (fewer or as many goats, at least as many points)."""
        if self.result not in ("win", "loss"):
            return False
        mine, theirs = (self.goats_against, self.goats) if goats else (self.points_for, self.points_against)
        return mine <= theirs if self.result == "win" else mine >= theirs

    def forfeit_text(self, goats: bool) -> str:
        """«−:+» in the loser's cell, «+:−» in the winner's, when the figures would read the other way; else ''."""
        if not self.decided_otherwise(goats):
            return ""
        return "+:−" if self.result == "win" else "−:+"

    @property
    def forfeit_goats(self) -> str:  # for templates, which cannot pass an argument
        return self.forfeit_text(True)

    @property
    def forfeit_points(self) -> str:
        return self.forfeit_text(False)


def cells_by_pair(rows: list[Row], games, *, after_round: int | None = None) -> dict:
    """pair id -> list of ``Cell`` in round order (what a cross table prints)."""
    numbers = {r.pair.id: r.pair.number for r in rows}
    cells = defaultdict(list)
    for g in sorted(games, key=lambda g: g.round):
        if after_round is not None and g.round > after_round:
            continue
        if g.is_bye:
            cells[g.pair_a].append(Cell(g.round, None, 0, 0, "bye"))
            continue
        for side, pid, opp in (("A", g.pair_a, g.pair_b), ("B", g.pair_b, g.pair_a)):
            if not g.finished:
                result = ""
            else:
                result = "draw" if g.winner is None else ("win" if g.winner == side else "loss")
            mine, theirs = (g.score_a, g.score_b) if side == "A" else (g.score_b, g.score_a)
            goats = (g.goats_a, g.goats_b) if side == "A" else (g.goats_b, g.goats_a)
            cells[pid].append(Cell(g.round, numbers.get(opp), mine, theirs, result, g.partie_id, *goats))
    return cells


def round_robin_matrix(rows: list[Row], games, *, after_round: int | None = None):
    """Active pairs in pair-number order, then withdrawn or disqualified ones (same order for the columns).

    ``matrix[i][j]`` is the list of cells of pair i against pair j.
    """
    ordered = sorted(rows, key=lambda r: (r.status != ACTIVE, -number_key(r)))
    index = {r.pair.number: i for i, r in enumerate(ordered)}
    cells = cells_by_pair(rows, games, after_round=after_round)
    matrix = [[[] for _ in ordered] for _ in ordered]
    for i, r in enumerate(ordered):
        for c in cells.get(r.pair.id, []):
            if c.opponent is not None and c.opponent in index:
                matrix[i][index[c.opponent]].append(c)
    return ordered, matrix
