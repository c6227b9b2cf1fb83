"""django-tables2 tables of the standings (sortable by any column, paginated)."""
from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from scoring.reports.tabular import status_text


def _num(value):
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


class NumberColumn(tables.Column):
    """A right-aligned number; ``optional`` columns are hidden on a phone-sized screen."""

    def __init__(self, *args, optional=False, **kwargs):
        css = "num opt" if optional else "num"
        kwargs.setdefault("attrs", {"td": {"class": css}, "th": {"class": css}})
        super().__init__(*args, **kwargs)

    def render(self, value):
        return _num(value)


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Место"), default="—", attrs={"td": {"class": "num"}})
    number = NumberColumn(verbose_name=_("Пара"), accessor="pair__number")
    label = tables.Column(verbose_name=_("Игроки"), accessor="pair__label", order_by=("pair__sort_name",))
    played = NumberColumn(optional=True, verbose_name=_("Партий"))
    wins = NumberColumn(optional=True, verbose_name=_("Побед"))
    losses = NumberColumn(optional=True, verbose_name=_("Пораж."))
    byes = NumberColumn(optional=True, verbose_name=_("Пропусков"))  # byes: no partie, the rules' result
    match_points = NumberColumn(verbose_name=_("Очки матча"))
    points_for = NumberColumn(verbose_name=_("Очки за"))
    points_against = NumberColumn(optional=True, verbose_name=_("Против"))
    difference = NumberColumn(verbose_name=_("Разн."))
    deals_won = NumberColumn(optional=True, verbose_name=_("Раздач"))
    buchholz = NumberColumn(optional=True, verbose_name=_("Бухгольц"))

    class Meta:
        attrs = {"class": "standings"}
        row_attrs = {"class": lambda record: f"status-{record.status}"}
        orderable = True
        # Writes the rows from the records in one pass; keep its cells in step with the columns above.
        template_name = "reports/standings_table.html"

    def __init__(self, data, *args, **kwargs):
        # «Пропусков» only where some pair had a bye (an even field has none: one column fewer on every screen)
        self.show_byes = any(r.byes for r in data)
        if not self.show_byes:
            kwargs["exclude"] = tuple(kwargs.get("exclude") or ()) + ("byes",)
        super().__init__(data, *args, **kwargs)

    def render_rank(self, value, record):
        return f"{value}" + ("=" if record.tied else "") if value is not None else "—"

    def render_label(self, value, record):
        status = status_text(record.status)
        if status:
            return format_html('{} <span class="badge {}">{}</span>', value, record.status, status)
        return value


WIDE = {"td": {"class": "num opt wide"}, "th": {"class": "num opt wide"}}  # hidden below 1100 px
XWIDE = {"td": {"class": "num opt wide xwide"}, "th": {"class": "num opt wide xwide"}}  # hidden below 1700 px


class KozelStandingsTable(StandingsTable):
    """Kozel and Morskoy (RULES-KOZEL.md §5.4): games won, goats both ways, dry goats and, for kozel, the rating.

    Fewer goats received and more given is better; ``goats_difference`` is given − received.
    Build with ``rating=False`` for a preset without the rating (the column is left out). A phone shows
    the place, the pair, match points and the goats difference; the other columns from 641 px on.
    """

    # A phone shows the place, the pair, the match points and the goats difference (what ranks them);
    # a tablet adds the goats, dry goats, rating and a few more; the "wide" ones need a full screen.
    played = NumberColumn(verbose_name=_("Партий"), attrs=XWIDE)
    wins = NumberColumn(optional=True, verbose_name=_("Побед"))
    losses = NumberColumn(verbose_name=_("Пораж."), attrs=XWIDE)
    byes = NumberColumn(verbose_name=_("Пропусков"), attrs=WIDE)
    games_won = NumberColumn(verbose_name=_("Игр выиграно"), attrs=WIDE)
    goats_received = NumberColumn(verbose_name=_("Козлов"))  # the legend explains it: a phone shows it too
    goats_given = NumberColumn(verbose_name=_("Козлов дано"), attrs=XWIDE)
    goats_difference = NumberColumn(verbose_name=_("± козлов"))
    dry_goats = NumberColumn(optional=True, verbose_name=_("Сухих"))
    rating = NumberColumn(verbose_name=_("Рейтинг"), default="")
    points_for = NumberColumn(verbose_name=_("Очки за"), attrs=WIDE)
    points_against = NumberColumn(verbose_name=_("Против"), attrs=XWIDE)
    difference = NumberColumn(verbose_name=_("Разн."), attrs=WIDE)
    deals_won = NumberColumn(verbose_name=_("Раздач"), attrs=XWIDE)
    buchholz = NumberColumn(verbose_name=_("Бухгольц"), attrs=WIDE)

    class Meta(StandingsTable.Meta):
        attrs = {"class": "standings kozel"}
        sequence = ("rank", "number", "label", "played", "wins", "losses", "byes", "match_points", "games_won",
                    "goats_received", "goats_given", "goats_difference", "dry_goats", "rating", "points_for",
                    "points_against", "difference", "deals_won", "buchholz")
        template_name = "reports/standings_table_kozel.html"

    def __init__(self, *args, rating=True, **kwargs):
        if not rating:
            kwargs["exclude"] = tuple(kwargs.get("exclude") or ()) + ("rating",)
        super().__init__(*args, **kwargs)
        self.show_rating = rating


class LatinStandingsTable(StandingsTable):
    """The partnership game (RULES-LATIN.md §8.3): partidas won, efectividad and points rank the pairs; the
    deductions and the highest card follow. A phone shows the place, the pair, the partidas won and the
    efectividad; the other columns from 641 px on."""

    wins = NumberColumn(verbose_name=_("Побед"))
    draws = NumberColumn(optional=True, verbose_name=_("Ничьих"))
    efectividad = NumberColumn(verbose_name=_("Эффект."))
    points_for = NumberColumn(optional=True, verbose_name=_("Очки за"))
    sanction = NumberColumn(verbose_name=_("Вычеты"), attrs=WIDE)
    card = tables.Column(verbose_name=_("Карточка"), attrs={"td": {"class": "opt"}, "th": {"class": "opt"}})
    match_points = difference = deals_won = buchholz = None  # partidas won are its match points; no deals count

    class Meta(StandingsTable.Meta):
        attrs = {"class": "standings latin"}
        sequence = ("rank", "number", "label", "played", "wins", "draws", "losses", "byes", "efectividad",
                    "points_for", "points_against", "sanction", "card")
        template_name = "reports/standings_table_latin.html"


#: The standings table of each game whose columns differ from the sport game's (``tournaments.games``).
GAME_TABLES = {"kozel": KozelStandingsTable, "latin": LatinStandingsTable}


class PlayersTable(tables.Table):
    rank = tables.Column(verbose_name=_("Место"), default="—", attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Игрок"), accessor="player__name", order_by=("player__sort_name",))
    club = tables.Column(verbose_name=_("Клуб / город"), accessor="player__club", attrs={"th": {"class": "opt"}})
    pair = NumberColumn(verbose_name=_("Пара"), accessor="pair_row__pair__number")
    match_points = NumberColumn(verbose_name=_("Очки матча"), accessor="pair_row__match_points")
    points_for = NumberColumn(optional=True, verbose_name=_("Очки за"), accessor="pair_row__points_for")
    dominoes = NumberColumn(verbose_name=_("Выходов"))
    remarks = NumberColumn(verbose_name=_("Замечаний"))

    class Meta:
        attrs = {"class": "standings"}
        row_attrs = {"class": lambda record: f"status-{record.pair_row.status}"}
        template_name = "reports/players_table.html"

    def render_rank(self, value, record):
        return value if value is not None else "—"

    def render_name(self, value, record):
        status = status_text(record.pair_row.status)
        if status:
            return format_html('{} <span class="badge {}">{}</span>', value, record.pair_row.status, status)
        return value


class KozelPlayersTable(PlayersTable):
    """Players in Kozel and Morskoy: the pair's goats (and, for kozel, its rating) — partners share them."""

    goats_received = NumberColumn(verbose_name=_("Козлов"), accessor="pair_row__goats_received")
    rating = NumberColumn(optional=True, verbose_name=_("Рейтинг"), accessor="pair_row__rating", default="")
    dominoes = NumberColumn(optional=True, verbose_name=_("Выходов"))
    remarks = NumberColumn(optional=True, verbose_name=_("Замечаний"))  # a phone: place, player, pair, points, goats

    class Meta(PlayersTable.Meta):
        sequence = ("rank", "name", "club", "pair", "match_points", "goats_received", "rating", "points_for",
                    "dominoes", "remarks")
        template_name = "reports/players_table_kozel.html"

    def __init__(self, *args, rating=True, **kwargs):
        if not rating:
            kwargs["exclude"] = tuple(kwargs.get("exclude") or ()) + ("rating",)
        super().__init__(*args, **kwargs)
        self.show_rating = rating
