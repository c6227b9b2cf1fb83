"""Read-only queries for the standings, cross table and exports.

Each selector fetches exactly the rows its page shows, in a fixed number of
queries whatever the size of the tournament: ``values_list`` over the cached
result of every protocol (``Protocol.score_*``), never the engine.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Case, CharField, Count, Exists, F, IntegerField, OuterRef, Q, When
from django.db.models.functions import Substr
from django.utils.translation import gettext as _

from engine.ranking.crosstable import cells_by_pair, round_robin_matrix
from engine.ranking.individual import PlayerEntry, individual_standings
from engine.ranking.standings import Game, PairEntry, Scoring, scoring_from_rules
from engine.ranking.tiebreaks import INDIVIDUAL_SYNONYMS, TiebreakError, resolve_tiebreaks
from engine.rules import ProtocolError, score_protocol
from scoring.models import Deal, Protocol, Remark
from scoring.protocol_json import protocol_to_json
from scoring.queries import protocols_for_sheets
from tournaments.choices import ProtocolStatus
from tournaments.models import Entrant, EntrantStatus, FinalKind, PairingSystem, Partie, Player, Round, RoundStatus


@dataclass
class Standings:
    tournament: object
    rows: list
    games: list
    rounds: list  # numbers of the rounds that count (published or finished)
    after_round: int | None
    tiebreaks: tuple
    tiebreak_error: str = ""
    players: list = field(default_factory=list)
    round_status: dict = field(default_factory=dict)  # round number -> RoundStatus value
    scoring: Scoring = field(default_factory=Scoring)  # match points, and which columns the preset shows
    stage: int | None = None  # the stage whose rounds count (None: an event in one stage, every round)

    @property
    def goats(self) -> bool:
        """The Kozel family: games, goats and dry goats are shown."""
        return self.scoring.goats

    @property
    def rating(self) -> bool:
        """kozel: the rating column is shown."""
        return self.scoring.rating

    @property
    def latin(self) -> bool:
        """The partnership game: efectividad, deductions and cards are shown."""
        return self.scoring.latin

    @property
    def shown_round(self):
        """The round the standings stand after (the last one that counts)."""
        rounds = [r for r in self.rounds if self.after_round is None or r <= self.after_round]
        return rounds[-1] if rounds else None

    @property
    def provisional(self) -> bool:
        """The shown round, or an earlier one whose protocol was reopened, is in play: results may change."""
        shown = self.shown_round
        return shown is not None and any(
            status != RoundStatus.FINISHED for n, status in self.round_status.items() if n <= shown)

    @property
    def round_label(self) -> str:
        """«после тура N» once round N and those before it are finished; «тур N идёт (предварительно)» while
        it is in play; «после тура N (предварительно)» while a reopened protocol of an earlier round is open."""
        shown = self.shown_round
        if shown is None:
            return self.stage_label
        if self.round_status.get(shown) != RoundStatus.FINISHED:
            label = _("тур %(n)s идёт (предварительно)") % {"n": shown}
        elif self.provisional:
            label = _("после тура %(n)s (предварительно)") % {"n": shown}
        else:
            label = _("после тура %(n)s") % {"n": shown}
        return f"{self.stage_label}, {label}" if self.stage_label else label

    @property
    def stage_label(self) -> str:
        """«первый этап» / «второй этап» in an event in stages; empty in an event of one stage."""
        return {1: _("первый этап"), 2: _("второй этап")}.get(self.stage, "")


# ``load_standings``' default stage: the event's own standing (``event_stage``).
EVENT = "event"


def event_stage(tournament) -> int | None:
    """The stage whose rounds «the standings» of an event count: stage 1 in an event in stages (docs/rules.md
    «Этапы», rules I.9.2: the stages are not mixed; stage 2 ends in the final places, ``stage_selectors``),
    None — every round — in an event of one stage. Every page and file that shows «the standings» asks this."""
    return 1 if tournament.final_kind != FinalKind.NONE and tournament.final_size else None


def tiebreaks_of(tournament) -> tuple[tuple, str]:
    """(criteria, error message) — a bad stored list falls back to the default with a message."""
    swiss = tournament.pairing_system == PairingSystem.SWISS
    game = tournament.game
    own = game.ranking_criteria()
    individual = tournament.format_spec.individual_criteria
    if own:  # the partnership game ranks by its rules' own order, not by a list the organizer picks
        # an individual event's last criterion is the player's number, not a pair's
        return tuple(INDIVIDUAL_SYNONYMS.get(n, n) for n in own) if individual else own, ""
    family = game.code
    try:
        return resolve_tiebreaks(tournament.tiebreaks, swiss=swiss, family=family, individual=individual), ""
    except TiebreakError as exc:
        return resolve_tiebreaks([], swiss=swiss, family=family, individual=individual), exc.message


def pair_entries(tournament) -> list[PairEntry]:
    players = {}
    for pair_id, name in (
        Player.objects.filter(pair__tournament=tournament).order_by("pair_id", "number", "id").values_list("pair_id", "name")
    ):
        players.setdefault(pair_id, []).append(name)
    return [
        PairEntry(pid, number, name, tuple(players.get(pid, ())), status, after, joined)
        for pid, number, name, status, after, joined in Entrant.objects.filter(tournament=tournament)
        .order_by("number", "id").values_list("id", "number", "name", "status", "withdrawn_after_round",
                                              "joined_round")
    ]


def games_of(tournament) -> list[Game]:
    """Every partie of the published rounds with its protocol's cached result (one query)."""
    return games_and_round_status(tournament)[0]


# The partnership game's own result of each side (``engine.ranking.standings.Game``; empty in the other games).
LATIN_FIELDS = ("protocol__result_a", "protocol__result_b", "protocol__efectividad_a", "protocol__efectividad_b",
                "protocol__sanction_a", "protocol__sanction_b", "protocol__card_a", "protocol__card_b",
                "protocol__indicators")


def games_and_round_status(tournament, stage: int | None = None) -> tuple[list[Game], dict]:
    """``games_of`` plus {round number: status} of the rounds those games belong to (the same query).

    ``stage``: only the rounds of that stage of an event in stages (None: every round).
    """
    parties = Partie.objects.filter(round__tournament=tournament)
    if stage is not None:
        parties = parties.filter(round__stage=stage)
    rows = (
        parties
        .exclude(round__status=RoundStatus.DRAFT)
        .order_by("round__number", "table", "id")
        .values_list(
            "id", "round__number", "table", "pair_a_id", "pair_b_id", "protocol__score_a", "protocol__score_b",
            "protocol__deals_won_a", "protocol__deals_won_b", "protocol__winner", "protocol__finished",
            "protocol__disqualified", "round__status", "protocol__games_won_a", "protocol__games_won_b",
            "protocol__goats_a", "protocol__goats_b", "protocol__dry_goats_a", "protocol__dry_goats_b",
            "protocol__rating_a", "protocol__rating_b", "partner_a_id", "partner_b_id", "protocol__no_show",
            "protocol__absent_seats", *LATIN_FIELDS,
        )
    )
    games, statuses = [], {}
    for pid, rnd, table, a, b, sa, sb, da, db, winner, finished, dq, status, *rest in rows:
        *kozel, partner_a, partner_b, no_show, absent_seats = rest[:-len(LATIN_FIELDS)]
        result_a, result_b, eff_a, eff_b, sanction_a, sanction_b, card_a, card_b, counters = rest[-len(LATIN_FIELDS):]
        games.append(Game(rnd, a, b, sa or 0, sb or 0, da or 0, db or 0, winner or None, bool(finished), dq or None,
                          pid, table, *(v or 0 for v in kozel[:6]), *kozel[6:], partner_a=partner_a,
                          partner_b=partner_b, absent=absent_of(no_show, absent_seats, (a, partner_a, b, partner_b)),
                          result_a=result_a or None, result_b=result_b or None, efectividad_a=eff_a or 0,
                          efectividad_b=eff_b or 0, sanction_a=sanction_a or 0, sanction_b=sanction_b or 0,
                          card_a=card_a or "none", card_b=card_b or "none", indicators=counters))
        statuses[rnd] = status
    return games, statuses


def absent_of(no_show, absent_seats, entrants) -> tuple:
    """An individual event's absent players (entrant ids): the seats marked absent, or the whole no-show side."""
    if not no_show or entrants[1] is None:
        return ()
    seats = absent_seats.split(",") if absent_seats else [f"{no_show}1", f"{no_show}2"]
    index = {"A1": 0, "A2": 1, "B1": 2, "B2": 3}
    return tuple(entrants[index[s]] for s in seats if s in index and entrants[index[s]] is not None)


def load_standings(tournament, after_round: int | None = None, stage: int | str | None = EVENT) -> Standings:
    """Standings of pairs as after ``after_round`` (None: all rounds so far). Three queries.

    ``stage``: the standings of that stage's rounds alone (an event in stages; stage 2 is read by
    ``stage_selectors.load_final_standings``, which knows the finalists); by default the event's own
    (``event_stage``: stage 1 of an event in stages); None: every round, whatever the stages.
    """
    if stage == EVENT:
        stage = event_stage(tournament)
    tiebreaks, error = tiebreaks_of(tournament)
    games, statuses = games_and_round_status(tournament, stage)
    rounds = sorted({g.round for g in games})
    if after_round is not None and rounds and after_round >= rounds[-1]:
        after_round = None
    scoring = scoring_from_rules(tournament.rules())
    rows = tournament.format_spec.compute_standings(pair_entries(tournament), games, scoring=scoring,
                                                    tiebreaks=tiebreaks, after_round=after_round)
    return Standings(tournament, rows, games, rounds, after_round, tiebreaks, error, round_status=statuses,
                     scoring=scoring, stage=stage)


def _per_player(queryset, seat_field: str, after_round) -> dict:
    """(pair id, player number in the pair) -> count, for rows that name a seat."""
    if after_round is not None:
        queryset = queryset.filter(protocol__partie__round__number__lte=after_round)
    rows = (
        queryset.exclude(**{seat_field: ""})
        .annotate(
            who=Case(
                When(**{f"{seat_field}__startswith": "A"}, then=F("protocol__partie__pair_a_id")),
                default=F("protocol__partie__pair_b_id"), output_field=IntegerField(),
            ),
            place=Substr(seat_field, 2, 1, output_field=CharField()),
        )
        .values("who", "place")
        .annotate(n=Count("id"))
        .order_by()
    )
    return {(r["who"], int(r["place"])): r["n"] for r in rows}


def load_individual(tournament, after_round: int | None = None):
    """Standings of players: the pair's place, plus each player's dominoes and remarks. Six queries."""
    standings = load_standings(tournament, after_round)
    base = {"protocol__partie__round__tournament": tournament}
    if standings.stage is not None:  # the players' figures of the same rounds as their pairs' standings
        base["protocol__partie__round__stage"] = standings.stage
    dominoes = _per_player(Deal.objects.filter(result="domino", **base), "out", standings.after_round)
    remarks = _per_player(Remark.objects.filter(**base), "seat", standings.after_round)
    players, by_pair = [], {}
    for pid, pair_id, name, number, club, rating in (
        Player.objects.filter(pair__tournament=tournament).order_by("pair_id", "number", "id")
        .values_list("id", "pair_id", "name", "number", "club", "rating")
    ):
        place = number or (len(by_pair.setdefault(pair_id, [])) + 1)
        by_pair.setdefault(pair_id, []).append(pid)
        players.append((PlayerEntry(pid, pair_id, name, number, club, rating), place))
    rows = individual_standings(
        standings.rows, [p for p, _ in players],
        dominoes={p.id: dominoes.get((p.pair_id, place), 0) for p, place in players},
        remarks={p.id: remarks.get((p.pair_id, place), 0) for p, place in players},
    )
    standings.players = rows
    return standings


def load_crosstable(tournament, after_round: int | None = None):
    """Standings plus, per pair, its result in every round; for round robin also the N × N matrix."""
    return load_crosstable_from(load_standings(tournament, after_round))


def load_crosstable_from(standings):
    tournament = standings.tournament
    cells = cells_by_pair(standings.rows, standings.games, after_round=standings.after_round)
    matrix = None
    if tournament.pairing_system == PairingSystem.ROUND_ROBIN:
        matrix = round_robin_matrix(standings.rows, standings.games, after_round=standings.after_round)
    return standings, cells, matrix


def round_of(tournament, number: int) -> Round:
    return Round.objects.get(tournament=tournament, number=number)


def parties_for_blank_sheets(rnd) -> list[Partie]:
    """The parties of a round (byes excluded) with pairs and players. Three queries."""
    return list(
        Partie.objects.filter(round=rnd, pair_b__isnull=False)
        .select_related("round__tournament", "pair_a", "pair_b")
        .prefetch_related("pair_a__players", "pair_b__players", "partner_a__players", "partner_b__players")
        .order_by("table", "id")
    )


def signed_protocols(tournament, round_number: int | None = None):
    qs = Protocol.objects.filter(partie__round__tournament=tournament, status=ProtocolStatus.SIGNED)
    if round_number is not None:
        qs = qs.filter(partie__round__number=round_number)
    return protocols_for_sheets(qs)


def pairs_for_sheet(tournament) -> list[dict]:
    """Pairs with their players as plain dicts (two queries).

    A pair that left before it played anything is not listed (as in the standings).
    """
    played = Partie.objects.filter(round__tournament=tournament).exclude(round__status=RoundStatus.DRAFT).filter(
        Q(pair_a=OuterRef("pk")) | Q(pair_b=OuterRef("pk")))
    players = {}
    for pair_id, name, club, rating in (
        Player.objects.filter(pair__tournament=tournament).order_by("pair_id", "number", "id")
        .values_list("pair_id", "name", "club", "rating")
    ):
        players.setdefault(pair_id, []).append((name, club, rating))
    return [
        {**row, "players": players.get(row["id"], [])}
        for row in Entrant.objects.filter(tournament=tournament).exclude(
            ~Q(status=EntrantStatus.ACTIVE) & ~Exists(played)).order_by("number", "id")
        .values("id", "number", "name", "rating", "status", "withdrawn_after_round")
    ]


def partie_endings(tournament) -> dict:
    """{partie id: (no-show side, ended by time, abandoning side)} of the published rounds' protocols (one query)."""
    return {
        pid: (no_show, by_time, abandoned) for pid, no_show, by_time, abandoned in
        Protocol.objects.filter(partie__round__tournament=tournament).exclude(partie__round__status=RoundStatus.DRAFT)
        .values_list("partie_id", "no_show", "ended_by_time", "abandoned")
    }


def protocol_rows(tournament):
    """Every protocol of the published rounds with its deals and remarks as plain data (three queries).

    Returns (protocols, deals, remarks): protocols as tuples (id, round, table, pair A number,
    pair B number, prior remarks A, prior remarks B, no-show, first lead, ended by time, abandoned), deals and
    remarks as protocol id -> list of §9 dicts in order (with the Kozel family's fields, as ``Deal.to_json``).
    """
    base = Protocol.objects.filter(partie__round__tournament=tournament).exclude(
        partie__round__status=RoundStatus.DRAFT)
    protocols = list(base.order_by("partie__round__number", "partie__table", "partie_id").values_list(
        "id", "partie__round__number", "partie__table", "partie__pair_a__number", "partie__pair_b__number",
        "prior_remarks_a", "prior_remarks_b", "no_show", "first_lead", "ended_by_time", "abandoned",
    ))
    deals, remarks = {}, {}
    kozel_fields = ("lead", "lead_tile", "out_tile", "fisher", "note")
    for pid, n, result, out, offender, hands, points, *kozel in Deal.objects.filter(protocol__in=base).order_by(
            "protocol_id", "n").values_list("protocol_id", "n", "result", "out", "offender", "hands", "points",
                                            *kozel_fields):
        deal = {"n": n, "result": result}
        if out:
            deal["out"] = out
        if offender:
            deal["offender"] = offender
        if hands:
            deal["hands"] = hands
        deal.update((name, value) for name, value in zip(kozel_fields, kozel) if value)
        if "+" in deal.get("out_tile", ""):  # two doubles placed at once, stored «6-6+5-5» (as Deal.to_json reads it)
            deal["out_tile"] = deal["out_tile"].split("+")
        if points is not None:
            deal["points"] = points
        deals.setdefault(pid, []).append(deal)
    for pid, deal, seat, reason in Remark.objects.filter(protocol__in=base).order_by(
            "protocol_id", "deal", "id").values_list("protocol_id", "deal", "seat", "reason"):
        remarks.setdefault(pid, []).append({"deal": deal, "player": seat, "reason": reason})
    return protocols, deals, remarks


def side_numbers(tournament) -> dict:
    """An individual event's protocols: id -> the numbers of side A's and side B's two players («2 + 13»)."""
    rows = Protocol.objects.filter(partie__round__tournament=tournament).values_list(
        "id", "partie__pair_a__number", "partie__partner_a__number", "partie__pair_b__number",
        "partie__partner_b__number")
    return {pid: (" + ".join(str(n) for n in (a1, a2) if n), " + ".join(str(n) for n in (b1, b2) if n))
            for pid, a1, a2, b1, b2 in rows}


def pairings(tournament):
    """Every published partie with its pairs' numbers and players (for the pairings sheets)."""
    return (
        Partie.objects.filter(round__tournament=tournament).exclude(round__status=RoundStatus.DRAFT)
        .select_related("round", "pair_a", "pair_b")
        .prefetch_related("pair_a__players", "pair_b__players", "partner_a__players", "partner_b__players")
        .order_by("round__number", "table", "id")
    )


def partidas(tournament) -> list[tuple]:
    """The partnership game's protocols of the published rounds, each scored whole by the engine (its hands, its
    sanctions, the pairs' cards): (round, table, pair A number, pair B number, stored deals by number, the scored
    partida), in round and table order. A protocol the engine refuses is left out (``verify_scores`` names it)."""
    protocols = (Protocol.objects.filter(partie__round__tournament=tournament)
                 .exclude(partie__round__status=RoundStatus.DRAFT).exclude(partie__pair_b__isnull=True)
                 .select_related("partie__round__tournament", "partie__pair_a", "partie__pair_b")
                 .prefetch_related("deals", "sanctions", "remarks", "partie__pair_a__players",
                                   "partie__pair_b__players")
                 .order_by("partie__round__number", "partie__table", "partie_id"))
    out = []
    for protocol in protocols:
        partie = protocol.partie
        try:
            scored = score_protocol(protocol_to_json(protocol))
        except ProtocolError:
            continue
        out.append((partie.round.number, partie.table, partie.pair_a.number, partie.pair_b.number,
                    {d.n: d for d in protocol.deals.all()}, scored))
    return out
