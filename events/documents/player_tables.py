"""The standings page of an individual event: one line per player, sortable by any column, paginated.

Its figures are ``player_table.columns`` (the same as the workbook's and the PDF's), after the place, the
player's number, name and club.
"""
from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from scoring.reports.player_table import cell, columns


class PlayerStandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Место"), default="—", attrs={"th": {"class": "num"}})
    number = tables.Column(verbose_name=_("№ игрока"), accessor="pair__number", attrs={"th": {"class": "num"}})
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
        extra = [(c.key, tables.Column(verbose_name=c.page_title, accessor=c.key,
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
