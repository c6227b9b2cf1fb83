"""The parts of a score sheet every game prints alike: the header, the remarks, the signatures and the foot.

The ground of ``pdf`` (the sport sheet, and the one that picks a sheet's
renderer) and ``pdf_games`` (Kozel, Morskoy and hand points): both draw these,
neither imports the other's private parts.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas

from .pdf_page import (BOLD, CLOCKWISE, FONT, MARGIN, PAGE_H, PAGE_W, WIDTH, Page, draw_qr, fit, grid_height,
                       url_lines)


def _pair_heading(number, name: str, prior: int) -> str:
    pair = _("№ %(n)s") % {"n": number if number is not None else "—"}
    if name:
        pair += f" «{name}»"
    return _("%(pair)s · замечаний до партии: %(k)s") % {"pair": pair, "k": prior}


def draw_header(p: Page, sheet, note: str | None = None):
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
    if getattr(sheet, "seat_numbers", None):
        _individual_seats(p, sheet)
    else:
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


def _individual_seats(p: Page, sheet):
    """An individual event's four seats: each player's number and name, partners A1 + A2 against B1 + B2."""
    half = WIDTH / 2
    numbers = sheet.seat_numbers

    def player(seat):
        number = numbers.get(seat)
        return (f"№{number} " if number is not None else "") + sheet.seats.get(seat, "")

    def heading(side, prior):
        pair = " + ".join(f"№{numbers.get(f'{side}{k}') or '—'}" for k in (1, 2))
        return _("%(pair)s · замечаний до партии: %(k)s") % {"pair": pair, "k": prior}

    p.grid(
        [62, half - 62, 62, half - 62],
        [["A1", player("A1"), "B1", player("B1")], ["A2", player("A2"), "B2", player("B2")]],
        header=[_("Сторона A"), heading("A", sheet.prior_remarks[0]), _("Сторона B"),
                heading("B", sheet.prior_remarks[1])],
        row_h=17, size=10, align=["center", "left", "center", "left"],
    )


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


REMARK_WIDTHS = [30, 32, 120, 108, 48, 40, WIDTH - 378]  # «№ игрока» of an individual event fits whole


def remarks_table(sheet) -> tuple[list, list, dict]:
    """(widths, rows, options) of the table of remarks: the referee's note after the reason."""
    header = [_("Разд."), _("Место"), _("Игрок"), _("Причина"), str(sheet.fmt.remark_number_column), _("Замеч. №"),
              _("Санкция")]
    if sheet.signed:
        rows = [[str(r.deal), r.seat, r.name, f"{r.reason}: {r.note}" if r.note else r.reason,
                 "" if r.pair is None else str(r.pair), str(r.number), r.effect] for r in sheet.remarks]
        if not rows:
            rows = [["", "", _("замечаний нет"), "", "", "", ""]]
    else:
        rows = [[""] * 7 for _ in range(BLANK_REMARK_ROWS)]
    return REMARK_WIDTHS, rows, dict(header=header, row_h=15 if sheet.signed else 19, size=8)


BLANK_REMARK_ROWS = 2


def draw_remarks(p: Page, sheet):
    p.text(MARGIN, _("Замечания и санкции"), size=10, bold=True)
    p.gap(5)
    widths, rows, options = remarks_table(sheet)
    p.grid(widths, rows, align=["center", "center", "left", "left", "center", "center", "left"],
           next_page=lambda page: next_sheet(page.c, sheet, page), **options)
    p.gap(12)


def remarks_height(sheet) -> float:
    """The height ``draw_remarks`` takes."""
    widths, rows, options = remarks_table(sheet)
    return 10 * 1.35 + 5 + grid_height(widths, rows, **options) + 12


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


def draw_signatures(p: Page, sheet, qr_size):
    p.text(MARGIN, _("Подписи"), size=10, bold=True)
    p.gap(5)
    widths, rows, options = signatures_table(sheet, qr_size)
    p.grid(widths, rows, **options)
    if sheet.signed and sheet.attested:
        p.gap(3)
        p.text(MARGIN, _("Судья заверил подписи игроков на бумажном бланке."), size=7.5, width=sum(widths))


def signatures_height(sheet, qr_size) -> float:
    """The height ``draw_signatures`` takes."""
    widths, rows, options = signatures_table(sheet, qr_size)
    return 10 * 1.35 + 5 + grid_height(widths, rows, **options) + (14 if sheet.signed and sheet.attested else 0)


QR_SIZE = 34 * mm


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


def next_sheet(c: canvas.Canvas, sheet, p: Page) -> Page:
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
