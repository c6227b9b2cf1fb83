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
    """place, player, name, federation ID, club, city, rating, provisional, parties — of the current list or of a
    snapshot (a month published before the ID was kept in it has none)."""
    if snapshot is not None:
        return [{k: r.get(k, "") for k in ("place", "player", "name", "federation_id", "club", "city", "rating",
                                           "provisional", "parties")} for r in snapshot.rows]
    rows = rating_selectors.decorate(rating_selectors.rating_list(filters or rating_selectors.Filters()))
    return [{"place": r.place, "player": r.person_id, "name": r.person.name, "federation_id": r.federation_id,
             "club": r.club, "city": r.city, "rating": r.shown, "provisional": r.provisional, "parties": r.parties}
            for r in rows]


def _titles():
    return [_("Место"), _("Номер в реестре"), _("Игрок"), _("ID федерации"), _("Клуб"), _("Город"), _("Рейтинг"),
            _("Предварительный"), _("Партий")]


def workbook(lines, title: str) -> bytes:
    widths = (7, 9, 32, 14, 22, 18, 9, 10, 8)
    table = Table(title, [Column(t, w, number=i in (0, 1, 6, 8)) for i, (t, w) in enumerate(zip(_titles(), widths))])
    table.rows = [[r["place"], r["player"], r["name"], r["federation_id"], r["club"], r["city"], r["rating"],
                   _("да") if r["provisional"] else "", r["parties"]] for r in lines]
    return xlsx.write_workbook([table])


def pdf(lines, title: str) -> bytes:
    """A4, the header repeated on every page; a name, ID, club or city wraps at its spaces, never cut."""
    titles = [_("Место"), _("Игрок"), _("ID федерации"), _("Клуб"), _("Город"), _("Рейтинг"), _("Партий")]

    def heading_width(title):
        return word_width([title], pad=10, low=24)

    widths = [heading_width(titles[0]), None, None, None, None, heading_width(titles[5]) + 14, heading_width(titles[6])]
    rest = WIDTH - sum(w for w in widths if w)
    widths[1], widths[2], widths[3], widths[4] = rest * 0.36, rest * 0.16, rest * 0.27, rest * 0.21

    def cell(value, width):  # whole: a smaller type down to 5 pt, then more lines
        return fitted(str(value or ""), SMALL, width - 7, min_size=5)

    data = [heads(titles)]
    for r in lines:
        data.append([str(r["place"]), cell(r["name"], widths[1]), cell(r["federation_id"], widths[2]),
                     cell(r["club"], widths[3]), cell(r["city"], widths[4]),
                     f'{r["rating"]}{" " + _("пр.") if r["provisional"] else ""}', str(r["parties"])])
    table = list_grid(data, widths, numeric_from=5)
    return build([paragraph(title, TITLE), paragraph(_("«пр.» — предварительный рейтинг."), SMALL), Spacer(1, 6),
                  table], title)
