"""Score sheets on A4 (reportlab canvas), blank and signed, one partie per page.

Drawn from plain ``sheets.Sheet`` data on the ground of ``pdf_page`` (fonts, the page cursor, tables whose
cells are printed whole, the QR code) and ``pdf_sheet`` (the header, remarks, signatures and foot every game's
sheet shares); a sheet of games (Kozel, Morskoy, hand points) is drawn by ``pdf_games``.
"""
from __future__ import annotations

import io

from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from .pdf_games import draw_games_sheet
from .pdf_page import MARGIN, WIDTH, Page, register_fonts, set_metadata
from .pdf_sheet import (QR_SIZE, draw_footer, draw_header, draw_remarks, draw_signatures, next_sheet,
                        remarks_height, signatures_height)
from .sheets import side_numbers


# --- one sheet ---------------------------------------------------------------------

_FIXED = [24, 38, 40, None, 40, 40, 40, 40, 40, 40, 46, 46]
DEAL_WIDTHS = [w if w is not None else WIDTH - sum(x for x in _FIXED if x) for w in _FIXED]
DEAL_ALIGN = ["center", "center", "center", "left", "right", "right", "right", "right", "right", "right", "right",
              "right"]


def _deal_rows(sheet):
    rows = []
    for d in sheet.deals:
        if sheet.signed:
            def num(v):
                return "" if v is None else str(v)
            rows.append([str(d.n), d.lead, d.shuffle, d.result] + [d.pips.get(s, "") for s in ("A1", "A2", "B1", "B2")]
                        + [num(d.points_a) + ("*" if d.sanctioned_a else ""),
                           num(d.points_b) + ("*" if d.sanctioned_b else ""), num(d.running_a), num(d.running_b)])
        else:
            rows.append([str(d.n), d.lead, d.shuffle, ""] + [""] * 8)
    return rows


def _deals(p: Page, sheet):
    header = ["№", _("Заход"), _("Тасует"), _("Итог"), "A1", "A2", "B1", "B2", _("Очки A"), _("Очки B"),
              _("Сумма A"), _("Сумма B")]
    rows = _deal_rows(sheet)
    # keep space for the legend, remarks, result, signatures and the QR code (names and notes make them taller)
    bottom = 30 + remarks_height(sheet) + 60 + max(signatures_height(sheet, QR_SIZE) + 22, QR_SIZE + 40)
    room = p.y - MARGIN - max(360, bottom)
    row_h = max(11, min(24 if not sheet.signed else 17, room / (len(rows) + 1)))
    p.grid(DEAL_WIDTHS, rows, header=header, row_h=row_h, size=8.5 if row_h >= 14 else 7, align=DEAL_ALIGN)
    p.gap(3)
    if sheet.signed:
        p.text(MARGIN, _("Остаток в руках — очки по регламенту; * — раздача изменена санкцией (см. замечания)."), size=7,
               width=WIDTH)
    else:
        p.text(MARGIN, _("Итог: «Д A1» — домино (кто вышел), «Р» — рыба, «ЛП B2» — ложный пас (кто). "
                         "Последние строки — для дополнительных раздач при равном счёте."), size=7, width=WIDTH)
    p.gap(10)


def _result(p: Page, sheet):
    if sheet.signed:
        a, b = sheet.totals
        p.text(MARGIN, sheet.fmt.result_line(side_numbers(sheet, "A"), side_numbers(sheet, "B"), a, b), size=13,
               bold=True, width=WIDTH)
        p.gap(2)
        p.text(MARGIN, sheet.outcome, size=10, width=WIDTH)
    else:
        p.text(MARGIN, sheet.fmt.blank_result_line(side_numbers(sheet, "A"), side_numbers(sheet, "B")), size=11,
               bold=True, width=WIDTH)
    p.gap(14)


def draw_sheet(c: canvas.Canvas, sheet):
    if sheet.games is not None:
        return draw_games_sheet(c, sheet)
    p = Page(c)
    draw_header(p, sheet)
    _deals(p, sheet)
    draw_remarks(p, sheet)
    _result(p, sheet)
    qr_size = QR_SIZE
    if p.y - max(signatures_height(sheet, qr_size) + 22, qr_size + 40) < MARGIN:
        p = next_sheet(c, sheet, p)  # the signatures and their QR code are never split
    top_of_signatures = p.y
    draw_signatures(p, sheet, qr_size)
    draw_footer(c, sheet, top_of_signatures, qr_size)


def render_sheets(sheets, *, title: str = "") -> bytes:
    register_fonts()
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4, pageCompression=1)
    c.setTitle(title or _("Протоколы"))
    set_metadata(c, subject=title or _("Протоколы"))
    drawn = False
    for sheet in sheets:
        draw_sheet(c, sheet)
        drawn = True
    if not drawn:
        p = Page(c)
        p.text(MARGIN, _("Нет протоколов для печати."), size=12)
        c.showPage()
    c.save()
    return buf.getvalue()
