"""Safe spreadsheet cells: a person's text is never a formula.

A name such as ``=HYPERLINK("http://…")`` or ``@SUM(A1)`` is written as a text
cell (OWASP's CSV-injection guidance); every file of the project that holds a
person's text (the exports, the registration template) is written through ``cells``.
"""
from __future__ import annotations

from openpyxl.cell import WriteOnlyCell

# What a spreadsheet takes for the start of a formula (OWASP: =, +, -, @, tab, carriage return).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def is_formula_like(value) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_START)


def text_cell(ws, value):
    """A cell for ``ws`` (write-only or not) holding ``value``; formula-like text stays text."""
    cell = WriteOnlyCell(ws, value=value)
    if is_formula_like(value):
        cell.data_type = "s"  # openpyxl would store "=…" as a formula
        cell.quotePrefix = True  # and Excel keeps it text when someone edits the cell
    return cell


def cells(ws, values) -> list:
    """A row for ``ws.append``: numbers stay numbers, no text becomes a formula."""
    return [text_cell(ws, v) for v in values]


def csv_field(value):
    """A value for a CSV file: formula-like text gets a leading apostrophe, as OWASP advises for CSV."""
    return "'" + value if is_formula_like(value) else value
