"""Sanctions and cards of a partida (RULES-LATIN.md §10, after S1's ``SancionesHelper``).

The referee gives at most one entry per player per partida: ``{"player": seat, "points": 40 | 80, "hand": n}``
or ``{"player": seat, "card": "yellow" | "red" | "black", "hand": n}`` (the two point values are the options
``sanction_small`` and ``sanction_large``). Each entry is processed against the pair's card from its earlier
partidas (``prior_card``), never against another entry of the same partida (S1 ``procesar``):

* ``sanction_small`` points — deducted, no card;
* ``sanction_large`` points or a yellow card — the points (0 for the card) and the next card after the prior
  one: none → yellow → red → black;
* a red or black card — that card as given; it is *grave* (§10.3): it ends the partida in its hand.

The pair's deduction is the sum of its players' points **[interpretation]**; its card after the partida is the
highest of its prior card and the cards given; black withdraws it from the tournament.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ProtocolError
from ..seating import SEATS, side_of
from .options import LatinOptions

CARDS = ("none", "yellow", "red", "black")
PRIOR_CARDS = ("none", "yellow", "red")
GIVEN_CARDS = ("yellow", "red", "black")


@dataclass(frozen=True)
class Sanction:
    player: str
    hand: int
    points: int             # deducted (0 for a card)
    card: str | None        # the card written on the entry
    given: str              # the card it gives after the escalation ("none" for the small sanction)

    @property
    def side(self) -> str:
        return side_of(self.player)

    @property
    def grave(self) -> bool:
        """A red or black card given directly (not reached by escalation) ends the partida (§10.3)."""
        return self.card in ("red", "black")

    def to_json(self) -> dict:
        return {"player": self.player, "hand": self.hand, "points": self.points, "card": self.card,
                "given": self.given, "grave": self.grave}


def next_card(prior: str) -> str:
    """The card after ``prior`` (none, yellow or red: a black card never plays) in the escalation."""
    return CARDS[CARDS.index(prior) + 1]


def highest(cards) -> str:
    return max(cards, key=CARDS.index)


def _entry(options: LatinOptions, raw, i: int, prior: dict) -> Sanction:
    if not isinstance(raw, dict):
        raise ProtocolError("bad_sanction", f"sanction #{i} is not an object")
    player = raw.get("player")
    if player not in SEATS:
        raise ProtocolError("sanction_bad_seat", f"sanction #{i} must name the player's seat (A1, A2, B1, B2), "
                            f"got {player!r}", number=i)
    hand = raw.get("hand")
    if isinstance(hand, bool) or not isinstance(hand, int):
        raise ProtocolError("bad_sanction", f"sanction #{i} must name its hand (a number), got {hand!r}",
                            seat=player)
    if hand < 1:
        raise ProtocolError("sanction_outside_partida", f"a sanction in hand {hand} is outside the partida "
                            "(hands are numbered from 1)", deal=hand, seat=player, hand=hand)
    points, card = raw.get("points"), raw.get("card")
    if (points is None) == (card is None):
        raise ProtocolError("sanction_points_or_card", f"sanction #{i} gives either points or a card",
                            deal=hand, seat=player)
    if points is not None:
        if isinstance(points, bool) or not isinstance(points, int) or points not in (options.sanction_small,
                                                                                   options.sanction_large):
            raise ProtocolError("sanction_bad_points", f"a sanction is {options.sanction_small} or "
                                f"{options.sanction_large} points, got {points!r}", deal=hand, seat=player,
                                value=points, small=options.sanction_small, large=options.sanction_large)
        given = "none" if points == options.sanction_small else next_card(prior[side_of(player)])
        return Sanction(player, hand, points, None, given)
    if card not in GIVEN_CARDS:
        raise ProtocolError("sanction_bad_card", f"a card is yellow, red or black, got {card!r}", deal=hand,
                            seat=player)
    given = next_card(prior[side_of(player)]) if card == "yellow" else card
    return Sanction(player, hand, 0, card, given)


def read_sanctions(options: LatinOptions, raw: list, prior: dict) -> list[Sanction]:
    """The sanctions of a partida, each checked and processed against its pair's ``prior`` card."""
    out = []
    for i, entry in enumerate(raw, start=1):
        sanction = _entry(options, entry, i, prior)
        if any(s.player == sanction.player for s in out):
            raise ProtocolError("sanction_twice", f"{sanction.player} already has a sanction in this partida",
                                deal=sanction.hand, seat=sanction.player)
        out.append(sanction)
    return out


def card_after(prior: str, sanctions: list[Sanction], side: str) -> str:
    """The pair's card after the partida: the highest of its prior card and the cards given to its players."""
    return highest([prior] + [s.given for s in sanctions if s.side == side])


def deduction(sanctions: list[Sanction], side: str) -> int:
    """The points deducted from the pair: the sum of its players' sanctions."""
    return sum(s.points for s in sanctions if s.side == side)
