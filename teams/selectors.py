"""What the pages and commands of a team event show: the matches of a round with their tables, a team's page,
the team standings and the cross table of the teams (read only)."""
from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.choices import ProtocolStatus
from tournaments.models import Round, RoundStatus

from .models import LineUp, MatchTable, Team, TeamMatch
from .services import lineup_for
from .standings import event_of, load_team_standings, points_of


def pairings_json(tournament, number: int) -> dict:
    """{"round", "matches": [{"match", "a", "b", "tables": [{"table", "A", "B"}]}]} (team and pair numbers)."""
    matches = []
    for m in match_rows(tournament, number):
        matches.append({"match": m.number, "a": m.team_a.number, "b": m.team_b.number if m.team_b else None,
                        "tables": [{"table": t.partie.table, "A": t.partie.pair_a.number,
                                    "B": t.partie.pair_b.number if t.partie.pair_b_id else None}
                                   for t in m.tables.all()]})
    return {"round": number, "matches": matches}


def match_rows(tournament, number: int):
    return (TeamMatch.objects.filter(round__tournament=tournament, round__number=number)
            .select_related("team_a", "team_b", "round").order_by("number")
            .prefetch_related("tables__partie__pair_a__players", "tables__partie__pair_b__players",
                              "tables__partie__protocol__signatures"))


def signed_fingerprint(protocol) -> str:
    """The fingerprint (SHA-256) the last signature of a signed protocol vouches for; "" before it is signed."""
    if protocol is None or protocol.status != ProtocolStatus.SIGNED:
        return ""
    signatures = list(protocol.signatures.all())
    return signatures[-1].fingerprint if signatures else ""


@dataclass
class MatchView:
    match: object
    tables: list  # (MatchTable, Partie, protocol or None, status, the signed protocol's fingerprint or "")
    result: object = None  # rules.MatchResult, once the round counts
    result_tables: tuple = ()  # rules.Table of each board, once the round counts


def round_matches(rnd: Round) -> list[MatchView]:
    """Each match of the round with its tables and their protocols, and its result so far."""
    tournament = rnd.tournament
    results = {}
    if rnd.status != RoundStatus.DRAFT:
        data = load_team_standings(tournament, after_round=rnd.number)
        results = {row.pk: (result, m.tables) for row, m, result in data.matches if row.round_id == rnd.pk}
    out = []
    for m in match_rows(tournament, rnd.number):
        tables = []
        for t in m.tables.all():
            protocol = getattr(t.partie, "protocol", None)
            tables.append((t, t.partie, protocol, protocol.status if protocol else ProtocolStatus.NOT_STARTED,
                           signed_fingerprint(protocol)))
        result, boards = results.get(m.pk, (None, ()))
        out.append(MatchView(m, tables, result, boards))
    return out


@dataclass
class TeamPage:
    team: object
    members: list
    reserves: list
    lineups: list  # (round number, [pair], entered: bool, locked: bool)
    matches: list = field(default_factory=list)  # (TeamMatch, side "A"/"B", MatchResult, tables)
    row: object = None


def team_page(team, *, reveal: bool = False) -> TeamPage:
    """``reveal``: the viewer may see the line-ups of rounds not yet published (the organizer, the team's own
    captain); for anyone else those rounds' pairs are None (hidden from the opponent until publication)."""
    tournament = team.tournament
    members = list(team.members.select_related("pair").prefetch_related("pair__players"))
    pairs = {m.pair_id: m.pair for m in members}
    statuses = dict(tournament.rounds.values_list("number", "status"))
    entered = set(LineUp.objects.filter(team=team).values_list("round_number", flat=True))
    lineups = []
    for n in range(1, tournament.rounds_planned + 1):
        locked_ = statuses.get(n, RoundStatus.DRAFT) != RoundStatus.DRAFT
        shown = [pairs.get(pid) for pid in lineup_for(team, n)] if locked_ or reveal else None
        lineups.append((n, shown, n in entered if shown is not None else False, locked_))
    data = load_team_standings(tournament)
    row = next((r for r in data.rows if r.team.id == team.pk), None)
    matches = []
    tables = {}
    for t in MatchTable.objects.filter(match__round__tournament=tournament).select_related(
            "partie__pair_a", "partie__pair_b", "partie__protocol").order_by("board"):
        tables.setdefault(t.match_id, []).append(t)
    for m, _match, result in data.matches:
        if team.pk in (m.team_a_id, m.team_b_id):
            matches.append((m, "A" if m.team_a_id == team.pk else "B", result, tables.get(m.pk, [])))
    return TeamPage(team, members, list(team.reserves.all()), lineups, matches, row)


def teams_of(tournament) -> list:
    return list(Team.objects.filter(tournament=tournament).order_by("number", "name").select_related("captain__user")
                .prefetch_related("members__pair__players", "reserves"))


def cross_table(tournament, data=None) -> tuple[list, dict]:
    """(rows in standings order, {(team id, opponent id): [team match points, …]})."""
    data = data or load_team_standings(tournament)
    cells: dict = {}
    for m, _match, result in data.matches:
        if m.team_b_id is None or not result.complete:
            continue
        cells.setdefault((m.team_a_id, m.team_b_id), []).append(
            f"{result.team_points_a} ({plain(result.table_points_a)}:{plain(result.table_points_b)})")
        cells.setdefault((m.team_b_id, m.team_a_id), []).append(
            f"{result.team_points_b} ({plain(result.table_points_b)}:{plain(result.table_points_a)})")
    return data.rows, cells


def plain(x):
    return int(x) if isinstance(x, float) and x.is_integer() else x


__all__ = ["pairings_json", "team_match_tables", "round_matches", "team_page", "teams_of", "cross_table", "load_team_standings",
           "event_of", "points_of"]


def team_match_tables(tournament) -> dict:
    """{TeamMatch id: (round number, its first table, match number)} of stage 2's matches (where a bracket match
    is played)."""
    rows = MatchTable.objects.filter(match__round__tournament=tournament, match__round__stage=2, board=1)
    return {pk: (number, table, match) for pk, number, table, match in rows.values_list(
        "match_id", "match__round__number", "partie__table", "match__number")}
