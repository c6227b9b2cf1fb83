"""The team standing of a tournament as the page, the workbook, the report and the command show it.

Reads each entrant's team (``entrant_teams``: two queries) and ranks the teams over the main standings
(``selectors.load_standings``) with ``teams.compute_team_standings`` (docs/rules.md «Командный зачёт»).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.text import numbered
from engine.ranking.standings import plain_number
from engine.ranking.teams import compute_team_standings, team_of, unassigned
from tournaments.models import Entrant, Player, TeamStanding

from . import selectors
from .player_table import player_status_text
from .tabular import Column, Table, status_text


@dataclass
class TeamStandings:
    mode: str  # TeamStanding
    best: int  # M: the entrants a team counts
    teams: list = field(default_factory=list)  # teams.TeamRow, ranked
    unassigned: list = field(default_factory=list)  # the main standings' rows of the entrants in no team
    standings: object = None  # selectors.Standings

    @property
    def individual(self) -> bool:
        return bool(self.standings is not None and self.standings.tournament.format_spec.single_player_entries)

    @property
    def mode_label(self) -> str:
        return str(TeamStanding(self.mode).label)

    def best_text(self) -> str:
        """«В зачёт идут 2 лучших участника команды»."""
        return ngettext("В зачёт идёт %(m)s лучший участник команды", "В зачёт идут %(m)s лучших участника команды",
                        self.best) % {"m": self.best}

    def lines(self) -> list[dict]:
        """The page's lines: a team's place, name, sums and next entrant's values, and its entrants as texts."""
        return [{
            "rank": rank_text(t), "name": t.name, "complete": t.complete,
            "match_points": plain_number(t.match_points), "difference": t.difference,
            "next_match_points": plain_number(t.next_match_points), "next_difference": t.next_difference,
            "counted": [entrant_text(r) for r in t.counted],
            "next": entrant_text(t.next) if t.next is not None else "", "others": [entrant_text(r) for r in t.others[1:]],
            "removed": [removed_text(self, r) for r in t.removed],
        } for t in self.teams]


def entrant_teams(tournament) -> dict:
    """{entrant id: its team} by the tournament's setting (two queries; {} without a team standing)."""
    if not tournament.has_team_standing:
        return {}
    clubs: dict = {}
    for pair_id, club in Player.objects.filter(pair__tournament=tournament).order_by(
            "pair_id", "number", "id").values_list("pair_id", "club"):
        clubs.setdefault(pair_id, []).append(club)
    return {pid: team_of(tournament.team_standing, team, clubs.get(pid, ()))
            for pid, team in Entrant.objects.filter(tournament=tournament).values_list("id", "team_name")}


def load_team_standings(tournament, after_round: int | None = None, *, standings=None) -> TeamStandings | None:
    """The team standing as after ``after_round`` (over ``standings`` when the caller has them); None when the
    tournament has none."""
    if not tournament.has_team_standing:
        return None
    if standings is None:
        standings = selectors.load_standings(tournament, after_round)
    teams = entrant_teams(tournament)
    best = max(1, tournament.team_best or 1)
    return TeamStandings(tournament.team_standing, best, compute_team_standings(standings.rows, teams, best=best),
                         unassigned(standings.rows, teams), standings)


def rank_text(team) -> str:
    return f"{team.rank}{'=' if team.tied else ''}"


def entrant_text(row) -> str:
    """«№3 Иванов — Петров: 5 / +32» (match points / points difference)."""
    return _("№%(n)s %(name)s: %(mp)s / %(diff)s") % {
        "n": row.pair.number, "name": row.pair.label, "mp": plain_number(row.match_points), "diff": signed(row.difference)}


def signed(number) -> str:
    """A difference with its sign: «+32», «-5», «0»."""
    return f"{number:+d}" if number else "0"


def removed_text(data: TeamStandings, row) -> str:
    """«№4 Сидоров — Козлов (Снялась)»: an entrant listed with its team, not counted."""
    status = player_status_text(row.status) if data.individual else status_text(row.status)
    return f"{numbered(row.pair.number)} {row.pair.label} ({status})"


def team_sheet(data: TeamStandings) -> Table:
    """The workbook's sheet: a line per team with its counted entrants, sums and tie-break values."""
    cols = [Column(_("Место"), 7, True), Column(_("Команда"), 28), Column(_("Состав"), 10),
            Column(_("В зачёте"), 60), Column(_("Очки матча (сумма)"), 12, True),
            Column(_("Следующий: очки матча"), 12, True), Column(_("Разность (сумма)"), 12, True),
            Column(_("Следующий: разность"), 12, True), Column(_("Не в зачёте"), 50)]
    rows = []
    for t in data.teams:
        rest = [entrant_text(r) for r in t.others] + [removed_text(data, r) for r in t.removed]
        rows.append([t.rank, t.name, _("полный") if t.complete else _("неполный"),
                     "; ".join(entrant_text(r) for r in t.counted), plain_number(t.match_points),
                     plain_number(t.next_match_points), plain_number(t.difference), t.next_difference,
                     "; ".join(rest)])
    title = _("Командный зачёт (%(m)s лучших)") % {"m": data.best}
    return Table(title, cols, rows, freeze="C2")
