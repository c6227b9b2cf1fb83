"""A team event's standings as the ``standings`` command prints them (``format_parts``: the command asks the
format, it names no team module)."""
from __future__ import annotations

import json

from django.core.management.base import CommandError

from scoring.reports import stage_selectors
from tournaments.models import FinalKind

from .finals import load_team_final_round_robin, team_final_standings, team_finalists, teams_out
from .groups import load_team_groups
from .standings import load_team_standings


def write_team_event(command, tournament, after_round, as_json, stage=None, final=False):
    """A team event's table (every round), or in stages: stage 1's (``--stage 1``), the final round robin's
    or each group's (``--stage 2``) or the final places (``--final``: stage 2's order, then stage 1's)."""
    if (stage or final) and not stage_selectors.has_final(tournament):
        raise CommandError(f"{tournament.slug} has no stage 2")
    if final:
        command.write_rows(team_final_standings(tournament), as_json,
                         lambda r: f"{r['place'] or '—':>5} {r['team']:>5}  {r['name']}")
        return
    if stage == 2 and tournament.final_kind == FinalKind.GROUPS and team_finalists(tournament):
        groups = load_team_groups(tournament, team_finalists(tournament), teams_out(tournament))
        rows = [{"group": g.number, **r.to_json(), "goes_on": r.rank <= g.qualifiers} for g in groups for r in g.rows]
        command.write_rows(rows, as_json, lambda r: f"{r['group']:>3} {r['rank']:>5} {r['team']:>5} "
                                                  f"{r['match_points']:>3}  {r['name']}")
        return
    if stage == 2:
        if tournament.final_kind != FinalKind.ROUND_ROBIN or not team_finalists(tournament):
            raise CommandError(f"{tournament.slug}: stage 2 is not a confirmed final round robin or groups "
                               "(a knockout: manage.py bracket)")
        rows = [r.to_json() for r in load_team_final_round_robin(tournament)]
        data = load_team_standings(tournament, after_round=0)
    else:
        if stage == 1:
            after_round = min(after_round or tournament.rounds_planned, tournament.rounds_planned)
        data = load_team_standings(tournament, after_round=after_round)
        rows = [r.to_json() for r in data.rows]
    if as_json:
        command.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    command.stdout.write(f"{tournament.name}: teams; order: {', '.join(data.order)}")
    command.stdout.write(" rank  team  played  MP  table pts  tables won   diff  buchholz  name")
    for r in rows:
        command.stdout.write(f"{r['rank']:>5} {r['team']:>5} {r['played']:>7} {r['match_points']:>3} "
                          f"{r['table_points']:>10} {r['tables_won']:>11} {r['difference']:>6} "
                          f"{r['buchholz']:>9}  {r['name']}")
