"""Stage 2 of a team event (docs/rules.md I.9.5), as the lower apps ask it: its entrants are teams, its
finalists ``TeamQualification`` rows, a bracket's "partie" is a team match. One object answers the protocols'
checks (``scoring.reports.stage_selectors.register_stage2``), the organizer's services
(``events.services.stages.register_stage_services``) and the stage pages
(``events.stage_selectors.register_stage_pages``); ``TeamsConfig.ready()`` registers it for the format
«teams», so that none of them names this app."""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from events.stage_selectors import BracketSides
from scoring.reports.group_selectors import is_groups
from tournaments.errors import InvalidInput
from tournaments.models import FinalMatch

from . import stage_services
from .finals import (
    active_team_count,
    load_team_bracket,
    preview_team_qualification,
    qualification_rows,
    stage1_team_standings,
    stage2_matches,
    stage2_team_pairs,
    team_deciders,
    team_final_standings,
    team_finalists,
    teams_out,
)
from .groups import load_team_groups, split_stage2, team_bracket_entrants
from .report import ORDER_WORDS
from .selectors import team_match_tables


class TeamStage2:
    by_teams = True
    finalists_fixed = gettext_lazy(
        "Исправление не принято: оно изменило бы состав команд второго этапа, который уже опубликован "
        "(выбыли бы команды: %(out)s; вышли бы: %(in)s). Главный судья решает такой случай отдельно, по "
        "положению.")
    too_few_for_final = gettext_lazy("Во второй этап нельзя вывести %(n)s: в турнире играют %(a)s команд(ы).")
    too_few_for_groups = gettext_lazy("В подгруппы нельзя вывести %(n)s: в турнире играют %(a)s команд(ы).")

    # --- the protocols' checks (scoring) ------------------------------------------------------------------
    def finalists(self, tournament) -> list:
        return team_finalists(tournament)

    def finalist_number(self, qualified) -> int:
        return qualified.team.number

    def load_bracket(self, tournament, qualified=None):
        return load_team_bracket(tournament, qualified)

    def preview_qualification(self, tournament, tie_order=None, standings=None):
        return preview_team_qualification(tournament, tie_order, standings)

    def played(self, rounds) -> list[tuple]:
        """[(round number, team match id, team A id, team B id)]: a team match is the bracket's "partie"."""
        return [(number, pk, a, b) for number, rows in stage2_team_pairs(rounds).items() for pk, a, b in rows]

    def round_sides(self, round_) -> list[tuple]:
        return list(round_.team_matches.filter(team_b__isnull=False).values_list("team_a_id", "team_b_id"))

    # --- the organizer's services (events) ----------------------------------------------------------------
    def active_count(self, tournament) -> int:
        return active_team_count(tournament)

    def check_match_format(self, match) -> None:
        if match != FinalMatch.SINGLE:
            raise InvalidInput(_("В командном турнире матч сетки — один матч команд за всеми столами: до двух "
                                 "побед и сумма двух матчей не проводятся. Выберите «одна партия»."),
                               field="final_match", code="team_match_format")

    def confirm(self, user, tournament, tie_order, expected):
        return stage_services.confirm_team_qualification(user, tournament, tie_order, expected)

    def undo(self, user, tournament, qualified) -> None:
        stage_services.undo_team_qualification(user, tournament, qualified)

    def record_walkover(self, user, tournament, pair) -> None:
        stage_services.record_team_walkover(user, tournament, pair)  # the bracket's entrant is the pair's team

    def round_count(self, tournament, qualified) -> int:
        return stage_services.team_stage2_round_count(tournament, qualified)

    def done(self, tournament, qualified) -> bool:
        return stage_services.team_stage2_done(tournament, qualified)

    def pairings(self, tournament):
        return stage_services.team_stage2_pairings(tournament)

    # --- the stage pages (events) -------------------------------------------------------------------------
    def bracket_view(self, tournament):
        qualified = team_finalists(tournament)
        loaded = stage2_matches(tournament)  # the matches, read once for the bracket and its deciders
        bracket = load_team_bracket(tournament, qualified, loaded)
        if bracket is None:
            return None, None
        found = team_match_tables(tournament)
        in_group = {}
        if is_groups(tournament):
            out = teams_out(tournament)
            groups = load_team_groups(tournament, qualified, out, split_stage2(tournament, loaded)[0])
            in_group = {tid: (g, place) for g, place, tid in team_bracket_entrants(tournament, qualified, out, groups) or ()}
        return bracket, BracketSides(
            numbers={q.team_id: q.team.number for q in qualified}, labels={q.team_id: q.team.name for q in qualified},
            where={pk: (number, table) for pk, (number, table, _match) in found.items()}, in_group=in_group,
            matches={pk: match for pk, (_number, _table, match) in found.items()},
            deciders=team_deciders(tournament, loaded))

    def stage1_view(self, tournament):
        """Stage 1's team standings, its criteria (``teams.rules``) in words, in order."""
        standings = stage1_team_standings(tournament)
        return standings, {key: _(words) for key, words in ORDER_WORDS.items()}, standings.order

    def seeds(self, confirmed) -> dict:
        return {q.team_id: q.seed for q in confirmed}

    def qualification_rows(self, tournament, standings) -> list:
        return qualification_rows(tournament, standings)

    def groups_data(self, tournament):
        """The groups of teams (``teams.groups``); a team out is «withdrawn»."""
        qualified = team_finalists(tournament)
        if not qualified:
            return None
        out = teams_out(tournament)
        return [{"number": g.number, "qualifiers": g.qualifiers, "played": g.played, "of": g.of, "teams": True,
                 "rows": [{"rank": r.rank, "number": r.team.number, "label": r.team.name, "played": r.played,
                           "wins": r.wins, "draws": r.draws, "losses": r.losses, "match_points": r.match_points,
                           "table_points": r.table_points, "difference": r.difference,
                           "status": "withdrawn" if r.team.id in out else "active",
                           "goes_on": r.rank <= g.qualifiers} for r in g.rows]}
                for g in load_team_groups(tournament, qualified, out)]

    def final_standings_data(self, tournament) -> list[dict]:
        return team_final_standings(tournament)  # {"place", "team", "name", "stage", "seed"}


TEAM_STAGE2 = TeamStage2()
