"""The rating list as a workbook (openpyxl, like the tournaments' exports) and as an A4 PDF (reportlab): the
rows are made once (``list_lines``) from the current list with its filters or from a published month."""
from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.platypus import Spacer

from core.pdf import SMALL, TITLE, WIDTH, build, fitted, heads, list_grid, paragraph, word_width
from scoring.reports import xlsx
from scoring.reports.tabular import Column, Table

from . import rating_selectors


def list_lines(filters=None, snapshot=None) -> list[dict]:
    """place, player, name, club, city, rating, provisional, parties — of the current list or of a snapshot."""
    if snapshot is not None:
        return [{k: r.get(k, "") for k in ("place", "player", "name", "club", "city", "rating", "provisional",
                                           "parties")} for r in snapshot.rows]
    rows = rating_selectors.decorate(rating_selectors.rating_list(filters or rating_selectors.Filters()))
    return [{"place": r.place, "player": r.person_id, "name": r.person.name, "club": r.club, "city": r.city,
             "rating": r.shown, "provisional": r.provisional, "parties": r.parties} for r in rows]


def _titles():
    return [_("Место"), _("Номер в реестре"), _("Игрок"), _("Клуб"), _("Город"), _("Рейтинг"),
            _("Предварительный"), _("Партий")]


def workbook(lines, title: str) -> bytes:
    widths = (7, 9, 32, 22, 18, 9, 10, 8)
    table = Table(title, [Column(t, w, number=i in (0, 1, 5, 7)) for i, (t, w) in enumerate(zip(_titles(), widths))])
    table.rows = [[r["place"], r["player"], r["name"], r["club"], r["city"], r["rating"],
                   _("да") if r["provisional"] else "", r["parties"]] for r in lines]
    return xlsx.write_workbook([table])


def pdf(lines, title: str) -> bytes:
    """A4, the header repeated on every page; a name, club or city wraps at its spaces, never cut."""
    titles = [_("Место"), _("Игрок"), _("Клуб"), _("Город"), _("Рейтинг"), _("Партий")]

    def heading_width(title):
        return word_width([title], pad=10, low=24)

    widths = [heading_width(titles[0]), None, None, None, heading_width(titles[4]) + 14, heading_width(titles[5])]
    rest = WIDTH - sum(w for w in widths if w)
    widths[1], widths[2], widths[3] = rest * 0.44, rest * 0.32, rest * 0.24

    def cell(value, width):  # whole: a smaller type down to 5 pt, then more lines
        return fitted(str(value or ""), SMALL, width - 7, min_size=5)

    data = [heads(titles)]
    for r in lines:
        data.append([str(r["place"]), cell(r["name"], widths[1]), cell(r["club"], widths[2]),
                     cell(r["city"], widths[3]), f'{r["rating"]}{" " + _("пр.") if r["provisional"] else ""}',
                     str(r["parties"])])
    table = list_grid(data, widths, numeric_from=4)
    return build([paragraph(title, TITLE), paragraph(_("«пр.» — предварительный рейтинг."), SMALL), Spacer(1, 6),
                  table], title)
