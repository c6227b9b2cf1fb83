"""Hands left at the end of a deal: pip counts or lists of tiles (docs/rules.md §1, §4.3)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import ProtocolError
from .seating import SEATS

MAX_HAND_PIPS = 69      # 6-6, 6-5, 6-4, 5-5, 6-3, 5-4, 6-2
MAX_TABLE_PIPS = 168    # the whole double-six set
MAX_TILES_IN_HAND = 7
_TILE = re.compile(r"^\s*([0-9]+)\s*[-:|]\s*([0-9]+)\s*$")  # ASCII digits only: "٣-٣" is not a tile


@dataclass(frozen=True)
class Hand:
    """One player's hand as entered: ``value`` is what it counts under the rules."""

    seat: str
    value: int          # points it counts (a lone 0-0 counts lone_double_blank)
    face_pips: int      # pips printed on the tiles (a count is taken as its face)
    tiles: tuple | None  # normalised tiles (low, high) when entered as tiles
    holds_tiles: bool   # False only for an empty list or a count of 0 that is not a lone 0-0


def parse_tile(raw, *, deal: int, seat: str) -> tuple[int, int]:
    if isinstance(raw, (list, tuple)) and len(raw) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in raw):
        a, b = raw
    elif isinstance(raw, str) and _TILE.match(raw):
        a, b = (int(x) for x in _TILE.match(raw).groups())
    else:
        raise ProtocolError("bad_tile", f"{raw!r} is not a tile (write it as a-b, 0 ≤ a, b ≤ 6)", deal=deal, seat=seat, tile=str(raw))
    if not (0 <= a <= 6 and 0 <= b <= 6):
        raise ProtocolError("bad_tile", f"tile {a}-{b} is not in a double-six set (0 ≤ a, b ≤ 6)", deal=deal, seat=seat, tile=f"{a}-{b}")
    return (min(a, b), max(a, b))


def parse_hand(raw, *, seat: str, deal: int, lone_double_blank: int) -> Hand:
    """A pip count (0..69) or a list of at most 7 tiles ``"a-b"``."""
    if isinstance(raw, bool):
        raise ProtocolError("bad_count", "a hand is a whole number of pips or a list of tiles", deal=deal, seat=seat)
    if isinstance(raw, int):
        if raw < 0 or raw > MAX_HAND_PIPS:
            raise ProtocolError(
                "count_out_of_range", f"{raw} pips is impossible: a hand holds 0..{MAX_HAND_PIPS} pips",
                deal=deal, seat=seat, value=raw,
            )
        # A count of 0 can only be a lone 0-0; it counts lone_double_blank.
        if raw == 0:
            return Hand(seat, value=lone_double_blank, face_pips=0, tiles=None, holds_tiles=(lone_double_blank == 0))
        return Hand(seat, value=raw, face_pips=raw, tiles=None, holds_tiles=True)
    if isinstance(raw, (list, tuple)):
        if len(raw) > MAX_TILES_IN_HAND:
            raise ProtocolError(
                "too_many_tiles", f"{len(raw)} tiles in one hand: a hand holds at most {MAX_TILES_IN_HAND}",
                deal=deal, seat=seat, value=len(raw),
            )
        tiles = tuple(parse_tile(t, deal=deal, seat=seat) for t in raw)
        if len(set(tiles)) != len(tiles):
            dup = next(t for t in tiles if tiles.count(t) > 1)
            raise ProtocolError("duplicate_tile", f"tile {dup[0]}-{dup[1]} appears twice", deal=deal, seat=seat, tile=f"{dup[0]}-{dup[1]}")
        face = sum(a + b for a, b in tiles)
        value = lone_double_blank if tiles == ((0, 0),) else face
        return Hand(seat, value=value, face_pips=face, tiles=tiles, holds_tiles=bool(tiles))
    raise ProtocolError("bad_count", "a hand is a whole number of pips or a list of tiles", deal=deal, seat=seat)


def check_table(hands: dict[str, Hand], *, deal: int) -> None:
    """No tile twice at the table; the four hands hold at most 168 pips."""
    seen: dict[tuple, str] = {}
    for seat in sorted(hands):
        hand = hands[seat]
        for tile in hand.tiles or ():
            if tile in seen:
                raise ProtocolError(
                    "duplicate_tile", f"tile {tile[0]}-{tile[1]} is already in {seen[tile]}'s hand",
                    deal=deal, seat=seat, tile=f"{tile[0]}-{tile[1]}", other_seat=seen[tile],
                )
            seen[tile] = seat
    total = sum(h.face_pips for h in hands.values())
    if total > MAX_TABLE_PIPS:
        worst = max(sorted(hands), key=lambda s: hands[s].face_pips)
        raise ProtocolError(
            "table_over_168", f"the hands hold {total} pips in all: a set has only {MAX_TABLE_PIPS}",
            deal=deal, seat=worst, value=total,
        )


def read_hands(raw_hands, *, deal: int, count) -> dict[str, Hand]:
    """The hands of a deal (seat -> pips or tiles), each read by ``count(seat, raw)``, then checked as a table."""
    hands = read_seats(raw_hands, deal=deal, count=count)
    check_table(hands, deal=deal)
    return hands


def read_seats(raw_hands, *, deal: int, count) -> dict:
    """{seat: ``count(seat, raw)``} of a deal's written hands; refuses what is not a map of seats (every game's
    protocol writes its hands so; the table's own checks are the game's)."""
    if raw_hands is None:
        raw_hands = {}
    if not isinstance(raw_hands, dict):
        raise ProtocolError("bad_hands", "hands must map seats to pip counts or tile lists", deal=deal)
    hands = {}
    for seat, raw in raw_hands.items():
        if seat not in SEATS:
            raise ProtocolError("bad_seat", f"{seat!r} is not a seat (A1, A2, B1, B2)", deal=deal, seat=str(seat))
        hands[seat] = count(seat, raw)
    return hands
