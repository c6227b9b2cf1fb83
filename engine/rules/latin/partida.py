"""A partida of the partnership game: the hands in order, its end, the result rows (RULES-LATIN.md §2, §6, §8–§10).

For each hand, in this order:

1. the lead: hand 1 writes it; later hands follow ``next_lead`` — ``rotate``: the next player in the order of
   play ``A1 B1 A2 B2`` (a written lead must agree; an unwritten one is derived); ``winner_pair``: written,
   a player of the pair that won the previous hand, or the next player after a hand nobody won;
2. ``time_called`` is read: at most once, and only with a time limit;
3. the hand is scored (``hand.score_hand``) and added to the running totals;
4. the partida may end: a pair's total reaches the target while the totals differ (``target``); time was
   called in this hand or before and the totals differ (``time``); time was called on equal totals under
   ``time_tie`` ``draw`` (``time``, drawn 0 : 0). Equal totals at the target or at time under ``next_hand``
   play on (``extra_hand_needed``). A hand after the end is refused.

A red or black card given directly (``cards``) ends the partida in its hand: no later hand may be written, and
the rows are fixed (§10.3). A sanction must fall in a written hand or, while the partida goes on, in the hand
in play. Where the rule book is silent (chosen here):

* the target is checked before time: a hand with time called in which a pair reaches the target ends the
  partida on ``target``;
* both pairs standing equal at or past the target also ask for an extra hand (``extra_hand_needed``);
* while the partida goes on, the rows keep their pair number, sanction, card and counters, and their result
  fields are None.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import ProtocolError
from ..seating import CLOCKWISE, seats_of
from .cards import Sanction, card_after, deduction
from .hand import HandResult, score_hand, seat
from .options import LatinOptions
from .result import PairRow, bye_row, forfeit_rows, played_rows


@dataclass(frozen=True)
class ScoredHand:
    n: int
    lead: str
    table: HandResult
    running: dict
    time_called: bool

    # The questions every game's scored deal answers (``engine.rules.ScoredDeal``), for the pages and sheets that
    # list the deals of any game: the points of each pair, the running totals, who won it.
    shuffle = None          # nobody is named to shuffle
    sanctions = ()          # a partida's sanctions are its own (``ScoredPartida.sanctions``), not a hand's

    @property
    def points_a(self) -> int:
        return self.table.points["A"]

    @property
    def points_b(self) -> int:
        return self.table.points["B"]

    @property
    def running_a(self) -> int:
        return self.running["A"]

    @property
    def running_b(self) -> int:
        return self.running["B"]

    @property
    def table_points(self) -> tuple:
        """The hand's points as the table scored them (a partida's sanctions apply to its result, not to a hand)."""
        return self.points_a, self.points_b

    @property
    def winner(self) -> str | None:
        return self.table.winner

    @property
    def result(self) -> str:
        return self.table.result

    def to_json(self) -> dict:
        t = self.table
        return {"n": self.n, "lead": self.lead, "result": t.result, "winner": t.winner, "out": t.out,
                "capicua": t.capicua, "fisher": t.fisher, "tie": t.tie,
                "points": {"A": t.points["A"], "B": t.points["B"]},
                "running": {"A": self.running["A"], "B": self.running["B"]}, "time_called": self.time_called}


@dataclass
class ScoredPartida:
    """A scored ``latin`` protocol (§11.3)."""

    options: LatinOptions
    rows: dict                              # side -> PairRow
    deals: list = field(default_factory=list)
    sanctions: list = field(default_factory=list)
    totals: dict = field(default_factory=lambda: {"A": 0, "B": 0})
    finished: bool = False
    ended: str | None = None
    extra_hand_needed: bool = False
    no_show: str | None = None
    rules: object = None  # the ``Rules`` of the partida when scored through ``engine.rules.score_protocol``

    @property
    def winner(self) -> str | None:
        """The pair whose row is won, else None."""
        return next((side for side, row in self.rows.items() if row.won), None)

    @property
    def next_hand(self) -> int | None:
        return None if self.finished else len(self.deals) + 1

    # The questions every game's scored protocol answers (``engine.rules.ScoredProtocol``), for the pages that show
    # any game's table: its totals, the next hand, whether a tie asks for one more.
    disqualified = None     # a black card withdraws a pair from the tournament, not from the partida
    abandoned = None
    remarks = ()            # the partnership game has sanctions (``sanctions``), not the sport game's remarks

    @property
    def totals_a(self) -> int:
        return self.totals["A"]

    @property
    def totals_b(self) -> int:
        return self.totals.get("B", 0)

    @property
    def next_deal(self) -> int | None:
        return self.next_hand

    @property
    def extra_deal_needed(self) -> bool:
        return self.extra_hand_needed

    def to_json(self) -> dict:
        return {
            "deals": [d.to_json() for d in self.deals],
            "totals": dict(self.totals),
            "finished": self.finished,
            "ended": self.ended,
            "extra_hand_needed": self.extra_hand_needed,
            "winner": self.winner,
            "pairs": {side: row.to_json() for side, row in self.rows.items()},
            "target_points": self.options.target_points,
            "ranking_order": list(self.options.ranking_order),
            "sanctions": [s.to_json() for s in self.sanctions],
            "no_show": self.no_show,
            "next_hand": self.next_hand,
            "rules": {"preset": "latin", **self.options.to_config()},
        }


def leaders(options: LatinOptions, previous: ScoredHand | None) -> tuple[str, ...]:
    """Who may lead the hand after ``previous`` (RULES-LATIN.md §2): every seat in hand 1 (the draw, or the
    holder of 6-6), the two players of the pair that won the previous hand (``winner_pair``), else the next
    player in the order of play."""
    if previous is None:
        return CLOCKWISE
    winners = previous.table.winner
    if options.next_lead == "winner_pair" and winners is not None:
        return seats_of(winners)
    return (CLOCKWISE[(CLOCKWISE.index(previous.lead) + 1) % 4],)


def _lead(options: LatinOptions, raw: dict, n: int, previous: ScoredHand | None) -> str:
    written = raw.get("lead")
    if written is not None:
        seat(written, n=n, name="lead")
    if previous is None or (written is None and options.next_lead == "winner_pair"):
        if written is None:
            raise ProtocolError("missing_lead", "the protocol must write who led this hand (lead)", deal=n)
        return written
    allowed = leaders(options, previous)
    winners = previous.table.winner
    if options.next_lead == "winner_pair" and winners is not None:
        if written not in allowed:
            raise ProtocolError("lead_outside_winners", f"a player of pair {winners}, which won the previous "
                                f"hand, leads this one, not {written}", deal=n, seat=written,
                                expected=" / ".join(seats_of(winners)))
        return written
    rotation = allowed[0]
    if written is not None and written != rotation:
        raise ProtocolError("wrong_lead", f"{rotation} leads this hand under the rules, not {written}", deal=n,
                            seat=written, expected=rotation)
    return rotation


def _time_called(options: LatinOptions, raw: dict, n: int, called_at: int | None) -> bool:
    value = False if raw.get("time_called") is None else raw["time_called"]
    if not isinstance(value, bool):
        raise ProtocolError("bad_time_called", "time_called must be true or false", deal=n)
    if value and options.time_limit_minutes is None:
        raise ProtocolError("time_called_without_limit", "time cannot be called: these rules have no time limit",
                            deal=n)
    if value and called_at is not None:
        raise ProtocolError("time_called_twice", f"time was already called in hand {called_at}", deal=n,
                            first=called_at)
    return value


def partida_state(options: LatinOptions, totals: dict, timed: bool) -> tuple[bool, str | None, bool]:
    """(finished, ended, extra_hand_needed) after a hand (§6)."""
    a, b = totals["A"], totals["B"]
    reached = max(a, b) >= options.target_points
    if reached and a != b:
        return True, "target", False
    if timed and a != b:
        return True, "time", False
    if timed and options.time_tie == "draw":
        return True, "time", False
    return False, None, reached or timed


def outside(n: int, last: int) -> ProtocolError:
    return ProtocolError("deal_outside_partie", f"the partida ended after hand {last}: hand {n} is outside it",
                         deal=n, last=last)


def play(options: LatinOptions, rows: dict, by_number: dict, sanctions: list[Sanction]) -> ScoredPartida:
    """Score the hands of a partida played at the table, then its rows."""
    out = ScoredPartida(options, rows, sanctions=sanctions)
    grave = min((s.hand for s in sanctions if s.grave), default=None)
    called_at = None
    previous = None
    for n in sorted(by_number):
        if out.finished or (grave is not None and n > grave):
            raise outside(n, n - 1)
        raw = by_number[n]
        lead = _lead(options, raw, n, previous)
        time_called = _time_called(options, raw, n, called_at)
        table = score_hand(options, raw, n, lead)
        out.totals = {side: out.totals[side] + table.points[side] for side in ("A", "B")}
        if time_called:
            called_at = n
        out.finished, out.ended, out.extra_hand_needed = partida_state(options, out.totals, called_at is not None)
        previous = ScoredHand(n, lead, table, dict(out.totals), time_called)
        out.deals.append(previous)
    last = len(out.deals)
    limit = last if out.finished else last + 1
    for s in sanctions:
        if s.hand > limit:
            raise ProtocolError("sanction_outside_partida", f"a sanction in hand {s.hand} is outside the partida "
                                f"(hands 1..{limit})", deal=s.hand, seat=s.player, hand=s.hand, limit=limit)
    offenders = {s.side for s in sanctions if s.grave}
    if offenders:
        out.finished, out.ended, out.extra_hand_needed = True, "grave_card", False
        out.rows = forfeit_rows(options, rows, offenders, options.grave_card_efectividad_pct)
    elif out.finished:
        drawn = out.totals["A"] == out.totals["B"]
        out.rows = played_rows(options, rows, out.totals, drawn=drawn)
    return out


def pair_rows(numbers: dict, prior: dict, sanctions: list[Sanction], indicators: dict) -> dict:
    """The rows before the result: number, sanction points, card after the partida, counters."""
    return {side: PairRow(numbers[side], sanction=deduction(sanctions, side),
                          card=card_after(prior[side], sanctions, side), **indicators[side])
            for side in numbers}


def forfeit(options: LatinOptions, rows: dict, absent: str) -> ScoredPartida:
    """A no-show (§9): the absent pair loses, the other wins with ``forfeit_efectividad_pct``."""
    rows = forfeit_rows(options, rows, {absent}, options.forfeit_efectividad_pct)
    return ScoredPartida(options, rows, finished=True, ended="forfeit", no_show=absent)


def bye(options: LatinOptions, row: PairRow) -> ScoredPartida:
    """A bye for pair A (§9)."""
    return ScoredPartida(options, {"A": bye_row(options, row)}, totals={"A": 0}, finished=True, ended="bye")
