"""The organizer's export of the entries with their contacts: one row per person (a pair's two players, a team's
players and reserves), written once and rendered to xlsx (``scoring.reports.xlsx``) or CSV.

The file holds what only the organizer sees (birth years, contacts: docs/registration.md §2), so only he
downloads it (``views_manage.export_view``). Every text goes through ``core.cells``: a name such as ``=1+1``
stays text in both files.
"""
from __future__ import annotations

import csv
import io

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from core.cells import csv_field
from scoring.reports.tabular import Column, Table
from scoring.reports.xlsx import write_workbook

from .models import Entry


def _columns(teams: bool) -> list[Column]:
    return [Column(_("№ заявки"), 9), Column(_("Статус"), 18), Column(_("Подана"), 16),
            *([Column(_("Команда"), 22)] if teams else []), Column(_("Заявка"), 34), Column(_("Игрок"), 26),
            Column(_("Клуб"), 18), Column(_("Город"), 16), Column(_("Год рождения"), 10),
            Column(_("ID федерации"), 14), Column(_("Телефон или e-mail"), 24), Column(_("Прибытие отмечено"), 16),
            Column(_("Причина отказа"), 30)]


def _when(moment) -> str:
    return date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT") if moment else ""


def _rows(entries, teams: bool) -> list[list]:
    rows = []
    for entry in entries:
        people = [(p, "") for p in entry.players or []] + [(p, _("запасной")) for p in entry.reserves or []]
        for person, role in people:
            name = person.get("name") or ""
            rows.append([entry.pk, entry.get_status_display(), _when(entry.submitted_at),
                         *([entry.team_name] if teams else []), entry.names(),
                         f"{name} ({role})" if role else name, person.get("club") or "", person.get("city") or "",
                         person.get("birth_year"), person.get("federation_id") or "", entry.contact,
                         _when(entry.checked_in_at), entry.refusal_reason])
    return rows


def entries_table(tournament) -> Table:
    """Every entry of the tournament in the order it was sent, whatever its status."""
    teams = tournament.format_spec.has_teams
    entries = Entry.objects.filter(tournament=tournament).order_by("submitted_at", "id")
    return Table(_("Заявки"), _columns(teams), _rows(entries, teams))


def entries_xlsx(tournament) -> bytes:
    return write_workbook([entries_table(tournament)])


def entries_csv(tournament) -> bytes:
    """UTF-8 with its mark (Excel reads Cyrillic so), «;» between the fields, as a Russian Excel expects."""
    table = entries_table(tournament)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    writer.writerow([c.title for c in table.columns])
    for row in table.rows:
        writer.writerow(["" if v is None else csv_field(v) for v in row])
    return out.getvalue().encode("utf-8-sig")
