"""The team standings read from the protocols (the cached result of each table, as the pairs' standings read it).

Here, on the floor of the protocol reads, because pairing a team round (an organizer service) asks for them.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.ranking.standings import scoring_from_rules
from engine.ranking.tiebreaks import game_match_points
from scoring.reports.selectors import games_of

from .models import MatchTable, Team, TeamEvent, TeamMatch
from .rules import Match, Points, Table, TeamEntry, TeamRulesError, match_result, team_standings, validate_order


@dataclass
class TeamStandings:
    rows: list
    matches: list  # (TeamMatch, Match, MatchResult), every match of the rounds counted
    points: Points
    order: tuple
    error: str = ""


def event_of(tournament) -> TeamEvent:
    """The tournament's team settings (the defaults while none are saved)."""
    return TeamEvent.objects.filter(tournament=tournament).first() or TeamEvent(tournament=tournament)


def points_of(event: TeamEvent) -> Points:
    return Points(event.win_points, event.draw_points, event.loss_points)


def order_of(event: TeamEvent) -> tuple[tuple, str]:
    try:
        return validate_order(event.tiebreaks), ""
    except TeamRulesError as exc:
        return validate_order([]), exc.message


def table_of(game, board: int, mp: dict, bye_points: float) -> Table:
    """One table as the team rules see it, from the partie's cached result (``standings.Game``)."""
    if game.pair_b is None:
        return Table(board, bye_points, 0, 0, 0, "A", True)
    if not game.finished:
        return Table(board, finished=False)
    result_a = "draw" if game.winner is None else ("win" if game.winner == "A" else "loss")
    result_b = {"win": "loss", "loss": "win", "draw": "draw"}[result_a]
    return Table(board, mp[result_a], mp[result_b], game.score_a, game.score_b, game.winner, True)


def load_matches(tournament, *, before_round: int | None = None, after_round: int | None = None) -> list:
    """[(TeamMatch, Match)] of the published and finished rounds (those before ``before_round``, or up to
    ``after_round``), with each table's result; a fixed number of queries."""
    scoring = scoring_from_rules(tournament.rules())
    mp = game_match_points(scoring)
    games = {g.partie_id: g for g in games_of(tournament)}
    boards: dict[int, list] = {}
    for match_id, partie_id, board in MatchTable.objects.filter(match__round__tournament=tournament).values_list(
            "match_id", "partie_id", "board"):
        boards.setdefault(match_id, []).append((board, partie_id))
    matches = TeamMatch.objects.filter(round__tournament=tournament).select_related(
        "round", "team_a", "team_b").order_by("round__number", "number")
    if before_round is not None:
        matches = matches.filter(round__number__lt=before_round)
    if after_round is not None:
        matches = matches.filter(round__number__lte=after_round)
    out = []
    for m in matches:
        tables = tuple(table_of(games[pid], board, mp, scoring.bye_match_points)
                       for board, pid in sorted(boards.get(m.pk, [])) if pid in games)
        if not tables:  # a draft round: not counted
            continue
        out.append((m, Match(m.round.number, m.team_a_id, m.team_b_id, tables)))
    return out


def load_team_standings(tournament, *, before_round: int | None = None,
                        after_round: int | None = None) -> TeamStandings:
    event = event_of(tournament)
    points = points_of(event)
    order, error = order_of(event)
    teams = [TeamEntry(pk, number, name) for pk, number, name in
             Team.objects.filter(tournament=tournament).order_by("number", "id").values_list("id", "number", "name")]
    loaded = load_matches(tournament, before_round=before_round, after_round=after_round)
    rows = team_standings(teams, [m for _row, m in loaded], points, order)
    return TeamStandings(rows, [(row, m, match_result(m, points)) for row, m in loaded], points, order, error)
