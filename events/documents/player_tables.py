"""The standings page of an individual event: one line per player, sortable by any column, paginated.

Its figures are ``player_table.columns`` (the same as the workbook's and the PDF's), after the place, the
player's number, name and club. A column that stays on a phone has a short heading there (the full one in its
title), as the team standings have: ``static/reports/style.css`` shows ``.full`` or ``abbr.short`` by the width.
"""
from __future__ import annotations

import django_tables2 as tables
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from scoring.reports.player_table import cell, columns


def _heading(full, short, title):
    shown = full if str(full) == str(title) else format_html('<abbr title="{}">{}</abbr>', title, full)
    if not short:
        return format_html("{}", shown)
    return format_html('<span class="full">{}</span><abbr class="short" title="{}">{}</abbr>', shown, title, short)


_lazy_heading = lazy(_heading, SafeString)  # translated when the page is drawn, in its language


def heading(full, short="", title=None):
    """A column's heading: ``full`` (an abbreviation of ``title`` in its tooltip), and on a phone ``short``."""
    return _lazy_heading(full, short, title or full)


class PlayerStandingsTable(tables.Table):
    # the place is the page's own order: no sorting link, so the column is as narrow as its figures on a phone
    rank = tables.Column(verbose_name=_("Место"), default="—", orderable=False, attrs={"th": {"class": "num"}})
    # a phone shows the number before the name instead (the figures need the room)
    number = tables.Column(verbose_name=_("№ игрока"), accessor="pair__number", attrs={"th": {"class": "num opt"}})
    label = tables.Column(verbose_name=_("Игрок"), accessor="pair__label", order_by=("pair__sort_name",))
    club = tables.Column(verbose_name=_("Клуб / город"), accessor="pair__id", orderable=False,
                         attrs={"th": {"class": "opt wide"}})  # the name first: a tablet shows the figures

    class Meta:
        attrs = {"class": "standings players"}
        orderable = True
        # Writes the rows from ``lines`` in one pass; the headers and the sorting are django-tables2's.
        template_name = "reports/standings_table_players.html"

    def __init__(self, data, *, standings, clubs: dict, **kwargs):
        self.figures = columns(standings)
        if not any(r.byes for r in data):  # an event without sit-outs: one column fewer on every screen
            self.figures = [c for c in self.figures if c.key != "byes"]
        self.clubs = clubs
        extra = [(c.key, tables.Column(verbose_name=heading(c.page_title, c.phone, c.title), accessor=c.key,
                                       attrs={"th": {"class": f"num {c.css}"}}))
                 for c in self.figures]
        super().__init__(data, extra_columns=extra, **kwargs)
        if standings.goats:
            self.attrs = {"class": "standings players goats"}

    @property
    def lines(self):
        """(row, club, [(css, figure)]) for the rows of the current page."""
        return [(row.record, self.clubs.get(row.record.pair.id, ""), [(c.css, cell(c, row.record)) for c in self.figures])
                for row in self.paginated_rows]
