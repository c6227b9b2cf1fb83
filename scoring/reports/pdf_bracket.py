"""The knockout bracket as a PDF: A4 landscape, one page for up to 32 entrants (64 fit in smaller type).

Rounds are columns, left to right; a match is a box of two lines (seed, number, name), the winner in bold,
with a line to the match its winner plays next; a match the extra deals decided has «*» after its winner's points,
and the legend says so under the bracket. The third-place match stands under the final. A name too
long for its box prints in smaller type, down to ``MIN_SIZE``; longer still, it wraps into two lines (or more)
of the type that lets them fit the box's line, and shrinks when even ``WRAP_MIN`` is too large
(``core.pdf.boxed``): a name is never cut.

A stage 2 in groups prints the groups' tables first, on their own pages (``pdf_groups``), then the bracket;
while the groups are still played there is no bracket yet and the file holds the tables only.
"""
from __future__ import annotations

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, NextPageTemplate, PageBreak

from core.pdf import BOLD, FONT, GREY, LANDSCAPE, Template, boxed, build, fitted, layout, paragraph, style, text_width
from core.text import numbered

from .pdf_groups import group_pages

PAGE_W, PAGE_H = LANDSCAPE
MARGIN = 10 * mm
WIDTH = PAGE_W - 2 * MARGIN
HEAD = 10.5 * mm  # from the bracket's top to its first match's top: the round names
GAP = 8 * mm  # between columns (the connector lines run in it)
FOOT = 6 * mm  # under the lowest match: the date
MIN_SIZE = 4.8  # the smallest type a name shrinks to in one line before it wraps
WRAP_MIN = 3.0  # the smallest type of a wrapped name (a longer one still shrinks to fit its box)
WRAP_LEADING = 1.1
EXTRA_MARK = "*"  # after the winner's points of a match the extra deals decided


def _side_text(side, bye_text) -> tuple[str, str]:
    if side is None:
        return "", bye_text
    return f"{side['seed']}.", f"{numbered(side['entrant'])} {side['label']}"


def bracket_pdf(tournament, data, groups=None) -> bytes:
    """``data``: ``bracket_data`` (None: not drawn yet); ``groups``: ``groups_data`` (None: stage 2 has no groups)."""
    templates, story = [], []
    if groups:
        template, story = group_pages(tournament, groups, width=WIDTH)
        templates.append(template)
    if data is not None:
        templates.append(Template("bracket", foot=_date))
        story += ([NextPageTemplate("bracket"), PageBreak()] if story else []) + [_title(tournament, data),
                                                                                  Bracket(data)]
    subject = _("Сетка второго этапа") if data is not None else _("Второй этап: подгруппы")
    return build(story, f"{tournament.name} — {_('сетка')}", subject=subject, pagesize=LANDSCAPE, margin=MARGIN,
                 templates=templates or [Template()])


def _date(canvas, doc):
    canvas.setFont(FONT, 7)
    canvas.drawRightString(PAGE_W - MARGIN, MARGIN, date_format(timezone.localtime(), "DATETIME_FORMAT"))


def _title(tournament, data):
    """The tournament's name whole (a smaller type, then more lines, which move the bracket down) and what the page
    is, on the right."""
    what = _("Сетка второго этапа · %(n)s участников") % {"n": data["size"]}
    right = max(60 * mm, text_width(what, style(9), pad=1))
    return layout([[fitted(tournament.name, style(13, bold=True), WIDTH - right, min_size=8),
                    paragraph(what, style(9, align="right"))]], [WIDTH - right, right], valign="BOTTOM")


def _place(canvas, box, x: float, y: float, *, middle: bool = True):
    """Draw ``box`` (a ``core.pdf.boxed`` text) with its left edge at ``x``, centred on ``y`` (or its bottom at
    ``y``)."""
    _w, h = box.wrapOn(canvas, box.maxWidth, box.maxHeight)
    box.drawOn(canvas, x, y - h / 2 if middle else y)


def _one_line(text: str, st, width: float):
    """A heading of a column: one line, in a smaller type when it is longer than the column."""
    return boxed(text, st, width, st.leading, line_min=MIN_SIZE, min_size=MIN_SIZE)


class Bracket(Flowable):
    """The bracket on the rest of the page: the rounds' columns, their matches and the lines between them."""

    def __init__(self, data):
        super().__init__()
        self.data = data

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height
        return self.width, self.height

    def draw(self):
        c, data = self.canv, self.data
        rounds = [r for r in data["rounds"] if not (data["third_place"] and r is data["rounds"][-1])]
        third = data["rounds"][-1] if data["third_place"] else None
        columns = len(rounds) + 0.7  # and the winner's narrower column
        col_w = (self.width - GAP * len(rounds)) / columns
        top, bottom = self.height - HEAD, FOOT
        cell = (top - bottom) / len(rounds[0]["matches"])  # the height a first-round match owns
        line_h = min(6.5 * mm, cell / 2 * 0.86)
        size = max(5.5, min(9.0, line_h / mm * 1.45))
        heading = style(9, bold=True)
        centers = []
        for r, rnd in enumerate(rounds):
            x = r * (col_w + GAP)
            _place(c, _one_line(rnd["name"], heading, col_w), x, top + 3 * mm, middle=False)
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
        x = len(rounds) * (col_w + GAP)
        final = rounds[-1]["matches"][0]
        y = centers[-1][0]
        _place(c, _one_line(_("Победитель"), heading, col_w), x, top + 3 * mm, middle=False)
        c.line(x - GAP, y, x, y)
        winner = next((s for s in (final["a"], final["b"]) if s and s["entrant"] == final["winner"]), None)
        if winner is not None:  # the number large, the name under it in the type that fits
            c.setFont(BOLD, size + 3)
            c.drawString(x + 1.5 * mm, y + 1.2 * mm, numbered(winner["entrant"]))
            box = boxed(winner["label"], style(size, bold=True, leading=size * WRAP_LEADING), 0.7 * col_w - 2 * mm,
                        3.5 * size, line_min=MIN_SIZE, min_size=WRAP_MIN)
            _w, h = box.wrapOn(c, box.maxWidth, box.maxHeight)
            box.drawOn(c, x + 1.5 * mm, y - 1.2 * mm - h)
        if data.get("extra_decided"):
            c.setFont(FONT, 7)
            c.drawString(0, 0, _("%(mark)s — партия закончилась вничью, исход матча решили дополнительные раздачи")
                         % {"mark": EXTRA_MARK})
        if third is not None:
            x = (len(rounds) - 1) * (col_w + GAP)
            y3 = min(centers[-1][0] - 4 * line_h, bottom + 2 * line_h)
            y3 = max(y3, bottom + line_h)
            _place(c, _one_line(third["name"], style(8, bold=True), col_w), x, y3 + line_h + 1.5 * mm, middle=False)
            _box(c, x, y3, col_w, line_h, size, third["matches"][0])


def _box(c, x, y, w, line_h, size, match) -> None:
    """A match centred on ``y``: side A above, side B below, the winner bold, a bye as «свободен»."""
    c.setLineWidth(0.6)
    c.setFillColor(GREY)
    c.rect(x, y - line_h, w, 2 * line_h, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.line(x, y, x + w, y)
    seed_w = size * 1.9
    for key, side, base in (("a", match["a"], y + line_h / 2), ("b", match["b"], y - line_h / 2)):
        bye = _("— свободен —") if match["bye"] and side is None else ""
        seed, name = _side_text(side, bye)
        won = side is not None and match["winner"] == side["entrant"]
        text_y = base - size * 0.35
        c.setFont(FONT, size * 0.85)
        c.drawRightString(x + seed_w, text_y, seed)
        points = " ".join(str(p[key]) for p in match.get("parties") or ())  # each partie's points of this side
        if points and won and match.get("extra"):
            points += EXTRA_MARK  # the extra deals decided it (the legend under the bracket)
        points_w = text_width(points, style(size * 0.85), pad=1.2 * mm) if points else 0
        if points:
            c.drawRightString(x + w - 1 * mm, text_y, points)
        name_w = w - seed_w - 2.4 * mm - points_w
        _place(c, boxed(name, style(size, bold=won, leading=size * WRAP_LEADING), name_w, line_h * 0.92,
                        line_min=MIN_SIZE, min_size=WRAP_MIN), x + seed_w + 1.2 * mm, base)
