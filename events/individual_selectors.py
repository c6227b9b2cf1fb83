"""What the pages of an individual event read (docs/rules-individual.md): a player's rounds and the player × round grid.

One round of an individual event seats four players at a table, A1 + A2 against B1 + B2 (``Partie.side_players``);
a player sitting out has a partie of his own with no opponents. Every function here reads a fixed number of
queries whatever the number of players: the parties as plain rows with their protocols' cached results, and the
players of their seats, in one go each.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Max, Q
from django.utils.translation import pgettext

from engine.pairing.base import PairingError
from engine.pairing.individual_base import Single
from engine.pairing.whist import round_robin_round, rounds_needed, without_withdrawn
from scoring.models import Remark, RemarkReason
from tournaments.choices import ProtocolStatus
from tournaments.models import EntrantStatus, Partie, Player, RoundStatus

SEATS = ("A1", "A2", "B1", "B2")
FINISHED = (ProtocolStatus.AWAITING_SIGNATURES, ProtocolStatus.SIGNED)


@dataclass(frozen=True)
class Person:
    """A player at a table: his number in the event and his name."""
    number: int | None
    name: str
    entrant_id: int
    club: str = ""


@dataclass
class Cell:
    """One player's round: his table and seat, his partner, his two opponents, his side's result.

    ``result``: "win", "loss", "draw" once the protocol is finished (awaiting signatures or signed), "" before,
    "sitout" for a round sat out. ``score`` / ``goats``: the side's own figure first; None until play began.
    """
    round: int
    round_status: str
    partie_id: int
    table: int | None
    seat: str = ""
    side: str = ""
    partner: Person | None = None
    opponents: tuple = ()
    result: str = ""
    score: tuple | None = None
    goats: tuple | None = None
    status: str = ""  # the protocol's status as people read it
    locked: bool = False  # signed: its signed PDF exists
    awaiting: bool = False  # finished, waiting for signatures
    sign_url: str = ""  # set by the page for a player signing from his own phone
    remarks: list = field(default_factory=list)  # the player page: remarks at his own seat ({"deal", "reason"})
    partner_absent: bool = False  # his partner did not come: the round counts as his sit-out, not the partie

    @property
    def sitout(self) -> bool:
        return self.result == "sitout"

    @property
    def mark(self) -> str:
        """«+» won, «−» lost, «=» drawn; «+» for a sit-out scored as the bye result says is not shown here."""
        return {"win": "+", "loss": "−", "draw": "="}.get(self.result, "")

    @property
    def opponent_numbers(self) -> str:
        return ", ".join(str(o.number) for o in self.opponents)

    @property
    def figure(self) -> str:
        """The side's score as a cell prints it: the goats in the Kozel family («0:1 к.»), else the points."""
        if self.goats is not None:
            return f'{self.goats[0]}:{self.goats[1]} {pgettext("сокращение: козлов", "к.")}'
        return f"{self.score[0]}:{self.score[1]}" if self.score is not None else ""

    def __getitem__(self, key):  # referees.signing.pair_signing reads and sets a round as a dict
        return getattr(self, key)

    def __setitem__(self, key, value):
        setattr(self, key, value)


@dataclass
class Line:
    """One player's line of the grid: his cells by round (None: not paired that round) and his match points."""
    person: Person
    club: str
    status: str
    cells: list = field(default_factory=list)
    match_points: float = 0


@dataclass
class Grid:
    rounds: list
    lines: list
    goats: bool = False


SEAT_FIELDS = ("pair_a_id", "partner_a_id", "pair_b_id", "partner_b_id")
ROW_FIELDS = ("id", "table", "round__number", "round__status", *SEAT_FIELDS, "protocol__status", "protocol__score_a",
              "protocol__score_b", "protocol__goats_a", "protocol__goats_b", "protocol__winner", "protocol__no_show",
              "protocol__absent_seats")


def partie_rows(tournament, organizer: bool, entrant_ids=None):
    """The parties (tables and sit-outs) as plain rows of what a cell shows (seats as entrant ids, the protocol's
    cached result), in round and table order; drafts only for the organizer; ``entrant_ids``: only the parties
    where one of these entrants sits. Plain rows, not model instances: a grid of 10,000 players reads them fast."""
    parties = Partie.objects.filter(round__tournament=tournament)
    if not organizer:
        parties = parties.exclude(round__status=RoundStatus.DRAFT)
    if entrant_ids is not None:
        ids = list(entrant_ids)
        parties = parties.filter(Q(pair_a_id__in=ids) | Q(partner_a_id__in=ids) | Q(pair_b_id__in=ids)
                                 | Q(partner_b_id__in=ids))
    return parties.order_by("round__number", "table", "id").values(*ROW_FIELDS)


def people(tournament, entrant_ids=None) -> dict[int, Person]:
    """{entrant id: Person} of the event (or of these entrants): one query."""
    players = Player.objects.filter(pair__tournament=tournament)
    if entrant_ids is not None:
        players = players.filter(pair_id__in=list(entrant_ids))
    out = {}
    for pair_id, number, name, club in players.order_by("pair_id", "number", "id").values_list(
            "pair_id", "pair__number", "name", "club"):
        out.setdefault(pair_id, Person(number, name, pair_id, club))
    return out


def _person(entrant) -> Person:
    players = list(entrant.players.all())
    return Person(entrant.number, players[0].name if players else "", entrant.pk)


def cells_of(row, everyone: dict, kozel: bool) -> dict[int, Cell]:
    """{entrant id: Cell} for every player of a partie row (one for a sit-out, four at a table)."""
    head = {"round": row["round__number"], "round_status": row["round__status"], "partie_id": row["id"],
            "table": row["table"]}
    a1, a2, b1, b2 = (row[f] for f in SEAT_FIELDS)
    if b1 is None:
        return {a1: Cell(**head, result="sitout")}
    seats = {"A": [everyone[i] for i in (a1, a2) if i in everyone], "B": [everyone[i] for i in (b1, b2) if i in everyone]}
    out = {}
    for side, other in (("A", "B"), ("B", "A")):
        for k, me in enumerate(seats[side]):
            cell = Cell(**head, seat=f"{side}{k + 1}", side=side,
                        partner=next((p for p in seats[side] if p is not me), None), opponents=tuple(seats[other]))
            if row["protocol__status"] is not None:
                _result(cell, row, side, kozel)
            out[me.entrant_id] = cell
    return out


def _result(cell: Cell, row, side: str, kozel: bool) -> None:
    """The side's figures from the protocol's cached result (``score_a``/``score_b``/``winner``)."""
    status = row["protocol__status"]
    if status != ProtocolStatus.NOT_STARTED:
        a, b = row["protocol__score_a"], row["protocol__score_b"]
        cell.score = (a, b) if side == "A" else (b, a)
        if kozel:  # Kozel, Morskoy: the partie's goats first (docs/rules-kozel.md §11)
            goats = (row["protocol__goats_a"], row["protocol__goats_b"])
            cell.goats = goats if side == "A" else goats[::-1]
    cell.status = str(ProtocolStatus(status).label)
    cell.locked = status == ProtocolStatus.SIGNED
    cell.awaiting = status == ProtocolStatus.AWAITING_SIGNATURES
    if status in FINISHED:
        winner = row["protocol__winner"]
        cell.result = "draw" if not winner else ("win" if winner == side else "loss")
        if row["protocol__no_show"] == side and row["protocol__absent_seats"] and cell.seat not in (
                row["protocol__absent_seats"].split(",")):
            # his partner did not come: he is scored as sitting out (docs/rules-individual.md §6), with the bye's
            # result and figures, not the forfeit's score of his side
            cell.result, cell.score, cell.goats, cell.partner_absent = "sitout", None, None, True


def table_sides(partie) -> dict[str, list[Person]]:
    """{"A": [A1, A2], "B": [B1, B2]}: the players of an individual table by seat (what the check page names)."""
    return {side: [_person(e) for e in partie.side_entrants(side)] for side in "AB"}


def player_rounds(tournament, entrant, organizer: bool) -> list[Cell]:
    """The player's rounds in order (published rounds for the public), with the remarks at his seat: four
    queries whatever the size of the event."""
    kozel = tournament.game.counts_goats
    rows = list(partie_rows(tournament, organizer, [entrant.pk]))
    everyone = people(tournament, {row[f] for row in rows for f in SEAT_FIELDS if row[f]})
    remarks = {}
    for partie_id, seat, deal, reason in (Remark.objects.filter(protocol__partie_id__in=[r["id"] for r in rows])
                                          .order_by("deal", "id").values_list("protocol__partie_id", "seat", "deal",
                                                                              "reason")):
        remarks.setdefault((partie_id, seat), []).append({"deal": deal, "reason": str(RemarkReason(reason).label)})
    out = []
    for row in rows:
        cell = cells_of(row, everyone, kozel)[entrant.pk]
        cell.remarks = remarks.get((cell.partie_id, cell.seat), []) if cell.seat else []
        out.append(cell)
    return out


def match_points(rules, cell: Cell | None) -> float:
    """The player's match points of a round: his side's result, a sit-out's the tournament's bye result."""
    if cell is None or not cell.result:
        return 0
    result = rules.bye_result if cell.sitout else cell.result
    return {"win": rules.match_points_win, "draw": rules.match_points_draw,
            "loss": rules.match_points_loss}.get(result, 0)


def round_numbers(tournament, organizer: bool) -> list[int]:
    rounds = tournament.rounds.order_by("number")
    if not organizer:
        rounds = rounds.exclude(status=RoundStatus.DRAFT)
    return list(rounds.values_list("number", flat=True))


def entrant_ids_in_order(tournament) -> list[int]:
    """The numbered players' entrant ids by number: the grid's lines (the page cuts them into pages)."""
    return list(tournament.pairs.filter(number__isnull=False).order_by("number", "id").values_list("pk", flat=True))


def grid(tournament, organizer: bool = False, entrant_ids=None) -> Grid:
    """The player × round grid: a line per numbered player (``entrant_ids``: one page of them, in order), a cell
    per round (table, seat, partner, opponents, result), the match points summed by the tournament's rules."""
    game = tournament.game
    rules, kozel = game.rules, game.counts_goats
    page = entrant_ids is not None  # one page: only its players' parties (the whole event: no list of ids to send)
    order = list(entrant_ids) if page else entrant_ids_in_order(tournament)
    ids = set(order)
    status = dict(tournament.pairs.filter(pk__in=order).values_list("pk", "status")) if page else dict(
        tournament.pairs.values_list("pk", "status"))
    rounds = round_numbers(tournament, organizer)
    by_entrant: dict[int, dict[int, Cell]] = {i: {} for i in ids}
    rows = list(partie_rows(tournament, organizer, ids if page else None))
    everyone = people(tournament, ids | {row[f] for row in rows for f in SEAT_FIELDS if row[f]} if page else None)
    for row in rows:
        for entrant_id, cell in cells_of(row, everyone, kozel).items():
            if entrant_id in ids:
                by_entrant[entrant_id][cell.round] = cell
    lines = []
    for entrant_id in order:
        person = everyone.get(entrant_id)
        if person is None:  # an entrant without his player (not registered whole): nothing to show
            continue
        cells = [by_entrant[entrant_id].get(n) for n in rounds]
        lines.append(Line(person, person.club, status.get(entrant_id, ""), cells,
                          sum(match_points(rules, c) for c in cells)))
    return Grid(rounds, lines, kozel)


# --- the public schedule of a round robin (docs/rules-individual.md §3) ----------------------------------------

@dataclass(frozen=True)
class ScheduleTable:
    table: int
    a: tuple  # (A1, A2) as ``Person``
    b: tuple  # (B1, B2)

    def seats(self, number) -> tuple:
        """(partner, opponents) of the player numbered ``number`` at this table, else None."""
        for ours, theirs in ((self.a, self.b), (self.b, self.a)):
            numbers = [p.number for p in ours]
            if number in numbers:
                return next((p for p in ours if p.number != number), None), theirs
        return None


@dataclass(frozen=True)
class ScheduleRound:
    number: int
    tables: tuple  # ScheduleTable
    sitting_out: tuple  # Person


@dataclass(frozen=True)
class PlayerRound:
    """A player's round as the schedule gives it: his table, partner and opponents, or his sit-out."""
    number: int
    table: int | None = None
    partner: Person | None = None
    opponents: tuple = ()

    @property
    def sitout(self) -> bool:
        return self.table is None


def schedule_rounds(tournament) -> list[ScheduleRound]:
    """The rounds of the event as the public sees them — published ones only, as the round pages show them (a
    draft is the organizer's) — each with its tables and its sit-outs, in round and table order (two queries)."""
    everyone = people(tournament)
    by_round: dict[int, tuple[list, list]] = {}
    for row in partie_rows(tournament, organizer=False):
        tables, out = by_round.setdefault(row["round__number"], ([], []))
        seats = [everyone.get(row[f]) for f in SEAT_FIELDS]
        if row["pair_b_id"] is None:  # a sit-out: its own partie, no table
            out.extend(p for p in seats if p is not None)
        else:
            tables.append(ScheduleTable(row["table"], tuple(p for p in seats[:2] if p), tuple(p for p in seats[2:] if p)))
    return [ScheduleRound(n, tuple(t), tuple(sorted(o, key=lambda p: p.number or 0)))
            for n, (t, o) in sorted(by_round.items())]


def planned_rounds(tournament, published: int) -> list[ScheduleRound]:
    """The round robin's rounds after every round made so far (a draft is the organizer's until he publishes it:
    its number is left out too) as its schedule gives them from the players' numbers, without the players who
    withdrew (their tables' others sit out; docs/rules-individual.md §3). Empty before a round is published
    (``published``: the highest published round; the numbers may still be drawn again) or when the schedule has
    no room for the players."""
    if published < 1:
        return []
    after = tournament.rounds.aggregate(last=Max("number"))["last"] or 0
    entrants = list(tournament.pairs.filter(number__isnull=False).order_by("number").values_list(
        "id", "number", "status"))
    everyone = people(tournament, [pk for pk, _n, _s in entrants])
    by_number = {everyone[pk].number: everyone[pk] for pk, _n, _s in entrants if pk in everyone}
    inactive = {number for _pk, number, status in entrants if status != EntrantStatus.ACTIVE}
    singles = [Single(number, rank=k) for k, (_pk, number, _s) in enumerate(entrants)]
    try:
        total = rounds_needed(len(singles))
        planned = [(n, without_withdrawn(round_robin_round(singles, n), inactive))
                   for n in range(after + 1, total + 1)]
    except PairingError:
        return []
    return [ScheduleRound(n, tuple(ScheduleTable(k, tuple(by_number[p] for p in t.a), tuple(by_number[p] for p in t.b))
                                   for k, t in enumerate(result.tables, start=1)),
                          tuple(by_number[p] for p in result.sitting_out))
            for n, result in planned]


def numbered(tournament) -> dict[int, str]:
    """{number: name} of the event's numbered players (one query)."""
    return {p.number: p.name for p in people(tournament).values() if p.number is not None}


def player_schedule(rounds: list[ScheduleRound], number: int) -> list[PlayerRound]:
    """The player numbered ``number`` round by round in ``rounds`` (a round he has no seat in is left out)."""
    out = []
    for rnd in rounds:
        if any(p.number == number for p in rnd.sitting_out):
            out.append(PlayerRound(rnd.number))
            continue
        for t in rnd.tables:
            found = t.seats(number)
            if found is not None:
                out.append(PlayerRound(rnd.number, t.table, found[0], found[1]))
                break
    return out
