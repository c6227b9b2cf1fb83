"""Registration from a spreadsheet (.xlsx) or CSV: all rows or none."""
from __future__ import annotations

import csv
import io

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from openpyxl import Workbook, load_workbook
from openpyxl.utils import get_column_letter

from referees.models import log_action
from scoring.reports.xlsx import cells

from ..errors import ImportRejected, InvalidInput, TournamentError
from ..models import Tournament
from ..permissions import require_organizer
from ..names import fold
from .registration import _create_pair, clean_pair_fields, clean_player, pair_label, registered_names

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
]
HEADERS = {header.lower(): key for key, header, _req in COLUMNS}
EXAMPLE = ["Иванов Иван", "Тверь", 1500, "Петров Пётр", "Тверь", "", "", ""]


def max_rows() -> int:
    """How many rows after the header an import reads at most (setting IMPORT_MAX_ROWS)."""
    return int(getattr(settings, "IMPORT_MAX_ROWS", 5000))


def template_xlsx() -> bytes:
    """The file organizers fill in: the header row only; the example is on a second sheet, never imported."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Пары"
    ws.append(cells(ws, [header for _key, header, _req in COLUMNS]))
    example = wb.create_sheet("Образец")
    example.append([_("Образец заполнения: впишите пары на первый лист, начиная со второй строки.")])
    example.append([header for _key, header, _req in COLUMNS])
    example.append(cells(example, EXAMPLE))
    for sheet in (ws, example):
        for k in range(1, len(COLUMNS) + 1):
            sheet.column_dimensions[get_column_letter(k)].width = 22
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _rows_xlsx(data: bytes):
    try:
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises several kinds for a file that is not a workbook
        raise TournamentError(_("Файл не читается как таблица Excel (.xlsx)."), code="bad_file") from None
    ws = wb.worksheets[0]
    for values in ws.iter_rows(values_only=True):
        yield ["" if v is None else v for v in values]


def _delimiter(first_line: str) -> str:
    """The separator of the header row: the one of ``;``, ``,`` and tab it uses most (outside quotes)."""
    outside = "".join(part for k, part in enumerate(first_line.split('"')) if k % 2 == 0)
    counts = {d: outside.count(d) for d in (";", ",", "\t")}
    best = max(counts, key=counts.get)
    return best if counts[best] else ","


def _rows_csv(data: bytes):
    for encoding in ("utf-8-sig", "cp1251"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise TournamentError(_("Не удалось прочитать кодировку файла CSV."), code="bad_file")
    # Only the separator is guessed; quoting is always the spreadsheets' own: a field in double quotes,
    # a quote inside it doubled ("Иванов ""Ваня"" Иван"), line breaks allowed inside quotes.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text.split("\n", 1)[0]),
                        quotechar='"', doublequote=True, strict=True)
    try:
        yield from reader
    except csv.Error as exc:
        raise TournamentError(_("Строка %(n)s файла CSV не читается: проверьте кавычки.") % {"n": reader.line_num},
                              code="bad_file") from exc


def parse_pairs_file(data: bytes, filename: str) -> list[dict]:
    """Rows as dicts of cleaned players; raises ImportRejected listing every bad row (row, column, message)."""
    rows = _rows_xlsx(data) if filename.lower().endswith(".xlsx") else _rows_csv(data)
    header = next(rows, None)
    if header is None:
        raise TournamentError(_("Файл пуст."), code="empty_file")
    positions = {}
    for k, title in enumerate(header):
        key = HEADERS.get(str(title).strip().lower())
        if key:
            positions[key] = k
    missing = [h for key, h, required in COLUMNS if required and key not in positions]
    if missing:
        raise ImportRejected(
            _("В первой строке нет столбцов: %(cols)s.") % {"cols": ", ".join(missing)},
            [(1, h, _("нет такого столбца")) for h in missing],
        )
    header_of = {key: h for key, h, _req in COLUMNS}
    letter = {key: get_column_letter(k + 1) for key, k in positions.items()}
    parsed, errors = [], []
    limit = max_rows()
    for row_number, values in enumerate(rows, start=2):
        if row_number - 1 > limit:
            raise TournamentError(_("В файле больше %(n)s строк после заголовка: разделите его на части.") % {
                "n": limit}, code="too_many_rows")
        cell = {key: (values[k] if k < len(values) else "") for key, k in positions.items()}
        if all(str(v).strip() == "" for v in cell.values()):
            continue
        if is_example_row(cell):
            continue  # the example of an older template, left in the data area
        players = [
            {"name": cell.get(f"player{k}_name"), "club": cell.get(f"player{k}_club"),
             "rating": cell.get(f"player{k}_rating")}
            for k in (1, 2)
        ]
        for p in players:
            if isinstance(p["rating"], str):
                p["rating"] = p["rating"].strip()
        try:
            cleaned = [clean_player(p, k) for k, p in enumerate(players, start=1)]
            name, rating = clean_pair_fields(cell.get("name"), cell.get("rating"))
            parsed.append({"row": row_number, "players": cleaned, "name": name, "rating": rating})
        except InvalidInput as err:
            field = err.details.get("field", "")
            column = f"{header_of.get(field, field)} ({letter.get(field, '?')})"
            errors.append((row_number, column, err.message))
    errors += duplicate_rows(parsed, letter, header_of)
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


def duplicate_rows(parsed, letter, header_of) -> list:
    """(row, column, message) for every player named twice in the file (in one row or in two)."""
    errors, seen = [], {}
    for row in parsed:
        for k, player in enumerate(row["players"], start=1):
            key = fold(player["name"])
            field = f"player{k}_name"
            column = f"{header_of[field]} ({letter.get(field, '?')})"
            if key in seen:
                first_row, first_k = seen[key]
                if first_row == row["row"]:
                    message = _("«%(name)s» указан в паре дважды") % {"name": player["name"]}
                else:
                    message = _("«%(name)s» уже есть в строке %(row)s") % {"name": player["name"], "row": first_row}
                errors.append((row["row"], column, message))
            else:
                seen[key] = (row["row"], k)
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


def import_pairs(user, tournament: Tournament, data: bytes, filename: str) -> list:
    """Register every pair of the file, or none of them."""
    require_organizer(user, tournament)
    rows = parse_pairs_file(data, filename)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.draw_closed:
            raise TournamentError(_("Жеребьёвка закрыта: регистрация новых пар окончена."), code="draw_closed")
        duplicates = duplicates_of_registered(tournament, rows)
        if duplicates:
            raise ImportRejected(_("Некоторые игроки уже зарегистрированы; ничего не сохранено."), duplicates)
        pairs = [_create_pair(tournament, r["players"], name=r["name"], rating=r["rating"]) for r in rows]
        log_action(tournament, "pairs.imported", user=user, after={"file": filename, "pairs": len(pairs)})
    return pairs
