"""The score sheet of a Kozel, Morskoy or hand-points partie on A4 (blank and signed, ``core.pdf``, platypus).

Same header, remarks, signatures and QR code as the sport sheet (``pdf_sheet``); the
deal part is ``game_sheets.GamesSheet``: the deals game by game with a heading
band («Игра 1») and a summary band under each game (totals, goat, rating), or
the hand-points deals with their notes. A normal partie fits one page (the rows
shrink down to a readable minimum); a longer one continues on further pages,
each starting with the tournament, round and table and the column headings
again, and the remarks, the result and the signatures are never split from the
signatures' QR code. Names and notes are printed whole (``core.pdf.fitted``): a
cell steps its font down, then wraps between words (a word longer than its cell
is broken there: it is a sheet, not a page that can scroll) and its row grows.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.platypus import KeepTogether, Spacer

from core.pdf import BOLD, FONT, WIDTH, fitted, grid, style, whole, wrap

from .pdf_sheet import (
    BLACK_LINES,
    FRAME_H,
    Printed,
    blank_sanctions,
    header,
    heading_line,
    height,
    remarks,
    signatures,
)
from .sheets import side_numbers

SIZE = 8            # pt, cell text
MIN_ROW = 12.5      # pt, the lowest row before the sheet continues on another page
MAX_ROW = 16        # pt, signed sheet
BLANK_ROW = 19      # pt, blank sheet: room to write by hand
BLANK_MIN_ROW = 14  # pt (5 mm), the lowest row of a blank sheet
PAD = 3.5           # pt, above and below the text of a several-line row or band
BAND_SHADE = colors.Color(0.86, 0.9, 0.95)


# --- columns --------------------------------------------------------------------------------

def kozel_columns(cols) -> list[tuple[str, float, str]]:
    """(heading, width, alignment); the result column takes what is left."""
    spec = [(_("№"), 22, "center"), (_("Заход"), 40, "center"), (_("Итог"), 0, "left")]
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
    return _fill([(_("№"), 22, "center"), (_("Очки A"), 50, "right"), (_("Очки B"), 50, "right"),
                  (_("Примечание"), 0, "left"), (_("Сумма A"), 52, "right"), (_("Сумма B"), 52, "right")])


def latin_columns() -> list[tuple[str, float, str]]:
    """The partnership game's hands: who led, how it ended, the hands that count, pasos redondos, the points."""
    spec = [(_("№"), 22, "center"), (_("Начинал"), 40, "center"), (_("Итог"), 0, "left")]
    spec += [(seat, HAND_W + 6, "right") for seat in HAND_SEATS]
    spec += [(_("Пасы A / B"), 38, "center"), (_("Очки A"), 34, "right"), (_("Очки B"), 34, "right"),
             (_("Сумма A"), 38, "right"), (_("Сумма B"), 38, "right")]
    return _fill(spec)


def latin_cells(row, blank: bool) -> list[str]:
    if blank or row.lead == "":
        return [str(row.n)] + [""] * (len(latin_columns()) - 1)
    return [str(row.n), row.lead, row.ended] + [row.hands.get(seat, "") for seat in HAND_SEATS] + [
        row.pasos, _num(row.points_a), _num(row.points_b), _num(row.running_a), _num(row.running_b)]


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


# --- the table ----------------------------------------------------------------------------------------------

def heading_cells(columns) -> list:
    return [fitted(h, style(SIZE - 0.5, bold=True, align="center"), w - 5, min_size=6) for (h, w, _a) in columns]


def heading_height(columns) -> float:
    return max(c.wrap(w - 5, 1000)[1] for c, (_h, w, _a) in zip(heading_cells(columns), columns)) + 2 * PAD


def continued_heading(sheet, page_number: int) -> list:
    """The heading of a sheet's page after its first: the tournament, round, table and page; the sides."""
    where = _("Тур %(r)s · Стол %(t)s · лист %(k)s") % {"r": sheet.round, "t": sheet.table or "—", "k": page_number}
    return [heading_line(sheet.tournament, where, 11),
            fitted(sheet.fmt.continued_line(side_numbers(sheet, "A"), side_numbers(sheet, "B")), style(8), WIDTH)]


def _legend(sheet) -> str:
    """What the columns of this sheet mean: only the columns it has."""
    g = sheet.games
    if g.kind == "latin":
        return _("Итог: домино (кто вышел) или транке (кто поставил последний камень); A1, A2, B1, B2 — очки, "
                 "оставшиеся в руках; пасы по кругу — сколько раз пара заставила пасовать всех троих; очки — "
                 "за раздачу, сумма — счёт партии. Вычеты санкций применяются к итогу партии, не к раздаче.")
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
    if sheet.games.kind in ("hand", "latin"):
        return _("Места по часовой стрелке: A1 → B1 → A2 → B2. Очки партнёров складываются в очки пары.")
    return _("Места по часовой стрелке: A1 → B1 → A2 → B2. Партнёры сидят друг напротив друга.")


def _table_rows(sheet) -> list[tuple]:
    """("band", text, shade) and ("row", cells) in the order drawn."""
    g = sheet.games
    if g.kind == "hand":
        return [("row", points_cells(r, g.blank)) for r in g.rows]
    if g.kind == "latin":
        return [("row", latin_cells(r, g.blank)) for r in g.rows]
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
        if g.kind in ("hand", "latin"):
            return [(sheet.fmt.blank_result_line(a, b), 11, True)]
        lines = [(sheet.fmt.blank_goats_line(a, b), 11, True)]
        if g.columns.rating:
            lines.append((sheet.fmt.rating_line("______", "______"), 10, False))
        return lines
    if g.kind == "hand":
        ta, tb = sheet.totals
        return [(sheet.fmt.result_line(a, b, ta, tb), 13, True), (sheet.outcome, 10, False)]
    if g.kind == "latin":  # the sanctions and each pair's row of the partida
        ta, tb = sheet.totals
        return [(sheet.fmt.result_line(a, b, ta, tb), 13, True), (sheet.outcome, 10, False)] + [
            (line, 9, False) for line in g.lines]
    goats = g.goats
    lines = [(sheet.fmt.goats_result_line(a, b, goats["A"], goats["B"]), 13, True), (sheet.outcome, 10, False)]
    return lines + [(line, 9, False) for line in g.lines[1:]]


def _band_height(text: str, bold: bool, row_h: float) -> float:
    lines = wrap(text, BOLD if bold else FONT, SIZE + 0.5, WIDTH - 8)
    return max(row_h, len(lines) * (SIZE + 0.5) * 1.2 + 2 * PAD)


def _row_height(cells, columns, row_h: float) -> float:
    """As tall as ``row_h``, or as its tallest cell printed whole (``core.pdf.whole``) needs."""
    sized = [whole(text, FONT, SIZE, w - 5, min_size=6.5) for text, (_h, w, _a) in zip(cells, columns)]
    tallest = max(len(lines) for _s, lines in sized)
    natural = max(len(lines) * s * 1.2 for s, lines in sized) + (2 * PAD if tallest > 1 else 3)
    return max(row_h, natural)


def _deals(sheet, columns, rows, row_h: float):
    """The deals' table: headings, then the rows and the bands in order; a game's heading band keeps its first
    row on its page, the headings repeat on every page the table goes on to."""
    g = sheet.games
    widths = [w for _h, w, _a in columns]
    heads = heading_cells(columns)
    data, heights, commands = [], [heading_height(columns)], []
    for i, (kind, *rest) in enumerate(rows, start=1):
        if kind == "band":
            text, shade = rest
            bold = shade is not None or not g.blank
            data.append([fitted(text, style(SIZE + 0.5, bold=bold), WIDTH - 8, min_size=SIZE + 0.5)]
                        + [""] * (len(columns) - 1))
            heights.append(_band_height(text, bold, row_h))
            commands += [("SPAN", (0, i), (-1, i)), ("LEFTPADDING", (0, i), (-1, i), 4)]
            if shade is not None:
                commands += [("BACKGROUND", (0, i), (-1, i), shade), ("NOSPLIT", (0, i), (-1, i + 1))]
        else:
            data.append(rest[0])
            heights.append(_row_height(rest[0], columns, row_h))
    return grid(data, widths, header=heads, size=SIZE, align=[a for _h, _w, a in columns], min_size=6.5,
                row_heights=heights, padding=(2.5, 1.5, 2.5, 1.5), commands=commands,
                **BLACK_LINES)


def games_sheet(sheet) -> Printed:
    g = sheet.games
    top = header(sheet, note=_seat_note(sheet))
    columns = {"hand": points_columns, "latin": latin_columns}.get(g.kind, lambda: kozel_columns(g.columns))()
    rows = _table_rows(sheet)
    legend = [Spacer(1, 3), fitted(_legend(sheet), style(7), WIDTH, min_size=7), Spacer(1, 10)]
    results = [fitted(text, style(size, bold=bold), WIDTH, min_size=size) for text, size, bold in _result_lines(sheet)]
    # the partnership game has sanctions (in its result lines; rows to write them on a blank sheet), not remarks
    own = (blank_sanctions(sheet) if g.blank else []) if g.kind == "latin" else remarks(sheet)
    after = own + results + [Spacer(1, 14), signatures(sheet)]
    # One page when the rows fit at a readable height; otherwise the smallest height and more pages.
    # A band (a game's heading or summary) is as tall as a row, and never lower than its text.
    bands, band_h = sum(1 for kind, *_rest in rows if kind == "band"), (SIZE + 0.5) * 1.2 + 2 * PAD
    room = FRAME_H - height(top) - height(legend) - height(after) - heading_height(columns)
    row_h = (room - bands * band_h) / max(1, len(rows) - bands)
    if row_h > band_h:
        row_h = room / max(1, len(rows))
    tallest = BLANK_ROW if g.blank else MAX_ROW
    row_h = max(BLANK_MIN_ROW if g.blank else MIN_ROW, min(tallest, row_h))
    # the remarks, the result and the signatures go on to another page together when they do not fit under it
    return Printed(sheet, top + [_deals(sheet, columns, rows, row_h)] + legend + [KeepTogether(after)],
                   lambda page: continued_heading(sheet, page))
