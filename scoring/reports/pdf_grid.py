"""An individual event's player × round grid on A4 for the tournament's report (in place of the cross table).

A cell holds three short lines: «ст. 3 · с 7» (the table and the partner's number), «× 2, 9» (the opponents'
numbers), «+ 101:40» (the side's result and its score, own first; the goats in the Kozel family); a sit-out
reads «пропуск тура». The rounds that do not fit the page's width go to a further table with the numbers and
names again, so that no cell is squeezed below a readable width. Names are kept whole: the name column is as wide
as the longest word of any name (a name wraps only between words). Every user text is escaped for the markup.
"""
from __future__ import annotations

import re

from django.utils.translation import gettext as _
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Spacer

from core.pdf import WIDTH, fitted, paragraph, paragraph_lines, style
from core.pdf import grid as table

GRID_CELL = style(7, leading=8.4)
GRID_HEAD = style(7, bold=True, leading=8.4)
NUMBER_W = 24
NAME_MIN, NAME_MAX = 80, 150
CELL_MIN = 52  # pt: «ст. 12 · с 60» at 7 pt with the padding
POINTS_W = 34
PAD = 8  # the table's left and right cell padding


def _lines(*parts):
    return paragraph_lines([p for p in parts if p], GRID_CELL)


def cell_paragraph(cell):
    if cell is None:
        return _lines("")
    if cell.sitout:
        return _lines(_("пропуск тура"))
    where = _("ст. %(t)s · с %(p)s") % {"t": cell.table, "p": cell.partner.number if cell.partner else "—"}
    result = f"{cell.mark} {cell.figure}".strip() if cell.result else (f"{cell.figure} …" if cell.figure else "")
    return _lines(where, "× " + cell.opponent_numbers, result)


def name_width(grid) -> float:
    """The longest word of any name (a double surname: its longest part up to a hyphen) with the padding, within
    [NAME_MIN, NAME_MAX]."""
    words = [piece for line in grid.lines for word in line.person.name.split()
             for piece in re.split(r"(?<=\w-)(?=\w)", word)] + [_("Игрок")]
    widest = max(stringWidth(w, GRID_CELL.fontName, GRID_CELL.fontSize) for w in words) + PAD
    return min(NAME_MAX, max(NAME_MIN, widest))


def name_paragraph(name: str, width: float):
    """The name whole in the column (``core.pdf.fitted``: smaller type before a word is broken; a double surname
    may break after its hyphen)."""
    return fitted(name, GRID_CELL, width - PAD, min_size=5.5)


def grid_flowables(grid) -> list:
    """The grid as one or more tables (``rounds_per_table`` rounds each) fitting A4's width."""
    name_w = name_width(grid)
    fits = max(1, int((WIDTH - NUMBER_W - name_w - POINTS_W) // CELL_MIN))
    per_table = -(-len(grid.rounds) // -(-len(grid.rounds) // fits)) if grid.rounds else 1  # balanced tables
    chunks = [grid.rounds[i:i + per_table] for i in range(0, len(grid.rounds), per_table)] or [[]]
    out = []
    for k, rounds in enumerate(chunks):
        first = grid.rounds.index(rounds[0]) if rounds else 0
        last_chunk = k == len(chunks) - 1
        head = [_("№"), _("Игрок")] + [_("Тур %(n)s") % {"n": n} for n in rounds] + (
            [_("Очки")] if last_chunk else [])
        data = [[paragraph(h, GRID_HEAD) for h in head]]
        for line in grid.lines:
            row = [_lines(line.person.number), name_paragraph(line.person.name, name_w)]
            row += [cell_paragraph(c) for c in line.cells[first:first + len(rounds)]]
            if last_chunk:
                row.append(_lines(f"{line.match_points:g}"))
            data.append(row)
        points_w = POINTS_W if last_chunk else 0
        rest = WIDTH - NUMBER_W - name_w - points_w
        widths = [NUMBER_W, name_w] + [rest / max(1, len(rounds))] * len(rounds) + ([points_w] if last_chunk else [])
        if k:
            out.append(Spacer(1, 8))
        out.append(table(data, widths, zebra=True))
    return out
