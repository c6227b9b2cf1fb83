"""The tiles of the partnership game and the hands left in play (RULES-LATIN.md §1, §3, §11.2).

A hand left is a pip count or a list of tiles ``"a-b"``. The set decides the bounds (§1):

* ``double_six``: tiles ``0-0 … 6-6``, at most 7 tiles and 69 pips in a hand, 168 pips at the table;
* ``double_nine``: tiles ``0-0 … 9-9``, at most 10 tiles and 152 pips in a hand (the ten heaviest tiles), 433 at
  the table (the 39 heaviest: the lead placed at least one tile) **[interpretation]**.

A count of 0 is a hand holding only 0-0, which counts its face value 0 (§3); an empty list is an empty hand,
which only the player who went out can have. No tile may be written twice at the table.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import ProtocolError
from ..hands import read_seats
from ..seating import SEATS


@dataclass(frozen=True)
class TileSet:
    name: str
    top: int               # the highest number on a tile
    tiles_each: int        # tiles dealt to each player
    max_hand_pips: int
    max_table_pips: int


SETS = {
    "double_six": TileSet("double_six", 6, 7, 69, 168),
    "double_nine": TileSet("double_nine", 9, 10, 152, 433),
}
_TILE = re.compile(r"^\s*([0-9])\s*-\s*([0-9])\s*$")


@dataclass(frozen=True)
class Hand:
    """One player's hand as written: ``pips`` it counts, its ``tiles`` (low, high) when written as tiles."""

    seat: str
    pips: int
    tiles: tuple | None

    @property
    def empty(self) -> bool:
        """An empty list: the player holds nothing (a count of 0 is a lone 0-0, not empty)."""
        return self.tiles == ()


def set_tiles(tile_set: TileSet) -> list[str]:
    """Every tile of the set, ``"a-b"`` with a ≤ b, in order (28 of double six, 55 of double nine)."""
    return [f"{a}-{b}" for a in range(tile_set.top + 1) for b in range(a, tile_set.top + 1)]


def tile_name(tile: tuple[int, int]) -> str:
    return f"{tile[0]}-{tile[1]}"


def parse_tile(raw, tile_set: TileSet, *, deal: int, seat: str | None) -> tuple[int, int]:
    """A tile written ``"a-b"`` in the set, as (low, high)."""
    match = _TILE.match(raw) if isinstance(raw, str) else None
    if match is None:
        raise ProtocolError("bad_tile_text", f"{raw!r} is not a tile: write it as a-b", deal=deal, seat=seat,
                            tile=str(raw))
    a, b = (int(x) for x in match.groups())
    if a > tile_set.top or b > tile_set.top:
        raise ProtocolError("tile_outside_set", f"tile {a}-{b} is not in the {tile_set.name} set "
                            f"(0 ≤ a, b ≤ {tile_set.top})", deal=deal, seat=seat, tile=f"{a}-{b}", top=tile_set.top)
    return (min(a, b), max(a, b))


def parse_hand(raw, tile_set: TileSet, *, seat: str, deal: int) -> Hand:
    """A pip count (0 … the set's most in a hand) or a list of at most the tiles dealt."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        if not 0 <= raw <= tile_set.max_hand_pips:
            raise ProtocolError("hand_over_max", f"{raw} pips is impossible: a hand holds "
                                f"0..{tile_set.max_hand_pips} pips", deal=deal, seat=seat, value=raw,
                                max=tile_set.max_hand_pips)
        return Hand(seat, raw, None)
    if isinstance(raw, list):
        if len(raw) > tile_set.tiles_each:
            raise ProtocolError("hand_too_many_tiles", f"{len(raw)} tiles in one hand: a hand holds at most "
                                f"{tile_set.tiles_each}", deal=deal, seat=seat, value=len(raw),
                                max=tile_set.tiles_each)
        tiles = tuple(parse_tile(t, tile_set, deal=deal, seat=seat) for t in raw)
        return Hand(seat, sum(a + b for a, b in tiles), tiles)
    raise ProtocolError("bad_count", "a hand is a whole number of pips or a list of tiles", deal=deal, seat=seat)


def read_hands(raw_hands, tile_set: TileSet, *, deal: int) -> dict[str, Hand]:
    """The hands of a hand of play (seat -> pips or tiles), checked as one table."""
    hands = read_seats(raw_hands, deal=deal, count=lambda seat, raw: parse_hand(raw, tile_set, seat=seat, deal=deal))
    seen: dict[tuple, str] = {}
    for seat in (s for s in SEATS if s in hands):
        for tile in hands[seat].tiles or ():
            if tile in seen:
                where = "twice in this hand" if seen[tile] == seat else f"already in {seen[tile]}'s hand"
                raise ProtocolError("duplicate_tile", f"tile {tile_name(tile)} is {where}", deal=deal, seat=seat,
                                    tile=tile_name(tile))
            seen[tile] = seat
    total = sum(h.pips for h in hands.values())
    if total > tile_set.max_table_pips:
        raise ProtocolError("table_over_max", f"the hands hold {total} pips in all: at most "
                            f"{tile_set.max_table_pips} are possible", deal=deal, value=total,
                            max=tile_set.max_table_pips)
    return hands


def holder(hands: dict[str, Hand], tile: tuple[int, int]) -> str | None:
    """The seat whose written tiles hold ``tile``, if any."""
    return next((seat for seat in SEATS if seat in hands and tile in (hands[seat].tiles or ())), None)
