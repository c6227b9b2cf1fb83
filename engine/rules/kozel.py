"""One deal of Kozel or Morskoy kozel on the table (RULES-KOZEL.md §2, §3.1, §3.4, §3.8, §6, §10).

Order of work for a deal:

1. hands are read and counted: a lone 0-0 counts ``lone_double_blank``, a lone
   6-6 ``lone_double_six``, exactly 0-0 and 6-6 together (``blank_six_pair``)
   both values added; every other hand counts its pips (§2.3). A count of 12
   that could be a lone 6-6 counting otherwise is refused (enter the tiles);
2. the tiles on the table (``lead_tile``, ``out_tile``) are checked against the
   hands entered as tiles, and the fisher of a block is read (§10);
3. the deal's winner and the value each receiving pair gets are found:
   *domino* — the losers' hands (the partner of the player who went out only
   with ``count_partner_on_domino``) go to the losers (``recorder = loser``) or
   to the winners (``recorder = winner``); *block* — by ``block_scoring``
   (§3.1 for the losers, §3.8 for the winners), equal pips being eggs except
   under ``each_own`` and ``all_to_fisher``; *wrong pass* — the offending pair
   loses, the value being its two hands (§6);
4. bonuses are added to the value: the lead bonus when the deal was led with
   6-6 or 0-0, the finish bonus when the player who went out placed 6-6 or 0-0
   last (§3.4). No bonus on a wrong pass.

What happens to the value next (threshold, remembered points, eggs, wipe) is
the game's business (``games``); the Morskoy rules that end a game at once
(``morskoy``) read the pips and tiles kept here.

Interpretations (docs/rules-kozel.md):

* a pair's pips are the sum of its two players' counted hands;
* under ``each_own`` the lead bonus goes to the pair with more pips and is lost
  when the pips are equal;
* under ``all_to_fisher`` an equal block still goes to the fisher's pair.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .config import Rules
from .errors import ProtocolError
from .hands import MAX_HAND_PIPS, Hand, parse_hand, parse_tile, read_hands
from .seating import SEATS, other_side, partner_of, seats_of, side_of

KOZEL_RESULTS = ("domino", "block", "wrong_pass")
BLANK, SIX = (0, 0), (6, 6)


@dataclass(frozen=True)
class KozelTable:
    """What happened on the table in one Kozel / Morskoy deal, before the game rules."""

    n: int
    result: str
    winner: str | None                 # the pair that won the deal; None for a tied block or each_own
    values: dict                       # {pair: value} received, bonuses included; {} for a tied block
    pips: dict                         # {"A": int | None, "B": int | None} counted pips per pair
    hands: dict = field(default_factory=dict)   # seat -> counted value
    tie: bool = False                  # a block with equal pips: the value becomes eggs
    eggs_value: int = 0                # what a tied block puts into the eggs
    lead: str | None = None
    lead_tile: str | None = None
    out: str | None = None
    out_tiles: tuple = ()
    fisher: str | None = None
    offender: str | None = None


def tile_name(tile: tuple[int, int]) -> str:
    return f"{tile[0]}-{tile[1]}"


def count_hand(rules: Rules, raw, *, seat: str, n: int) -> Hand:
    """A hand counted under the Kozel values of lone doubles (§2.3)."""
    if isinstance(raw, int) and not isinstance(raw, bool) and raw > MAX_HAND_PIPS and _worth(rules, raw):
        raise ProtocolError(
            "special_count", f"{raw} pips cannot be counted in a hand (at most {MAX_HAND_PIPS}): if it holds "
            f"{_worth(rules, raw)}, worth {raw} under these rules, enter the tiles", deal=n, seat=seat, value=raw,
            tiles=_worth(rules, raw),
        )
    hand = parse_hand(raw, seat=seat, deal=n, lone_double_blank=rules.lone_double_blank)
    if hand.tiles is not None:
        tiles = set(hand.tiles)
        if tiles == {SIX}:
            return Hand(seat, rules.lone_double_six, hand.face_pips, hand.tiles, True)
        if tiles == {BLANK, SIX} and rules.blank_six_pair:
            return Hand(seat, rules.lone_double_blank + rules.lone_double_six, hand.face_pips, hand.tiles, True)
        return hand
    if raw == 12 and twelve_is_ambiguous(rules):
        raise ProtocolError(
            "ambiguous_count", "12 pips may be a lone 6-6 (or 0-0 with 6-6), which count otherwise "
            "under these rules: enter the tiles", deal=n, seat=seat,
        )
    return hand


def _worth(rules: Rules, value: int) -> str:
    """The lone doubles that count ``value`` under the rules ("0-0 + 6-6", "0-0", …; "" when none)."""
    hands = [("0-0", rules.lone_double_blank), ("6-6", rules.lone_double_six)]
    if rules.blank_six_pair:
        hands.append(("0-0 + 6-6", rules.lone_double_blank + rules.lone_double_six))
    return " / ".join(name for name, worth in hands if worth == value)


def twelve_is_ambiguous(rules: Rules) -> bool:
    """A hand counted as 12 pips may be a lone 6-6 (or 0-0 with 6-6) that these rules count otherwise: such a
    count must be entered as tiles (the referee's page says so)."""
    return rules.lone_double_six != 12 or (rules.blank_six_pair and rules.lone_double_blank + rules.lone_double_six != 12)


def _seat(raw, *, n: int, name: str, required: bool = True) -> str | None:
    if raw is None and not required:
        return None
    if raw not in SEATS:
        raise ProtocolError("bad_seat", f"{name} must name a seat (A1, A2, B1, B2), got {raw!r}", deal=n, field=name)
    return raw


def _hands(rules: Rules, raw_hands, n: int) -> dict[str, Hand]:
    return read_hands(raw_hands, deal=n, count=lambda seat, raw: count_hand(rules, raw, seat=seat, n=n))


def _require(hands: dict[str, Hand], seat: str, *, n: int, why: str) -> Hand:
    if seat not in hands:
        raise ProtocolError("missing_hand", f"the hand of {seat} is missing ({why})", deal=n, seat=seat)
    if not hands[seat].holds_tiles:
        raise ProtocolError(
            "empty_hand", f"{seat} did not go out, so he still holds at least one tile: 0 pips is impossible",
            deal=n, seat=seat,
        )
    return hands[seat]


def _table_tiles(raw: dict, hands: dict[str, Hand], n: int, result: str) -> tuple[str | None, tuple]:
    """lead_tile and out_tile: real tiles, different, in nobody's hand (§10)."""
    lead_tile = None
    if raw.get("lead_tile") is not None:
        lead_tile = parse_tile(raw["lead_tile"], deal=n, seat=raw.get("lead") if raw.get("lead") in SEATS else None)
    out_tiles: tuple = ()
    raw_out = raw.get("out_tile")
    if raw_out is not None:
        if result != "domino":
            raise ProtocolError("bad_out_tile", "out_tile belongs to a domino only", deal=n)
        seat = raw.get("out") if raw.get("out") in SEATS else None
        if isinstance(raw_out, list) and raw_out and not all(isinstance(x, int) for x in raw_out):
            if len(raw_out) > 2:
                raise ProtocolError("bad_out_tile", "out_tile is one tile or two doubles", deal=n, seat=seat)
            out_tiles = tuple(parse_tile(t, deal=n, seat=seat) for t in raw_out)
            if len(out_tiles) == 2 and (out_tiles[0] == out_tiles[1] or any(a != b for a, b in out_tiles)):
                raise ProtocolError("bad_out_tile", "two tiles placed at once must be two different doubles",
                                    deal=n, seat=seat)
        else:
            out_tiles = (parse_tile(raw_out, deal=n, seat=seat),)
    if lead_tile is not None and lead_tile in out_tiles:
        raise ProtocolError("same_tile_twice", f"tile {tile_name(lead_tile)} cannot be both led and placed last",
                            deal=n, tile=tile_name(lead_tile))
    for tile in ((lead_tile,) if lead_tile else ()) + out_tiles:
        for seat, hand in hands.items():
            if tile in (hand.tiles or ()):
                raise ProtocolError("tile_on_table_in_hand", f"tile {tile_name(tile)} is on the table, "
                                    f"so it cannot be in {seat}'s hand", deal=n, seat=seat, tile=tile_name(tile))
    return (tile_name(lead_tile) if lead_tile else None), tuple(tile_name(t) for t in out_tiles)


def _block_values(rules: Rules, pips: dict, fisher: str | None, n: int) -> tuple[str | None, dict, bool]:
    """(winner, values, tie) of a block under ``block_scoring`` (§3.1, §3.8)."""
    a, b = pips["A"], pips["B"]
    all_four = a + b
    fewer = "A" if a < b else "B" if b < a else None
    mode = rules.block_scoring
    if mode == "each_own":
        return None, {"A": a, "B": b}, False
    if mode == "all_to_fisher":
        side = side_of(fisher)
        return other_side(side), {side: all_four}, False
    if fewer is None:
        return None, {}, True
    more = other_side(fewer)
    if rules.recorder == "winner":
        if mode == "opponents":
            value = pips[more]
        elif mode == "all":
            value = all_four
        else:  # difference
            value = pips[more] - pips[fewer]
        return fewer, {fewer: value}, False
    if mode == "fisher_half" and side_of(fisher) == fewer:
        # The fishers won the block: the opponents record only their own pips.
        return fewer, {more: pips[more]}, False
    return fewer, {more: all_four}, False


def score_kozel_table(rules: Rules, raw: dict, n: int) -> KozelTable:
    """Validate one deal of a Kozel / Morskoy protocol and score what happened on the table."""
    result = raw.get("result")
    if result not in KOZEL_RESULTS:
        raise ProtocolError("bad_result", f"result must be domino, block or wrong_pass, got {result!r}", deal=n)
    lead = _seat(raw.get("lead"), n=n, name="lead", required=False)
    hands = _hands(rules, raw.get("hands"), n)
    lead_tile, out_tiles = _table_tiles(raw, hands, n, result)
    common = dict(lead=lead, lead_tile=lead_tile)

    if result == "wrong_pass":
        offender = _seat(raw.get("offender"), n=n, name="offender")
        side = side_of(offender)
        own = sum(_require(hands, s, n=n, why="the offending pair's hands are its value").value for s in seats_of(side))
        receiver = side if rules.recorder == "loser" else other_side(side)
        return KozelTable(n, result, other_side(side), {receiver: own}, {side: own, other_side(side): None},
                          {s: h.value for s, h in hands.items()}, offender=offender, **common)

    if result == "domino":
        out = _seat(raw.get("out"), n=n, name="out")
        if out in hands and (hands[out].tiles or hands[out].face_pips):
            raise ProtocolError("out_holds_tiles", f"{out} went out, so his hand is empty", deal=n, seat=out)
        winner = side_of(out)
        loser = other_side(winner)
        loser_pips = sum(_require(hands, s, n=n, why="the losing pair's pips are scored").value for s in seats_of(loser))
        partner = partner_of(out)
        partner_pips = None
        if rules.count_partner_on_domino:
            partner_pips = _require(hands, partner, n=n, why="the partner's pips are scored too").value
        elif partner in hands:
            partner_pips = _require(hands, partner, n=n, why="").value
        value = loser_pips + (partner_pips if rules.count_partner_on_domino else 0)
        value += sum(rules.bonus("finish", t) for t in out_tiles)
        value += rules.bonus("lead", lead_tile) if lead_tile else 0
        receiver = loser if rules.recorder == "loser" else winner
        return KozelTable(n, result, winner, {receiver: value}, {loser: loser_pips, winner: partner_pips},
                          {s: h.value for s, h in hands.items()}, out=out, out_tiles=out_tiles, **common)

    # block: all four hold tiles.
    for seat in ("A1", "B1", "A2", "B2"):
        _require(hands, seat, n=n, why="in a block all four hands are counted")
    fisher = _seat(raw.get("fisher"), n=n, name="fisher", required=False)
    if fisher is None and (rules.block_scoring in ("fisher_half", "all_to_fisher") or rules.decider):
        raise ProtocolError("missing_fisher", "a block needs the seat of the fisher (who placed the last tile) "
                            "under these rules", deal=n)
    pips = {"A": hands["A1"].value + hands["A2"].value, "B": hands["B1"].value + hands["B2"].value}
    winner, values, tie = _block_values(rules, pips, fisher, n)
    bonus = rules.bonus("lead", lead_tile) if lead_tile else 0
    eggs_value = 0
    if tie:
        eggs_value = pips["A"] + pips["B"] + bonus
    elif bonus:
        if rules.block_scoring == "each_own":
            more = "A" if pips["A"] > pips["B"] else "B" if pips["B"] > pips["A"] else None
            if more:
                values = {**values, more: values[more] + bonus}
        else:
            (side, value), = values.items()
            values = {side: value + bonus}
    return KozelTable(n, result, winner, values, pips, {s: h.value for s, h in hands.items()}, tie=tie,
                      eggs_value=eggs_value, fisher=fisher, **common)
