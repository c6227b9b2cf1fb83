"""Reading a registration file (.xlsx or CSV) that may be hostile: bounded, and every refusal in Russian.

An .xlsx is a zip of XML files. Before anything is parsed, the archive's own
table of contents is checked: at most ``MAX_MEMBERS`` files, at most
``MAX_UNPACKED`` bytes unpacked in all, and no file larger than a megabyte
packed more than ``MAX_RATIO`` times (a real sheet packs 5–20 times; a cell of
400 MB of one letter packs a thousand times). ``zipfile`` never unpacks more
than the size the table declares (a lying table fails its checksum). The XML
is parsed by openpyxl with ``defusedxml``: a DTD's entities (external ones,
"billion laughs") are refused. Only the first sheet is read, only its first
``MAX_COLUMNS`` columns and the rows the import may take. A formula or an
error value in a cell is reported, not read as empty.

A CSV is UTF-8 (with or without BOM), UTF-16 (with BOM, or recognised by its
zero bytes), Windows-1251 or KOI8-R; between the last two the one whose
header row names the template's columns wins, else the one in which lower
case letters prevail (Russian text is mostly lower case). The encoding read
is named in the messages about the header.
"""
from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass

from defusedxml import DefusedXmlException
from django.conf import settings
from django.utils.translation import gettext as _
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from core.text import UnsafeText
from core.text import clean_text as clean_unicode
from tournaments.errors import ImportRejected, TournamentError

MAX_MEMBERS = 500
MAX_UNPACKED = 50 * 1024 * 1024
MAX_RATIO = 100
RATIO_FROM = 1024 * 1024  # smaller files may pack as they like
MAX_COLUMNS = 26  # A–Z: the template has 8
CSV_FIELD_LIMIT = 128 * 1024  # csv's own limit (csv.field_size_limit())

ENCODING_NAMES = {"utf-8-sig": "UTF-8", "utf-16": "UTF-16", "utf-16-le": "UTF-16", "utf-16-be": "UTF-16",
                  "cp1251": "Windows-1251", "koi8-r": "KOI8-R"}


class Formula:
    """A cell that holds a formula (or an error value of one): reported, never read as its text."""

    def __init__(self, text):
        self.text = str(text)

    def __str__(self):
        return self.text


def _bad(message, code="bad_file"):
    return TournamentError(message, code=code)


def check_archive(data: bytes) -> None:
    """Refuse an .xlsx whose unpacked size or packing ratio is not a spreadsheet's, before parsing it."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            infos = zf.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise _bad(_("Файл не читается как таблица Excel (.xlsx): это не zip-архив.")) from None
    if len(infos) > MAX_MEMBERS:
        raise _bad(_("В файле .xlsx больше %(n)s частей: это не таблица регистрации.") % {"n": MAX_MEMBERS},
                   "xlsx_too_large")
    total = sum(info.file_size for info in infos)
    if total > MAX_UNPACKED:
        raise _bad(_("Файл .xlsx в распакованном виде занимает %(mb)s МБ (можно до %(max)s МБ): в таблице "
                     "регистрации столько не бывает.") % {"mb": total // (1024 * 1024),
                                                          "max": MAX_UNPACKED // (1024 * 1024)}, "xlsx_too_large")
    for info in infos:
        if info.file_size > RATIO_FROM and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise _bad(_("Часть «%(name)s» файла .xlsx сжата в %(r)s раз: так сжимаются только подделки "
                         "(«zip-бомбы»), не таблицы.") % {"name": info.filename[:60],
                                                        "r": info.file_size // max(info.compress_size, 1)},
                       "xlsx_bomb")


def _cell_value(cell):
    if getattr(cell, "data_type", None) in ("f", "e"):
        return Formula(cell.value)
    return "" if cell.value is None else cell.value


def rows_xlsx(data: bytes, max_rows: int):
    """The first sheet's rows (lists of values, formulas as ``Formula``), at most ``max_rows`` of them."""
    check_archive(data)
    try:
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
        try:
            ws = wb.worksheets[0]
            rows = [[_cell_value(c) for c in row]
                    for row in ws.iter_rows(max_row=max_rows, max_col=MAX_COLUMNS)]
        finally:
            wb.close()
    except Exception as exc:
        raise _refusal(exc) from None
    return rows


def _refusal(exc) -> TournamentError:
    """The Russian message for what went wrong reading a workbook (openpyxl wraps the XML parser's errors)."""
    causes = [exc]
    while causes[-1].__cause__ is not None or causes[-1].__context__ is not None:
        causes.append(causes[-1].__cause__ or causes[-1].__context__)
        if len(causes) > 10:
            break
    if any(isinstance(c, DefusedXmlException) for c in causes):
        return _bad(_("Файл .xlsx содержит определения сущностей XML (DTD): такой файл не открывается, "
                     "это приём атаки, а не таблица."), "xlsx_entities")
    if isinstance(exc, TournamentError):
        return exc
    if isinstance(exc, IndexError):
        return _bad(_("В файле .xlsx ячейка ссылается на строку, которой в файле нет: файл испорчен; сохраните "
                      "таблицу заново."))
    if isinstance(exc, ValueError) and "read workbook" not in str(exc):  # a number cell holding "abc"…
        return _bad(_("В файле .xlsx ячейка с испорченным значением (%(e)s): сохраните таблицу заново в Excel "
                      "или LibreOffice.") % {"e": str(exc)[:80]})
    # openpyxl and the XML parser raise many kinds for a file that is not a workbook
    return _bad(_("Файл не читается как таблица Excel (.xlsx)."))


def _lower_prevails(data: bytes, encoding: str) -> int:
    text = data[:64 * 1024].decode(encoding, errors="replace")
    return sum(ch.islower() for ch in text) - sum(ch.isupper() for ch in text)


def _utf16_without_bom(head: bytes) -> str:
    """"utf-16-le" / "utf-16-be" when every other byte is the high byte of Latin or Cyrillic (0 or 4), else ""."""
    if len(head) < 4:
        return ""
    for lane, encoding in ((1, "utf-16-le"), (0, "utf-16-be")):
        highs = head[lane::2]
        if sum(b in (0, 4) for b in highs) >= 0.9 * len(highs):
            return encoding
    return ""


def decode_csv(data: bytes, header_words) -> tuple[str, str]:
    """(text, encoding) of a CSV file; see the module docstring for how the encoding is found."""
    head = data[:4096]
    if data.startswith(b"\xef\xbb\xbf"):
        candidates = ["utf-8-sig"]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        candidates = ["utf-16"]
    elif _utf16_without_bom(head):
        candidates = [_utf16_without_bom(head)]
    else:
        candidates = ["utf-8-sig", "cp1251", "koi8-r"]
    decoded = []
    for encoding in candidates:
        try:
            decoded.append((data.decode(encoding), encoding))
        except UnicodeDecodeError:
            continue
        if encoding == "utf-8-sig":
            break  # text that is valid UTF-8 is UTF-8
    if not decoded:
        raise _bad(_("Не удалось прочитать файл CSV: он не в кодировке UTF-8, UTF-16, Windows-1251 или KOI8-R."))
    if len(decoded) == 1:
        return decoded[0]
    words = [w.lower() for w in header_words]
    for text, encoding in decoded:
        first = text.split("\n", 1)[0].lower()
        if any(w in first for w in words):
            return text, encoding
    return max(decoded, key=lambda d: _lower_prevails(data, d[1]))


def _delimiter(first_line: str) -> str:
    """The separator of the header row: the one of ``;``, ``,`` and tab it uses most (outside quotes)."""
    outside = "".join(part for k, part in enumerate(first_line.split('"')) if k % 2 == 0)
    counts = {d: outside.count(d) for d in (";", ",", "\t")}
    best = max(counts, key=counts.get)
    return best if counts[best] else ","


def rows_csv(text: str):
    """The rows of a decoded CSV. Only the separator is guessed; quoting is the spreadsheets' own."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text.split("\n", 1)[0]),
                        quotechar='"', doublequote=True, strict=True)
    try:
        yield from reader
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):
            raise _bad(_("Строка %(n)s файла CSV: поле длиннее %(kb)s КБ, а имя, клуб и название пары — не длиннее "
                         "200 символов. Если такого поля нет, проверьте, закрыта ли кавычка перед этой строкой.")
                       % {"n": reader.line_num, "kb": CSV_FIELD_LIMIT // 1024}, "field_too_long") from None
        raise _bad(_("Строка %(n)s файла CSV не читается: проверьте кавычки.") % {"n": reader.line_num}) from exc


# --- a registration file's sheet: its header row and its data rows (the pairs' and the teams' imports) ------

def max_rows() -> int:
    """How many rows after the header an import reads at most (setting IMPORT_MAX_ROWS)."""
    return int(getattr(settings, "IMPORT_MAX_ROWS", 5000))


@dataclass
class Sheet:
    """A file's data rows after its header, with where the template's columns are and what the header holds
    besides (each an error of row 1: (1, "title (letter)", message))."""

    rows: Iterator
    positions: dict  # {column key: index}
    unknown: list    # the errors of the titles that are not the template's


def open_sheet(data: bytes, filename: str, columns, required) -> Sheet:
    """Read the file (.xlsx by its name, else CSV) and its header row. ``columns``: (key, title, required) of the
    template, found by their titles in any case; ``required``: the keys that must be there. An empty file is a
    ``TournamentError``; missing columns an ``ImportRejected`` naming each (and the encoding a CSV was read in)."""
    if str(filename or "").lower().endswith(".xlsx"):
        rows, encoding = iter(rows_xlsx(data, max_rows() + 2)), ""
    else:
        text, encoding = decode_csv(data, [title for _key, title, _req in columns])
        rows, encoding = rows_csv(text), ENCODING_NAMES.get(encoding, encoding)
    header = next(rows, None)
    if header is None:
        raise TournamentError(_("Файл пуст."), code="empty_file")
    keys = {title.lower(): key for key, title, _req in columns}
    positions, unknown = {}, []
    for k, title in enumerate(header):
        try:
            text = clean_unicode(str(title))
        except UnsafeText:
            text = str(title)
        key = keys.get(text.lower())
        if key and key not in positions:
            positions[key] = k
        elif text:
            unknown.append((1, f"{str(title)[:40]} ({get_column_letter(k + 1)})",
                            _("столбца нет в шаблоне: его данные не будут прочитаны; переименуйте или удалите его")))
    missing = [title for key, title, _req in columns if key in required and key not in positions]
    if missing:
        message = _("В первой строке нет столбцов: %(cols)s.") % {"cols": ", ".join(missing)}
        if encoding:
            message += " " + _("Файл прочитан в кодировке %(enc)s; если буквы в нём выглядят иначе, сохраните его "
                               "в UTF-8.") % {"enc": encoding}
        raise ImportRejected(message, [(1, h, _("нет такого столбца")) for h in missing])
    return Sheet(rows, positions, unknown)


def filled_rows(sheet: Sheet):
    """(row number, {column key: value}) of every row with a filled cell; more rows than ``max_rows`` refuse the
    whole file."""
    limit = max_rows()
    for row_number, values in enumerate(sheet.rows, start=2):
        if row_number - 1 > limit:
            raise TournamentError(_("В файле больше %(n)s строк после заголовка: разделите его на части.") % {
                "n": limit}, code="too_many_rows")
        cell = {key: (values[k] if k < len(values) else "") for key, k in sheet.positions.items()}
        if any(str(v).strip() != "" for v in cell.values()):
            yield row_number, cell
