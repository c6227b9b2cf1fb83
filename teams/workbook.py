"""The team event's workbook (xlsx): the team standings, every match with its tables (a row per table), and the
cross table of the teams (a cell: the match's team match points and table points, as on the standings page).

Every text of a person is written through ``core.cells`` (never a formula)."""
from __future__ import annotations

import io

from django.utils.translation import gettext as _
from openpyxl import Workbook

from core.cells import cells
from tournaments.models import FinalKind

from .finals import final_places, team_finalists, teams_out
from .groups import load_team_groups
from .selectors import cross_table, plain
from .standings import load_team_standings


def team_workbook(tournament) -> bytes:
    data = load_team_standings(tournament)
    wb = Workbook(write_only=True)
    places = final_places(tournament)
    if places:  # docs/rules.md I.9.5: stage 2's order first, then stage 1's
        ws = wb.create_sheet(_("Итоговые места"))
        ws.append(cells(ws, [_("Место"), _("№"), _("Команда"), _("Этап")]))
        for p in places:
            ws.append(cells(ws, [p["place"] or "", p["team"], p["name"], p["stage"]]))
    qualified = team_finalists(tournament) if tournament.final_kind == FinalKind.GROUPS else []
    if qualified:  # stage 2's groups of teams (teams.groups)
        ws = wb.create_sheet(_("Группы"))
        ws.append(cells(ws, [_("Подгруппа"), _("Место"), _("№"), _("Команда"), _("Матчей"), _("Побед"), _("Ничьих"),
                             _("Поражений"), _("Очки"), _("Очки столов"), _("Разность"), _("В сетку")]))
        for g in load_team_groups(tournament, qualified, teams_out(tournament)):
            for r in g.rows:
                ws.append(cells(ws, [g.number, r.rank, r.team.number, r.team.name, r.played, r.wins, r.draws,
                                     r.losses, r.match_points, plain(r.table_points), r.difference,
                                     _("да") if r.rank <= g.qualifiers else ""]))
    ws = wb.create_sheet(_("Команды"))
    ws.append(cells(ws, [_("Место"), _("№"), _("Команда"), _("Матчей"), _("Очки"), _("Очки столов"),
                         _("Столов выиграно"), _("Разность"), _("Бухгольц")]))
    for r in data.rows:
        ws.append(cells(ws, [r.rank, r.team.number, r.team.name, r.played, r.match_points, plain(r.table_points),
                             r.tables_won, r.difference, r.buchholz]))
    ws = wb.create_sheet(_("Матчи"))
    ws.append(cells(ws, [_("Тур"), _("Матч"), _("Команда A"), _("Команда B"), _("Стол матча"),
                         _("Очки столов A"), _("Очки столов B"), _("Командные очки A"), _("Командные очки B")]))
    for m, match, result in data.matches:
        for t in match.tables:
            ws.append(cells(ws, [match.round, m.number, m.team_a.name, m.team_b.name if m.team_b else "",
                                 t.board, plain(t.mp_a), plain(t.mp_b),
                                 result.team_points_a if result.complete else "",
                                 result.team_points_b if result.complete else ""]))
    rows, grid = cross_table(tournament, data)
    ws = wb.create_sheet(_("Таблица команд"))
    ws.append(cells(ws, [_("Место"), _("№"), _("Команда")] + [f"№{o.team.number}" for o in rows] + [_("Очки")]))
    for r in rows:
        ws.append(cells(ws, [r.rank, r.team.number, r.team.name] + [
            "×" if o is r else " / ".join(grid.get((r.team.id, o.team.id), [])) for o in rows] + [r.match_points]))
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()
