"""Registration from a spreadsheet (.xlsx) or CSV: all rows or none."""
from __future__ import annotations

import io
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from access.permissions import require_organizer
from audit.log import log_action
from core.cells import cells
from core.locking import locked
from core.names import fold
from registry.matching import candidates
from tournaments.errors import ImportRejected, InvalidInput, RegistryMatches, TournamentError
from tournaments.models import Tournament

from .entrants import create_pair
from .import_files import Formula, filled_rows, open_sheet
from .registration import clean_text, collect, entrant_size, pair_label, pair_problems, registered_names

# (key, header as printed in the template, required)
COLUMNS = [
    ("player1_name", "Игрок 1", True),
    ("player1_club", "Клуб / город 1", False),
    ("player1_rating", "Рейтинг 1", False),
    ("player2_name", "Игрок 2", True),
    ("player2_club", "Клуб / город 2", False),
    ("player2_rating", "Рейтинг 2", False),
    ("name", "Название пары", False),
    ("rating", "Рейтинг пары", False),
    ("player1_federation_id", "ID федерации 1", False),
    ("player2_federation_id", "ID федерации 2", False),
]
# Read when present; the template has it when the tournament has a team standing (``Tournament.team_standing``).
TEAM_COLUMN = ("team_name", "Команда", False)
EXAMPLE = ["Иванов Иван", "Тверь", 1500, "Петров Пётр", "Тверь", "", "", "", "", ""]
TEAM_EXAMPLE = "Тверь-1"


@dataclass
class Proposal:
    """A player of the file whom the registry may already hold: row, player (1 or 2), as written, and who."""

    row: int
    player: int
    name: str
    club: str
    federation_id: str
    candidates: list

    @property
    def key(self) -> str:
        return f"{self.row}-{self.player}"


def template_xlsx(*, individual: bool = False, teams: bool = False) -> bytes:
    """The file organizers fill in: the header row only; the example is on a second sheet, never imported.

    ``individual``: an individual event's template, the columns of player 1 only (one player a row);
    ``teams``: with the column of the entrant's team (the team standing's).
    """
    columns = [c for c in COLUMNS if c[0].startswith("player1")] if individual else COLUMNS
    example_row = [EXAMPLE[COLUMNS.index(c)] for c in columns] + ([TEAM_EXAMPLE] if teams else [])
    columns = columns + [TEAM_COLUMN] if teams else columns
    wb = Workbook()
    ws = wb.active
    ws.title = "Игроки" if individual else "Пары"
    ws.append(cells(ws, [header for _key, header, _req in columns]))
    example = wb.create_sheet("Образец")
    example.append([_("Образец заполнения: впишите игроков на первый лист, начиная со второй строки.") if individual
                    else _("Образец заполнения: впишите пары на первый лист, начиная со второй строки.")])
    example.append([header for _key, header, _req in columns])
    example.append(cells(example, example_row))
    for sheet in (ws, example):
        for k in range(1, len(columns) + 1):
            sheet.column_dimensions[get_column_letter(k)].width = 22
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _cell_errors(cell: dict) -> list:
    """(field, message) for every formula or error value among the row's cells."""
    return [(key, _("в ячейке формула «%(f)s»: впишите текст или число, а не формулу") % {"f": str(v)[:40]})
            for key, v in cell.items() if isinstance(v, Formula)]


def parse_pairs_file(data: bytes, filename: str, *, size: int = 2, registered: dict | None = None) -> list[dict]:
    """Rows as dicts of cleaned players; raises ImportRejected listing every bad row (row, column, message).

    Every error of a row is listed (not the first alone), every row's at once; nothing in the file is left out
    silently. ``registered`` ({folded name: Player}, ``registered_names``): a player already registered in the
    tournament is an error of his row's cell, in the same report as the others.
    ``size`` 1 (an individual event): one player a row, in the columns of player 1; a filled column of
    player 2 is an error of its row.
    """
    sheet = open_sheet(data, filename, COLUMNS + [TEAM_COLUMN], required={
        key for key, _h, required in COLUMNS if required and (size == 2 or key.startswith("player1"))})
    positions = sheet.positions
    header_of = {key: h for key, h, _req in COLUMNS + [TEAM_COLUMN]}
    letter = {key: get_column_letter(k + 1) for key, k in positions.items()}
    parsed, errors, names = [], list(sheet.unknown), []
    for row_number, cell in filled_rows(sheet):
        if is_example_row(cell):
            continue  # the example of an older template, left in the data area
        row_errors = _cell_errors(cell)
        cell = {key: ("" if isinstance(v, Formula) else v) for key, v in cell.items()}
        players = [
            {"name": cell.get(f"player{k}_name"), "club": cell.get(f"player{k}_club"),
             "rating": cell.get(f"player{k}_rating"), "federation_id": cell.get(f"player{k}_federation_id")}
            for k in range(1, size + 1)
        ]
        if size == 1:
            row_errors += [(key, _("в личном зачёте в строке один игрок: столбцы игрока 2 оставьте пустыми"))
                           for key in ("player2_name", "player2_club", "player2_rating", "player2_federation_id")
                           if str(cell.get(key) or "").strip()]
        cleaned, name, rating, problems = pair_problems(players, cell.get("name"), cell.get("rating"))
        team_name = collect(problems, clean_text, cell.get("team_name"), field="team_name", what=lambda: _("команда"))
        formula_fields = {f for f, _m in row_errors}
        row_errors += [(e.details.get("field", ""), e.message) for e in problems
                       if e.details.get("field") not in formula_fields]
        names.append((row_number, [p["name"] for p in cleaned]))
        for k, player in enumerate(cleaned, start=1):
            other = (registered or {}).get(fold(player["name"])) if player["name"] else None
            if other is not None:
                row_errors.append((f"player{k}_name", _("«%(name)s» уже зарегистрирован: %(pair)s") % {
                    "name": player["name"], "pair": pair_label(other.pair)}))
        if row_errors:
            errors += [(row_number, f"{header_of.get(f, f)} ({letter.get(f, '?')})", m) for f, m in row_errors]
        else:
            parsed.append({"row": row_number, "players": cleaned, "name": name, "rating": rating,
                           "team_name": team_name or ""})
    errors += duplicate_rows(names, letter, header_of)
    if errors:
        errors.sort(key=lambda e: e[0])
        raise ImportRejected(_("В файле есть ошибки; ничего не сохранено."), errors)
    if not parsed:
        raise TournamentError(_("В файле нет ни одной пары."), code="empty_file")
    return parsed


def is_example_row(cell: dict) -> bool:
    """The template's example pair (names compared as ``names.fold`` does)."""
    return (fold(cell.get("player1_name")) == fold(EXAMPLE[0])
            and fold(cell.get("player2_name")) == fold(EXAMPLE[3]))


def duplicate_rows(names, letter, header_of) -> list:
    """(row, column, message) for every player named in two rows of the file.

    ``names`` lists (row, [player 1's name, player 2's name]) with None for a name that was refused;
    a player twice in one row is an error of that row already.
    """
    errors, seen = [], {}
    for row, pair in names:
        for k, name in enumerate(pair, start=1):
            if not name:
                continue
            key = fold(name)
            field = f"player{k}_name"
            if key in seen and seen[key] != row:
                errors.append((row, f"{header_of[field]} ({letter.get(field, '?')})",
                               _("«%(name)s» уже есть в строке %(row)s") % {"name": name, "row": seen[key]}))
            else:
                seen.setdefault(key, row)
    return errors


def duplicates_of_registered(tournament, rows) -> list:
    """(row, column, message) for every player of the file already registered in the tournament."""
    known = registered_names(tournament)
    errors = []
    for row in rows:
        for k, player in enumerate(row["players"], start=1):
            other = known.get(fold(player["name"]))
            if other is not None:
                errors.append((row["row"], dict((c[0], c[1]) for c in COLUMNS)[f"player{k}_name"],
                               _("«%(name)s» уже зарегистрирован: %(pair)s") % {"name": player["name"],
                                                                               "pair": pair_label(other.pair)}))
    return errors


def import_pairs(user, tournament: Tournament, data: bytes, filename: str, *, persons=None) -> list:
    """Register every pair of the file, or none of them.

    ``persons``: the organizer's answers to the registry's proposals, {"<row>-<player>": choice} (choices as
    ``registry.services.choose_persons`` reads them). A player found in the registry and not answered
    for refuses the whole file with the report of matches (``RegistryMatches``): nothing is saved.
    """
    require_organizer(user, tournament)
    rows = parse_pairs_file(data, filename, size=entrant_size(tournament), registered=registered_names(tournament))
    for row in rows:
        for k, player in enumerate(row["players"], start=1):
            player["person"] = (persons or {}).get(f"{row['row']}-{k}")
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        if tournament.draw_closed:
            raise TournamentError(_("Жеребьёвка закрыта: регистрация новых пар окончена."), code="draw_closed")
        duplicates = duplicates_of_registered(tournament, rows)
        if duplicates:
            raise ImportRejected(_("Некоторые игроки уже зарегистрированы; ничего не сохранено."), duplicates)
        proposals = registry_matches(rows)
        if proposals:
            raise RegistryMatches(proposals)
        pairs = []
        for r in rows:
            try:
                pairs.append(create_pair(user, tournament, r["players"], name=r["name"], rating=r["rating"],
                                         team_name=r["team_name"]))
            except InvalidInput as err:
                raise ImportRejected(_("Некоторые строки не связаны с реестром игроков; ничего не сохранено."),
                                     [(r["row"], _column(f), m) for f, m in err.field_errors()]) from None
        log_action(tournament, "pairs.imported", user=user, after={"file": filename, "pairs": len(pairs)})
    return pairs


def _column(field) -> str:
    """The file's column of a registration field (player k's registry choice: his name's column)."""
    field = str(field or "").replace("_person", "_name")
    return dict((c[0], c[1]) for c in COLUMNS).get(field, field)


def registry_matches(rows) -> list:
    """The report of the registry's proposals the organizer has not answered: one ``Proposal`` a player."""
    out = []
    for row in rows:
        for k, player in enumerate(row["players"], start=1):
            if player.get("person"):
                continue
            found = candidates(player["name"], player.get("club") or "", player.get("federation_id"))
            if found:
                out.append(Proposal(row["row"], k, player["name"], player.get("club") or "",
                                    player.get("federation_id") or "", found))
    return out
