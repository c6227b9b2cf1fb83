"""Individual standings of players (pure Python, built on the pairs' standings)."""
from __future__ import annotations

from dataclasses import dataclass

from core.names import name_key

from .standings import Row, plain_number


@dataclass(frozen=True)
class PlayerEntry:
    id: int
    pair_id: int
    name: str
    number: int | None = None
    club: str = ""
    rating: int | None = None  # the player's own rating (registration, import), not the Kozel partie rating

    @property
    def sort_name(self) -> tuple:
        return name_key(self.name)


@dataclass
class PlayerRow:
    player: PlayerEntry
    pair_row: Row
    dominoes: int = 0  # deals in which this player went out
    remarks: int = 0

    @property
    def rank(self):
        return self.pair_row.rank

    def to_json(self, *, goats: bool = False, rating: bool = False) -> dict:
        """The player's line; ``goats`` / ``rating``: the pair's Kozel columns (partners share them)."""
        data = {
            "rank": self.rank,
            "player": self.player.name,
            "club": self.player.club,
            "pair": self.pair_row.pair.number,
            "status": self.pair_row.status,
            "match_points": plain_number(self.pair_row.match_points),
            "points_for": self.pair_row.points_for,
            "difference": self.pair_row.difference,
            "dominoes": self.dominoes,
            "remarks": self.remarks,
        }
        row = self.pair_row
        if goats:
            data.update(games_won=row.games_won, goats_received=row.goats_received, goats_given=row.goats_given,
                        dry_goats=row.dry_goats)
        if rating:
            data["rating"] = row.rating
        return data


def individual_standings(rows: list[Row], players, *, dominoes=None, remarks=None) -> list[PlayerRow]:
    """Players in their pair's order (**[interpretation]**: partners share the pair's place).

    Inside a pair, and between players of pairs sharing a place, the player who
    went out more often comes first, then the one with fewer remarks.
    ``dominoes`` and ``remarks`` map player id -> count.
    """
    dominoes = dominoes or {}
    remarks = remarks or {}
    position = {r.pair.id: i for i, r in enumerate(rows)}
    by_id = {r.pair.id: r for r in rows}
    result = [
        PlayerRow(p, by_id[p.pair_id], dominoes.get(p.id, 0), remarks.get(p.id, 0))
        for p in players if p.pair_id in by_id
    ]
    result.sort(key=lambda pr: (
        pr.pair_row.rank if pr.pair_row.rank is not None else 10**9,
        position[pr.player.pair_id] if not pr.pair_row.tied else 0,
        -pr.dominoes, pr.remarks, position[pr.player.pair_id], pr.player.number or 9, name_key(pr.player.name),
    ))
    return result
