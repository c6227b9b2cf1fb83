"""Pairing a round of a team event: the teams are the entrants of the existing systems (Swiss without
rematches, round robin, random); each match puts pair i of team A against pair i of team B at its tables
(the line-ups of the round, ``services.lineup_for``). The round itself is made by ``tournaments`` own
``pair_round`` (its checks of the previous round, its audit), with this module's plan."""
from __future__ import annotations

import re

from django.utils.translation import gettext as _

from engine.pairing import Entrant, Pairing, PairingResult, pair_random, pair_round_robin, pair_swiss
from events.services.rounds import pair_round
from events.services.stages import stage2_pairings
from tournaments.errors import TournamentError
from tournaments.models import PairingSystem, Partie

from .models import MatchTable, Team, TeamMatch
from .services import lineup_for, require_team_event
from .standings import event_of, load_team_standings

FLOATED = re.compile(r"пара (\d+) спущена")  # the Swiss engine's words: its entrant here is a team (its number)


def team_pairings(tournament, number: int, seed: str) -> PairingResult:
    """The engine's pairing of the teams (by team number) for round ``number`` (no writes); a round after
    stage 1 is stage 2's (docs/rules.md I.9.5: its finalists, its round robin or bracket)."""
    if number > tournament.rounds_planned:
        return stage2_pairings(tournament)
    data = load_team_standings(tournament, before_round=number)
    entrants = entrants_of(data.rows)
    if tournament.pairing_system == PairingSystem.ROUND_ROBIN:
        return pair_round_robin(sorted(e.id for e in entrants), number)
    if tournament.pairing_system == PairingSystem.RANDOM:
        return pair_random(entrants, seed)
    return pair_swiss(entrants)


def entrants_of(rows) -> list[Entrant]:
    """The teams as the pairing algorithms see them, in standings order: id = team number, score = team match
    points, the team numbers already met, a bye had (no database: plain rows of ``rules.team_standings``)."""
    rows = [r for r in rows if r.team.number is not None]
    by_id = {r.team.id: r.team.number for r in rows}
    return [Entrant(r.team.number, score=int(r.match_points), rank=k,
                    opponents=frozenset(by_id[o] for o in r.opponents if o in by_id), had_bye=r.byes > 0)
            for k, r in enumerate(rows)]


class TeamPlan:
    """What ``pair_round`` asks of a team event: the pairing of the teams, then each match's tables."""

    def __init__(self, tournament, number: int, seed: str):
        self.teams = {t.number: t for t in Team.objects.filter(tournament=tournament, number__isnull=False)}
        self.k = event_of(tournament).pairs_per_team
        self.number = number
        result = team_pairings(tournament, number, seed)
        matches = []
        for p in result.pairings:
            a, b = p.a, p.b
            if b is not None and b < a:
                a, b = b, a
            matches.append(Pairing(a, b, FLOATED.sub(r"команда №\1 спущена", p.reason), p.rematch))
        self.result = PairingResult(matches, result.method)
        self.lineups = {n: lineup_for(t, number) for n, t in self.teams.items()}

    def parties(self, rnd, pair_by_number) -> list[Partie]:
        parties = []
        for m, p in enumerate(self.result.pairings):
            line_a = self.lineups[p.a]
            line_b = self.lineups[p.b] if p.b is not None else [None] * self.k
            for board in range(1, self.k + 1):
                parties.append(Partie(round=rnd, table=m * self.k + board, pair_a_id=line_a[board - 1],
                                      pair_b_id=line_b[board - 1], reason=p.reason[:300]))
        return parties

    def created(self, rnd) -> None:
        by_table = dict(rnd.parties.values_list("table", "pk"))
        tables = []
        for m, p in enumerate(self.result.pairings):
            match = TeamMatch.objects.create(round=rnd, number=m + 1, team_a=self.teams[p.a],
                                             team_b=self.teams[p.b] if p.b is not None else None)
            tables += [MatchTable(match=match, partie_id=by_table[m * self.k + board], board=board)
                       for board in range(1, self.k + 1)]
        MatchTable.objects.bulk_create(tables)


def pair_team_round(user, tournament, *, override_reason: str = "", confirm_tables=None):
    """Pair the next round of a team event as a draft (the rules of ``events.services.pair_round``)."""
    require_team_event(tournament)
    k = event_of(tournament).pairs_per_team
    teams = list(Team.objects.filter(tournament=tournament).prefetch_related("members"))
    if any(t.number is None for t in teams) or not teams:
        raise TournamentError(_("Сначала разыграйте номера команд."), code="draw_not_done")
    short = [t.name for t in teams if len(t.members.all()) != k]
    if short:
        raise TournamentError(_("Не у всех команд %(k)s пар(ы): %(t)s.") % {"k": k, "t": ", ".join(short)[:300]},
                              code="team_incomplete")
    return pair_round(user, tournament, override_reason=override_reason, confirm_tables=confirm_tables,
                      plan=TeamPlan)
