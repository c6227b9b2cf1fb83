"""Score sheets on A4 (``core.pdf``, platypus), blank and signed, one partie a sheet, each from a new page.

Made from plain ``sheets.Sheet`` data on the ground of ``pdf_sheet`` (the header, remarks, signatures with the QR
code and foot every game's sheet shares, and the document of sheets); a sheet of games (Kozel, Morskoy, hand
points) is made by ``pdf_games``.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.platypus import Spacer

from core.pdf import WIDTH, fitted, grid, style

from .pdf_games import games_sheet
from .pdf_sheet import BLACK_LINES, FRAME_H, Printed, header, height, remarks, render, signatures
from .sheets import side_numbers

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


def _legend(sheet) -> list:
    if sheet.signed:
        text = _("Остаток в руках — очки по регламенту; * — раздача изменена санкцией (см. замечания).")
    else:
        text = _("Итог: «Д A1» — домино (кто вышел), «Р» — рыба, «ЛП B2» — ложный пас (кто). "
                 "Последние строки — для дополнительных раздач при равном счёте.")
    return [Spacer(1, 3), fitted(text, style(7), WIDTH), Spacer(1, 10)]


def _deals(sheet, row_h: float):
    header_cells = [_("№"), _("Заход"), _("Тасует"), _("Итог"), "A1", "A2", "B1", "B2", _("Очки A"), _("Очки B"),
                    _("Сумма A"), _("Сумма B")]
    return grid(_deal_rows(sheet), DEAL_WIDTHS, header=header_cells, size=8.5 if row_h >= 14 else 7,
                header_align="center", align=DEAL_ALIGN, min_height=row_h, padding=(3, 1, 3, 1), **BLACK_LINES)


def _result(sheet) -> list:
    if sheet.signed:
        a, b = sheet.totals
        return [fitted(sheet.fmt.result_line(side_numbers(sheet, "A"), side_numbers(sheet, "B"), a, b),
                       style(13, bold=True), WIDTH), Spacer(1, 2), fitted(sheet.outcome, style(10), WIDTH),
                Spacer(1, 14)]
    return [fitted(sheet.fmt.blank_result_line(side_numbers(sheet, "A"), side_numbers(sheet, "B")),
                   style(11, bold=True), WIDTH), Spacer(1, 14)]


def _continued(sheet):
    def heading(page: int) -> list:
        return [fitted(_("%(t)s · Тур %(r)s · Стол %(s)s · лист %(k)s") % {
            "t": sheet.tournament, "r": sheet.round, "s": sheet.table or "—", "k": page}, style(11, bold=True), WIDTH)]
    return heading


def sport_sheet(sheet) -> Printed:
    """The sport sheet: the deals' rows as tall as the page lets them (room to write by hand on a blank one) with
    the remarks, the result and the signatures under them."""
    top, legend, after = header(sheet), _legend(sheet), remarks(sheet) + _result(sheet)
    sign = signatures(sheet)
    # keep space for the legend, remarks, result, signatures and the QR code (names and notes make them taller)
    room = FRAME_H - height(top) - max(360, height(legend + after + [sign]))
    row_h = max(11, min(24 if not sheet.signed else 17, room / (len(sheet.deals) + 1)))
    return Printed(sheet, top + [_deals(sheet, row_h)] + legend + after + [sign], _continued(sheet))


def sheet_of(sheet) -> Printed:
    return games_sheet(sheet) if sheet.games is not None else sport_sheet(sheet)


def render_sheets(sheets, *, title: str = "") -> bytes:
    return render([sheet_of(s) for s in sheets], title or _("Протоколы"), empty=_("Нет протоколов для печати."))
