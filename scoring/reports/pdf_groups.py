"""Stage 2's groups («подгруппы») in the printouts: each group's table as the standings page shows it (place, number,
entrant, parties, match points, difference; who goes on to the bracket in bold with «✓» in its last column).

The data is the pages' own (``events.stage_selectors.groups_data``, built from
``group_selectors.load_groups``): nothing here ranks an entrant. Two outputs, both platypus (``core.pdf``):

* ``group_pages`` — the bracket PDF's pages (A4 landscape): the groups two a line, as many lines as fit a page,
  then the next page; a line of groups never splits across pages; every page headed by the tournament;
* ``group_flowables`` — the final report's section (A4 portrait), one table per group.

Every name prints whole, never cut: in the bracket PDF a group's names share one type size, the largest (down to
``NAME_MIN``) in which each takes at most two lines, and wrap (``core.pdf.wrap``); in the report the table's
cells wrap. An entrant that left has its status beside its name, as on the page.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, KeepTogether, Spacer

from core.pdf import (
    BOLD,
    FONT,
    GREY,
    H2,
    HEAD,
    NARROW_HEAD,
    SMALL,
    Template,
    draw_at,
    fitted,
    grid,
    layout,
    paragraph,
    paragraph_lines,
    style,
    text_width,
    word_width,
    wrap,
)
from core.text import numbered

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
    return [_number(row["rank"]), numbered(row["number"]), label, _number(row["played"]), _number(row["match_points"]),
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


def widths_for(width: float, number_w: float = 0) -> list[float]:
    """The columns of a group's table in ``width``; the entrant's number at least ``number_w`` wide."""
    fixed = [w * mm for w in NUMBER_WIDTHS]
    fixed[1] = max(fixed[1], number_w)
    return fixed[:2] + [width - sum(fixed)] + fixed[2:]


def _numbers(groups) -> list[str]:
    """The entrants' numbers as their column prints them, with the sign («№12», «no. 12»)."""
    return [row_cells(r)[1] for g in groups for r in g["rows"]]


# --- the bracket PDF's pages ---------------------------------------------------------------------------------

def _name_size(group, width) -> float:
    """One type size for the group's entrant column: the largest from ``SIZE`` down to ``NAME_MIN`` in which every
    name takes at most two lines (``NAME_MIN`` if none does: then a name takes more lines, whole)."""
    s = SIZE
    while s > NAME_MIN and any(len(wrap(row_cells(r)[2], BOLD if r["goes_on"] else FONT, s, width)) > 2
                               for r in group["rows"]):
        s -= 0.5
    return s


def _group_table(group, widths) -> list:
    """One group's title and table."""
    pad = 1 * mm
    name_w = widths[2] - 2 * pad
    name_size = _name_size(group, name_w)
    rows, shaded = [], []
    for i, r in enumerate(group["rows"], start=1):
        goes_on = r["goes_on"]
        cells = [fitted(text, style(SIZE, bold=goes_on, align="center"), w - 2 * pad)
                 for w, text in zip(widths, row_cells(r))]
        lines = wrap(row_cells(r)[2], BOLD if goes_on else FONT, name_size, name_w)
        cells[2] = paragraph_lines(lines, style(name_size, bold=goes_on))
        rows.append(cells)
        if goes_on:
            shaded.append(i)
    table = grid(rows, widths, header=headings(bool(group.get("teams"))), size=SIZE, header_size=SIZE - 1,
                 header_align="center", min_height=ROW_H, shade=GREY, line=0.6, line_color=colors.black,
                 padding=(pad, 0.8 * mm, pad, 0.8 * mm),
                 commands=[("BACKGROUND", (0, i), (-1, i), GREY) for i in shaded])
    return [paragraph(_("Подгруппа %(n)s") % {"n": group["number"]}, style(10, bold=True, leading=TITLE_H)), table]


def _page_head(tournament, groups, width):
    """The tournament (whole: a smaller type, then more lines) and «Второй этап: подгруппы · сыграно туров …»."""
    what = _("Второй этап: подгруппы") + " · " + played_text(groups)
    right = max(95 * mm, text_width(what, style(9), pad=1))
    return layout([[fitted(tournament.name, style(13, bold=True), width - right, min_size=9),
                    paragraph(what, style(9, align="right"))]], [width - right, right])


def group_pages(tournament, groups, *, width: float) -> tuple[Template, list]:
    """(the page template, the story) of every group's table, ``COLUMNS`` a line, on as many pages as they need
    (``width``: the page's less its margins); every page headed by the tournament, the legend once, first."""
    col_w = (width - COLUMN_GAP * (COLUMNS - 1)) / COLUMNS
    # the widest number with its sign on one line in bold (the English «no. 12» is wider than «№12»)
    number_w = max([text_width(n, style(SIZE, bold=True), pad=2 * mm + 1) for n in _numbers(groups)], default=0)
    widths = widths_for(col_w, number_w)
    head = _page_head(tournament, groups, width)
    band = head.wrap(width, 1000)[1] + 4 * mm

    def draw_head(canvas, doc):
        draw_at(canvas, [head], doc.margin, doc.pagesize[1] - doc.margin, width)

    story = [fitted(legend(of_teams(groups)), style(8), width), Spacer(1, 4 * mm)]
    for i in range(0, len(groups), COLUMNS):
        line = [_group_table(g, widths) for g in groups[i:i + COLUMNS]]
        line += [""] * (COLUMNS - len(line))
        cells = [x for k, cell in enumerate(line) for x in ([cell] if k == 0 else ["", cell])]
        widths_of_line = [w for k in range(COLUMNS) for w in ([col_w] if k == 0 else [COLUMN_GAP, col_w])]
        # a line of groups is never split: a table of one line goes on to a new page whole
        story.append(layout([cells], widths_of_line, commands=[("BOTTOMPADDING", (0, 0), (-1, -1), GROUP_GAP)]))
    return Template("groups", head=draw_head, head_height=band), story


# --- in a platypus story (the final report) ----------------------------------------------------------------------

def group_flowables(groups, width: float) -> list:
    """The final report's section: heading, legend, and each group's table kept whole on a page."""
    teams = of_teams(groups)
    story = [CondPageBreak(70 * mm),  # the heading never alone at a page's foot: a group's table follows it
             paragraph(_("Второй этап: подгруппы") + " · " + played_text(groups), H2), paragraph(legend(teams), SMALL),
             Spacer(1, 4)]
    heads = headings(teams)
    # each number column at least as wide as its longest heading word (no word broken); the entrant takes the rest
    fixed = [word_width([h], low=w * mm) for w, h in zip(NUMBER_WIDTHS, heads[:2] + heads[3:])]
    fixed[1] = max(fixed[1], word_width(_numbers(groups), HEAD))  # «no. 12» on one line, in bold too
    widths = fixed[:2] + [width - sum(fixed)] + fixed[2:]
    for group in groups:
        data = [[paragraph(h, NARROW_HEAD) for h in heads]]
        shaded = []
        for i, row in enumerate(group["rows"], start=1):
            data.append([paragraph(text, HEAD) if row["goes_on"] else paragraph(text) for text in row_cells(row)])
            if row["goes_on"]:
                shaded.append(i)
        table = grid(data, widths, commands=[("BACKGROUND", (0, i), (-1, i), GREY) for i in shaded])
        story.append(KeepTogether([paragraph(_("Подгруппа %(n)s") % {"n": group["number"]}, HEAD), Spacer(1, 2), table,
                                   Spacer(1, 6)]))
    return story
