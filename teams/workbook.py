"""The team event's sheets (xlsx): the final places, stage 2's groups, the team standings, every match with its
tables (a row per table, with the pairs and their partie scores) and the cross table of the teams (a cell: the
match's team match points and table points, as on the standings page). ``team_tables`` lead the event's
workbook («Всё в Excel»); ``team_workbook`` is the teams' own file.

Every text of a person is written through ``core.cells`` by ``scoring.reports.xlsx`` (never a formula)."""
from __future__ import annotations

from django.utils.translation import gettext as _

from core.text import numbered
from scoring.reports.tabular import Column, Table
from scoring.reports.xlsx import write_workbook
from tournaments.models import Entrant, FinalKind

from .finals import final_places, team_finalists, teams_out
from .groups import load_team_groups
from .models import MatchTable
from .selectors import cross_table, plain
from .standings import load_team_standings


def _columns(*specs) -> list[Column]:
    return [Column(title, width, number) for title, width, number in specs]


def _places(places) -> Table:
    """docs/rules.md I.9.5: stage 2's order first, then stage 1's."""
    return Table(_("Итоговые места"), _columns((_("Место"), 7, True), (_("№"), 6, True), (_("Команда"), 30, False),
                                             (_("Этап"), 20, False)),
                 [[p["place"] or "", p["team"], p["name"], p["stage"]] for p in places])


def _groups(groups) -> Table:
    """Stage 2's groups of teams (``teams.groups``)."""
    rows = [[g.number, r.rank, r.team.number, r.team.name, r.played, r.wins, r.draws, r.losses, r.match_points,
             plain(r.table_points), r.difference, _("да") if r.rank <= g.qualifiers else ""]
            for g in groups for r in g.rows]
    return Table(_("Группы"), _columns(
        (_("Подгруппа"), 10, True), (_("Место"), 7, True), (_("№"), 6, True), (_("Команда"), 30, False),
        (_("Матчей"), 8, True), (_("Побед"), 8, True), (_("Ничьих"), 8, True), (_("Поражений"), 10, True),
        (_("Очки"), 8, True), (_("Очки столов"), 10, True), (_("Разность"), 10, True), (_("В сетку"), 8, False)),
        rows)


def _pairs_by_table(tournament) -> dict:
    """{(match id, board): (pair A, pair B)} as «№3 Иванов — Петров» (two queries)."""
    labels = {p.pk: f"{numbered(p.number)} " + " — ".join(pl.name for pl in p.players.all())
              for p in Entrant.objects.filter(tournament=tournament).prefetch_related("players")}
    rows = MatchTable.objects.filter(match__round__tournament=tournament).values_list(
        "match_id", "board", "partie__pair_a_id", "partie__pair_b_id")
    return {(m, board): (labels.get(a, ""), labels.get(b, "")) for m, board, a, b in rows}


def _matches(tournament, data) -> Table:
    """A row per table of a match: its pairs, the partie's score, the table points and the match's team points."""
    pairs = _pairs_by_table(tournament)
    rows = []
    for m, match, result in data.matches:
        for t in match.tables:
            pair_a, pair_b = pairs.get((m.pk, t.board), ("", ""))
            rows.append([match.round, m.number, m.team_a.name, m.team_b.name if m.team_b else "", t.board,
                         pair_a, pair_b, f"{t.score_a} : {t.score_b}" if t.finished else "",
                         plain(t.mp_a), plain(t.mp_b),
                         result.team_points_a if result.complete else "", result.team_points_b if result.complete else ""])
    return Table(_("Матчи"), _columns(
        (_("Тур"), 6, True), (_("Матч"), 6, True), (_("Команда A"), 24, False), (_("Команда B"), 24, False),
        (_("Стол матча"), 8, True), (_("Пара команды A"), 34, False), (_("Пара команды B"), 34, False),
        (_("Счёт партии"), 10, False), (_("Очки столов A"), 10, True), (_("Очки столов B"), 10, True),
        (_("Командные очки A"), 10, True), (_("Командные очки B"), 10, True)), rows)


def team_tables(tournament) -> list[Table]:
    data = load_team_standings(tournament)
    tables = []
    places = final_places(tournament)
    if places:
        tables.append(_places(places))
    qualified = team_finalists(tournament) if tournament.final_kind == FinalKind.GROUPS else []
    if qualified:
        tables.append(_groups(load_team_groups(tournament, qualified, teams_out(tournament))))
    tables.append(Table(_("Команды"), _columns(
        (_("Место"), 7, True), (_("№"), 6, True), (_("Команда"), 30, False), (_("Матчей"), 8, True),
        (_("Очки"), 8, True), (_("Очки столов"), 10, True), (_("Столов выиграно"), 10, True),
        (_("Разность"), 10, True), (_("Бухгольц"), 10, True)),
        [[r.rank, r.team.number, r.team.name, r.played, r.match_points, plain(r.table_points), r.tables_won,
          r.difference, r.buchholz] for r in data.rows], freeze="D2"))
    tables.append(_matches(tournament, data))
    rows, grid = cross_table(tournament, data)
    tables.append(Table(_("Таблица команд"), _columns(
        (_("Место"), 7, True), (_("№"), 6, True), (_("Команда"), 30, False),
        *((numbered(o.team.number), 10, False) for o in rows), (_("Очки"), 8, True)),
        [[r.rank, r.team.number, r.team.name,
          *("×" if o is r else " / ".join(grid.get((r.team.id, o.team.id), [])) for o in rows), r.match_points]
         for r in rows], freeze="D2"))
    return tables


def team_workbook(tournament) -> bytes:
    return write_workbook(team_tables(tournament))
