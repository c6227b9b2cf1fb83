"""The print pack of a round and the final report of a tournament (A4, reportlab, DejaVu fonts).

* ``pairings_by_table_pdf`` and ``pairings_by_name_pdf`` — large type, to hang
  on a wall and read from two metres;
* ``table_cards_pdf`` — one card per table: its number, the two pairs and who
  sits in A1 B1 A2 B2;
* the final report is ``pdf_report``.

Names come from users: every text that goes into ``Paragraph`` markup is
escaped (``xml.sax.saxutils.escape``); the canvas draws plain strings.
"""
from __future__ import annotations

import io
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import LongTable, Paragraph, SimpleDocTemplate, Spacer, TableStyle
from reportlab.pdfgen import canvas

from tournaments.models import seated
from tournaments.presets import preset_label

from .stage_selectors import round_title
from .pdf_page import BOLD, FONT, MARGIN, PAGE_H, PAGE_W, WIDTH, draw_qr, metadata, register_fonts, set_metadata
from .pdf_text import LEADING, block_height, draw_lines, whole
from .sheets import seat_numbers_of, seats_of

BIG = 16  # pt: pairings read from two metres
H1 = ParagraphStyle("pack-h1", fontName=BOLD, fontSize=20, leading=25, spaceAfter=4)
H2 = ParagraphStyle("pack-h2", fontName=BOLD, fontSize=13, leading=17, spaceBefore=8, spaceAfter=4)
SMALL = ParagraphStyle("pack-small", fontName=FONT, fontSize=9, leading=12)
CELL = ParagraphStyle("pack-cell", fontName=FONT, fontSize=8, leading=10)
BIG_CELL = ParagraphStyle("pack-big", fontName=FONT, fontSize=BIG, leading=BIG * 1.2)
BIG_BOLD = ParagraphStyle("pack-big-bold", fontName=BOLD, fontSize=BIG, leading=BIG * 1.2)
HEAD = ParagraphStyle("pack-head", fontName=BOLD, fontSize=8, leading=10)


def _p(text, style=CELL) -> Paragraph:
    return Paragraph(escape(str(text if text is not None else "")), style)


def _doc(buf, title):
    return SimpleDocTemplate(buf, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                             bottomMargin=MARGIN, title=title, subject=title, **metadata())


def _grid(data, widths, *, header_size=10, zebra=False):
    table = LongTable(data, colWidths=widths, repeatRows=1)
    style = [
        ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.87, 0.9, 0.93)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    if zebra:
        for i in range(2, len(data), 2):
            style.append(("BACKGROUND", (0, i), (-1, i), colors.Color(0.96, 0.96, 0.96)))
    table.setStyle(TableStyle(style))
    return table


def _pair_cell(pair) -> Paragraph:
    """"№3" in bold with the pair's own name, then each player on his own line (names escaped for the markup)."""
    players = sorted(pair.players.all(), key=lambda p: (p.number or 9, p.id))
    head = f"<b>№{pair.number}</b>" + (f" «{escape(pair.name)}»" if pair.name else "")
    lines = [head] + [escape(p.name) for p in players]
    return Paragraph("<br/>".join(lines), BIG_CELL)


def _side_cell(partie, side: str) -> Paragraph:
    """An individual event's side: each seat with its player's number and name, each on its own line."""
    lines = [f"<b>{side}{k} №{entrant.number}</b> " + escape(seated(entrant)[0].name if seated(entrant) else "")
             for k, entrant in enumerate(partie.side_entrants(side), start=1)]
    return Paragraph("<br/>".join(lines), BIG_CELL)


def _sit_out_cell(partie) -> Paragraph:
    entrant = partie.pair_a
    name = seated(entrant)[0].name if seated(entrant) else ""
    return Paragraph(f"<b>№{entrant.number}</b> " + escape(name), BIG_CELL)


def _subtitle(tournament, rnd=None) -> str:
    parts = [tournament.start_date.strftime("%d.%m.%Y")]
    if tournament.venue:
        parts.append(tournament.venue)
    parts.append(_("регламент «%(p)s»") % {"p": preset_label(tournament.rules_preset)})
    if rnd is not None:
        if not hasattr(rnd, "stage_title"):  # once per document: every table card prints it
            rnd.stage_title = round_title(rnd)
        parts.insert(0, rnd.stage_title)
    return " · ".join(parts)


# --- pairings in large type ------------------------------------------------------

def pairings_by_table_pdf(tournament, rnd, parties) -> bytes:
    register_fonts()
    if tournament.is_individual:
        return _individual_by_table_pdf(tournament, rnd, parties)
    title = _("%(t)s — тур %(r)s: пары по столам") % {"t": tournament.name, "r": rnd.number}
    data = [[_p(_("Стол"), BIG_BOLD), _p(_("Пара A"), BIG_BOLD), _p(_("Пара B"), BIG_BOLD)]]
    for partie in parties:
        b = _pair_cell(partie.pair_b) if partie.pair_b else _p(_("свободна от игры"), BIG_CELL)
        data.append([_p(partie.table if partie.pair_b else "—", BIG_BOLD), _pair_cell(partie.pair_a), b])
    widths = [58, (WIDTH - 58) / 2, (WIDTH - 58) / 2]
    buf = io.BytesIO()
    _doc(buf, title).build([_p(title, H1), _p(_subtitle(tournament, rnd), SMALL), Spacer(1, 8),
                            _grid(data, widths, zebra=True)])
    return buf.getvalue()


def _individual_by_table_pdf(tournament, rnd, parties) -> bytes:
    """An individual event's tables: A1 + A2 against B1 + B2, each player with his number; sit-outs last."""
    title = _("%(t)s — тур %(r)s: игроки по столам") % {"t": tournament.name, "r": rnd.number}
    data = [[_p(_("Стол"), BIG_BOLD), _p(_("Сторона A: A1 + A2"), BIG_BOLD), _p(_("Сторона B: B1 + B2"), BIG_BOLD)]]
    for partie in parties:
        if partie.pair_b is None:
            data.append([_p("—", BIG_BOLD), _sit_out_cell(partie), _p(_("Пропускает тур"), BIG_CELL)])
        else:
            data.append([_p(partie.table, BIG_BOLD), _side_cell(partie, "A"), _side_cell(partie, "B")])
    widths = [58, (WIDTH - 58) / 2, (WIDTH - 58) / 2]
    buf = io.BytesIO()
    _doc(buf, title).build([_p(title, H1), _p(_subtitle(tournament, rnd), SMALL), Spacer(1, 8),
                            _grid(data, widths, zebra=True)])
    return buf.getvalue()


def pairings_by_name_pdf(tournament, rnd, rows) -> bytes:
    """``rows``: ``events.selectors.by_name`` — every player alphabetically with his table and seat."""
    register_fonts()
    title = _("%(t)s — тур %(r)s: игроки по алфавиту") % {"t": tournament.name, "r": rnd.number}
    data = [[_p(_("Игрок"), BIG_BOLD), _p(_("Стол"), BIG_BOLD), _p(_("Место"), BIG_BOLD),
             _p(_("№") if tournament.is_individual else _("Пара"), BIG_BOLD)]]
    for r in rows:
        table = r["table"] if r["table"] is not None else "—"
        data.append([_p(r["name"], BIG_CELL), _p(table, BIG_BOLD), _p(r["seat"] or "—", BIG_CELL),
                     _p(f"№{r['pair']}", BIG_CELL)])
    widths = [WIDTH - 3 * 70, 70, 70, 70]
    buf = io.BytesIO()
    _doc(buf, title).build([_p(title, H1), _p(_subtitle(tournament, rnd), SMALL), Spacer(1, 8),
                            _grid(data, widths, zebra=True)])
    return buf.getvalue()


# --- table cards -----------------------------------------------------------------

CARD_SEATS = (("A1", "top"), ("B1", "right"), ("A2", "bottom"), ("B2", "left"))
CARD_HALF = 75      # pt: half the side of the drawn table
CARD_QR = 90        # pt: the own-phone signing QR in the card's lower right corner
CARD_NAME = 15      # pt: a seat's name, stepping down to CARD_NAME_MIN before it wraps
CARD_NAME_MIN = 11


def lead_note(rules) -> str:
    """Who leads the first deal, as the game's rules say (RULES.md §3; RULES-KOZEL.md §2.2; hand points: no rule)."""
    if rules.family == "kozel" and rules.next_lead != "rotate":
        return _("Первую раздачу каждой игры начинает тот, у кого дубль 1-1, — с этого дубля.")
    if rules.family == "hand":
        return ""
    return _("Первым заходит A1.")


def _pair_line(side: str, pair) -> str:
    text = _("Пара %(side)s: №%(n)s") % {"side": side, "n": pair.number}
    return f"{text} «{pair.name}»" if pair.name else text


def _side_line(side: str, numbers: dict) -> str:
    """«A: №3 (A1) + №7 (A2)» — an individual event's side on a table card."""
    return _("%(side)s: №%(a)s (%(side)s1) + №%(b)s (%(side)s2)") % {
        "side": side, "a": numbers.get(f"{side}1"), "b": numbers.get(f"{side}2")}


def _seat_block(c, seat: str, name: str, x: float, width: float, *, top: float | None = None,
                bottom: float | None = None, middle: float | None = None):
    """The seat in bold and its player's name under it, printed whole and centred on ``x`` within ``width``;
    placed by its top, its bottom or its middle."""
    size, lines = whole(name, FONT, CARD_NAME, width, min_size=CARD_NAME_MIN)
    height = 18 * LEADING + block_height(size, lines)
    if top is None:
        top = bottom + height if bottom is not None else middle + height / 2
    draw_lines(c, x, top, [seat], BOLD, 18, align="center")
    draw_lines(c, x, top - 18 * LEADING, lines, FONT, size, align="center")


def _card(c: canvas.Canvas, tournament, rnd, partie, seats: dict, note: str, sign_url: str = ""):
    """One table card on a page: the table number huge, the pairs, the seats around a drawn table; every text
    inside the page's margins and printed whole."""
    y = draw_lines(c, MARGIN, PAGE_H - MARGIN, *_whole(tournament.name, FONT, 12, WIDTH))
    y = draw_lines(c, MARGIN, y - 4, *_whole(_subtitle(tournament, rnd), FONT, 12, WIDTH))
    y = draw_lines(c, PAGE_W / 2, y - 14, [_("Стол %(n)s") % {"n": partie.table}], BOLD, 40, align="center")
    y -= 6
    numbers = seat_numbers_of(partie)  # an individual event: each seat's player number
    for side, pair in (("A", partie.pair_a), ("B", partie.pair_b)):
        line = _side_line(side, numbers) if numbers else _pair_line(side, pair)
        y = draw_lines(c, PAGE_W / 2, y - 4, *_whole(line, BOLD, 18, WIDTH, min_size=13), align="center")
    # the table, seen from above: A1 at the top, then clockwise B1, A2, B2
    cx, cy, half = PAGE_W / 2, PAGE_H / 2 - 40, CARD_HALF
    c.setLineWidth(1.5)
    c.rect(cx - half, cy - half, 2 * half, 2 * half)
    c.setFont(BOLD, 30)
    c.drawCentredString(cx, cy - 10, str(partie.table))
    side_w = cx - half - 12 - MARGIN  # from the page's margin to the table, on either side
    for seat, where in CARD_SEATS:
        name = seats.get(seat, "")
        if numbers:
            name = f"№{numbers.get(seat)} {name}"
        if where == "top":
            _seat_block(c, seat, name, cx, WIDTH, bottom=cy + half + 8)
        elif where == "bottom":
            _seat_block(c, seat, name, cx, WIDTH, top=cy - half - 8)
        elif where == "right":
            _seat_block(c, seat, name, PAGE_W - MARGIN - side_w / 2, side_w, middle=cy)
        else:
            _seat_block(c, seat, name, MARGIN + side_w / 2, side_w, middle=cy)
    text = _("Места по часовой стрелке: A1, B1, A2, B2.") + (
        " " + _("Партнёры сидят друг напротив друга: A1 с A2 против B1 с B2.") if numbers else "") + (
        f" {note}" if note else "")
    size, lines = whole(text, FONT, 9, WIDTH)
    draw_lines(c, MARGIN, MARGIN + block_height(size, lines), lines, FONT, size)
    if sign_url:  # own-phone signing: the table's QR, as on the referee's screen
        bottom = MARGIN + block_height(size, lines) + 10
        draw_qr(c, sign_url, PAGE_W - MARGIN - CARD_QR, bottom, CARD_QR)
        caption = _("Подпись протокола со своего телефона: наведите камеру на QR-код")
        cap_size, cap_lines = whole(caption, FONT, 9, WIDTH - CARD_QR - 10)
        draw_lines(c, MARGIN, bottom + block_height(cap_size, cap_lines), cap_lines, FONT, cap_size)


def _whole(text, font, size, width, *, min_size=None):
    """(lines, font, size) for ``draw_lines``: ``text`` printed whole in ``width``."""
    size, lines = whole(text, font, size, width, min_size=min_size)
    return lines, font, size


def table_cards_pdf(tournament, rnd, parties, *, sign_urls: dict | None = None) -> bytes:
    """``sign_urls``: {partie id: the own-phone signing link} of the tables whose cards carry its QR."""
    register_fonts()
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    title = _("%(t)s — тур %(r)s: карточки столов") % {"t": tournament.name, "r": rnd.number}
    c.setTitle(title)
    set_metadata(c, subject=title)
    note = lead_note(tournament.rules())
    drawn = 0
    for partie in parties:
        if partie.pair_b is None:
            continue
        _card(c, tournament, rnd, partie, seats_of(partie), note, (sign_urls or {}).get(partie.pk, ""))
        c.showPage()
        drawn += 1
    if not drawn:
        c.setFont(FONT, 14)
        c.drawString(MARGIN, PAGE_H - MARGIN - 14, _("В туре нет столов."))
        c.showPage()
    c.save()
    return buf.getvalue()
