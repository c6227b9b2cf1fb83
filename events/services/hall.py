"""The hall's layout for the hall map: how many rows of tables, how many tables in a row.

Tables stand by number, row by row (table 1 in the first row, first place). Both empty: no layout, the
map puts as many tables in a row as the screen holds. A layout smaller than a round's tables is allowed
(a round may have more tables than the plan): the map shows the others after the last row.
"""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from access.permissions import require_organizer
from audit.log import log_action
from core.converters import strict_int
from core.locking import locked
from tournaments.errors import InvalidInput
from tournaments.models import Tournament

MAX_ROWS = 100
MAX_COLUMNS = 40


def _count(value, field, maximum, what):
    if value is None or str(value).strip() == "":
        return None
    number = strict_int(value, 1, maximum)
    if number is None:
        raise InvalidInput(_("%(what)s: целое число от 1 до %(max)s.") % {"what": what, "max": maximum},
                           field=field, code="bad_layout")
    return number


def set_hall_layout(user, tournament: Tournament, *, rows, columns) -> Tournament:
    """The organizer sets the hall's rows × tables in a row (both empty: no layout)."""
    require_organizer(user, tournament)
    rows = _count(rows, "hall_rows", MAX_ROWS, _("Рядов"))
    columns = _count(columns, "hall_columns", MAX_COLUMNS, _("Столов в ряду"))
    if (rows is None) != (columns is None):
        raise InvalidInput(_("Укажите и число рядов, и число столов в ряду (или оставьте оба поля пустыми)."),
                           field="hall_rows" if rows is None else "hall_columns", code="half_layout")
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        before = {"rows": tournament.hall_rows, "columns": tournament.hall_columns}
        tournament.hall_rows, tournament.hall_columns = rows, columns
        tournament.save(update_fields=["hall_rows", "hall_columns"])
        log_action(tournament, "tournament.hall_layout", user=user, before=before,
                   after={"rows": rows, "columns": columns})
    return tournament
