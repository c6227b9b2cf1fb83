"""One hand (*mano*) of the partnership game: who won it and what each pair scores (RULES-LATIN.md §3–§5).

Order of work for a hand:

1. ``result`` is ``domino`` or ``block`` (*tranque*); the hands left are read and checked as one table
   (``tiles``); the lead tile and the last tile are tiles of the set that nobody still holds;
2. *domino* — the pair of the player who went out (``out``) wins; he holds nothing (a count of 0 or an
   empty list); both opponents' hands are counted, the partner's too with ``domino_points`` ``all_in_play``
   (with ``opponents`` it may be left out). The winners score those pips;
3. *capicúa* — with ``out_tile`` and ``ends`` written, the last tile must fit an end; it was a capicúa
   when each end is one of its numbers and it is not a double. With ``capicua`` on both must be written;
   ``add`` adds ``capicua_bonus``, ``double`` doubles the domino's pips;
4. *tranque* — ``fisher`` and all four hands are written; ``tranque_winner`` finds the winning pair (the lower
   pair total, or the pair of the lowest single hand; a player of each pair sharing the lowest count is a
   tie); ``tranque_tie`` settles a tie (nobody, the pair that led, the fisher's pair);
   ``tranque_points`` is what the winners score;
5. each *paso redondo* earns ``paso_redondo_bonus`` to the pair that made it, whatever the hand's result.

Where the rule book is silent (the referee's expectation, chosen here):

* the player who went out may be written with 0 (as "nothing left") or an empty list; a tile list or a
  positive count is refused;
* ``capicua`` in the scored hand says whether the last tile was a capicúa whenever ``out_tile`` and ``ends``
  are written, also with the option off (it then scores nothing);
* ``double`` doubles the pips of the domino, not the *paso redondo* bonuses;
* *pasos redondos* score in a tied *tranque* too (they were made before the block);
* ``out``, ``out_tile`` and ``ends`` belong to a domino, ``fisher`` to a *tranque*: written on the other
  result they are refused (the sheet contradicts itself).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ProtocolError
from ..seating import SEATS, other_side, partner_of, seats_of, side_of
from .options import LatinOptions
from .tiles import SETS, Hand, TileSet, holder, parse_tile, read_hands, tile_name

RESULTS = ("domino", "block")
MAX_PASOS_REDONDOS = 30
DOMINO_FIELDS = ("out", "out_tile", "ends")


@dataclass(frozen=True)
class HandResult:
    """What a hand of play gives: the winning pair (None for a tranque nobody won) and the points of each pair."""

    result: str
    winner: str | None
    points: dict            # {"A": int, "B": int}, bonuses included
    out: str | None = None
    fisher: str | None = None
    capicua: bool = False
    tie: bool = False


def seat(raw, *, n: int, name: str) -> str:
    if raw not in SEATS:
        raise ProtocolError("bad_seat", f"{name} must name a seat (A1, A2, B1, B2), got {raw!r}", deal=n, field=name)
    return raw


def counted(hands: dict[str, Hand], who: str, *, n: int, why: str) -> int:
    """The pips of a hand the rule counts: it must be written and hold at least one tile."""
    if who not in hands:
        raise ProtocolError("missing_hand", f"the hand of {who} is missing ({why})", deal=n, seat=who)
    if hands[who].empty:
        raise ProtocolError("empty_tile_list", f"{who} did not go out, so he still holds at least one tile",
                            deal=n, seat=who)
    return hands[who].pips


def _table_tiles(raw: dict, tile_set: TileSet, hands: dict[str, Hand], n: int) -> tuple:
    """The lead tile and the last tile as written (None when not), neither still in a hand."""
    lead_seat = raw.get("lead") if raw.get("lead") in SEATS else None
    out_seat = raw.get("out") if raw.get("out") in SEATS else None
    lead_tile = None if raw.get("lead_tile") is None else parse_tile(raw["lead_tile"], tile_set, deal=n,
                                                                     seat=lead_seat)
    out_tile = None if raw.get("out_tile") is None else parse_tile(raw["out_tile"], tile_set, deal=n,
                                                                   seat=out_seat)
    if lead_tile is not None and lead_tile == out_tile:
        raise ProtocolError("same_tile_twice", f"tile {tile_name(lead_tile)} cannot be both led and placed last",
                            deal=n, tile=tile_name(lead_tile))
    for tile in (t for t in (lead_tile, out_tile) if t is not None):
        who = holder(hands, tile)
        if who is not None:
            raise ProtocolError("tile_on_table_in_hand", f"tile {tile_name(tile)} is on the table, so it cannot be "
                                f"in {who}'s hand", deal=n, seat=who, tile=tile_name(tile))
    return lead_tile, out_tile


def _ends(raw, tile_set: TileSet, n: int) -> tuple | None:
    if raw is None:
        return None
    if (not isinstance(raw, list) or len(raw) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= tile_set.top for x in raw)):
        raise ProtocolError("bad_ends", f"ends must be the two open numbers, each 0..{tile_set.top}, got {raw!r}",
                            deal=n, top=tile_set.top)
    return tuple(raw)


def _capicua(options: LatinOptions, out_tile, ends, n: int) -> bool:
    """Whether the last tile was a capicúa; refuses a last tile that fits neither end (§5)."""
    if ends is not None and out_tile is None:
        raise ProtocolError("ends_without_out_tile", "ends are written without the last tile (out_tile)", deal=n)
    if options.capicua != "off" and ends is None:
        raise ProtocolError("capicua_needs_tiles", "with capicúa on, a domino records out_tile and ends", deal=n)
    if ends is None:
        return False
    if ends[0] not in out_tile and ends[1] not in out_tile:
        raise ProtocolError("out_tile_fits_no_end", f"tile {tile_name(out_tile)} fits neither open end "
                            f"{ends[0]} or {ends[1]}", deal=n, tile=tile_name(out_tile), ends=f"{ends[0]}, {ends[1]}")
    return out_tile[0] != out_tile[1] and ends[0] in out_tile and ends[1] in out_tile


def _pasos_redondos(raw, n: int) -> dict:
    if raw is None:
        return {"A": 0, "B": 0}
    if not isinstance(raw, dict) or not set(raw) <= {"A", "B"}:
        raise ProtocolError("bad_pasos_redondos", 'pasos_redondos must be an object like {"A": 1, "B": 0}', deal=n)
    out = {"A": 0, "B": 0}
    for side, count in raw.items():
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_PASOS_REDONDOS:
            raise ProtocolError("bad_pasos_redondos", f"pasos_redondos of pair {side} must be a count "
                                f"0..{MAX_PASOS_REDONDOS}, got {count!r}", deal=n, side=side)
        out[side] = count
    return out


def _domino(options: LatinOptions, raw: dict, hands: dict[str, Hand], out_tile, ends, n: int) -> HandResult:
    if raw.get("fisher") is not None:
        raise ProtocolError("result_field_mismatch", "fisher belongs to a tranque, not to a domino", deal=n,
                            field="fisher")
    if raw.get("out") is None:
        raise ProtocolError("missing_out", "a domino needs the seat of the player who went out (out)", deal=n)
    out = seat(raw["out"], n=n, name="out")
    if out in hands and (hands[out].pips or hands[out].tiles):
        raise ProtocolError("out_holds_tiles", f"{out} went out, so his hand is empty", deal=n, seat=out)
    winner = side_of(out)
    pips = sum(counted(hands, s, n=n, why="the opponents' hands are scored") for s in seats_of(other_side(winner)))
    partner = partner_of(out)
    if options.domino_points == "all_in_play" or partner in hands:
        partner_pips = counted(hands, partner, n=n, why="the partner's hand is scored too")
        pips += partner_pips if options.domino_points == "all_in_play" else 0
    capicua = _capicua(options, out_tile, ends, n)
    if capicua and options.capicua == "add":
        pips += options.capicua_bonus
    elif capicua and options.capicua == "double":
        pips *= 2
    return HandResult("domino", winner, {winner: pips, other_side(winner): 0}, out=out, capicua=capicua)


def tranque_winner(options: LatinOptions, hands: dict[str, Hand], pair_pips: dict) -> str | None:
    """The pair that wins the block by ``tranque_winner``, None for a tie."""
    if options.tranque_winner == "pair_total":
        if pair_pips["A"] == pair_pips["B"]:
            return None
        return "A" if pair_pips["A"] < pair_pips["B"] else "B"
    lowest = min(hands[s].pips for s in SEATS)
    sides = {side_of(s) for s in SEATS if hands[s].pips == lowest}
    return sides.pop() if len(sides) == 1 else None


def _tranque(options: LatinOptions, raw: dict, hands: dict[str, Hand], lead: str, n: int) -> HandResult:
    for name in DOMINO_FIELDS:
        if raw.get(name) is not None:
            raise ProtocolError("result_field_mismatch", f"{name} belongs to a domino, not to a tranque", deal=n,
                                field=name)
    if raw.get("fisher") is None:
        raise ProtocolError("missing_fisher", "a tranque needs the seat of the fisher (who placed the last tile)",
                            deal=n)
    fisher = seat(raw["fisher"], n=n, name="fisher")
    for s in ("A1", "B1", "A2", "B2"):
        counted(hands, s, n=n, why="in a tranque all four hands are counted")
    pair_pips = {side: sum(hands[s].pips for s in seats_of(side)) for side in ("A", "B")}
    winner = tranque_winner(options, hands, pair_pips)
    tie = winner is None
    if tie and options.tranque_tie == "leading_pair":
        winner = side_of(lead)
    elif tie and options.tranque_tie == "fisher_pair":
        winner = side_of(fisher)
    if winner is None:
        return HandResult("block", None, {"A": 0, "B": 0}, fisher=fisher, tie=True)
    loser = other_side(winner)
    if options.tranque_points == "all_in_play":
        value = pair_pips["A"] + pair_pips["B"]
    elif options.tranque_points == "opponents":
        value = pair_pips[loser]
    else:  # difference
        value = max(0, pair_pips[loser] - pair_pips[winner])
    return HandResult("block", winner, {winner: value, loser: 0}, fisher=fisher, tie=tie)


def check_double_six_lead(hands: dict[str, Hand], lead_tile, n: int) -> None:
    """``first_lead`` ``double_six``: hand 1 is led with 6-6, so nobody still holds it (§2)."""
    if lead_tile is not None and lead_tile != (6, 6):
        raise ProtocolError("first_lead_not_double_six", f"the first hand is led with 6-6, not "
                            f"{tile_name(lead_tile)}", deal=n, tile=tile_name(lead_tile))
    who = holder(hands, (6, 6))
    if who is not None:
        raise ProtocolError("double_six_still_held", f"the first hand is led with 6-6, so {who} cannot hold it",
                            deal=n, seat=who)


def score_hand(options: LatinOptions, raw: dict, n: int, lead: str) -> HandResult:
    """Check one hand of a protocol and score it; ``lead`` is the seat that led it (as written or derived)."""
    result = raw.get("result")
    if result not in RESULTS:
        raise ProtocolError("bad_latin_result", f"result must be domino or block, got {result!r}", deal=n)
    tile_set = SETS[options.tile_set]
    hands = read_hands(raw.get("hands"), tile_set, deal=n)
    lead_tile, out_tile = _table_tiles(raw, tile_set, hands, n)
    if n == 1 and options.first_lead == "double_six":
        check_double_six_lead(hands, lead_tile, n)
    if result == "domino":
        table = _domino(options, raw, hands, out_tile, _ends(raw.get("ends"), tile_set, n), n)
    else:
        table = _tranque(options, raw, hands, lead, n)
    pasos = _pasos_redondos(raw.get("pasos_redondos"), n)
    points = {side: table.points[side] + pasos[side] * options.paso_redondo_bonus for side in ("A", "B")}
    return HandResult(table.result, table.winner, points, table.out, table.fisher, table.capicua, table.tie)
