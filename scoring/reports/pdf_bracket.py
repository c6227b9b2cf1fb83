"""The knockout bracket as a PDF: A4 landscape, one page for up to 32 entrants (64 fit in smaller type).

Rounds are columns, left to right; a match is a box of two lines (seed, number, name), the winner in bold,
with a line to the match its winner plays next. The third-place match stands under the final. A name too
long for its box prints in smaller type, down to ``MIN_SIZE``; longer still, it wraps into two lines (or more)
of the type that lets them fit the box's line (``shrunk``): a name is never cut.

A stage 2 in groups prints the groups' tables first, on their own pages (``pdf_groups``), then the bracket;
while the groups are still played there is no bracket yet and the file holds the tables only.
"""
from __future__ import annotations

import io

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas

from .pdf_groups import draw_group_pages
from .pdf_page import BOLD, FONT, GREY, fit, register_fonts, set_metadata
from .pdf_text import draw_lines, whole, wrap

PAGE_W, PAGE_H = landscape(A4)
MARGIN = 10 * mm
HEAD = 16 * mm  # title and the round names
GAP = 8 * mm  # between columns (the connector lines run in it)
MIN_SIZE = 4.8  # the smallest type a name shrinks to in one line before it wraps
WRAP_MIN = 3.0  # the smallest type of a wrapped name
WRAP_LEADING = 1.1


def _side_text(side, bye_text) -> tuple[str, str]:
    if side is None:
        return "", bye_text
    return f"{side['seed']}.", f"№{side['entrant']} {side['label']}"


def bracket_pdf(tournament, data, groups=None) -> bytes:
    """``data``: ``bracket_data`` (None: not drawn yet); ``groups``: ``groups_data`` (None: stage 2 has no groups)."""
    register_fonts()
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(PAGE_W, PAGE_H))
    set_metadata(c, _("Сетка второго этапа") if data is not None else _("Второй этап: подгруппы"))
    c.setTitle(f"{tournament.name} — {_('сетка')}")
    if groups:
        draw_group_pages(c, tournament, groups, page_w=PAGE_W, page_h=PAGE_H, margin=MARGIN)
    if data is not None:
        _bracket_page(c, tournament, data)
    c.save()
    return buf.getvalue()


def _bracket_page(c, tournament, data) -> None:
    rounds = [r for r in data["rounds"] if not (data["third_place"] and r is data["rounds"][-1])]
    third = data["rounds"][-1] if data["third_place"] else None
    columns = len(rounds) + 0.7  # and the winner's narrower column
    col_w = (PAGE_W - 2 * MARGIN - GAP * len(rounds)) / columns
    # the tournament's name whole: smaller type, then more lines, which move the bracket down
    title_size, title = whole(tournament.name, BOLD, 13, PAGE_W - 2 * MARGIN - 60 * mm, min_size=8)
    top, bottom = PAGE_H - MARGIN - HEAD - (len(title) - 1) * title_size * 1.2, MARGIN + 6 * mm
    first_matches = len(rounds[0]["matches"])
    cell = (top - bottom) / first_matches  # the height a first-round match owns
    line_h = min(6.5 * mm, cell / 2 * 0.86)
    size = max(5.5, min(9.0, line_h / mm * 1.45))

    draw_lines(c, MARGIN, PAGE_H - MARGIN - 5 * mm + title_size, title, BOLD, title_size)
    c.setFont(FONT, 9)
    c.drawRightString(PAGE_W - MARGIN, PAGE_H - MARGIN - 5 * mm,
                      _("Сетка второго этапа · %(n)s участников") % {"n": data["size"]})
    c.setFont(FONT, 7)
    c.drawRightString(PAGE_W - MARGIN, MARGIN, date_format(timezone.localtime(), "DATETIME_FORMAT"))

    centers = []
    for r, rnd in enumerate(rounds):
        x = MARGIN + r * (col_w + GAP)
        c.setFont(BOLD, 9)
        c.drawString(x, top + 3 * mm, fit(rnd["name"], BOLD, 9, col_w))
        span = cell * 2 ** r
        row = []
        for i, match in enumerate(rnd["matches"]):
            y = top - (i + 0.5) * span
            _box(c, x, y, col_w, line_h, size, match)
            row.append(y)
            if r > 0:  # the lines from the two matches it comes from
                for y0 in centers[-1][2 * i: 2 * i + 2]:
                    c.setLineWidth(0.5)
                    c.line(x - GAP, y0, x - GAP / 2, y0)
                    c.line(x - GAP / 2, y0, x - GAP / 2, y)
                    c.line(x - GAP / 2, y, x, y)
        centers.append(row)
    # the winner's column
    x = MARGIN + len(rounds) * (col_w + GAP)
    final = rounds[-1]["matches"][0]
    y = centers[-1][0]
    c.setFont(BOLD, 9)
    c.drawString(x, top + 3 * mm, fit(_("Победитель"), BOLD, 9, col_w))
    c.line(x - GAP, y, x, y)
    winner = next((s for s in (final["a"], final["b"]) if s and s["entrant"] == final["winner"]), None)
    if winner is not None:  # the number large, the name under it in the type that fits
        c.setFont(BOLD, size + 3)
        c.drawString(x + 1.5 * mm, y + 1.2 * mm, f"№{winner['entrant']}")
        shown_size, shown = shrunk(winner["label"], BOLD, size, 0.7 * col_w - 2 * mm, 3.5 * size)
        c.setFont(BOLD, shown_size)
        for k, line in enumerate(shown):
            c.drawString(x + 1.5 * mm, y - 1.2 * mm - shown_size - k * shown_size * WRAP_LEADING, line)
    if third is not None:
        x = MARGIN + (len(rounds) - 1) * (col_w + GAP)
        y3 = min(centers[-1][0] - 4 * line_h, bottom + 2 * line_h)
        y3 = max(y3, bottom + line_h)
        c.setFont(BOLD, 8)
        c.drawString(x, y3 + line_h + 1.5 * mm, fit(third["name"], BOLD, 8, col_w))
        _box(c, x, y3, col_w, line_h, size, third["matches"][0])
    c.showPage()


def _box(c, x, y, w, line_h, size, match) -> None:
    """A match centred on ``y``: side A above, side B below, the winner bold, a bye as «свободен»."""
    c.setLineWidth(0.6)
    c.setFillColorRGB(*GREY)
    c.rect(x, y - line_h, w, 2 * line_h, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.line(x, y, x + w, y)
    seed_w = size * 1.9
    for key, side, base in (("a", match["a"], y + line_h / 2), ("b", match["b"], y - line_h / 2)):
        bye = _("— свободен —") if match["bye"] and side is None else ""
        seed, name = _side_text(side, bye)
        won = side is not None and match["winner"] == side["entrant"]
        font = BOLD if won else FONT
        text_y = base - size * 0.35
        c.setFont(FONT, size * 0.85)
        c.drawRightString(x + seed_w, text_y, seed)
        points = " ".join(str(p[key]) for p in match.get("parties") or ())  # each partie's points of this side
        points_w = pdfmetrics.stringWidth(points, FONT, size * 0.85) + 1.2 * mm if points else 0
        if points:
            c.drawRightString(x + w - 1 * mm, text_y, points)
        shown_size, shown = shrunk(name, font, size, w - seed_w - 2.4 * mm - points_w, line_h * 0.92)
        c.setFont(font, shown_size)
        step = shown_size * WRAP_LEADING
        first = base + (len(shown) - 1) * step / 2 - shown_size * 0.35  # the lines centred on the side's line
        for k, line in enumerate(shown):
            c.drawString(x + seed_w + 1.2 * mm, first - k * step, line)


def shrunk(text: str, font: str, size: float, width: float, height: float) -> tuple[float, list[str]]:
    """(type size, lines) printing ``text`` whole: one line in ``size`` or smaller down to ``MIN_SIZE``; else
    wrapped (``pdf_text.wrap``) in the largest type from ``size`` down to ``WRAP_MIN`` whose lines fit ``height``
    (at ``WRAP_MIN`` they are printed even if taller). Never cut."""
    one = size
    while one > MIN_SIZE and pdfmetrics.stringWidth(text, font, one) > width:
        one = max(MIN_SIZE, one - 0.25)
    if pdfmetrics.stringWidth(text, font, one) <= width:
        return one, [text]
    s = size
    while True:
        lines = wrap(text, font, s, width)
        if len(lines) * s * WRAP_LEADING <= height or s <= WRAP_MIN:
            return s, lines
        s = max(WRAP_MIN, s - 0.25)
