"""Stage 2's groups («подгруппы») in the printouts: each group's table as the standings page shows it (place, number,
entrant, parties, match points, difference; who goes on to the bracket in bold with «✓» in its last column).

The data is the pages' own (``events.stage_selectors.groups_data``, built from
``group_selectors.load_groups``): nothing here ranks an entrant. Two outputs:

* ``draw_group_pages`` — on a canvas of any size (the bracket PDF's A4 landscape): the groups two a line, as
  many lines as fit a page, then the next page; a table never splits across pages;
* ``group_flowables`` — the final report's section (A4 portrait, platypus), one table per group.

Every name prints whole, never cut: on the canvas a group's names share one type size, the largest (down to
``NAME_MIN``) in which each takes at most two lines, and wrap (``pdf_text.wrap``); in the report the table's
cells wrap. An entrant that left has its status beside its name, as on the page.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, KeepTogether, Spacer

from .pdf_page import BOLD, FONT, GREY
from .pdf_pack import H2, HEAD, SMALL, _grid, _p
from .pdf_text import block_height, draw_lines, whole, wrap
from .tabular import status_text

MARK = "✓"  # DejaVu Sans has it
SIZE = 8.5  # pt: the rows' type
NAME_MIN = 6.5  # pt: the smallest type of the entrants' names
ROW_H = 5.6 * mm  # a row of one line
COLUMNS = 2  # groups side by side on a landscape page
COLUMN_GAP = 8 * mm
GROUP_GAP = 5 * mm  # between the lines of groups
TITLE_H = 5.5 * mm  # «Подгруппа 1» above its table
# The number columns (mm) besides the entrant's, which takes the rest of the table's width.
NUMBER_WIDTHS = (11, 10, 14, 14, 16, 13)
NARROW_HEAD = ParagraphStyle("groups-head", fontName=BOLD, fontSize=7, leading=8.5)


def of_teams(groups) -> bool:
    """The groups are of teams (a team event's ``groups_data``): its headings and legend speak of teams."""
    return bool(groups) and bool(groups[0].get("teams"))


def headings(teams: bool = False) -> list[str]:
    if teams:
        return [_("Место"), _("№"), _("Команда"), _("Матчей"), _("Очки"), _("Разность"), _("В сетку")]
    return [_("Место"), _("№"), _("Участник"), _("Партий"), _("Очки матча"), _("Разность"), _("В сетку")]


def _number(x) -> str:
    if isinstance(x, float):
        return f"{x:g}"
    return "" if x is None else str(x)


def row_cells(row) -> list[str]:
    """One entrant's line of its group's table (a ``groups_data`` row)."""
    label = row["label"] + (f" ({status_text(row['status'])})" if status_text(row["status"]) else "")
    return [_number(row["rank"]), f"№{row['number']}", label, _number(row["played"]), _number(row["match_points"]),
            _number(row["difference"]), MARK if row["goes_on"] else ""]


def legend(teams: bool = False) -> str:
    if teams:
        return _("Место в подгруппе — по показателям командного турнира в матчах внутри подгруппы; при полном "
                 "равенстве выше та команда, что выше в первом этапе. Выделены выходящие в сетку.")
    return _("Место в подгруппе — по показателям турнира в партиях внутри подгруппы; при полном равенстве выше тот, "
             "кто выше в первом этапе. Выделены выходящие в сетку.")


def played_text(groups) -> str:
    first = groups[0] if groups else {"played": 0, "of": 0}
    return _("сыграно туров: %(k)s из %(n)s") % {"k": first["played"], "n": first["of"]}


def widths_for(width: float) -> list[float]:
    fixed = [w * mm for w in NUMBER_WIDTHS]
    return fixed[:2] + [width - sum(fixed)] + fixed[2:]


# --- on a canvas (the bracket PDF) -------------------------------------------------------------------------------

def _name_size(group, width) -> float:
    """One type size for the group's entrant column: the largest from ``SIZE`` down to ``NAME_MIN`` in which every
    name takes at most two lines (``NAME_MIN`` if none does: then a name takes more lines, whole)."""
    s = SIZE
    while s > NAME_MIN and any(len(wrap(row_cells(r)[2], BOLD if r["goes_on"] else FONT, s, width)) > 2
                               for r in group["rows"]):
        s -= 0.5
    return s


def _layout(group, widths) -> list[tuple[list, float, bool]]:
    """(cells as (font, size, lines), height, goes on) per line of the table, its heading line first."""
    out = []
    name_w = widths[2] - 2 * mm
    name_size = _name_size(group, name_w)
    lines = [(headings(bool(group.get("teams"))), True, False)] + [(row_cells(r), False, r["goes_on"]) for r in group["rows"]]
    for cells, is_head, goes_on in lines:
        font = BOLD if is_head or goes_on else FONT
        size = SIZE - 1 if is_head else SIZE
        fitted = [(font, *whole(text, font, size, w - 2 * mm)) for w, text in zip(widths, cells)]
        if not is_head:
            fitted[2] = (font, name_size, wrap(cells[2], font, name_size, name_w))
        tallest = max(block_height(s, lines) for _f, s, lines in fitted)
        out.append((fitted, max(ROW_H, tallest + 1.6 * mm), goes_on))
    return out


def group_height(group, widths) -> float:
    return TITLE_H + sum(h for _c, h, _g in _layout(group, widths))


def _draw_group(c, x, top, group, widths) -> float:
    """One group's title and table with its top-left corner at (x, top); returns its bottom."""
    c.setFont(BOLD, 10)
    c.setFillColorRGB(0, 0, 0)
    c.drawString(x, top - 10, _("Подгруппа %(n)s") % {"n": group["number"]})
    y = top - TITLE_H
    total = sum(widths)
    for i, (cells, h, goes_on) in enumerate(_layout(group, widths)):
        if i == 0 or goes_on:
            c.setFillColorRGB(*GREY)
            c.rect(x, y - h, total, h, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        c.setLineWidth(0.6)
        c.rect(x, y - h, total, h)
        at = x
        for j, (w, (font, size, lines)) in enumerate(zip(widths, cells)):
            if j:
                c.line(at, y, at, y - h)
            first = y - (h - block_height(size, lines)) / 2 - 0.1 * size + 1.5
            if i == 0 or j != 2:
                draw_lines(c, at + w / 2, first, lines, font, size, align="center")
            else:
                draw_lines(c, at + 1 * mm, first, lines, font, size)
            at += w
        y -= h
    return y


def draw_group_pages(c, tournament, groups, *, page_w: float, page_h: float, margin: float) -> None:
    """Every group's table, ``COLUMNS`` a line, on as many pages as they need (each page ended with ``showPage``)."""
    col_w = (page_w - 2 * margin - COLUMN_GAP * (COLUMNS - 1)) / COLUMNS
    widths = widths_for(col_w)
    lines = [groups[i:i + COLUMNS] for i in range(0, len(groups), COLUMNS)]
    bottom = margin + 6 * mm

    def head(first: bool) -> float:
        top = page_h - margin
        size, name = whole(tournament.name, BOLD, 13, page_w - 2 * margin - 95 * mm, min_size=9)
        c.setFont(FONT, 9)
        c.drawRightString(page_w - margin, top - 5 * mm, _("Второй этап: подгруппы") + " · " + played_text(groups))
        top = min(draw_lines(c, margin, top - 5 * mm + size, name, BOLD, size), top - 7 * mm) - 2 * mm
        if first:  # the legend once, on the first page
            size, text = whole(legend(of_teams(groups)), FONT, 8, page_w - 2 * margin)
            top = draw_lines(c, margin, top, text, FONT, size) - 2 * mm
        return top - 2 * mm

    y, placed = head(True), False
    for line in lines:
        height = max(group_height(g, widths) for g in line)
        if placed and y - height < bottom:  # a line of groups is never split: it goes on to a new page
            c.showPage()
            y, placed = head(False), False
        for k, group in enumerate(line):
            _draw_group(c, margin + k * (col_w + COLUMN_GAP), y, group, widths)
        y, placed = y - height - GROUP_GAP, True
    c.showPage()


# --- in a platypus story (the final report) ----------------------------------------------------------------------

def group_flowables(groups, width: float) -> list:
    """The final report's section: heading, legend, and each group's table kept whole on a page."""
    teams = of_teams(groups)
    story = [CondPageBreak(70 * mm),  # the heading never alone at a page's foot: a group's table follows it
             _p(_("Второй этап: подгруппы") + " · " + played_text(groups), H2), _p(legend(teams), SMALL),
             Spacer(1, 4)]
    heads = headings(teams)
    # each number column at least as wide as its longest heading word (no word broken); the entrant takes the rest
    fixed = [max(w * mm, 7 + max(stringWidth(word, BOLD, NARROW_HEAD.fontSize) for word in h.split()))
             for w, h in zip(NUMBER_WIDTHS, heads[:2] + heads[3:])]
    widths = fixed[:2] + [width - sum(fixed)] + fixed[2:]
    for group in groups:
        data = [[_p(h, NARROW_HEAD) for h in heads]]
        shaded = []
        for i, row in enumerate(group["rows"], start=1):
            data.append([_p(text, HEAD) if row["goes_on"] else _p(text) for text in row_cells(row)])
            if row["goes_on"]:
                shaded.append(i)
        table = _grid(data, widths)
        table.setStyle([("BACKGROUND", (0, i), (-1, i), colors.Color(*GREY)) for i in shaded])
        story.append(KeepTogether([_p(_("Подгруппа %(n)s") % {"n": group["number"]}, HEAD), Spacer(1, 2), table,
                                   Spacer(1, 6)]))
    return story
