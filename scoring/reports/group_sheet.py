"""The workbook's sheet «Группы»: stage 2's groups, one line per entrant in group order, and the cross table inside
its group (the partie against the entrant at each place of the group).

The standings are ``group_selectors.load_groups`` (what the standings page shows through
``events.stage_selectors.groups_data``); the cross cells come from the group's own parties
(``crosstable.cells_by_pair``). Nothing here ranks an entrant. Cells are written through ``core.cells``
(``xlsx.write_workbook``), so a name is never a formula.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from engine.ranking.crosstable import cells_by_pair

from .group_selectors import is_groups, load_groups
from .stage_selectors import finalists
from .tabular import Column, Table, cell_text, status_cell


def _cross(group, row, cells) -> list[str]:
    """The line's cells against the entrant at place 1, 2, …: «×» on itself, the partie's score once it is played."""
    mine = cells.get(row.pair.id, [])
    goats = group.standings.goats
    return ["×" if other.pair.id == row.pair.id else
            " ".join(cell_text(c, goats) for c in mine if c.opponent == other.pair.number and c.result)
            for other in group.standings.rows]


def groups_table(tournament, groups=None) -> Table | None:
    """The sheet, or None when stage 2 is not in groups or its entrants are not confirmed yet. Before any group
    partie is played, every entrant is listed in its group with zeros and empty cross cells."""
    if not is_groups(tournament):
        return None
    if groups is None:
        qualified = finalists(tournament)
        if not qualified:
            return None
        groups = load_groups(tournament, qualified)
    size = max((len(g.standings.rows) for g in groups), default=0)
    cols = [Column(_("Подгруппа"), 10, True), Column(_("Место"), 7, True), Column(_("Пара"), 7, True),
            Column(_("Участник"), 40), Column(_("Статус"), 14), Column(_("Партий"), 8, True),
            Column(_("Побед"), 8, True), Column(_("Ничьих"), 8, True), Column(_("Поражений"), 11, True),
            Column(_("Очки матча"), 11, True), Column(_("Разность"), 10, True), Column(_("В сетку"), 9)]
    cols += [Column(_("Против %(n)s-го места") % {"n": n}, 11) for n in range(1, size + 1)]
    rows = []
    for g in groups:
        cells = cells_by_pair(g.standings.rows, g.standings.games)
        for r in g.standings.rows:
            rows.append([g.number, r.rank, r.pair.number, r.pair.label, status_cell(r.status), r.played, r.wins,
                         r.draws, r.losses, r.match_points, r.difference, _("да") if r.rank <= g.qualifiers else "",
                         *_cross(g, r, cells)])
    return Table(_("Группы"), cols, rows, freeze="E2")
