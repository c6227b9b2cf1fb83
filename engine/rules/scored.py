"""The scored protocol: its types and what every game's partie shares (docs/rules.md §9, RULES-KOZEL.md §11).

The base of the partie's scoring: ``partie`` (the sport presets and hand
points, and the dispatcher) and ``games`` (the Kozel family) both build a
``ScoredProtocol`` and score its remarks here; neither imports the other's
private parts.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .config import Rules
from .errors import ProtocolError
from .seating import side_of

FORMAT = "domino-protocol/1"
FORMAT_2 = "domino-protocol/2"   # a superset of /1 (RULES-KOZEL.md §11)
FORMATS = (FORMAT, FORMAT_2)


@dataclass(frozen=True)
class ScoredDeal:
    n: int
    lead: str
    shuffle: str
    result: str
    points_a: int
    points_b: int
    winner: str | None
    running_a: int
    running_b: int
    table_points: tuple      # (A, B) before sanctions
    sanctions: tuple = ()

    def to_json(self) -> dict:
        return {
            "n": self.n, "lead": self.lead, "shuffle": self.shuffle, "result": self.result,
            "points": {"A": self.points_a, "B": self.points_b}, "winner": self.winner,
            "running": {"A": self.running_a, "B": self.running_b},
            "table_points": {"A": self.table_points[0], "B": self.table_points[1]},
            "sanctions": [s.to_json() for s in self.sanctions],
        }


@dataclass(frozen=True)
class ScoredRemark:
    deal: int
    seat: str
    reason: str
    number: int          # the n-th remark of the pair over the tournament
    effect: str          # ladder step kind
    applied: bool        # false while its deal has not been recorded yet

    def to_json(self) -> dict:
        return {"deal": self.deal, "player": self.seat, "reason": self.reason, "number": self.number,
                "effect": self.effect, "applied": self.applied}


@dataclass
class ScoredProtocol:
    rules: Rules
    deals: list = field(default_factory=list)
    remarks: list = field(default_factory=list)
    totals_a: int = 0
    totals_b: int = 0
    winner: str | None = None
    finished: bool = False
    extra_deal_needed: bool = False
    disqualified: str | None = None
    no_show: str | None = None
    first_lead: str = "A1"
    # The Kozel family (RULES-KOZEL.md §11.1): the games of the partie, goats and the rating.
    games: list = field(default_factory=list)
    goats: dict | None = None
    rating: dict | None = None
    extra_game_needed: bool = False
    abandoned: str | None = None
    # What a tie at the partie's end brought (RULES.md §5, docs/rules-kozel.md §5.1): the deals (the Kozel
    # family: the games) played after the partie first stood at its end with equal totals (goats). 0: none.
    # Not part of the JSON (its format is fixed); the pages ask ``decided_by_extra``.
    extra_played: int = 0
    # The game in play after the last deal (``games.Game``: totals, opened, remembered, eggs, the next lead);
    # None when no game is in play. For the pages; not part of the JSON.
    current_game: object = None

    @property
    def deals_won_a(self) -> int:
        return sum(1 for d in self.deals if d.winner == "A")

    @property
    def deals_won_b(self) -> int:
        return sum(1 for d in self.deals if d.winner == "B")

    @property
    def decided_by_extra(self) -> bool:
        """The partie was decided by extra deals (games): it stood tied at its end, and the extra ones gave it a
        winner."""
        return self.finished and self.winner is not None and self.extra_played > 0

    @property
    def next_deal(self) -> int | None:
        """The number of the next deal to play, or None when the partie is over."""
        return None if self.finished else len(self.deals) + 1

    @property
    def result(self) -> str | None:
        """"A", "B", "draw" (a finished tie with extra deals switched off) or None while unfinished."""
        if not self.finished:
            return None
        return self.winner or "draw"

    def to_json(self) -> dict:
        return {
            "deals": [d.to_json() for d in self.deals],
            "totals": {"A": self.totals_a, "B": self.totals_b},
            "winner": self.winner,
            "extra_deal_needed": self.extra_deal_needed,
            "disqualified": self.disqualified,
            "no_show": self.no_show,
            "finished": self.finished,
            "result": self.result,
            "next_deal": self.next_deal,
            "deals_won": {"A": self.deals_won_a, "B": self.deals_won_b},
            "remarks": [r.to_json() for r in self.remarks],
            "rules": self.rules.to_config(),
            **self._games_json(),
        }

    def _games_json(self) -> dict:
        if self.rules.family != "kozel":
            return {}
        data = {
            "games": [g.to_json(self.rules.rating) for g in self.games],
            "goats": dict(self.goats or {"A": 0, "B": 0}),
            "extra_game_needed": self.extra_game_needed,
            "abandoned": self.abandoned,
        }
        if self.rules.rating:
            data["rating"] = dict(self.rating or {"A": None, "B": None})
        return data


def outside_partie(n: int, last: int) -> ProtocolError:
    return ProtocolError("deal_outside_partie", f"the partie ended after deal {last}: deal {n} is outside it",
                         deal=n, last=last)


def score_remarks(out: ScoredProtocol, numbered: list, last: int, in_play: int | None) -> str | None:
    """Remarks: each must fall in a recorded deal or in the deal now in play (``in_play``, None when over).

    Adds them to ``out.remarks``; returns the pair disqualified by a remark in the deal in play, if any.
    """
    disqualified = None
    for deal, seat, reason, k in numbered:
        step = out.rules.ladder_step(k)
        applied = deal <= last
        if deal > last and deal != in_play:
            where = f"the partie has {last} deal(s)" + ("" if in_play is None else f"; deal {in_play} is in play")
            raise ProtocolError("remark_outside_partie", f"a remark in deal {deal} is outside the partie ({where})",
                                deal=deal, seat=seat)
        out.remarks.append(ScoredRemark(deal, seat, reason, k, step.kind, applied))
        if not applied and step.kind == "disqualification" and not disqualified:
            disqualified = side_of(seat)
    return disqualified
