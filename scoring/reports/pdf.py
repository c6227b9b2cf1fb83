"""Score sheets on A4 (reportlab canvas), blank and signed, one partie per page.

Drawn from plain ``sheets.Sheet`` data. Fonts: DejaVu Sans (settings.PDF_FONT,
settings.PDF_FONT_BOLD), embedded, so that Russian names print.
"""
from __future__ import annotations

import io
from itertools import groupby

from django.conf import settings
from django.utils.translation import gettext as _
from reportlab.graphics.barcode.qrencoder import QRCode, QRErrorCorrectLevel
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
PAGE_W, PAGE_H = A4
MARGIN = 12 * mm
WIDTH = PAGE_W - 2 * MARGIN
GREY = (0.92, 0.94, 0.96)
CLOCKWISE = ("A1", "B1", "A2", "B2")


def register_fonts():
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(settings.PDF_FONT)))
        pdfmetrics.registerFont(TTFont(BOLD, str(settings.PDF_FONT_BOLD)))
        pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)


def url_lines(url: str, font: str, size: float, width: float) -> list[str]:
    """An address in one line, or split after the host into two, so that it is printed whole where it fits."""
    url = str(url or "")
    if pdfmetrics.stringWidth(url, font, size) <= width:
        return [url]
    start = url.find("://") + 3 if "://" in url else 0
    cut = url.find("/", start)
    if cut <= 0:
        return [fit(url, font, size, width)]
    return [fit(url[:cut], font, size, width), fit(url[cut:], font, size, width)]


def fit(text: str, font: str, size: float, width: float) -> str:
    """The text cut with an ellipsis so that it fits ``width``."""
    text = str(text or "")
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


class Page:
    """A cursor going down an A4 page."""

    def __init__(self, c: canvas.Canvas):
        self.c = c
        self.y = PAGE_H - MARGIN

    def text(self, x, text, size=9, bold=False, width=None, align="left", advance=True):
        """Text whose top is at the cursor; the cursor moves below it unless ``advance`` is false."""
        font = BOLD if bold else FONT
        if width is not None:
            text = fit(text, font, size, width)
        self.c.setFont(font, size)
        y = self.y - size
        if advance:
            self.y -= size * 1.35
        if align == "right":
            self.c.drawRightString(x, y, text)
        elif align == "center":
            self.c.drawCentredString(x, y, text)
        else:
            self.c.drawString(x, y, text)

    def grid(self, widths, rows, *, row_h=16, header=None, size=8.5, align=None, shade_header=True):
        """Draw a table at the cursor; ``rows`` are lists of cell texts. Moves the cursor below it."""
        c = self.c
        x0 = MARGIN
        lines = ([header] if header else []) + list(rows)
        top = self.y
        height = row_h * len(lines)
        if header and shade_header:
            c.setFillColorRGB(*GREY)
            c.rect(x0, top - row_h, sum(widths), row_h, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        c.setLineWidth(0.6)
        c.rect(x0, top - height, sum(widths), height)
        for i in range(1, len(lines)):
            c.line(x0, top - i * row_h, x0 + sum(widths), top - i * row_h)
        x = x0
        for w in widths[:-1]:
            x += w
            c.line(x, top, x, top - height)
        for i, line in enumerate(lines):
            base = top - (i + 1) * row_h + (row_h - size) / 2 + 1.5
            x = x0
            is_header = header is not None and i == 0
            font = BOLD if is_header else FONT
            cell_size = size - 0.5 if is_header else size
            c.setFont(font, cell_size)
            for j, (w, cell) in enumerate(zip(widths, line)):
                how = "center" if is_header else (align[j] if align else "left")
                txt = fit(cell, font, cell_size, w - 4)
                if how == "center":
                    c.drawCentredString(x + w / 2, base, txt)
                elif how == "right":
                    c.drawRightString(x + w - 3, base, txt)
                else:
                    c.drawString(x + 3, base, txt)
                x += w
        self.y = top - height

    def gap(self, h):
        self.y -= h


QR_MASK = 2  # any of the 8 mask patterns is valid; a fixed one saves trying all eight on every page


def qr_modules(text: str) -> list[list[bool]]:
    """The dark modules of a QR code (error correction M) for ``text``."""
    qr = QRCode(None, QRErrorCorrectLevel.M)
    qr.addData(text)
    qr.version = qr.calculate_version()
    qr.makeImpl(False, QR_MASK)
    return qr.modules


def draw_qr(c: canvas.Canvas, text: str, x: float, y: float, size: float, border: int = 2):
    """A QR code of ``text`` as one filled path, lower-left corner at (x, y)."""
    modules = qr_modules(text)
    count = len(modules)
    box = size / (count + 2 * border)
    path = c.beginPath()
    for r, row in enumerate(modules):
        col = 0
        for dark, run in groupby(row):
            n = len(list(run))
            if dark:
                path.rect(x + (col + border) * box, y + size - (r + border + 1) * box, n * box, box)
            col += n
    c.setFillColorRGB(0, 0, 0)
    c.drawPath(path, stroke=0, fill=1)


# --- one sheet ---------------------------------------------------------------------

_FIXED = [24, 38, 40, None, 40, 40, 40, 40, 40, 40, 46, 46]
DEAL_WIDTHS = [w if w is not None else WIDTH - sum(x for x in _FIXED if x) for w in _FIXED]
DEAL_ALIGN = ["center", "center", "center", "left", "right", "right", "right", "right", "right", "right", "right",
              "right"]


def _header(p: Page, sheet, note: str | None = None):
    p.text(MARGIN, sheet.tournament, size=14, bold=True, width=WIDTH - 170, advance=False)
    p.text(PAGE_W - MARGIN, _("Тур %(r)s · Стол %(t)s") % {"r": sheet.round, "t": sheet.table or "—"}, size=14,
           bold=True, align="right")
    p.gap(2)
    title = _("Протокол партии (подписан)") if sheet.signed else _("Протокол партии")
    p.text(PAGE_W - MARGIN, sheet.rules_text, size=8, align="right", width=200, advance=False)
    p.text(MARGIN, f"{title} · {sheet.date}" + (f" · {sheet.venue}" if sheet.venue else ""), size=9, width=WIDTH - 210)
    p.gap(4)
    # Seats: pair A on the left, pair B on the right; clockwise order A1, B1, A2, B2.
    half = WIDTH / 2
    p.grid(
        [50, half - 50, 50, half - 50],
        [["A1", sheet.seats.get("A1", ""), "B1", sheet.seats.get("B1", "")],
         ["A2", sheet.seats.get("A2", ""), "B2", sheet.seats.get("B2", "")]],
        header=[_("Пара A"), _("№ %(n)s · замечаний до партии: %(k)s") % {"n": sheet.pair_a, "k": sheet.prior_remarks[0]},
                _("Пара B"), _("№ %(n)s · замечаний до партии: %(k)s") % {"n": sheet.pair_b, "k": sheet.prior_remarks[1]}],
        row_h=17, size=10, align=["center", "left", "center", "left"],
    )
    p.gap(3)
    for note in sheet.corrections:  # the names above are as signed; each change since, on its own line
        p.text(MARGIN, note, size=7, width=WIDTH)
    if sheet.mismatch:
        _mismatch_warning(p)
    else:
        p.text(MARGIN, note if note is not None else _("Места по часовой стрелке: A1 → B1 → A2 → B2. Заход переходит "
                                                       "по часовой стрелке, тасует игрок слева от заходящего."), size=7)
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
    room = p.y - MARGIN - 360  # keep space for remarks, result, signatures and the QR code
    row_h = max(11, min(24 if not sheet.signed else 17, room / (len(rows) + 1)))
    p.grid(DEAL_WIDTHS, rows, header=header, row_h=row_h, size=8.5 if row_h >= 14 else 7, align=DEAL_ALIGN)
    p.gap(3)
    if sheet.signed:
        p.text(MARGIN, _("Остаток в руках — очки по регламенту; * — раздача изменена санкцией (см. замечания)."), size=7)
    else:
        p.text(MARGIN, _("Итог: «Д A1» — домино (кто вышел), «Р» — рыба, «ЛП B2» — ложный пас (кто). "
                         "Последние строки — для дополнительных раздач при равном счёте."), size=7)
    p.gap(10)


REMARK_WIDTHS = [30, 32, 92, 78, 40, 47, WIDTH - 319]


def _remarks(p: Page, sheet):
    p.text(MARGIN, _("Замечания и санкции"), size=10, bold=True)
    p.gap(5)
    widths = REMARK_WIDTHS
    header = [_("Разд."), _("Место"), _("Игрок"), _("Причина"), _("№ пары"), _("Замеч. №"), _("Санкция")]
    if sheet.signed:
        rows = [[str(r.deal), r.seat, r.name, r.reason, "" if r.pair is None else str(r.pair), str(r.number), r.effect]
                for r in sheet.remarks]
        if not rows:
            rows = [["", "", _("замечаний нет"), "", "", "", ""]]
    else:
        rows = [[""] * 7 for _ in range(4)]
    p.grid(widths, rows, header=header, row_h=15 if sheet.signed else 19, size=8,
           align=["center", "center", "left", "left", "center", "center", "left"])
    p.gap(12)


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


def _signatures(p: Page, sheet, qr_size):
    p.text(MARGIN, _("Подписи"), size=10, bold=True)
    p.gap(5)
    width = WIDTH - qr_size - 10
    if sheet.signed:
        widths = [58, 34, width - 58 - 34 - 92 - 84, 92, 84]
        rows = [[s.role, s.seat, s.name, s.signed_at, s.fingerprint[:12]] for s in sheet.signatures]
        p.grid(widths, rows or [["", "", _("подписей нет"), "", ""]],
               header=[_("Роль"), _("Место"), _("Кто"), _("Когда"), _("Отпечаток")], row_h=15, size=8)
        if sheet.attested:
            p.gap(3)
            p.text(MARGIN, _("Судья заверил подписи игроков на бумажном бланке."), size=7.5, width=width)
    else:
        widths = [46, width - 46 - 150, 150]
        rows = [[s, sheet.seats.get(s, ""), ""] for s in CLOCKWISE] + [[_("Судья"), "", ""]]
        p.grid(widths, rows, header=[_("Место"), _("Игрок"), _("Подпись")], row_h=24, size=9)


QR_SIZE = 34 * mm


def draw_sheet(c: canvas.Canvas, sheet):
    if sheet.games is not None:
        from .pdf_games import draw_games_sheet

        return draw_games_sheet(c, sheet)
    p = Page(c)
    _header(p, sheet)
    _deals(p, sheet)
    _remarks(p, sheet)
    _result(p, sheet)
    qr_size = QR_SIZE
    top_of_signatures = p.y
    _signatures(p, sheet, qr_size)
    draw_footer(c, sheet, top_of_signatures, qr_size)


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
    c.setAuthor(_("Спортивное домино"))
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
