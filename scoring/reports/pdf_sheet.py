"""The score sheets' ground (``core.pdf``, platypus): the parts every game's sheet prints alike — the header, the
remarks, the signatures with the protocol's QR code, the foot — and the document that prints sheet after sheet.

A sheet starts on a new page; a sheet longer than a page goes on to the next with «Продолжение на следующем
листе» at the foot and, at the top of the next, the heading its game's sheet gives (``Sheet.continued``: the
tournament, round, table and the number of the sheet's page). The sheet's last page has its fingerprint (or the
note that the players and the referee sign it) at the foot. ``pdf`` (the sport sheet, and the one that picks a
sheet's maker) and ``pdf_games`` (Kozel, Morskoy and hand points) build on it; neither imports the other's parts.
Names and notes are printed whole (``core.pdf.fitted``: a smaller type, then more lines), never cut.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Callable

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer, Table

from core.pdf import (
    BOLD,
    FONT,
    GREY,
    MARGIN,
    PAGE_H,
    PAGE_W,
    QR,
    WIDTH,
    Document,
    Template,
    draw_at,
    fitted,
    grid,
    layout,
    paragraph,
    paragraph_lines,
    style,
    text_width,
)
from core.text import numbered

CLOCKWISE = ("A1", "B1", "A2", "B2")
QR_SIZE = 34 * mm
FOOT = 18  # pt above the bottom margin: the fingerprint's two lines, or «Продолжение на следующем листе»
CONTINUED_GAP = 8  # pt under a continued page's heading
RED = colors.Color(0.55, 0.07, 0.07)
NOTE = style(7)
SECTION = style(10, bold=True)
BLACK_LINES = {"line": 0.6, "line_color": colors.black, "shade": GREY}


def height(flowables, width: float = WIDTH) -> float:
    """The height ``flowables`` take one under another in ``width``."""
    return sum(f.wrap(width, PAGE_H)[1] for f in flowables)


def heading_line(left: str, right: str, size: float) -> Table:
    """``left`` (the tournament, printed whole: a smaller type, then more lines) and ``right`` in bold on one line,
    ``right`` against the right margin."""
    right_w = text_width(right, style(size, bold=True), pad=1)
    return layout([[fitted(left, style(size, bold=True), WIDTH - right_w - 12),
                    paragraph(right, style(size, bold=True, align="right"))]], [WIDTH - right_w, right_w])


def _pair_heading(number, name: str, prior: int, card: str | None = None) -> str:
    """«№ 3 «Name» · замечаний до партии: 1»; in the partnership game the pair's card before it instead."""
    pair = _("№ %(n)s") % {"n": number if number is not None else "—"}
    if name:
        pair += f" «{name}»"
    if card is not None:
        return _("%(pair)s · карточка до партии: %(c)s") % {"pair": pair, "c": card or "______"}
    return _("%(pair)s · замечаний до партии: %(k)s") % {"pair": pair, "k": prior}


def header(sheet, note: str | None = None) -> list:
    """The tournament, round and table, what the sheet is, the date, the venue and the rules (each printed whole),
    then the seats with the players' names."""
    where = _("Тур %(r)s · Стол %(t)s") % {"r": sheet.round, "t": sheet.table or "—"}
    title = _("Протокол партии (подписан)") if sheet.signed else _("Протокол партии")
    line = f"{title} · {sheet.date}" + (f" · {sheet.venue}" if sheet.venue else "")
    story = [heading_line(sheet.tournament, where, 14), Spacer(1, 2),
             layout([[fitted(line, style(9), WIDTH - 200), fitted(sheet.rules_text, style(8, align="right"), 190)]],
                    [WIDTH - 200, 200], commands=[("LEFTPADDING", (1, 0), (1, 0), 10)]),
             Spacer(1, 4), _individual_seats(sheet) if getattr(sheet, "seat_numbers", None) else _pair_seats(sheet),
             Spacer(1, 3)]
    for correction in sheet.corrections:  # the names above are as signed; each change since, on its own line
        story.append(fitted(correction, NOTE, WIDTH))
    if sheet.mismatch:
        story.append(_mismatch_warning())
    else:
        story.append(fitted(note if note is not None else _(
            "Места по часовой стрелке: A1 → B1 → A2 → B2. Заход переходит по часовой стрелке, тасует игрок слева от "
            "заходящего."), NOTE, WIDTH))
    return story + [Spacer(1, 8)]


def _seats_grid(rows, header_cells, first: float):
    half = WIDTH / 2
    return grid(rows, [first, half - first, first, half - first], header=header_cells, size=10, header_align="center",
                align=["center", "left", "center", "left"], min_height=17, padding=(3, 1, 3, 1), **BLACK_LINES)


def _pair_seats(sheet):
    names = getattr(sheet, "pair_names", ("", ""))
    return _seats_grid(
        [["A1", sheet.seats.get("A1", ""), "B1", sheet.seats.get("B1", "")],
         ["A2", sheet.seats.get("A2", ""), "B2", sheet.seats.get("B2", "")]],
        [_("Пара A"), _pair_heading(sheet.pair_a, names[0], sheet.prior_remarks[0], *_card(sheet, 0)),
         _("Пара B"), _pair_heading(sheet.pair_b, names[1], sheet.prior_remarks[1], *_card(sheet, 1))], 40)


def _card(sheet, k: int) -> tuple:
    cards = getattr(sheet, "prior_cards", None)
    return () if cards is None else (cards[k],)


def _individual_seats(sheet):
    """An individual event's four seats: each player's number and name, partners A1 + A2 against B1 + B2."""
    numbers = sheet.seat_numbers

    def player(seat):
        number = numbers.get(seat)
        return (f"{numbered(number)} " if number is not None else "") + sheet.seats.get(seat, "")

    def heading(side, prior):
        pair = " + ".join(numbered(numbers.get(f"{side}{k}") or "—") for k in (1, 2))
        return _("%(pair)s · замечаний до партии: %(k)s") % {"pair": pair, "k": prior}

    return _seats_grid(
        [["A1", player("A1"), "B1", player("B1")], ["A2", player("A2"), "B2", player("B2")]],
        [_("Сторона A"), heading("A", sheet.prior_remarks[0]), _("Сторона B"), heading("B", sheet.prior_remarks[1])],
        62)


def _mismatch_warning() -> Table:
    """In place of the seats' note: the records no longer agree with the signatures (red, framed)."""
    text = [fitted(_("ВНИМАНИЕ: записи протокола не совпадают с тем, что подписали игроки и судья."),
                   style(8, bold=True, color=RED), WIDTH - 8),
            fitted(_("Протокол изменён в обход судейской страницы: подписи ниже не подтверждают его. "
                     "Обратитесь к главному судье."), style(7.5, color=RED), WIDTH - 8)]
    return layout([[text]], [WIDTH], commands=[
        ("BACKGROUND", (0, 0), (-1, -1), colors.Color(0.99, 0.91, 0.91)), ("BOX", (0, 0), (-1, -1), 1.2, RED),
        ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)])


REMARK_WIDTHS = [30, 32, 120, 108, 48, 40, WIDTH - 378]  # «№ игрока» of an individual event fits whole
BLANK_REMARK_ROWS = 2


def remarks(sheet) -> list:
    """«Замечания и санкции» and their table: the referee's note after the reason; a table longer than the page
    goes on to the next under its header again."""
    header_cells = [_("Разд."), _("Место"), _("Игрок"), _("Причина"), str(sheet.fmt.remark_number_column),
                    _("Замеч. №"), _("Санкция")]
    if sheet.signed:
        rows = [[str(r.deal), r.seat, r.name, f"{r.reason}: {r.note}" if r.note else r.reason,
                 "" if r.pair is None else str(r.pair), str(r.number), r.effect] for r in sheet.remarks]
        if not rows:
            rows = [["", "", _("замечаний нет"), "", "", "", ""]]
    else:
        rows = [[""] * 7 for _row in range(BLANK_REMARK_ROWS)]
    table = grid(rows, REMARK_WIDTHS, header=header_cells, size=8, header_align="center",
                 align=["center", "center", "left", "left", "center", "center", "left"],
                 min_height=15 if sheet.signed else 19, padding=(3, 1, 3, 1), **BLACK_LINES)
    return [paragraph(_("Замечания и санкции"), SECTION), Spacer(1, 5), table, Spacer(1, 12)]


BLANK_SANCTION_ROWS = 3
SANCTION_WIDTHS = [34, 32, 130, 62, 70, WIDTH - 328]


def blank_sanctions(sheet) -> list:
    """The partnership game's blank sheet: rows for the sanctions the referee gives (the hand, the player, 40 / 80
    points or a card, a note), written by hand at the table (each pair's card before the partida is in the
    header); a signed sheet lists them in its result lines (RULES-LATIN.md §10)."""
    header_cells = [_("Разд."), _("Место"), _("Игрок"), _("Вычет"), _("Карточка"), _("Примечание")]
    rows = [[""] * 6 for _row in range(BLANK_SANCTION_ROWS)]
    table = grid(rows, SANCTION_WIDTHS, header=header_cells, size=8, header_align="center", min_height=19,
                 padding=(3, 1, 3, 1), **BLACK_LINES)
    return [paragraph(_("Санкции и карточки"), SECTION), Spacer(1, 5), table, Spacer(1, 12)]


def _signature_table(sheet, width: float):
    """How each signature was given on a signed sheet; the names to sign on a blank one."""
    if sheet.signed:
        widths = [44, 32, width - 44 - 32 - 76 - 64 - 64, 76, 64, 64]
        rows = [[s.role, s.seat, s.name, s.signed_at, s.method, s.fingerprint[:12]] for s in sheet.signatures]
        header_cells = [_("Роль"), _("Место"), _("Кто"), _("Когда"), _("Как"), _("Отпечаток")]
        rows, row_h, size = rows or [["", "", _("подписей нет"), "", "", ""]], 15, 8
    else:
        widths = [46, width - 46 - 150, 150]
        rows = [[s, sheet.seats.get(s, ""), ""] for s in CLOCKWISE] + [[_("Судья"), "", ""]]
        header_cells, row_h, size = [_("Место"), _("Игрок"), _("Подпись")], 21, 9
    return grid(rows, widths, header=header_cells, size=size, header_align="center", min_height=row_h,
                padding=(3, 1, 3, 1), **BLACK_LINES)


def url_lines(url: str, size: float, width: float) -> list[str]:
    """An address in one line, or split after the host into two, so that it is printed whole where it fits (a part
    longer than ``width`` still is broken inside, never cut)."""
    url = str(url or "")
    if text_width(url, style(size), pad=0) <= width:
        return [url]
    start = url.find("://") + 3 if "://" in url else 0
    cut = url.find("/", start)
    return [url] if cut <= 0 else [url[:cut], url[cut:]]


def signatures(sheet) -> Table:
    """«Подписи» and their table, the QR code to the protocol's public page right of them with its captions (in
    the QR code's own column, so they never reach the table); never split from one another."""
    width = WIDTH - QR_SIZE - 10
    left = [paragraph(_("Подписи"), SECTION), Spacer(1, 5), _signature_table(sheet, width)]
    if sheet.signed and sheet.attested:
        left += [Spacer(1, 3), fitted(_("Судья заверил подписи игроков на бумажном бланке."), style(7.5), width)]
    caption = style(6, leading=7, align="right")
    right = [Spacer(1, 4), QR(sheet.url, QR_SIZE), Spacer(1, 2), paragraph_lines(url_lines(sheet.url, 6, QR_SIZE), caption),
             fitted(_("Протокол в сети:"), caption, QR_SIZE), fitted(_("наведите камеру"), caption, QR_SIZE)]
    return layout([[left, right]], [width, WIDTH - width], commands=[("ALIGN", (1, 0), (1, 0), "RIGHT")])


# --- the document ----------------------------------------------------------------------------------------------

@dataclass
class Printed:
    """One sheet to print: its data, its story and the heading of its continued pages (a function of the sheet's
    page number, 2 and on)."""
    sheet: object
    story: list
    continued: Callable[[int], list]


class SheetStart(Flowable):
    """Where a sheet begins (draws nothing): its continued pages take its heading."""

    def __init__(self, printed: Printed):
        super().__init__()
        self.printed = printed

    def wrap(self, available_width, available_height):
        return 0, 0

    def draw(self):
        pass


class SheetEnd(SheetStart):
    """Where a sheet ends (draws nothing): the page's foot takes its fingerprint."""


class SheetDocument(Document):
    """Sheet after sheet, each from a new page; a sheet's pages after its first are headed by its ``continued``
    heading, every page but a sheet's last says at its foot that the sheet goes on."""

    def __init__(self, buf, title: str):
        self.printed, self.first_page, self.done = None, 1, True
        super().__init__(buf, title, templates=[
            Template("first", foot=self._foot_text, foot_height=FOOT),
            Template("continued", head=self._heading, head_height=self._heading_height, foot=self._foot_text,
                     foot_height=FOOT)])

    def _continued(self, page: int) -> list:
        return self.printed.continued(page - self.first_page + 1) + [Spacer(1, CONTINUED_GAP)]

    def handle_pageBegin(self):
        # a sheet that goes on: its heading on the new page (the page's number is this one's + 1)
        going_on = self.printed is not None and not self.done
        self.pageTemplate = self.pageTemplates[1 if going_on else 0]
        super().handle_pageBegin()

    def _heading_height(self, doc) -> float:
        return height(self._continued(self.page + 1)) if self.printed is not None else 0

    def _heading(self, canvas, doc):
        draw_at(canvas, self._continued(self.page), MARGIN, PAGE_H - MARGIN, WIDTH)

    def afterFlowable(self, flowable):
        if isinstance(flowable, SheetEnd):
            self.done = True
        elif isinstance(flowable, SheetStart):
            self.printed, self.first_page, self.done = flowable.printed, self.page, False

    def _foot_text(self, canvas, doc):
        """«Продолжение на следующем листе», or on a sheet's last page its fingerprint (or the note)."""
        if self.printed is None:
            return
        sheet = self.printed.sheet
        if not self.done:
            canvas.setFont(FONT, 7)
            canvas.drawRightString(PAGE_W - MARGIN, MARGIN, _("Продолжение на следующем листе"))
        elif sheet.signed and sheet.mismatch:
            canvas.setFont(BOLD, 7)
            canvas.setFillColor(RED)
            canvas.drawString(MARGIN, MARGIN + 8, _("Отпечаток записей сейчас (SHA-256) — не тот, что подписан:"))
            canvas.drawString(MARGIN, MARGIN, sheet.mismatch)
            canvas.setFillColor(colors.black)
        elif sheet.signed and sheet.fingerprint:
            canvas.setFont(FONT, 7)
            canvas.drawString(MARGIN, MARGIN + 8, _("Отпечаток протокола (SHA-256):"))
            canvas.drawString(MARGIN, MARGIN, sheet.fingerprint)
        elif not sheet.signed:
            canvas.setFont(FONT, 7)
            canvas.drawString(MARGIN, MARGIN, _("После партии протокол подписывают игроки и судья."))


FRAME_H = PAGE_H - 2 * MARGIN - FOOT  # the first page's room for a sheet


def render(printed: list[Printed], title: str, *, empty: str) -> bytes:
    """The PDF of the sheets ``printed``, each from a new page (``empty``: the one line of a file without any)."""
    story = []
    for k, one in enumerate(printed):
        story += ([PageBreak()] if k else []) + [SheetStart(one), *one.story, SheetEnd(one)]
    buf = io.BytesIO()
    SheetDocument(buf, title).build(story or [paragraph(empty, style(12))])
    return buf.getvalue()
