"""Excel workbooks (openpyxl, write-only: rows are streamed, numbers stay numbers).

Text is never a formula: every cell is written through ``core.cells``.
"""
from __future__ import annotations

import io

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from core.cells import cells, text_cell

HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDE6EE")
HEADER_ALIGN = Alignment(wrap_text=True, vertical="center")
SHEET_TITLE_MAX = 31  # Excel's limit
FORBIDDEN = str.maketrans({c: " " for c in "[]:*?/\\"})


def sheet_title(title: str, used: set) -> str:
    base = title.translate(FORBIDDEN).strip()[:SHEET_TITLE_MAX] or "Sheet"
    name, i = base, 2
    while name in used:
        suffix = f" ({i})"
        name = base[: SHEET_TITLE_MAX - len(suffix)] + suffix
        i += 1
    used.add(name)
    return name


def write_workbook(tables) -> bytes:
    """One sheet per ``tabular.Table``: bold shaded header, column widths, frozen header rows."""
    wb = Workbook(write_only=True)
    used = set()
    for table in tables:
        ws = wb.create_sheet(sheet_title(table.title, used))
        for i, col in enumerate(table.columns, start=1):
            ws.column_dimensions[get_column_letter(i)].width = col.width
        ws.freeze_panes = table.freeze
        header = []
        for col in table.columns:
            cell = text_cell(ws, col.title)
            cell.font, cell.fill, cell.alignment = HEADER_FONT, HEADER_FILL, HEADER_ALIGN
            header.append(cell)
        ws.append(header)
        for row in table.rows:
            ws.append(cells(ws, row))
    if not used:
        wb.create_sheet("—")
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()
