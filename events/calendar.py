"""The site's front page: the calendar of public tournaments — in play, upcoming, finished — with its filters.

Which tournaments: the public ones not archived (``public_tournaments``), as the open read API shows them;
a tournament marked private or archived is on no public list. Where a tournament stands is computed from
its dates and its rounds, never stored (docs/architecture.md, «Календарь турниров»):

* **finished** — its rounds are played: the planned rounds of stage 1 are reached, every round shown is
  finished, and a second stage, if it has one, has played all its rounds; or its last day (the end date,
  else the start date) is before today.
* **in play** — not finished, and a round is shown (published or finished) or its first day has come.
* **upcoming** — neither: its first day is after today and no round is shown yet.

A draft round counts for nothing: the public does not see it. The filters: the city (compared as names are,
«ё» = «е», any case), the game (the family of the rules preset: sport dominoes, the Kozel family, hand
points) and the format (pairs, individual…). One query reads the few columns of every public tournament
(one more for the finalists of events in stages), the groups and the filters are applied to those rows, and
one query reads the tournaments of the page: a fixed number of queries for any number of tournaments.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.names import fold
from engine.pairing import rounds_needed
from engine.pairing.bracket import rounds_of
from engine.rules.config import KOZEL_PRESETS, SPORT_PRESETS
from tournaments import formats
from tournaments.models import FinalKind, Qualification, RoundStatus, Tournament
from tournaments.presets import preset_label, site_presets

IN_PLAY, UPCOMING, FINISHED = "in_play", "upcoming", "finished"
GROUPS = {IN_PLAY: _("Идут"), UPCOMING: _("Предстоящие"), FINISHED: _("Завершённые")}  # in the page's order
STATES = {IN_PLAY: _("идёт"), UPCOMING: _("предстоит"), FINISHED: _("завершён")}  # one tournament's
GAMES = {"sport": _("Спортивное домино"), "kozel": _("Козёл, морской козёл"), "hand": _("Игра на очки")}
GAME_PRESETS = {"sport": SPORT_PRESETS, "kozel": KOZEL_PRESETS,
                "hand": tuple(p for p in site_presets() if p not in SPORT_PRESETS + KOZEL_PRESETS)}


def game_of(preset: str) -> str:
    """The game (a key of ``GAMES``) a rules preset plays."""
    return next((game for game, presets in GAME_PRESETS.items() if preset in presets), "sport")


def public_tournaments():
    """The tournaments any visitor may find: public and not archived."""
    return Tournament.objects.filter(is_public=True, archived_at__isnull=True)


@dataclass(frozen=True)
class Progress:
    """What the calendar knows of one tournament: its dates and the counts of its shown rounds."""

    pk: int
    start: datetime.date
    end: datetime.date | None
    rounds_planned: int
    final_kind: str
    shown: int = 0            # rounds published or finished
    in_play: int = 0          # rounds published, not finished
    stage1: int = 0           # shown rounds of stage 1
    stage2: int = 0           # shown rounds of stage 2
    finalists: int = 0        # confirmed finalists of stage 2
    city: str = ""
    format: str = ""
    preset: str = ""
    groups: int | None = None  # stage 2 in groups: how many, and how many of each go to the bracket
    group_qualifiers: int | None = None

    @property
    def last_day(self) -> datetime.date:
        return self.end or self.start

    @property
    def rounds_complete(self) -> bool:
        if not self.shown or self.in_play or self.stage1 < (self.rounds_planned or 0):
            return False
        if self.final_kind == FinalKind.NONE:
            return True
        if not self.finalists:
            return False
        needed = rounds_of(self.finalists) if self.final_kind == FinalKind.KNOCKOUT else rounds_needed(self.finalists)
        if self.final_kind == FinalKind.GROUPS and self.groups and self.group_qualifiers:  # at least; a match of
            needed = (rounds_needed(self.finalists // self.groups)  # several parties adds rounds
                      + rounds_of(self.groups * self.group_qualifiers))
        return self.stage2 >= needed


def group_of(progress: Progress, today: datetime.date) -> str:
    """In play, upcoming or finished (the module's docstring)."""
    if progress.rounds_complete or progress.last_day < today:
        return FINISHED
    if progress.shown or progress.start <= today:
        return IN_PLAY
    return UPCOMING


def _counts():
    shown = ~Q(rounds__status=RoundStatus.DRAFT)
    return {"n_shown": Count("rounds", filter=shown),
            "n_in_play": Count("rounds", filter=Q(rounds__status=RoundStatus.PUBLISHED)),
            "n_stage1": Count("rounds", filter=shown & Q(rounds__stage=1)),
            "n_stage2": Count("rounds", filter=shown & Q(rounds__stage__gte=2))}


COLUMNS = ("pk", "start_date", "end_date", "rounds_planned", "final_kind", "n_shown", "n_in_play", "n_stage1",
           "n_stage2", "city", "format", "rules_preset", "final_groups", "final_group_qualifiers")


def progress_rows(queryset) -> list[Progress]:
    """The ``Progress`` of every tournament of ``queryset`` (two queries at most)."""
    rows = list(queryset.order_by().annotate(**_counts()).values_list(*COLUMNS))
    staged = [row[0] for row in rows if row[4] != FinalKind.NONE]
    finalists = dict(Qualification.objects.filter(tournament_id__in=staged, stage=2).order_by()
                     .values_list("tournament_id").annotate(n=Count("id")).values_list("tournament_id", "n")
                     ) if staged else {}
    return [Progress(pk, start, end, planned, kind, shown, in_play, stage1, stage2, finalists.get(pk, 0),
                     city, fmt, preset, groups, qualifiers)
            for pk, start, end, planned, kind, shown, in_play, stage1, stage2, city, fmt, preset, groups, qualifiers
            in rows]


def state_of_tournament(tournament, today: datetime.date | None = None) -> tuple[str, str]:
    """(group, the words its page says): a tournament whose dates have passed without a round shown is not
    «завершён» — its page says that no results were published."""
    found = progress_rows(Tournament.objects.filter(pk=tournament.pk))
    if not found:
        return UPCOMING, str(STATES[UPCOMING])
    group = group_of(found[0], today or timezone.localdate())
    if group == FINISHED and not found[0].shown:
        return group, str(_("даты прошли, результатов нет"))
    return group, str(STATES[group])


def cities(rows: list[Progress]) -> list[str]:
    """The cities of the calendar, each once (its first spelling), in name order."""
    seen = {}
    for row in sorted(rows, key=lambda r: r.pk):
        if row.city and fold(row.city) not in seen:
            seen[fold(row.city)] = row.city
    return [seen[key] for key in sorted(seen)]


@dataclass(frozen=True)
class Filters:
    """The visitor's choice, already checked by the page's form (empty: any)."""

    when: str = ""
    city: str = ""
    game: str = ""
    format: str = ""


def _order(row: Progress, group: str) -> tuple:
    index = list(GROUPS).index(group)
    if group == FINISHED:  # the latest first
        return index, -row.last_day.toordinal(), -row.start.toordinal(), -row.pk
    return index, row.start.toordinal(), row.last_day.toordinal(), row.pk


def calendar_ids(rows: list[Progress], filters: Filters, today: datetime.date) -> list[tuple[Progress, str]]:
    """(progress, group) of the tournaments the filters keep, in the page's order: in play, upcoming (soonest
    first), finished (latest first)."""
    city = fold(filters.city)
    presets = GAME_PRESETS.get(filters.game)
    kept = []
    for row in rows:
        group = group_of(row, today)
        if (filters.when and group != filters.when) or (city and fold(row.city) != city) \
                or (presets is not None and row.preset not in presets) \
                or (filters.format and row.format != filters.format):
            continue
        kept.append((_order(row, group), row, group))
    kept.sort(key=lambda item: item[0])
    return [(row, group) for _key, row, group in kept]


@dataclass(frozen=True)
class Item:
    tournament: Tournament   # with its entrants' counts (``formats.count_annotations``)
    group: str
    progress: Progress

    @property
    def group_label(self) -> str:
        return str(GROUPS[self.group])

    @property
    def game_label(self) -> str:
        return f"{GAMES[game_of(self.progress.preset)]}, «{preset_label(self.progress.preset)}»"


def page_items(items) -> list[Item]:
    """The tournaments of one page of ``calendar_ids`` (one query)."""
    items = list(items)
    found = Tournament.objects.filter(pk__in=[row.pk for row, _group in items]).annotate(
        **formats.count_annotations()).in_bulk()
    return [Item(found[row.pk], group, row) for row, group in items if row.pk in found]
