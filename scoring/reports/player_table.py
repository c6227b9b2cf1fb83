"""The standings of an individual event as columns of players: one list of columns for the standings page, the
workbook's standings sheet, the standings PDF and the report (docs/rules-individual.md §6–§7).

A row is a ``standings_individual.IndividualRow``: ``row.pair`` is the player's entry (``number`` = his number,
``players`` = (name,)). The columns are those of docs/rules-individual.md §7, in its order: the player's place,
number, name and club, then parties, wins, draws, losses and sit-outs, match points, the Kozel family's games and
goats (and rating), points for and against, the difference, deals won, the opponents' Buchholz, the partners'
score and Sonneborn-Berger — always, whatever the tournament's order — and after them a tie-break of the order
that §7 does not list (head-to-head).

On a phone (the page's class "") the table keeps the place, the number, the name, the match points, the
difference and the tie-breaks of §7 that the tournament's order uses, under short headings (``phone``; the full
one in the title), as the team standings do; the rest comes with a wider screen, and from 1101 px every column
of §7 is shown.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from engine.ranking.standings import DISQUALIFIED, WITHDRAWN
from scoring.models import Card
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
    phone: str = ""  # the page's heading on a phone, when the column stays there (``title`` in its tooltip)

    @property
    def page_title(self):
        return self.page or self.title


def _col(key, title, short, width=9, css=OPT, pdf=True, page="", phone=""):
    return PlayerColumn(key, title, short, width, lambda r, k=key: getattr(r, k), css, pdf, page, phone)


def _plain(x):
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


SPORT = [
    _col("played", gettext_lazy("Партий"), gettext_lazy("Игр"), 8, WIDE),  # wins + draws + losses
    _col("wins", gettext_lazy("Побед"), gettext_lazy("Поб."), 8),
    _col("draws", gettext_lazy("Ничьих"), pgettext_lazy("сокращение: ничьих", "Нич."), 8, WIDE),
    _col("losses", gettext_lazy("Поражений"), gettext_lazy("Пор."), 11, page=gettext_lazy("Пораж.")),
    _col("byes", gettext_lazy("Пропусков"), pgettext_lazy("сокращение: пропусков тура", "Проп."), 10),
    _col("match_points", gettext_lazy("Очки матча"), gettext_lazy("Очки матча"), 11, "",
         phone=pgettext_lazy("сокращение: очки матча", "Очки")),
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
              "difference": WIDE, "deals_won": XWIDE}
RATING = _col("rating", gettext_lazy("Рейтинг"), gettext_lazy("Рейтинг"), 9, OPT)
POINTS = [
    _col("points_for", gettext_lazy("Очки за"), gettext_lazy("За"), 10),
    _col("points_against", gettext_lazy("Очки против"), gettext_lazy("Против"), 12, WIDE, page=gettext_lazy("Против")),
    _col("difference", gettext_lazy("Разность"), gettext_lazy("Разн."), 10, "", page=gettext_lazy("Разн.")),
]
# docs/rules-individual.md §7: after the points, always (the tie-breaks of them that the order uses stay on a phone).
RULES_FIGURES = [
    _col("deals_won", gettext_lazy("Выиграно раздач"), gettext_lazy("Раздач"), 11, WIDE, page=gettext_lazy("Раздач")),
    _col("buchholz", gettext_lazy("Бухгольц соперников"), gettext_lazy("Бухг."), 12,
         page=gettext_lazy("Бухгольц"), phone=pgettext_lazy("сокращение: Бухгольц", "Бух.")),  # the legend says whose
    _col("partners_score", gettext_lazy("Очки партнёров"), gettext_lazy("Очки партн."), 11,
         phone=pgettext_lazy("сокращение: очки партнёров", "Партн.")),
    _col("sonneborn_berger", gettext_lazy("Зоннеборн-Бергер"), gettext_lazy("З.-Б."), 12, WIDE,
         page=gettext_lazy("З.-Б."), phone=gettext_lazy("З.-Б.")),
]
PHONE_TIEBREAKS = ("buchholz", "partners_score", "sonneborn_berger")
# The tie-break columns §7 does not list, printed when the tournament's order uses them (in that order).
TIEBREAK_COLUMNS = {
    # filled only where it decided a tie: a full-HD screen shows it
    "head_to_head": _col("head_to_head", gettext_lazy("Личные встречи"), gettext_lazy("Личн. встр."), 10, XWIDE),
}


# The partnership game (RULES-LATIN.md §8.3): partidas won, efectividad and points rank a player as a pair; the
# deductions and the highest card of the sides he sat on follow; no deals, Buchholz or partners' score.
_SHARED = {c.key: c for c in SPORT + POINTS}
LATIN = [
    _SHARED["played"], replace(_SHARED["wins"], css=""), _SHARED["losses"], _SHARED["byes"],
    _col("efectividad", gettext_lazy("Эффективность"), gettext_lazy("Эффект."), 13, "", page=gettext_lazy("Эффект.")),
    _SHARED["points_for"], _SHARED["points_against"],
    _col("sanction", gettext_lazy("Вычеты"), gettext_lazy("Вычеты"), 9, WIDE),
    PlayerColumn("card", gettext_lazy("Карточка"), gettext_lazy("Карточка"), 11, lambda r: Card.shown(r.card), WIDE),
]


def columns(standings) -> list[PlayerColumn]:
    """The figures of a player's line after his name and club, for ``standings`` (``selectors.Standings``)."""
    if standings.latin:
        return list(LATIN)
    cols = list(SPORT)
    if standings.goats:
        cols += GOATS + ([RATING] if standings.rating else [])
    cols += POINTS + RULES_FIGURES
    cols += [TIEBREAK_COLUMNS[n] for n in standings.tiebreaks if n in TIEBREAK_COLUMNS]
    if standings.goats:
        cols = [replace(c, css=KOZEL_WIDE[c.key]) if c.key in KOZEL_WIDE else c for c in cols]
    return [replace(c, css="") if c.key in PHONE_TIEBREAKS and c.key in standings.tiebreaks else c for c in cols]



# What the hall screen (the projector) adds for an individual event to its columns (parties, match points, points,
# difference): the rest of §7; the tie-breaks of the order from a tablet on, the others on a full-HD hall screen
# (its classes: "opt" from 601 px, "wide" from 1101 px, "xwide" from 1701 px).
PROJECTOR_FIGURES = ("draws", "points_against", "deals_won", "buchholz", "partners_score", "sonneborn_berger")


def projector_figures(standings) -> list[PlayerColumn]:
    """The figures the projector adds after the difference, each with its class on the projector's page."""
    by_key = {c.key: c for c in columns(standings)}
    return [replace(by_key[k], css="opt" if k in standings.tiebreaks else "opt wide xwide") for k in PROJECTOR_FIGURES
            if k in by_key]  # the partnership game's columns have no deals, Buchholz or partners' score


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



# What a page too narrow for every figure leaves out first (derivable or secondary ones first: draws = played −
# wins − losses, points against = points for − difference). The standings PDF turns landscape instead (§7 lists
# them all); the final report's portrait page leaves them out.
PDF_DROP = ("draws", "points_against", "played", "dry_goats", "games_won", "sonneborn_berger", "deals_won",
            "points_for", "wins", "losses")


def pdf_figures(standings, measure, width: float, *, names_min: float = 190) -> tuple[list[PlayerColumn], bool]:
    """(the figures a PDF prints, whether it kept every one): ``columns`` marked ``pdf``, less those of
    ``PDF_DROP`` (in turn) while the name and club would keep under ``names_min`` of ``width``;
    ``measure(column)`` is a column's printed width."""
    cols = [c for c in columns(standings) if c.pdf]
    every = len(cols)
    for key in PDF_DROP:
        if width - sum(measure(c) for c in cols) >= names_min:
            break
        cols = [c for c in cols if c.key != key]
    return cols, len(cols) == every
