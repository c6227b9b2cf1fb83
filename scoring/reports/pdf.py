"""Score sheets on A4 (reportlab canvas), blank and signed, one partie per page.

Drawn from plain ``sheets.Sheet`` data on the ground of ``pdf_page`` (fonts, the page cursor, tables whose
cells are printed whole, the QR code).
"""
from __future__ import annotations

import io

from django.conf import settings  # noqa: F401  (tests reach settings through this module)
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas

from .pdf_page import (BOLD, CLOCKWISE, FONT, GREY, MARGIN, PAGE_H, PAGE_W, WIDTH, Page, draw_qr, fit,  # noqa: F401
                       grid_height, metadata, register_fonts, set_metadata, url_lines)


# --- one sheet ---------------------------------------------------------------------

_FIXED = [24, 38, 40, None, 40, 40, 40, 40, 40, 40, 46, 46]
DEAL_WIDTHS = [w if w is not None else WIDTH - sum(x for x in _FIXED if x) for w in _FIXED]
DEAL_ALIGN = ["center", "center", "center", "left", "right", "right", "right", "right", "right", "right", "right",
              "right"]


def _pair_heading(number, name: str, prior: int) -> str:
    pair = _("№ %(n)s") % {"n": number if number is not None else "—"}
    if name:
        pair += f" «{name}»"
    return _("%(pair)s · замечаний до партии: %(k)s") % {"pair": pair, "k": prior}


def _header(p: Page, sheet, note: str | None = None):
    """The tournament, round and table, what the sheet is, the date, the venue and the rules (each printed whole),
    then the seats with the players' names."""
    where = _("Тур %(r)s · Стол %(t)s") % {"r": sheet.round, "t": sheet.table or "—"}
    right = pdfmetrics.stringWidth(where, BOLD, 14)
    top = p.y
    height = p.text(MARGIN, sheet.tournament, size=14, bold=True, width=WIDTH - right - 12, advance=False)
    p.text(PAGE_W - MARGIN, where, size=14, bold=True, align="right", advance=False)
    p.y = top - max(height, 14 * 1.35) - 2
    title = _("Протокол партии (подписан)") if sheet.signed else _("Протокол партии")
    top = p.y
    rules = p.text(PAGE_W - MARGIN, sheet.rules_text, size=8, align="right", width=190, advance=False)
    line = p.text(MARGIN, f"{title} · {sheet.date}" + (f" · {sheet.venue}" if sheet.venue else ""), size=9,
                  width=WIDTH - 200, advance=False)
    p.y = top - max(rules, line)
    p.gap(4)
    # Seats: pair A on the left, pair B on the right; clockwise order A1, B1, A2, B2.
    half = WIDTH / 2
    names = getattr(sheet, "pair_names", ("", ""))
    p.grid(
        [40, half - 40, 40, half - 40],
        [["A1", sheet.seats.get("A1", ""), "B1", sheet.seats.get("B1", "")],
         ["A2", sheet.seats.get("A2", ""), "B2", sheet.seats.get("B2", "")]],
        header=[_("Пара A"), _pair_heading(sheet.pair_a, names[0], sheet.prior_remarks[0]),
                _("Пара B"), _pair_heading(sheet.pair_b, names[1], sheet.prior_remarks[1])],
        row_h=17, size=10, align=["center", "left", "center", "left"],
    )
    p.gap(3)
    for note in sheet.corrections:  # the names above are as signed; each change since, on its own line
        p.text(MARGIN, note, size=7, width=WIDTH)
    if sheet.mismatch:
        _mismatch_warning(p)
    else:
        p.text(MARGIN, note if note is not None else _("Места по часовой стрелке: A1 → B1 → A2 → B2. Заход переходит "
                                                       "по часовой стрелке, тасует игрок слева от заходящего."), size=7,
               width=WIDTH)
    p.gap(8)


def _mismatch_warning(p: Page):
    """In place of the seats' note: the records no longer agree with the signatures (red, framed)."""
    c = p.c
    top = p.y
    c.setFillColorRGB(0.99, 0.91, 0.91)
    c.setStrokeColorRGB(0.55, 0.07, 0.07)
    c.setLineWidth(1.2)
    c.rect(MARGIN, top - 25, WIDTH, 25, stroke=1, fill=1)
    c.setFillColorRGB(0.55, 0.07, 0.07)
    p.gap(4)
    p.text(MARGIN + 4, _("ВНИМАНИЕ: записи протокола не совпадают с тем, что подписали игроки и судья."), size=8,
           bold=True, width=WIDTH - 8)
    p.text(MARGIN + 4, _("Протокол изменён в обход судейской страницы: подписи ниже не подтверждают его. "
                         "Обратитесь к главному судье."), size=7.5, width=WIDTH - 8)
    c.setFillColorRGB(0, 0, 0)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.6)
    p.y = top - 25


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


REMARK_WIDTHS = [30, 32, 120, 120, 36, 40, WIDTH - 378]


def remarks_table(sheet) -> tuple[list, list, dict]:
    """(widths, rows, options) of the table of remarks: the referee's note after the reason."""
    header = [_("Разд."), _("Место"), _("Игрок"), _("Причина"), _("№ пары"), _("Замеч. №"), _("Санкция")]
    if sheet.signed:
        rows = [[str(r.deal), r.seat, r.name, f"{r.reason}: {r.note}" if r.note else r.reason,
                 "" if r.pair is None else str(r.pair), str(r.number), r.effect] for r in sheet.remarks]
        if not rows:
            rows = [["", "", _("замечаний нет"), "", "", "", ""]]
    else:
        rows = [[""] * 7 for _ in range(BLANK_REMARK_ROWS)]
    return REMARK_WIDTHS, rows, dict(header=header, row_h=15 if sheet.signed else 19, size=8)


BLANK_REMARK_ROWS = 2


def _remarks(p: Page, sheet):
    p.text(MARGIN, _("Замечания и санкции"), size=10, bold=True)
    p.gap(5)
    widths, rows, options = remarks_table(sheet)
    p.grid(widths, rows, align=["center", "center", "left", "left", "center", "center", "left"],
           next_page=lambda page: _next_sheet(page.c, sheet, page), **options)
    p.gap(12)


def remarks_height(sheet) -> float:
    """The height ``_remarks`` takes."""
    widths, rows, options = remarks_table(sheet)
    return 10 * 1.35 + 5 + grid_height(widths, rows, **options) + 12


def _result(p: Page, sheet):
    if sheet.signed:
        a, b = sheet.totals
        p.text(MARGIN, _("Итог партии: пара A № %(a)s — %(sa)s : %(sb)s — пара B № %(b)s") % {
            "a": sheet.pair_a, "b": sheet.pair_b, "sa": a, "sb": b}, size=13, bold=True)
        p.gap(2)
        p.text(MARGIN, sheet.outcome, size=10, width=WIDTH)
    else:
        p.text(MARGIN, _("Итог партии: пара A № %(a)s  ______ : ______  пара B № %(b)s      Победитель: пара ____") % {
            "a": sheet.pair_a, "b": sheet.pair_b}, size=11, bold=True)
    p.gap(14)


def signatures_table(sheet, qr_size) -> tuple[list, list, dict]:
    """(widths, rows, options) of the signatures: how each was given on a signed sheet, the names to sign on a
    blank one."""
    width = WIDTH - qr_size - 10
    if sheet.signed:
        widths = [44, 32, width - 44 - 32 - 76 - 64 - 64, 76, 64, 64]
        rows = [[s.role, s.seat, s.name, s.signed_at, s.method, s.fingerprint[:12]] for s in sheet.signatures]
        header = [_("Роль"), _("Место"), _("Кто"), _("Когда"), _("Как"), _("Отпечаток")]
        return widths, rows or [["", "", _("подписей нет"), "", "", ""]], dict(header=header, row_h=15, size=8)
    widths = [46, width - 46 - 150, 150]
    rows = [[s, sheet.seats.get(s, ""), ""] for s in CLOCKWISE] + [[_("Судья"), "", ""]]
    return widths, rows, dict(header=[_("Место"), _("Игрок"), _("Подпись")], row_h=21, size=9)


def _signatures(p: Page, sheet, qr_size):
    p.text(MARGIN, _("Подписи"), size=10, bold=True)
    p.gap(5)
    widths, rows, options = signatures_table(sheet, qr_size)
    p.grid(widths, rows, **options)
    if sheet.signed and sheet.attested:
        p.gap(3)
        p.text(MARGIN, _("Судья заверил подписи игроков на бумажном бланке."), size=7.5, width=sum(widths))


def signatures_height(sheet, qr_size) -> float:
    """The height ``_signatures`` takes."""
    widths, rows, options = signatures_table(sheet, qr_size)
    return 10 * 1.35 + 5 + grid_height(widths, rows, **options) + (14 if sheet.signed and sheet.attested else 0)


QR_SIZE = 34 * mm


def draw_sheet(c: canvas.Canvas, sheet):
    if sheet.games is not None:
        from .pdf_games import draw_games_sheet  # noqa: PLC0415 cycle: scoring.reports.pdf_games → scoring.reports.pdf

        return draw_games_sheet(c, sheet)
    p = Page(c)
    _header(p, sheet)
    _deals(p, sheet)
    _remarks(p, sheet)
    _result(p, sheet)
    qr_size = QR_SIZE
    if p.y - max(signatures_height(sheet, qr_size) + 22, qr_size + 40) < MARGIN:
        p = _next_sheet(c, sheet, p)  # the signatures and their QR code are never split
    top_of_signatures = p.y
    _signatures(p, sheet, qr_size)
    draw_footer(c, sheet, top_of_signatures, qr_size)


def _next_sheet(c: canvas.Canvas, sheet, p: Page) -> Page:
    """End the page with «continued» and move the cursor ``p`` to the top of the next one, headed by the
    tournament, round, table and the number of the sheet's page."""
    c.setFont(FONT, 7)
    c.drawRightString(PAGE_W - MARGIN, MARGIN, _("Продолжение на следующем листе"))
    c.showPage()
    p.y = PAGE_H - MARGIN
    p.text(MARGIN, _("%(t)s · Тур %(r)s · Стол %(s)s · лист %(k)s") % {
        "t": sheet.tournament, "r": sheet.round, "s": sheet.table or "—", "k": c.getPageNumber() - p.first_page + 1},
        size=11, bold=True, width=WIDTH)
    p.gap(8)
    return p


def draw_footer(c: canvas.Canvas, sheet, top_of_signatures: float, qr_size: float):
    """The QR code right of the signatures, its captions, the fingerprint (or the note) at the foot; ends the page."""
    # QR code to the public page of the protocol, right of the signatures.
    # The captions stay inside the QR code's own column, so they never reach the signature table on its left.
    qr_y = max(top_of_signatures - qr_size - 4, MARGIN + 30)
    draw_qr(c, sheet.url, PAGE_W - MARGIN - qr_size, qr_y, qr_size)
    c.setFont(FONT, 6)
    y = qr_y - 7
    for line in url_lines(sheet.url, FONT, 6, qr_size):
        c.drawRightString(PAGE_W - MARGIN, y, line)
        y -= 6
    c.drawRightString(PAGE_W - MARGIN, y - 2, fit(_("Протокол в сети:"), FONT, 6, qr_size))
    c.drawRightString(PAGE_W - MARGIN, y - 9, fit(_("наведите камеру"), FONT, 6, qr_size))
    if sheet.signed and sheet.mismatch:
        c.setFont(BOLD, 7)
        c.setFillColorRGB(0.55, 0.07, 0.07)
        c.drawString(MARGIN, MARGIN + 8, _("Отпечаток записей сейчас (SHA-256) — не тот, что подписан:"))
        c.drawString(MARGIN, MARGIN, sheet.mismatch)
        c.setFillColorRGB(0, 0, 0)
    elif sheet.signed and sheet.fingerprint:
        c.setFont(FONT, 7)
        c.drawString(MARGIN, MARGIN + 8, _("Отпечаток протокола (SHA-256):"))
        c.drawString(MARGIN, MARGIN, sheet.fingerprint)
    elif not sheet.signed:
        c.setFont(FONT, 7)
        c.drawString(MARGIN, MARGIN, _("После партии протокол подписывают игроки и судья."))
    c.showPage()


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
