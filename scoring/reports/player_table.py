"""The standings of an individual event as columns of players: one list of columns for the standings page, the
workbook's standings sheet, the standings PDF and the report (docs/rules-individual.md §6–§7).

A row is a ``standings_individual.IndividualRow``: ``row.pair`` is the player's entry (``number`` = his number,
``players`` = (name,)). The columns are the player's place, number, name and club, then parties, sit-outs, wins,
draws and losses, match points, the Kozel family's games and goats, points, and the tie-break columns the
tournament's order uses (opponents' Buchholz, the partners' score, Sonneborn-Berger, head-to-head, deals won).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from engine.ranking.standings import DISQUALIFIED, WITHDRAWN
from tournaments.models import Player

from .tabular import Column, Table, standings_title

# Page classes (static/reports/style.css): "" always shown; "opt" from 641 px; "wide" from 1101 px; "xwide"
# from 1701 px.
OPT, WIDE, XWIDE = "opt", "opt wide", "opt wide xwide"


@dataclass(frozen=True)
class PlayerColumn:
    key: str  # the row's attribute (the page sorts by it)
    title: str  # the page's and the sheet's heading
    short: str  # the PDF's narrow heading
    width: float  # the sheet's width, in characters
    value: Callable
    css: str = OPT  # the page's class (which screens show it)
    pdf: bool = True  # printed on the A4 lists
    page: str = ""  # the page's heading when shorter than ``title``

    @property
    def page_title(self):
        return self.page or self.title


def _col(key, title, short, width=9, css=OPT, pdf=True, page=""):
    return PlayerColumn(key, title, short, width, lambda r, k=key: getattr(r, k), css, pdf, page)


def _plain(x):
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


SPORT = [
    _col("played", gettext_lazy("Партий"), gettext_lazy("Игр"), 8, WIDE),  # wins + draws + losses
    _col("byes", gettext_lazy("Пропусков"), pgettext_lazy("сокращение: пропусков тура", "Проп."), 10),
    _col("wins", gettext_lazy("Побед"), gettext_lazy("Поб."), 8),
    _col("draws", gettext_lazy("Ничьих"), pgettext_lazy("сокращение: ничьих", "Нич."), 8, XWIDE),
    _col("losses", gettext_lazy("Поражений"), gettext_lazy("Пор."), 11, page=gettext_lazy("Пораж.")),
    _col("match_points", gettext_lazy("Очки матча"), gettext_lazy("Очки матча"), 11, ""),
]
GOATS = [  # the page's headings are the pairs' Kozel page's (its legend explains them)
    _col("games_won", gettext_lazy("Выиграно игр"), gettext_lazy("Выигр. игр"), 9, WIDE,
         page=gettext_lazy("Игр выиграно")),
    _col("goats_received", gettext_lazy("Козлов получено"), gettext_lazy("Козлов"), 10, OPT,
         page=gettext_lazy("Козлов")),
    _col("goats_given", gettext_lazy("Козлов отдано"), gettext_lazy("Козлов дано"), 10, XWIDE, pdf=False,
         page=gettext_lazy("Козлов дано")),
    _col("goats_difference", gettext_lazy("Разность козлов"), gettext_lazy("± козлов"), 10, "",
         page=gettext_lazy("± козлов")),
    _col("dry_goats", gettext_lazy("Сухих козлов получено"), gettext_lazy("Сухих"), 11, WIDE, page=gettext_lazy("Сухих")),
    _col("dry_goats_given", gettext_lazy("Сухих козлов отдано"), gettext_lazy("Сухих дано"), 11, XWIDE, pdf=False,
         page=gettext_lazy("Сухих дано")),
]
# In the Kozel family the goats rank first: what they make secondary needs a wider screen (as on the pairs' page).
KOZEL_WIDE = {"draws": XWIDE, "losses": XWIDE, "played": XWIDE, "points_for": XWIDE, "points_against": XWIDE,
              "difference": WIDE}
RATING = _col("rating", gettext_lazy("Рейтинг"), gettext_lazy("Рейтинг"), 9, OPT)
POINTS = [
    _col("points_for", gettext_lazy("Очки за"), gettext_lazy("За"), 10),
    _col("points_against", gettext_lazy("Очки против"), gettext_lazy("Против"), 12, XWIDE, page=gettext_lazy("Против")),
    _col("difference", gettext_lazy("Разность"), gettext_lazy("Разн."), 10, "", page=gettext_lazy("Разн.")),
]
# The tie-break columns, printed when the tournament's order uses them (in that order).
TIEBREAK_COLUMNS = {
    "buchholz": _col("buchholz", gettext_lazy("Бухгольц соперников"), gettext_lazy("Бухг."), 12,
                     page=gettext_lazy("Бухгольц")),  # the page's legend says whose
    "partners_score": _col("partners_score", gettext_lazy("Очки партнёров"), gettext_lazy("Очки партн."), 11),
    "sonneborn_berger": _col("sonneborn_berger", gettext_lazy("Зоннеборн-Бергер"), gettext_lazy("З.-Б."), 12, WIDE),
    # filled only where it decided a tie: a full-HD screen shows it
    "head_to_head": _col("head_to_head", gettext_lazy("Личные встречи"), gettext_lazy("Личн. встр."), 10, XWIDE),
    "deals_won": _col("deals_won", gettext_lazy("Выиграно раздач"), gettext_lazy("Раздач"), 11, XWIDE),
}


def columns(standings) -> list[PlayerColumn]:
    """The figures of a player's line after his name and club, for ``standings`` (``selectors.Standings``)."""
    cols = list(SPORT)
    if standings.goats:
        cols += GOATS + ([RATING] if standings.rating else [])
    cols += POINTS
    shown = {c.key for c in cols}
    cols += [TIEBREAK_COLUMNS[n] for n in standings.tiebreaks if n in TIEBREAK_COLUMNS and n not in shown]
    if standings.goats:
        cols = [replace(c, css=KOZEL_WIDE[c.key]) if c.key in KOZEL_WIDE else c for c in cols]
    return cols


def cell(col: PlayerColumn, row):
    """A column's value of ``row`` as a figure (1.0 is 1; no value at all is "")."""
    value = _plain(col.value(row))
    return "" if value is None else value


def entrant_clubs(tournament) -> dict:
    """{entrant id: the player's club / city} of an individual event (one query)."""
    return dict(Player.objects.filter(pair__tournament=tournament).exclude(club="").values_list("pair_id", "club"))


def player_status_text(status: str) -> str:
    """A player's status beside his name: only a player who left or was removed has one."""
    if status == DISQUALIFIED:
        return _("Снят с турнира")
    if status == WITHDRAWN:
        return _("Снялся")
    return ""


def standings_sheet(standings, clubs: dict) -> Table:
    """The workbook's standings sheet of an individual event (titled as the pairs' one)."""
    cols = columns(standings)
    head = [Column(_("Место"), 7, True), Column(_("№ игрока"), 8, True), Column(_("Игрок"), 32),
            Column(_("Клуб / город"), 20), Column(_("Статус"), 16)]
    rows = [[r.rank, r.pair.number, r.pair.label, clubs.get(r.pair.id, ""),
             player_status_text(r.status) or _("Играет")] + [_plain(c.value(r)) for c in cols]
            for r in standings.rows]
    return Table(standings_title(standings), head + [Column(str(c.title), c.width, True) for c in cols], rows, freeze="D2")



# What a portrait A4 page leaves out first when its figures leave too little room for the names (derivable or
# secondary ones first: draws = played − wins − losses, points against = points for − difference).
PDF_DROP = ("draws", "points_against", "played", "dry_goats", "games_won", "sonneborn_berger", "deals_won",
            "points_for", "wins", "losses")


DERIVABLE = ("draws", "points_against", "played")  # the first three of PDF_DROP: the others print them


def pdf_figures(standings, measure, width: float, *, names_min: float = 190) -> tuple[list[PlayerColumn], bool]:
    """(the figures a PDF prints, whether it left out only ``DERIVABLE`` ones): ``columns`` marked ``pdf``, less
    those of ``PDF_DROP`` (in turn) while the name and club would keep under ``names_min`` of ``width``;
    ``measure(column)`` is a column's printed width."""
    cols = [c for c in columns(standings) if c.pdf]
    every = {c.key for c in cols} - set(DERIVABLE)
    for key in PDF_DROP:
        if width - sum(measure(c) for c in cols) >= names_min:
            break
        cols = [c for c in cols if c.key != key]
    return cols, every <= {c.key for c in cols}
