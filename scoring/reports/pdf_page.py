"""The drawing ground of every PDF: A4, the DejaVu fonts, the document information, a cursor down the page with
tables whose cells are printed whole (``pdf_text``), and the QR code.

Fonts: DejaVu Sans (settings.PDF_FONT, settings.PDF_FONT_BOLD), embedded, so that Russian names print.
"""
from __future__ import annotations

from itertools import groupby

from django.conf import settings
from django.utils.translation import gettext as _
from reportlab.graphics.barcode.qrencoder import QRCode, QRErrorCorrectLevel
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from .pdf_text import block_height, draw_lines, whole

FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
PAGE_W, PAGE_H = A4
MARGIN = 12 * mm
WIDTH = PAGE_W - 2 * MARGIN
GREY = (0.92, 0.94, 0.96)
CLOCKWISE = ("A1", "B1", "A2", "B2")


def metadata() -> dict:
    """The document information of every PDF the project writes: it is made by this system, not «anonymous»."""
    name = _("Спортивное домино")
    return {"author": name, "creator": name, "producer": name}


def set_metadata(c: canvas.Canvas, subject: str = ""):
    info = metadata()
    if subject:
        c.setSubject(subject)
    c.setAuthor(info["author"])
    c.setCreator(info["creator"])
    c.setProducer(info["producer"])


def register_fonts():
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(settings.PDF_FONT)))
        pdfmetrics.registerFont(TTFont(BOLD, str(settings.PDF_FONT_BOLD)))
        pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)


def url_lines(url: str, font: str, size: float, width: float) -> list[str]:
    """An address in one line, or split after the host into two, so that it is printed whole where it fits."""
    url = str(url or "")
    if pdfmetrics.stringWidth(url, font, size) <= width:
        return [url]
    start = url.find("://") + 3 if "://" in url else 0
    cut = url.find("/", start)
    if cut <= 0:
        return [fit(url, font, size, width)]
    return [fit(url[:cut], font, size, width), fit(url[cut:], font, size, width)]


def fit(text: str, font: str, size: float, width: float) -> str:
    """The text cut with an ellipsis so that it fits ``width``."""
    text = str(text or "")
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def grid_layout(widths, rows, *, header=None, row_h=16, size=8.5) -> tuple[list, list]:
    """Per line of a table (its header first): (font, [(size, lines) per cell]) and the line's height."""
    lines = ([header] if header else []) + list(rows)
    cells, heights = [], []
    for i, line in enumerate(lines):
        is_header = header is not None and i == 0
        font = BOLD if is_header else FONT
        cell_size = size - 0.5 if is_header else size
        fitted = [whole(cell, font, cell_size, w - 6) for w, cell in zip(widths, line)]
        cells.append((font, fitted))
        tallest = max(block_height(s, text) for s, text in fitted)
        heights.append(max(row_h, tallest + 4) if tallest > cell_size * 1.2 else row_h)
    return cells, heights


def grid_height(widths, rows, **kwargs) -> float:
    return sum(grid_layout(widths, rows, **kwargs)[1])


class Page:
    """A cursor going down an A4 page."""

    def __init__(self, c: canvas.Canvas):
        self.c = c
        self.y = PAGE_H - MARGIN
        self.first_page = c.getPageNumber()  # a sheet's pages are numbered from its first

    def text(self, x, text, size=9, bold=False, width=None, align="left", advance=True, min_size=None) -> float:
        """Text whose top is at the cursor, printed whole: with ``width`` it steps its font down and wraps
        (``pdf_text.whole``). The cursor moves below it unless ``advance`` is false; returns its height."""
        font = BOLD if bold else FONT
        if width is None:
            lines = [str(text or "")]
        else:
            size, lines = whole(text, font, size, width, min_size=min_size)
        self.c.setFont(font, size)
        y = self.y - size
        for line in lines:
            if align == "right":
                self.c.drawRightString(x, y, line)
            elif align == "center":
                self.c.drawCentredString(x, y, line)
            else:
                self.c.drawString(x, y, line)
            y -= size * 1.2
        height = size * 1.2 * (len(lines) - 1) + size * 1.35
        if advance:
            self.y -= height
        return height

    def grid(self, widths, rows, *, row_h=16, header=None, size=8.5, align=None, shade_header=True, next_page=None):
        """Draw a table at the cursor; ``rows`` are lists of cell texts, each printed whole (a cell that does not
        fit steps its font down, then wraps and makes its row taller). Moves the cursor below it. With
        ``next_page`` (called with this cursor: it ends the page and heads the next one), a row that does not fit
        above the bottom margin goes to the next page under the header again."""
        cells, heights = grid_layout(widths, rows, header=header, row_h=row_h, size=size)
        has_header = header is not None
        for i, (line, h) in enumerate(zip(cells, heights)):
            is_header = has_header and i == 0
            if next_page is not None and not is_header and self.y - h < MARGIN + 12:
                next_page(self)
                if has_header:
                    self._grid_row(widths, cells[0], heights[0], align, header=True, shade=shade_header)
            self._grid_row(widths, line, h, align, header=is_header, shade=shade_header)

    def _grid_row(self, widths, line, h, align, *, header: bool, shade: bool):
        c, x0, top = self.c, MARGIN, self.y
        font, fitted = line
        if header and shade:
            c.setFillColorRGB(*GREY)
            c.rect(x0, top - h, sum(widths), h, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        c.setLineWidth(0.6)
        c.rect(x0, top - h, sum(widths), h)
        x = x0
        for w in widths[:-1]:
            x += w
            c.line(x, top, x, top - h)
        x = x0
        for j, (w, (cell_size, text)) in enumerate(zip(widths, fitted)):
            how = "center" if header else (align[j] if align else "left")
            block = block_height(cell_size, text)
            # the block centred in its row; one line sits as the fixed-height rows always set it
            first = top - (h - block) / 2 - 0.1 * cell_size + 1.5
            at = {"center": x + w / 2, "right": x + w - 3}.get(how, x + 3)
            draw_lines(c, at, first, text, font, cell_size, align=how)
            x += w
        self.y = top - h

    def gap(self, h):
        self.y -= h


QR_MASK = 2  # any of the 8 mask patterns is valid; a fixed one saves trying all eight on every page


def qr_modules(text: str) -> list[list[bool]]:
    """The dark modules of a QR code (error correction M) for ``text``."""
    qr = QRCode(None, QRErrorCorrectLevel.M)
    qr.addData(text)
    qr.version = qr.calculate_version()
    qr.makeImpl(False, QR_MASK)
    return qr.modules


def draw_qr(c: canvas.Canvas, text: str, x: float, y: float, size: float, border: int = 2):
    """A QR code of ``text`` as one filled path, lower-left corner at (x, y)."""
    modules = qr_modules(text)
    count = len(modules)
    box = size / (count + 2 * border)
    path = c.beginPath()
    for r, row in enumerate(modules):
        col = 0
        for dark, run in groupby(row):
            n = len(list(run))
            if dark:
                path.rect(x + (col + border) * box, y + size - (r + border + 1) * box, n * box, box)
            col += n
    c.setFillColorRGB(0, 0, 0)
    c.drawPath(path, stroke=0, fill=1)
