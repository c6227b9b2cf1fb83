"""An individual event's player × round grid as a workbook sheet (``tabular.Table``; the page is
``tournaments:grid``, the data ``events.individual_selectors.grid``).

Per round five columns: the table, the partner's number, the opponents' numbers, the side's result («+», «−»,
«=»; «пропуск тура» for a sit-out) and the partie's score, own first (the goats in the Kozel family).
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from .tabular import Column, Table


def grid_table(grid) -> Table:
    cols = [Column(_("№"), 6, True), Column(_("Игрок"), 28), Column(_("Клуб / город"), 16)]
    for n in grid.rounds:
        cols += [Column(_("Тур %(n)s: стол") % {"n": n}, 9, True), Column(_("партнёр"), 8, True),
                 Column(_("соперники"), 10), Column(_("итог"), 7),
                 Column(_("козлы") if grid.goats else _("счёт"), 9)]
    cols.append(Column(_("Очки матча"), 10, True))
    rows = []
    for line in grid.lines:
        row = [line.person.number, line.person.name, line.club]
        for cell in line.cells:
            if cell is None:
                row += [None, None, "", "", ""]
            elif cell.sitout:
                row += [None, None, "", _("пропуск тура"), ""]
            else:
                row += [cell.table, cell.partner.number if cell.partner else None, cell.opponent_numbers, cell.mark,
                        cell.figure]
        row.append(line.match_points)
        rows.append(row)
    return Table(_("Таблица по турам"), cols, rows, freeze="D2")
