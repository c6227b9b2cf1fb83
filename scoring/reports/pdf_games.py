"""The score sheet of a Kozel, Morskoy or hand-points partie on A4 (blank and signed).

Same header, remarks, signatures and QR code as the sport sheet (``pdf``); the
deal part is ``game_sheets.GamesSheet``: the deals game by game with a heading
band («Игра 1») and a summary band under each game (totals, goat, rating), or
the hand-points deals with their notes. A normal partie fits one page (the rows
shrink down to a readable minimum); a longer one continues on further pages,
each starting with the tournament, round and table and the column headings
again, and the remarks, the result and the signatures are never split from the
signatures' QR code. Names and notes are drawn as plain strings (no markup),
each printed whole (``pdf_text.whole``): a cell steps its font down, then wraps
between words (a word longer than its cell is broken there: it is a sheet, not
a page that can scroll) and its row grows.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.pdfbase.pdfmetrics import stringWidth

from .pdf_page import BOLD, FONT, GREY, MARGIN, PAGE_W, WIDTH, Page
from .pdf_sheet import (QR_SIZE, draw_footer, draw_header, draw_remarks, draw_signatures, remarks_height,
                        signatures_height)
from .pdf_text import whole, wrap
from .sheets import side_numbers

SIZE = 8            # pt, cell text
MIN_ROW = 12.5      # pt, the lowest row before the sheet continues on another page
MAX_ROW = 16        # pt, signed sheet
BLANK_ROW = 19      # pt, blank sheet: room to write by hand
BLANK_MIN_ROW = 14  # pt (5 mm), the lowest row of a blank sheet
PAD = 3.5           # pt, above and below the text of a row
CONTINUED = 36      # pt, the heading of a continuation page
BAND_SHADE = (0.86, 0.9, 0.95)


# --- columns --------------------------------------------------------------------------------

def kozel_columns(cols) -> list[tuple[str, float, str]]:
    """(heading, width, alignment); the result column takes what is left."""
    spec = [("№", 22, "center"), (_("Заход"), 40, "center"), (_("Итог"), 0, "left")]
    spec += [(seat, HAND_W, "right") for seat in HAND_SEATS]  # what each hand counts: the players check it
    spec += [(_("Очки A"), 34, "right"), (_("Очки B"), 34, "right")]
    if cols.remembered:
        spec += [(_("Запомн. A"), 38, "right"), (_("Запомн. B"), 38, "right")]
    if cols.eggs:
        spec += [(_("Яйца"), 30, "right")]
    spec += [(_("Сумма A"), 38, "right"), (_("Сумма B"), 38, "right")]
    return _fill(spec)


HAND_SEATS = ("A1", "A2", "B1", "B2")
HAND_W = 27  # pt: a hand's count, or two lines for a count with its tiles


def points_columns() -> list[tuple[str, float, str]]:
    return _fill([("№", 22, "center"), (_("Очки A"), 50, "right"), (_("Очки B"), 50, "right"),
                  (_("Примечание"), 0, "left"), (_("Сумма A"), 52, "right"), (_("Сумма B"), 52, "right")])


def _fill(spec):
    rest = WIDTH - sum(w for _h, w, _a in spec)
    return [(h, w or rest, a) for h, w, a in spec]


def _num(value, *, zero: bool = True) -> str:
    if value is None or (value == 0 and not zero):
        return ""
    return str(value)


def kozel_cells(row, cols) -> list[str]:
    if row.n == 0:  # an empty row of a blank sheet
        return [""] * len(kozel_columns(cols))
    result = row.result + (f" · {row.marks}" if row.marks else "")
    cells = [str(row.n), row.lead, result] + [row.hands.get(seat, "") for seat in HAND_SEATS]
    cells += [_num(row.points_a), _num(row.points_b)]
    if cols.remembered:
        cells += [_num(row.remembered_a, zero=False), _num(row.remembered_b, zero=False)]
    if cols.eggs:
        cells += [_num(row.eggs, zero=False)]
    return cells + [_num(row.running_a), _num(row.running_b)]


def points_cells(row, blank: bool) -> list[str]:
    if blank:
        return [str(row.n), "", "", "", "", ""]
    return [str(row.n), _num(row.points_a) + ("*" if row.sanctioned_a else ""),
            _num(row.points_b) + ("*" if row.sanctioned_b else ""), row.note, _num(row.running_a),
            _num(row.running_b)]


# --- drawing --------------------------------------------------------------------------------

def heading_lines(columns) -> list:
    return [whole(h, BOLD, SIZE - 0.5, w - 4, min_size=6) for (h, w, _a) in columns]


def heading_height(columns) -> float:
    return max(len(x) * s * 1.2 for s, x in heading_lines(columns)) + 2 * PAD


class Table:
    """Rows drawn down the page; a row that does not fit starts a new page with the headings again."""

    def __init__(self, c, p: Page, sheet, columns, *, row_h: float):
        self.c, self.p, self.sheet = c, p, sheet
        self.columns, self.row_h = columns, row_h
        self.widths = [w for _h, w, _a in columns]
        self.pages = 1

    def _room(self, h: float) -> bool:
        return self.p.y - h >= MARGIN + 12

    def new_page(self, *, headings: bool = True):
        c = self.c
        c.setFont(FONT, 7)
        c.drawRightString(PAGE_W - MARGIN, MARGIN, _("Продолжение на следующем листе"))
        c.showPage()
        self.pages += 1
        first = self.p.first_page
        self.p = Page(c)
        self.p.first_page = first
        continued_heading(self.p, self.sheet, self.pages)
        if headings:
            self.heading()

    def heading(self):
        lines = heading_lines(self.columns)
        self._cells(lines, heading_height(self.columns), bold=True, shade=GREY, aligns=["center"] * len(lines))

    def row(self, cells: list[str], *, bold: bool = False):
        """One row; every cell printed whole (its font steps down, then it wraps and the row grows)."""
        font = BOLD if bold else FONT
        lines = [whole(text, font, SIZE, w - 5, min_size=6.5) for text, (_h, w, _a) in zip(cells, self.columns)]
        tallest = max(len(x) for _s, x in lines)
        natural = max(len(x) * s * 1.2 for s, x in lines) + (2 * PAD if tallest > 1 else 3)
        height = max(self.row_h, natural)
        if not self._room(height):
            self.new_page()
        self._cells(lines, height, bold=bold, aligns=[a for _h, _w, a in self.columns])

    def band(self, text: str, *, shade=None, bold: bool = True, size: float = SIZE + 0.5):
        lines = wrap(text, BOLD if bold else FONT, size, WIDTH - 8)
        height = max(self.row_h, len(lines) * size * 1.2 + 2 * PAD)
        if not self._room(height + (self.row_h if shade else 0)):  # a game's heading keeps its first row
            self.new_page()
        c, top = self.c, self.p.y
        if shade:
            c.setFillColorRGB(*shade)
            c.rect(MARGIN, top - height, WIDTH, height, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        c.setLineWidth(0.6)
        c.rect(MARGIN, top - height, WIDTH, height)
        c.setFont(BOLD if bold else FONT, size)
        y = top - PAD - size + 1
        for line in lines:
            c.drawString(MARGIN + 4, y, line)
            y -= size * 1.2
        self.p.y = top - height

    def _cells(self, lines, height, *, bold=False, shade=None, aligns):
        c, top = self.c, self.p.y
        if shade:
            c.setFillColorRGB(*shade)
            c.rect(MARGIN, top - height, WIDTH, height, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        c.setLineWidth(0.6)
        c.rect(MARGIN, top - height, WIDTH, height)
        x = MARGIN
        for w in self.widths[:-1]:
            x += w
            c.line(x, top, x, top - height)
        c.setFont(BOLD if bold else FONT, SIZE)
        x = MARGIN
        for (size, cell), w, how in zip(lines, self.widths, aligns):
            c.setFont(BOLD if bold else FONT, size)
            leading = size * 1.2
            block = len(cell) * leading
            y = top - (height - block) / 2 - size + 1
            for line in cell:
                if how == "center":
                    c.drawCentredString(x + w / 2, y, line)
                elif how == "right":
                    c.drawRightString(x + w - 3, y, line)
                else:
                    c.drawString(x + 3, y, line)
                y -= leading
            x += w
        self.p.y = top - height


def continued_heading(p: Page, sheet, page_number: int):
    where = _("Тур %(r)s · Стол %(t)s · лист %(k)s") % {"r": sheet.round, "t": sheet.table or "—", "k": page_number}
    top = p.y
    height = p.text(MARGIN, sheet.tournament, size=11, bold=True, width=WIDTH - stringWidth(where, BOLD, 11) - 12,
                    advance=False)
    p.text(PAGE_W - MARGIN, where, size=11, bold=True, align="right", advance=False)
    p.y = top - max(height, 11 * 1.35)
    p.text(MARGIN, sheet.fmt.continued_line(side_numbers(sheet, "A"), side_numbers(sheet, "B")), size=8,
           width=WIDTH)
    p.gap(8)


def _legend(sheet) -> str:
    """What the columns of this sheet mean: only the columns it has."""
    g = sheet.games
    if g.kind == "hand":
        if g.blank:
            return _("Очки каждой пары за раздачу вписывает судья; сумма — счёт после раздачи.")
        return _("Очки — записанные судьёй за раздачу; * — очки изменены санкцией (см. замечания).")
    cols = g.columns
    parts = []
    if g.blank:
        parts += [_("Заход: кто начал и каким камнем."),
                  _("Итог: «Выход A1 2-4» — кто вышел и его последний камень, «Рыба, рыбак B2», «Ложный пас A2».")]
    parts.append(_("A1, A2, B1, B2 — очки, оставшиеся в руках у игрока."))
    if cols.remembered:
        parts.append(_("Очки — записанные в раздаче (с запомненными, пришедшими при открытии); запомн. — очки "
                       "ниже порога, ещё не записанные."))
    else:
        parts.append(_("Очки — записанные в раздаче."))
    if cols.eggs:
        parts.append(_("Яйца — очки рыбы поровну, ждущие следующей раздачи."))
    parts.append(_("Сумма — счёт игры."))
    if not g.blank:
        parts.append(_("* — в раздаче санкция (см. замечания)."))
    elif g.next_lead != "rotate":
        parts.append(_("Первую раздачу каждой игры начинает тот, у кого дубль 1-1, — с этого дубля."))
    return " ".join(parts)


def _seat_note(sheet) -> str:
    if sheet.games.kind == "hand":
        return _("Места по часовой стрелке: A1 → B1 → A2 → B2. Очки партнёров складываются в очки пары.")
    return _("Места по часовой стрелке: A1 → B1 → A2 → B2. Партнёры сидят друг напротив друга.")


def _table_rows(sheet) -> list[tuple]:
    """("band", text, shade) and ("row", cells) in the order drawn."""
    g = sheet.games
    if g.kind == "hand":
        return [("row", points_cells(r, g.blank)) for r in g.rows]
    out = []
    for game in g.games:
        out.append(("band", game.title, BAND_SHADE))
        if not game.rows and not g.blank:
            out.append(("band", game.summary, None))
            continue
        out += [("row", kozel_cells(r, g.columns)) for r in game.rows]
        out.append(("band", game.summary if not g.blank else _blank_summary(sheet, game.n, g.columns), None))
    return out


def _blank_summary(sheet, n: int, cols) -> str:
    text = sheet.fmt.blank_game_line(n)
    if cols.rating:
        text += " · " + _("рейтинг: A ______, B ______")
    return text


def _result_lines(sheet) -> list[tuple[str, float, bool]]:
    """(text, size, bold) lines under the deals."""
    g = sheet.games
    a, b = side_numbers(sheet, "A"), side_numbers(sheet, "B")  # an individual event's side: «3 + 7»
    if g.blank:
        if g.kind == "hand":
            return [(sheet.fmt.blank_result_line(a, b), 11, True)]
        lines = [(sheet.fmt.blank_goats_line(a, b), 11, True)]
        if g.columns.rating:
            lines.append((sheet.fmt.rating_line("______", "______"), 10, False))
        return lines
    if g.kind == "hand":
        ta, tb = sheet.totals
        return [(sheet.fmt.result_line(a, b, ta, tb), 13, True), (sheet.outcome, 10, False)]
    goats = g.goats
    lines = [(sheet.fmt.goats_result_line(a, b, goats["A"], goats["B"]), 13, True), (sheet.outcome, 10, False)]
    return lines + [(line, 9, False) for line in g.lines[1:]]


def _wrapped(lines):
    out = []
    for text, size, bold in lines:
        for piece in wrap(text, BOLD if bold else FONT, size, WIDTH):
            out.append((piece, size, bold))
    return out


def _bottom_height(sheet, result_lines) -> float:
    """The height of what follows the deals: remarks, the result, the signatures and the QR code."""
    result = sum(size * 1.35 for _t, size, _b in result_lines) + 2 + 14
    return remarks_height(sheet) + result + max(signatures_height(sheet, QR_SIZE) + 22, QR_SIZE + 40)


def draw_games_sheet(c, sheet):
    g = sheet.games
    p = Page(c)
    draw_header(p, sheet, note=_seat_note(sheet))
    if g.kind == "hand":
        columns = points_columns()
    else:
        columns = kozel_columns(g.columns)
    rows = _table_rows(sheet)
    results = _wrapped(_result_lines(sheet))
    legend = wrap(_legend(sheet), FONT, 7, WIDTH)
    bottom = _bottom_height(sheet, results)
    # One page when the rows fit at a readable height; otherwise the smallest height and more pages.
    # A band (a game's heading or summary) is as tall as a row, and never lower than its text.
    bands, band_h = sum(1 for kind, *_rest in rows if kind == "band"), (SIZE + 0.5) * 1.2 + 2 * PAD
    room = p.y - MARGIN - bottom - len(legend) * 7 * 1.35 - 13 - 1 - heading_height(columns)
    row_h = (room - bands * band_h) / max(1, len(rows) - bands)
    if row_h > band_h:
        row_h = room / max(1, len(rows))
    tallest = BLANK_ROW if g.blank else MAX_ROW
    row_h = max(BLANK_MIN_ROW if g.blank else MIN_ROW, min(tallest, row_h))
    table = Table(c, p, sheet, columns, row_h=row_h)
    table.heading()
    for kind, *rest in rows:
        if kind == "band":
            table.band(rest[0], shade=rest[1], bold=rest[1] is not None or not g.blank)
        else:
            table.row(rest[0])
    p = table.p
    p.gap(3)
    for line in legend:
        p.text(MARGIN, line, size=7)
    p.gap(10)
    if p.y - bottom < MARGIN:
        table.new_page(headings=False)
        p = table.p
    draw_remarks(p, sheet)
    for text, size, bold in results:
        p.text(MARGIN, text, size=size, bold=bold)
    p.gap(14)
    top_of_signatures = p.y
    draw_signatures(p, sheet, QR_SIZE)
    draw_footer(c, sheet, top_of_signatures, QR_SIZE)

