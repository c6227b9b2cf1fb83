"""The print pack of a round (A4, ``core.pdf``): pairings in large type and the table cards.

* ``pairings_by_table_pdf`` and ``pairings_by_name_pdf`` — large type, to hang
  on a wall and read from two metres;
* ``table_cards_pdf`` — one card per table: its number, the two pairs and who
  sits in A1 B1 A2 B2;
* the final report is ``pdf_report``.

Names come from users: every text goes into ``Paragraph`` markup escaped (``core.pdf.esc``, ``paragraph``).
"""
from __future__ import annotations

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.platypus import Flowable, PageBreak, Spacer

from core.pdf import (
    BIG,
    BIG_BOLD,
    BIG_CELL,
    BOLD,
    H1,
    MARGIN,
    PAGE_H,
    QR,
    SMALL,
    WIDTH,
    build,
    fitted,
    grid,
    layout,
    paragraph,
    shrink,
    style,
)
from core.text import numbered
from tournaments.models import seated
from tournaments.presets import preset_label

from .sheets import seat_numbers_of, seats_of
from .stage_selectors import round_title

SIDE_W = (WIDTH - 58) / 2 - 6  # a side's cell of the pairings in large type, less its padding


def _pair_cell(pair) -> list:
    """"№3" in bold with the pair's own name, then each player on his own line, each printed whole."""
    players = sorted(pair.players.all(), key=lambda p: (p.number or 9, p.id))
    head = f"«{pair.name}»" if pair.name else ""
    return [fitted(head, BIG_CELL, SIDE_W, bold=numbered(pair.number), min_size=BIG)] + [
        fitted(p.name, BIG_CELL, SIDE_W, min_size=BIG) for p in players]


def _side_cell(partie, side: str) -> list:
    """An individual event's side: each seat with its player's number and name, each on its own line."""
    return [fitted(seated(entrant)[0].name if seated(entrant) else "", BIG_CELL, SIDE_W,
                   bold=f"{side}{k} {numbered(entrant.number)}", min_size=BIG)
            for k, entrant in enumerate(partie.side_entrants(side), start=1)]


def _sit_out_cell(partie):
    entrant = partie.pair_a
    return fitted(seated(entrant)[0].name if seated(entrant) else "", BIG_CELL, SIDE_W, bold=numbered(entrant.number),
                  min_size=BIG)


def subtitle(tournament, rnd=None) -> str:
    """The date, the venue and the rules (and the round, first) under a document's title."""
    parts = [date_format(tournament.start_date, "SHORT_DATE_FORMAT")]
    if tournament.venue:
        parts.append(tournament.venue)
    parts.append(_("регламент «%(p)s»") % {"p": preset_label(tournament.rules_preset)})
    if rnd is not None:
        if not hasattr(rnd, "stage_title"):  # once per document: every table card prints it
            rnd.stage_title = round_title(rnd)
        parts.insert(0, rnd.stage_title)
    return " · ".join(parts)


def _list(title, tournament, rnd, data, widths) -> bytes:
    return build([paragraph(title, H1), paragraph(subtitle(tournament, rnd), SMALL), Spacer(1, 8),
                  grid(data, widths, zebra=True)], title)


# --- pairings in large type ------------------------------------------------------

def pairings_by_table_pdf(tournament, rnd, parties) -> bytes:
    if tournament.format_spec.single_player_entries:
        return _individual_by_table_pdf(tournament, rnd, parties)
    title = _("%(t)s — тур %(r)s: пары по столам") % {"t": tournament.name, "r": rnd.number}
    data = [[paragraph(_("Стол"), BIG_BOLD), paragraph(_("Пара A"), BIG_BOLD), paragraph(_("Пара B"), BIG_BOLD)]]
    for partie in parties:
        b = _pair_cell(partie.pair_b) if partie.pair_b else paragraph(_("свободна от игры"), BIG_CELL)
        data.append([paragraph(partie.table if partie.pair_b else "—", BIG_BOLD), _pair_cell(partie.pair_a), b])
    return _list(title, tournament, rnd, data, [58, (WIDTH - 58) / 2, (WIDTH - 58) / 2])


def _individual_by_table_pdf(tournament, rnd, parties) -> bytes:
    """An individual event's tables: A1 + A2 against B1 + B2, each player with his number; sit-outs last."""
    title = _("%(t)s — тур %(r)s: игроки по столам") % {"t": tournament.name, "r": rnd.number}
    data = [[paragraph(_("Стол"), BIG_BOLD), paragraph(_("Сторона A: A1 + A2"), BIG_BOLD),
             paragraph(_("Сторона B: B1 + B2"), BIG_BOLD)]]
    for partie in parties:
        if partie.pair_b is None:
            data.append([paragraph("—", BIG_BOLD), _sit_out_cell(partie), paragraph(_("Пропускает тур"), BIG_CELL)])
        else:
            data.append([paragraph(partie.table, BIG_BOLD), _side_cell(partie, "A"), _side_cell(partie, "B")])
    return _list(title, tournament, rnd, data, [58, (WIDTH - 58) / 2, (WIDTH - 58) / 2])


def pairings_by_name_pdf(tournament, rnd, rows) -> bytes:
    """``rows``: ``events.selectors.by_name`` — every player alphabetically with his table and seat."""
    title = _("%(t)s — тур %(r)s: игроки по алфавиту") % {"t": tournament.name, "r": rnd.number}
    data = [[paragraph(_("Игрок"), BIG_BOLD), paragraph(_("Стол"), BIG_BOLD), paragraph(_("Место"), BIG_BOLD),
             paragraph(_("№") if tournament.format_spec.single_player_entries else _("Пара"), BIG_BOLD)]]
    for r in rows:
        table = r["table"] if r["table"] is not None else "—"
        data.append([paragraph(r["name"], BIG_CELL), paragraph(table, BIG_BOLD), paragraph(r["seat"] or "—", BIG_CELL),
                     paragraph(numbered(r['pair']), BIG_CELL)])
    return _list(title, tournament, rnd, data, [WIDTH - 3 * 70, 70, 70, 70])


# --- table cards -----------------------------------------------------------------

CARD_HALF = 75      # pt: half the side of the drawn table
CARD_GAP = 8        # pt: between the drawn table and the seats above and below it
CARD_QR = 90        # pt: the own-phone signing QR in the card's lower right corner
CARD_NAME = 15      # pt: a seat's name, stepping down to CARD_NAME_MIN before it wraps
CARD_NAME_MIN = 11
CARD_SIDE = PAGE_H / 2 - 40  # the drawn table's centre, from the page's foot (when the names above leave room)
SEAT = style(18, bold=True, align="center")
SEAT_NAME = style(CARD_NAME, align="center")
TABLE_NUMBER = style(40, bold=True, align="center")
PAIR_LINE = style(18, bold=True, align="center")
CARD_TEXT = style(12)
CARD_NOTE = style(9)


def _pair_line(side: str, pair) -> str:
    text = _("Пара %(side)s: №%(n)s") % {"side": side, "n": pair.number}
    return f"{text} «{pair.name}»" if pair.name else text


def _side_line(side: str, numbers: dict) -> str:
    """«A: №3 (A1) + №7 (A2)» — an individual event's side on a table card."""
    return _("%(side)s: №%(a)s (%(side)s1) + №%(b)s (%(side)s2)") % {
        "side": side, "a": numbers.get(f"{side}1"), "b": numbers.get(f"{side}2")}


class DrawnTable(Flowable):
    """The table seen from above: a square with the table's number in it."""

    def __init__(self, number):
        super().__init__()
        self.number = str(number)

    def wrap(self, available_width, available_height):
        return 2 * CARD_HALF, 2 * CARD_HALF

    def draw(self):
        c = self.canv
        c.setLineWidth(1.5)
        c.rect(0, 0, 2 * CARD_HALF, 2 * CARD_HALF)
        c.setFont(BOLD, 30)
        c.drawCentredString(CARD_HALF, CARD_HALF - 10, self.number)


def _seat(seat: str, name: str, width: float) -> list:
    """The seat in bold and its player's name under it, printed whole and centred in ``width``."""
    return [paragraph(seat, SEAT), fitted(name, SEAT_NAME, width, min_size=CARD_NAME_MIN)]


def _seats(partie, seats: dict, numbers: dict):
    """A1 at the top, then clockwise B1 (right), A2 (bottom), B2 (left) around the drawn table."""
    side_w = (WIDTH - 2 * CARD_HALF - 24) / 2  # from the page's margin to the table, on either side

    def name(seat):
        return f"{numbered(numbers.get(seat))} {seats.get(seat, '')}" if numbers else seats.get(seat, "")

    return layout([[_seat("A1", name("A1"), WIDTH), "", ""],
                   [_seat("B2", name("B2"), side_w), DrawnTable(partie.table), _seat("B1", name("B1"), side_w)],
                   [_seat("A2", name("A2"), WIDTH), "", ""]], [side_w, WIDTH - 2 * side_w, side_w], commands=[
        ("SPAN", (0, 0), (-1, 0)), ("SPAN", (0, 2), (-1, 2)), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"), ("VALIGN", (0, 1), (-1, 1), "MIDDLE"),
        ("BOTTOMPADDING", (0, 0), (-1, 0), CARD_GAP), ("TOPPADDING", (0, 2), (-1, 2), CARD_GAP)])


def _height(flowables) -> float:
    return sum(f.wrap(WIDTH, PAGE_H)[1] for f in flowables)


def _card(tournament, rnd, partie, seats: dict, note: str, sign_url: str = ""):
    """One table card on a page: the table number huge, the pairs, the seats around a drawn table, the note (and
    the signing QR) at the foot; every text inside the page's margins and printed whole."""
    numbers = seat_numbers_of(partie)  # an individual event: each seat's player number
    top = [fitted(tournament.name, CARD_TEXT, WIDTH), Spacer(1, 4), fitted(subtitle(tournament, rnd), CARD_TEXT, WIDTH),
           Spacer(1, 14), paragraph(_("Стол %(n)s") % {"n": partie.table}, TABLE_NUMBER), Spacer(1, 6)]
    for side, pair in (("A", partie.pair_a), ("B", partie.pair_b)):
        line = _side_line(side, numbers) if numbers else _pair_line(side, pair)
        top += [Spacer(1, 4), fitted(line, PAIR_LINE, WIDTH, min_size=13)]
    seats_table = _seats(partie, seats, numbers)
    text = _("Места по часовой стрелке: A1, B1, A2, B2.") + (
        " " + _("Партнёры сидят друг напротив друга: A1 с A2 против B1 с B2.") if numbers else "") + (
        f" {note}" if note else "")
    foot = [fitted(text, CARD_NOTE, WIDTH)]
    if sign_url:  # own-phone signing: the table's QR, as on the referee's screen
        caption = fitted(_("Подпись протокола со своего телефона: наведите камеру на QR-код"), CARD_NOTE,
                         WIDTH - CARD_QR - 10)
        foot = [layout([[caption, QR(sign_url, CARD_QR)]], [WIDTH - CARD_QR, CARD_QR], valign="BOTTOM"),
                Spacer(1, 10)] + foot
    # the drawn table's centre where it stands on every card, unless the names above need the room
    height = PAGE_H - 2 * MARGIN
    seats_h = seats_table.wrap(WIDTH, height)[1]
    above = _height(top) + seats_table._rowHeights[0] + CARD_HALF  # from the frame's top to the table's centre
    lift = max(0.0, (PAGE_H - MARGIN - CARD_SIDE) - above)
    rest = max(0.0, height - _height(top) - lift - seats_h - _height(foot))
    return shrink(top + [Spacer(1, lift), seats_table, Spacer(1, rest)] + foot, WIDTH, height, valign="TOP")


def table_cards_pdf(tournament, rnd, parties, *, sign_urls: dict | None = None) -> bytes:
    """``sign_urls``: {partie id: the own-phone signing link} of the tables whose cards carry its QR."""
    title = _("%(t)s — тур %(r)s: карточки столов") % {"t": tournament.name, "r": rnd.number}
    note = tournament.game.lead_note()
    story = []
    for partie in parties:
        if partie.pair_b is None:
            continue
        story += [PageBreak()] if story else []
        story.append(_card(tournament, rnd, partie, seats_of(partie), note, (sign_urls or {}).get(partie.pk, "")))
    return build(story or [paragraph(_("В туре нет столов."), style(14))], title)
