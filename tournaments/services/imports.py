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
from .registration import CONTROL, _create_pair, clean_players, clean_rating

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
    """The file organizers fill in: one header row, one example row."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Пары"
    ws.append(cells(ws, [header for _key, header, _req in COLUMNS]))
    ws.append(cells(ws, EXAMPLE))
    for k in range(1, len(COLUMNS) + 1):
        ws.column_dimensions[get_column_letter(k)].width = 22
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
        players = [
            {"name": cell.get(f"player{k}_name"), "club": cell.get(f"player{k}_club"),
             "rating": cell.get(f"player{k}_rating")}
            for k in (1, 2)
        ]
        for p in players:
            if isinstance(p["rating"], str):
                p["rating"] = p["rating"].strip()
        try:
            cleaned = clean_players(players)
            rating = clean_rating(cell.get("rating"))
            name = " ".join(str(cell.get("name") or "").split())
            if len(name) > 200 or CONTROL.search(name):
                raise InvalidInput(_("Название пары: не больше 200 знаков, без управляющих символов."), field="name")
            parsed.append({"row": row_number, "players": cleaned, "name": name, "rating": rating})
        except InvalidInput as err:
            field = err.details.get("field", "")
            column = f"{header_of.get(field, field)} ({letter.get(field, '?')})"
            errors.append((row_number, column, err.message))
    if errors:
        raise ImportRejected(_("В файле есть ошибки; ничего не сохранено."), errors)
    if not parsed:
        raise TournamentError(_("В файле нет ни одной пары."), code="empty_file")
    return parsed


def import_pairs(user, tournament: Tournament, data: bytes, filename: str) -> list:
    """Register every pair of the file, or none of them."""
    require_organizer(user, tournament)
    rows = parse_pairs_file(data, filename)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.draw_closed:
            raise TournamentError(_("Жеребьёвка закрыта: регистрация новых пар окончена."), code="draw_closed")
        pairs = [_create_pair(tournament, r["players"], name=r["name"], rating=r["rating"]) for r in rows]
        log_action(tournament, "pairs.imported", user=user, after={"file": filename, "pairs": len(pairs)})
    return pairs
