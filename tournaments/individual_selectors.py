"""What the pages of an individual event read (docs/rules-individual.md): a player's rounds and the player × round grid.

One round of an individual event seats four players at a table, A1 + A2 against B1 + B2 (``Partie.side_players``);
a player sitting out has a partie of his own with no opponents. Every function here reads a fixed number of
queries whatever the number of players: the parties with their four seats' players and protocols in one go.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, Q
from django.utils.translation import pgettext

from scoring.models import ProtocolStatus, Remark

from .models import Partie, Player, RoundStatus

SEATS = ("A1", "A2", "B1", "B2")
FINISHED = (ProtocolStatus.AWAITING_SIGNATURES, ProtocolStatus.SIGNED)


@dataclass(frozen=True)
class Person:
    """A player at a table: his number in the event and his name."""
    number: int | None
    name: str
    entrant_id: int


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


def _players(prefix=""):
    lookup = f"{prefix}__players" if prefix else "players"
    return Prefetch(lookup, queryset=Player.objects.order_by("number", "id"))


def parties_of(tournament, organizer: bool, entrant_ids=None, *, remarks=False):
    """The parties (tables and sit-outs) of the tournament's rounds with everything a cell shows; drafts only for
    the organizer; ``entrant_ids``: only the parties where one of these entrants sits; ``remarks``: with the
    protocols' remarks too."""
    parties = (
        Partie.objects.filter(round__tournament=tournament)
        .select_related("round", "pair_a", "partner_a", "pair_b", "partner_b", "protocol")
        .prefetch_related(_players("pair_a"), _players("partner_a"), _players("pair_b"), _players("partner_b"))
        .order_by("round__number", "table", "id")
    )
    if remarks:
        parties = parties.prefetch_related(Prefetch("protocol__remarks", queryset=Remark.objects.order_by("deal", "id")))
    if not organizer:
        parties = parties.exclude(round__status=RoundStatus.DRAFT)
    if entrant_ids is not None:
        ids = list(entrant_ids)
        parties = parties.filter(Q(pair_a_id__in=ids) | Q(partner_a_id__in=ids) | Q(pair_b_id__in=ids)
                                 | Q(partner_b_id__in=ids))
    return parties


def _person(entrant) -> Person:
    players = list(entrant.players.all())
    return Person(entrant.number, players[0].name if players else "", entrant.pk)


def cells_of(partie, kozel: bool) -> dict[int, Cell]:
    """{entrant id: Cell} for every player of the partie (one for a sit-out, four at a table)."""
    head = {"round": partie.round.number, "round_status": partie.round.status, "partie_id": partie.pk,
            "table": partie.table}
    if partie.pair_b_id is None:
        return {partie.pair_a_id: Cell(**head, result="sitout")}
    protocol = getattr(partie, "protocol", None)
    seats = {"A": [_person(e) for e in partie.side_entrants("A")], "B": [_person(e) for e in partie.side_entrants("B")]}
    out = {}
    for side, other in (("A", "B"), ("B", "A")):
        for k, me in enumerate(seats[side]):
            cell = Cell(**head, seat=f"{side}{k + 1}", side=side,
                        partner=next((p for p in seats[side] if p is not me), None), opponents=tuple(seats[other]))
            if protocol is not None:
                _result(cell, protocol, side, kozel)
            out[me.entrant_id] = cell
    return out


def _result(cell: Cell, protocol, side: str, kozel: bool) -> None:
    """The side's figures from the protocol's cached result (``score_a``/``score_b``/``winner``)."""
    if protocol.status != ProtocolStatus.NOT_STARTED:
        mine, theirs = (protocol.score_a, protocol.score_b) if side == "A" else (protocol.score_b, protocol.score_a)
        cell.score = (mine, theirs)
        if kozel:  # Kozel, Morskoy: the partie's goats first (docs/rules-kozel.md §11)
            goats = (protocol.goats_a, protocol.goats_b)
            cell.goats = goats if side == "A" else goats[::-1]
    cell.status = protocol.get_status_display()
    cell.locked = protocol.is_locked
    cell.awaiting = protocol.status == ProtocolStatus.AWAITING_SIGNATURES
    if protocol.status in FINISHED:
        cell.result = "draw" if not protocol.winner else ("win" if protocol.winner == side else "loss")


def table_sides(partie) -> dict[str, list[Person]]:
    """{"A": [A1, A2], "B": [B1, B2]}: the players of an individual table by seat (what the check page names)."""
    return {side: [_person(e) for e in partie.side_entrants(side)] for side in "AB"}


def player_rounds(tournament, entrant, organizer: bool) -> list[Cell]:
    """The player's rounds in order (published rounds for the public), with the remarks at his seat: a fixed
    number of queries."""
    kozel = tournament.rules().family == "kozel"
    rounds = []
    for partie in parties_of(tournament, organizer, [entrant.pk], remarks=True):
        cell = cells_of(partie, kozel)[entrant.pk]
        protocol = getattr(partie, "protocol", None)
        if protocol is not None and cell.seat:
            cell.remarks = [{"deal": r.deal, "reason": r.get_reason_display()} for r in protocol.remarks.all()
                            if r.seat == cell.seat]
        rounds.append(cell)
    return rounds


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


def entrants_in_order(tournament):
    """The numbered players of the event by number (the grid's lines), each with his one player."""
    return (tournament.pairs.filter(number__isnull=False).prefetch_related(_players())
            .order_by("number", "id"))


def grid(tournament, organizer: bool = False, entrants=None) -> Grid:
    """The player × round grid: a line per numbered player (``entrants``: one page of them, in order), a cell per
    round (table, seat, partner, opponents, result), the match points summed by the tournament's rules."""
    rules = tournament.rules()
    kozel = rules.family == "kozel"
    entrants = list(entrants if entrants is not None else entrants_in_order(tournament))
    ids = {e.pk for e in entrants}
    rounds = round_numbers(tournament, organizer)
    by_entrant: dict[int, dict[int, Cell]] = {i: {} for i in ids}
    for partie in parties_of(tournament, organizer, ids):
        for entrant_id, cell in cells_of(partie, kozel).items():
            if entrant_id in ids:
                by_entrant[entrant_id][cell.round] = cell
    lines = []
    for e in entrants:
        players = list(e.players.all())
        cells = [by_entrant[e.pk].get(n) for n in rounds]
        lines.append(Line(_person(e), players[0].club if players else "", e.status, cells,
                          sum(match_points(rules, c) for c in cells)))
    return Grid(rounds, lines, kozel)
