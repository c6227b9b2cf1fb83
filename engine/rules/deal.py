"""Scoring one deal on the table: domino, block, wrong pass (docs/rules.md §4)."""
from __future__ import annotations

from dataclasses import dataclass

from .config import Rules
from .errors import ProtocolError
from .hands import Hand, parse_hand, read_hands
from .seating import SEATS, other_side, partner_of, seats_of, side_of

RESULTS = ("domino", "block", "wrong_pass")


@dataclass(frozen=True)
class TableResult:
    """What happened on the table, before any sanction.

    ``pips`` holds each pair's counted pips where the deal was played out
    (domino or block); ``imposed`` is true for a wrong pass (the result does not
    come from the tiles).
    """

    n: int
    result: str
    points_a: int
    points_b: int
    pips: dict          # {"A": int | None, "B": int | None}
    imposed: bool = False
    out: str | None = None
    offender: str | None = None

    @property
    def winner(self) -> str | None:
        if self.points_a > self.points_b:
            return "A"
        if self.points_b > self.points_a:
            return "B"
        return None


def block_points(rules: Rules, pips_a: int, pips_b: int) -> tuple[int, int]:
    """A block: fewer pips wins; scored by the preset's block rule; equal counts draw 0 : 0."""
    if pips_a == pips_b:
        return 0, 0
    winner_a = pips_a < pips_b
    if rules.block_scoring == "difference":
        points = abs(pips_a - pips_b)
    elif rules.block_scoring == "all":
        points = pips_a + pips_b
    else:  # "opponents": the loser's pips
        points = pips_b if winner_a else pips_a
    return (points, 0) if winner_a else (0, points)


def _seat(raw, *, deal: int, field: str) -> str:
    if raw not in SEATS:
        raise ProtocolError(
            "bad_seat", f"{field} must name a seat (A1, A2, B1, B2), got {raw!r}", deal=deal, field=field,
        )
    return raw


def _hands(raw_hands, *, deal: int, rules: Rules) -> dict[str, Hand]:
    return read_hands(raw_hands, deal=deal, count=lambda seat, raw: parse_hand(
        raw, seat=seat, deal=deal, lone_double_blank=rules.lone_double_blank))


def _require(hands: dict[str, Hand], seat: str, *, deal: int, why: str) -> Hand:
    if seat not in hands:
        raise ProtocolError("missing_hand", f"the hand of {seat} is missing ({why})", deal=deal, seat=seat)
    hand = hands[seat]
    if not hand.holds_tiles:
        raise ProtocolError(
            "empty_hand", f"{seat} did not go out, so he still holds at least one tile: 0 pips is impossible",
            deal=deal, seat=seat,
        )
    return hand


def score_table(rules: Rules, raw: dict, n: int) -> TableResult:
    """Validate one deal of the JSON protocol and score what happened on the table."""
    result = raw.get("result")
    if result not in RESULTS:
        raise ProtocolError("bad_result", f"result must be domino, block or wrong_pass, got {result!r}", deal=n)
    if result == "wrong_pass":
        offender = _seat(raw.get("offender"), deal=n, field="offender")
        # Hands may be omitted; when given they must still be possible hands.
        _hands(raw.get("hands"), deal=n, rules=rules)
        loser = side_of(offender)
        points = {loser: 0, other_side(loser): rules.wrong_pass_points}
        return TableResult(n, result, points["A"], points["B"], {"A": None, "B": None}, imposed=True, offender=offender)

    hands = _hands(raw.get("hands"), deal=n, rules=rules)
    if result == "domino":
        out = _seat(raw.get("out"), deal=n, field="out")
        if out in hands and (hands[out].tiles or hands[out].face_pips):
            raise ProtocolError("out_holds_tiles", f"{out} went out, so his hand is empty", deal=n, seat=out)
        winner = side_of(out)
        loser = other_side(winner)
        loser_pips = sum(_require(hands, s, deal=n, why="the losing pair's pips are scored").value for s in seats_of(loser))
        partner = partner_of(out)
        if rules.count_partner_on_domino:
            partner_pips = _require(hands, partner, deal=n, why="the partner's pips are scored too").value
        else:
            if partner in hands:
                _require(hands, partner, deal=n, why="")
            partner_pips = hands[partner].value if partner in hands else None
        points = loser_pips + (partner_pips if rules.count_partner_on_domino else 0)
        pts = {winner: points, loser: 0}
        pips = {loser: loser_pips, winner: partner_pips}
        return TableResult(n, result, pts["A"], pts["B"], pips, out=out)

    # block: everybody still holds tiles; both pairs count.
    for seat in ("A1", "B1", "A2", "B2"):
        _require(hands, seat, deal=n, why="in a block all four hands are counted")
    pips_a = hands["A1"].value + hands["A2"].value
    pips_b = hands["B1"].value + hands["B2"].value
    points_a, points_b = block_points(rules, pips_a, pips_b)
    return TableResult(n, result, points_a, points_b, {"A": pips_a, "B": pips_b})
