"""The one PDF toolkit of the project: every printed document (score sheets, table cards, lists, reports, the
bracket, the rating list) is a reportlab platypus story built with these names.

* fonts: DejaVu Sans (settings.PDF_FONT, settings.PDF_FONT_BOLD), embedded, so that Russian names print
  (``register_fonts``, ``FONT``, ``BOLD``); the document information of every file (``metadata``);
* styles: ``style`` (one per size, weight, alignment, colour), the common ones (``H1``, ``H2``, ``TITLE``,
  ``SMALL``, ``CELL``, ``HEAD``, ``NARROW_HEAD``, ``BIG_CELL``, ``BIG_BOLD``);
* text: names and notes come from users, so every text is escaped before it goes into ``Paragraph`` markup
  (``esc``, ``paragraph``, ``paragraph_lines``; ``rich`` takes markup the caller escaped). A text is printed
  whole, never cut: ``fitted`` steps its type down (to 80 % by default) before it wraps, between words or after
  a hyphen, and breaks inside only a word too long for its box (``whole``, ``wrap``); in a box of fixed height
  ``boxed`` does the same and ``shrink`` (``KeepInFrame``, mode "shrink") scales what is still larger down;
* tables: ``grid`` (its heading line repeated on every page), ``list_grid`` and ``heads`` for the lists, a
  column as wide as its longest word (``word_width``) or its text (``text_width``); ``layout`` places cells
  side by side without rules;
* the page: A4 and its margins (``PAGE_W``, ``PAGE_H``, ``MARGIN``, ``WIDTH``, ``LANDSCAPE``), the document with
  its page templates, each with a band at its top and its foot drawn on every page (``Document``, ``Template``,
  ``draw_at``), ``build`` for a document of one kind of page;
* the QR code (``QR``, ``draw_qr``; the one encoder is ``core.qr``).

It imports no app of the project.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from itertools import groupby
from typing import Callable
from xml.sax.saxutils import escape

from django.conf import settings
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepInFrame,
    LongTable,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

from .qr import qr_modules

__all__ = [
    "BIG", "BIG_BOLD", "BIG_CELL", "BOLD", "CELL", "CELL_MAX", "Document", "FONT", "GREY", "H1", "H2", "HEAD",
    "HEAD_SHADE", "LANDSCAPE", "LEADING", "MARGIN", "NARROW_HEAD", "PAGE_H", "PAGE_W", "QR", "SMALL", "TITLE",
    "Template", "WIDTH", "boxed", "build", "draw_at", "draw_qr", "esc", "fitted", "grid", "heads", "layout", "list_grid",
    "metadata", "paragraph", "paragraph_lines", "register_fonts", "rich", "shrink", "style", "text_width", "whole",
    "word_width", "wrap",
]

FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
PAGE_W, PAGE_H = A4
LANDSCAPE = landscape(A4)
MARGIN = 12 * mm
WIDTH = PAGE_W - 2 * MARGIN
LEADING = 1.2  # line height / type size
STEP = 0.5  # pt: a text's type steps down by this much
GREY = colors.Color(0.92, 0.94, 0.96)  # a shaded line of a sheet
HEAD_SHADE = colors.Color(0.87, 0.9, 0.93)  # the heading line of a list's table
ZEBRA = colors.Color(0.96, 0.96, 0.96)
CELL_MAX = 400  # characters of one list cell: a longer text would make a row taller than the page


_registered = []


def register_fonts():
    """Load the fonts once, on the first text measured or paragraph made (not when the site starts)."""
    if _registered:
        return
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(settings.PDF_FONT)))
        pdfmetrics.registerFont(TTFont(BOLD, str(settings.PDF_FONT_BOLD)))
        pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
    _registered.append(True)


def metadata() -> dict:
    """The document information of every PDF the project writes: it is made by this system, not «anonymous»."""
    name = _("Спортивное домино")
    return {"author": name, "creator": name, "producer": name}


# --- paragraph styles ----------------------------------------------------------------------------------------

_ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}
_styles: dict[tuple, ParagraphStyle] = {}


def style(size: float, *, bold: bool = False, leading: float | None = None, align: str = "left",
          color=None) -> ParagraphStyle:
    """A paragraph style in DejaVu Sans (one object per set of arguments). A hyphenated word may break after its
    hyphen; a word longer than its line is broken inside rather than drawn past its box."""
    key = (size, bold, leading, align, color)
    if key not in _styles:
        _styles[key] = ParagraphStyle(
            f"pdf-{len(_styles)}", fontName=BOLD if bold else FONT, fontSize=size,
            leading=leading if leading is not None else size * LEADING, alignment=_ALIGN[align],
            textColor=color or colors.black, embeddedHyphenation=2, splitLongWords=1)
    return _styles[key]


_unhyphenated: dict[str, ParagraphStyle] = {}


def _markup_style(st: ParagraphStyle) -> ParagraphStyle:
    """``st`` for a paragraph of several runs of text (markup, line breaks): reportlab drops the hyphens of such a
    paragraph when it breaks its words at them, so it breaks them only where a word is longer than its line."""
    if st.name not in _unhyphenated:
        _unhyphenated[st.name] = ParagraphStyle(f"{st.name}-runs", parent=st, embeddedHyphenation=0)
    return _unhyphenated[st.name]


def _sized(base: ParagraphStyle, size: float) -> ParagraphStyle:
    """``base`` in another type size (the leading in proportion)."""
    return style(size, bold=base.fontName == BOLD, leading=size * base.leading / base.fontSize,
                 align={v: k for k, v in _ALIGN.items()}.get(base.alignment, "left"), color=base.textColor)


H1 = ParagraphStyle("pdf-h1", parent=style(20, bold=True, leading=25), spaceAfter=4)
H2 = ParagraphStyle("pdf-h2", parent=style(13, bold=True, leading=17), spaceBefore=8, spaceAfter=4)
TITLE = style(14, bold=True, leading=18)  # a list's title
SMALL = style(9, leading=12)
CELL = style(8, leading=10)
HEAD = style(8, bold=True, leading=10)
NARROW_HEAD = style(7, bold=True, leading=8.5)  # a narrow column's heading
BIG = 16  # pt: pairings read from two metres
BIG_CELL = style(BIG)
BIG_BOLD = style(BIG, bold=True)


# --- text ----------------------------------------------------------------------------------------------------

def esc(text) -> str:
    """``text`` (None: nothing) escaped for ``Paragraph`` markup: reportlab parses markup in a paragraph, so
    ``<img src=…/>``, ``<a href=…>`` or an unbalanced ``<b>`` in a name would read a file, add a link or fail."""
    return escape(str(text if text is not None else ""))


def paragraph(text, st: ParagraphStyle = CELL, *, limit: int | None = CELL_MAX) -> Paragraph:
    """A paragraph of plain text; each line of it ("\\n") starts a new line. A text over ``limit`` characters is
    cut with «…» (a cell taller than a page cannot be printed)."""
    register_fonts()
    value = str(text if text is not None else "")
    if limit is not None and len(value) > limit:
        value = value[:limit - 1] + "…"
    if "\n" in value:
        return rich("<br/>".join(esc(line) for line in value.split("\n")), st)
    return Paragraph(esc(value), st)


def rich(markup: str, st: ParagraphStyle = CELL) -> Paragraph:
    """A paragraph of ``markup`` the caller made: every user text in it through ``esc``."""
    register_fonts()
    return Paragraph(markup, _markup_style(st))


_SPACES = re.compile(r"[^\S\u00a0]+")  # every space but the non-breaking one


def _squeezed(text) -> str:
    """``text`` with its runs of spaces as one space and none at its ends. A non-breaking space stays what it is:
    it holds a number to its sign («no. 4» of ``core.text.numbered``) on one line, and ``wrap`` and ``word_width``
    count the two as one word."""
    return " ".join(w for w in _SPACES.split(str(text or "")) if w)


def _pieces(text: str) -> list[tuple[str, str]]:
    """(joiner, piece): the words of ``text``, a hyphenated word also split after its hyphens (a double surname
    may break there)."""
    out = []
    for word in text.split(" "):
        parts = [x for x in re.split(r"(?<=\w-)(?=\w)", word) if x]
        out += [(" " if i == 0 else "", part) for i, part in enumerate(parts)]
    return out


def wrap(text, font: str, size: float, width: float) -> list[str]:
    """Lines of ``text`` no wider than ``width``: broken between words or after a hyphen inside a word, a too long
    word broken inside."""
    register_fonts()
    text = _squeezed(text)
    if not text:
        return [""]
    lines, line = [], ""
    for joiner, word in _pieces(text):
        candidate = f"{line}{joiner}{word}" if line else word
        if pdfmetrics.stringWidth(candidate, font, size) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while pdfmetrics.stringWidth(word, font, size) > width:
            low, high = 1, len(word) - 1  # the longest head that fits (at least one letter)
            while low < high:
                mid = (low + high + 1) // 2
                low, high = (mid, high) if pdfmetrics.stringWidth(word[:mid], font, size) <= width else (low, mid - 1)
            lines.append(word[:low])
            word = word[low:]
        line = word
    lines.append(line)
    return lines


def whole(text, font: str, size: float, width: float, *, min_size: float | None = None) -> tuple[float, list[str]]:
    """(type size, lines) printing ``text`` whole in ``width``: the fewest lines, at the largest size from ``size``
    down to ``min_size`` (default: 80 % of ``size``) that gives them without breaking a word inside; only a word
    too long for ``width`` even at ``min_size`` is broken."""
    register_fonts()
    min_size = min_size if min_size is not None else round(size * 0.8 * 2) / 2
    plain = _squeezed(text)
    if pdfmetrics.stringWidth(plain, font, size) <= width:
        return size, [plain]
    sizes = [size]
    while sizes[-1] - STEP >= min_size - 1e-9:
        sizes.append(sizes[-1] - STEP)
    longest = max((piece for _j, piece in _pieces(plain)), default="",
                  key=lambda piece: pdfmetrics.stringWidth(piece, font, size))
    unbroken = [s for s in sizes if pdfmetrics.stringWidth(longest, font, s) <= width] or sizes[-1:]
    fewest = len(wrap(text, font, unbroken[-1], width))  # a smaller type never takes more lines
    for s in unbroken:
        lines = wrap(text, font, s, width)
        if len(lines) <= fewest:
            return s, lines
    return unbroken[-1], wrap(text, font, unbroken[-1], width)


def fitted(text, st: ParagraphStyle, width: float, *, min_size: float | None = None, bold: str = "") -> Paragraph:
    """A paragraph of ``text`` printed whole in ``width`` (``whole``): a long name takes a smaller type, then more
    lines; nothing is cut. Each line of ``text`` ("\\n") starts a new line, all in one type size. ``bold``: a
    heading printed in bold before the text, on its first line (measured in bold, as the whole line)."""
    register_fonts()
    parts = [f"{bold} {part}".strip() if bold and k == 0 else part for k, part in enumerate(str(text).split("\n"))]
    font = BOLD if bold else st.fontName
    size = min(whole(part, font, st.fontSize, width, min_size=min_size)[0] for part in parts)
    lines = [line for part in parts for line in wrap(part, font, size, width)]
    head = _squeezed(bold)
    markup = [esc(line) for line in lines]
    if head and lines[0].startswith(head):
        markup[0] = f"<b>{esc(head)}</b>{esc(lines[0][len(head):])}"
    return rich("<br/>".join(markup), _sized(st, size) if size != st.fontSize else st)


def paragraph_lines(texts, st: ParagraphStyle = CELL) -> Paragraph:
    """A paragraph of plain ``texts``, each on its own line (each escaped)."""
    return rich("<br/>".join(esc(t) for t in texts), st)


def shrink(content, width: float, height: float, *, align: str = "CENTER", valign: str = "MIDDLE") -> KeepInFrame:
    """``content`` (a flowable or a list of them) in a box of ``width`` × ``height``: scaled down to fit it when
    it is larger, never cut."""
    return KeepInFrame(width, height, content if isinstance(content, list) else [content], mode="shrink",
                       hAlign=align, vAlign=valign)


def text_width(text, st: ParagraphStyle = CELL, *, pad: float = 8) -> float:
    """The printed width of one line of ``text`` in ``st``, with the cell's padding."""
    register_fonts()
    return pdfmetrics.stringWidth(str(text), st.fontName, st.fontSize) + pad


def boxed(text, st: ParagraphStyle, width: float, height: float, *, line_min: float, min_size: float,
          step: float = 0.25, align: str = "LEFT", valign: str = "MIDDLE") -> KeepInFrame:
    """``text`` whole in a box of ``width`` × ``height`` (a bracket's line): on one line in the type of ``st`` down to
    ``line_min``; longer, wrapped (``wrap``) in the largest type down to ``min_size`` whose lines fit ``height``;
    longer still, the lines at ``min_size`` shrink to fit the box (``shrink``)."""
    register_fonts()
    text = _squeezed(text)
    size = st.fontSize
    while size > line_min and pdfmetrics.stringWidth(text, st.fontName, size) > width:
        size = max(line_min, size - step)
    if pdfmetrics.stringWidth(text, st.fontName, size) <= width:
        lines = [text]
    else:  # the largest type whose lines fit, a word broken inside only when no type keeps it whole
        sizes = [st.fontSize]
        while sizes[-1] > min_size:
            sizes.append(max(min_size, sizes[-1] - step))
        longest = max((piece for _j, piece in _pieces(text)), key=lambda p: pdfmetrics.stringWidth(p, st.fontName, 1))
        fitting = [s for s in sizes if len(wrap(text, st.fontName, s, width)) * s * st.leading / st.fontSize <= height]
        whole_words = [s for s in fitting if pdfmetrics.stringWidth(longest, st.fontName, s) <= width]
        size = (whole_words or fitting or [min_size])[0]
        lines = wrap(text, st.fontName, size, width)
    return shrink(paragraph_lines(lines, _sized(st, size)), width, height, align=align, valign=valign)


def word_width(texts, st: ParagraphStyle = NARROW_HEAD, *, pad: float = 7, low: float = 0) -> float:
    """A column as wide as the longest word of ``texts`` in ``st`` with the cell's padding (no word broken),
    at least ``low``."""
    register_fonts()
    words = [w for t in texts for w in _squeezed(str(t)).split(" ")] or [""]
    return max(low, pad + max(pdfmetrics.stringWidth(w, st.fontName, st.fontSize) for w in words))


# --- tables --------------------------------------------------------------------------------------------------

def grid(rows, widths, *, header=None, align=None, size: float = 8, header_size: float | None = None,
         header_align: str = "left", fit: bool = True, min_size: float | None = None,
         min_height: float | None = None, row_heights=None, zebra: bool = False, shade=HEAD_SHADE,
         line: float = 0.5, line_color=colors.grey, padding: tuple = (3, 2, 3, 3), numeric_from: int | None = None,
         greyed=(), commands=()) -> LongTable:
    """A table whose heading line (``header``, or the first of ``rows`` when ``header`` is None and that line is
    given as flowables) repeats on every page it goes on to.

    A cell is a flowable as given or a text: with ``fit`` printed whole in its column (``fitted``: a smaller
    type down to ``min_size``, then more lines; ``align``: each column's "left", "center" or "right"), without it
    drawn as the table's plain string in ``size``. ``min_height``: no line lower than that (a line of text taller
    than it grows); ``row_heights``: a height for each line (the heading's first), None where it is the line's
    own. ``line``: the rules' width; ``padding``: (left, top, right, bottom); ``numeric_from``: the plain cells of
    the columns from there right-aligned; ``greyed``: lines printed grey; ``commands``: more of the table's style."""
    left, top, right, bottom = padding
    head_size = header_size or size - 0.5
    data = []
    for i, cells in enumerate(([header] if header is not None else []) + list(rows)):
        is_head = header is not None and i == 0
        line_cells = []
        for j, (cell, w) in enumerate(zip(cells, widths)):
            if isinstance(cell, Flowable) or isinstance(cell, list) or not fit:
                line_cells.append("" if cell is None else cell)
                continue
            how = header_align if is_head else (align[j] if align else "left")
            st = style(head_size, bold=True, align=how) if is_head else style(size, align=how)
            text = "" if cell is None else str(cell)
            text = text if "\n" in text else _squeezed(text)
            if "\n" not in text and text_width(text, st, pad=0) <= w - left - right:
                line_cells.append(text)  # one line: the table draws it as it is (no markup to read)
            else:
                line_cells.append(fitted(text, st, w - left - right, min_size=min_size))
        data.append(line_cells)
    heights = None
    if min_height is not None or row_heights is not None:
        given = list(row_heights) if row_heights is not None else [None] * len(data)
        heights = [h if h is not None else max(min_height or 0, _natural(
            cells, widths, padding, head_size if header is not None and i == 0 else size))
            for i, (h, cells) in enumerate(zip(given, data))]
    table = LongTable(data, colWidths=widths, rowHeights=heights, repeatRows=1, hAlign="LEFT")
    first = 1 if header is not None else 0
    commands = [
        ("FONT", (0, 0), (-1, -1), FONT, size),
        ("GRID", (0, 0), (-1, -1), line, line_color),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), left),
        ("TOPPADDING", (0, 0), (-1, -1), top),
        ("RIGHTPADDING", (0, 0), (-1, -1), right),
        ("BOTTOMPADDING", (0, 0), (-1, -1), bottom),
        *([("FONT", (0, 0), (-1, 0), BOLD, head_size)] if header is not None or shade is not None else []),
        *([("ALIGN", (0, 0), (-1, 0), header_align.upper())] if header is not None else []),
        *[("ALIGN", (j, first), (j, -1), how.upper()) for j, how in enumerate(align or ())],
        *([("BACKGROUND", (0, 0), (-1, 0), shade)] if shade is not None else []),
        *[("BACKGROUND", (0, i), (-1, i), ZEBRA) for i in range(2, len(data), 2) if zebra],
        *([("ALIGN", (numeric_from, 1), (-1, -1), "RIGHT")] if numeric_from is not None else []),
        *[("TEXTCOLOR", (0, row), (-1, row), colors.Color(0.45, 0.45, 0.45)) for row in greyed],
        *commands,
    ]
    table.setStyle(TableStyle(commands))
    return table


def layout(rows, widths, *, valign: str = "TOP", commands=()) -> Table:
    """A table that only places its cells side by side (no rules, no padding): a title beside what the page is, a
    QR code beside its caption, two groups' tables on one line. One line of it is never split across pages."""
    table = Table(rows, colWidths=widths)
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), valign), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 0), *commands]))
    return table


def heads(cells, st: ParagraphStyle = NARROW_HEAD) -> list:
    """A heading line of paragraphs: each heading in bold, wrapped between its words."""
    return [paragraph(c, st) for c in cells]


def list_grid(data, widths, *, numeric_from: int | None = None, greyed=(), size: float = 8) -> LongTable:
    """The table of a list (standings, pairings, the rating list): its first line the headings (``heads``), plain
    cells in ``size``, the numbers from column ``numeric_from`` right-aligned, ``greyed`` rows in grey."""
    return grid(data, widths, fit=False, size=size, header_size=7.5, line=0.4, padding=(3, 1.5, 3, 2),
                numeric_from=numeric_from, greyed=greyed)


def _natural(cells, widths, padding, size: float) -> float:
    """The height a line of cells needs: its tallest cell (a plain text: one line of ``size``) with the padding
    above and below."""
    left, top, right, bottom = padding
    tallest = 0.0
    for cell, w in zip(cells, widths):
        for one in (cell if isinstance(cell, list) else [cell]):
            if isinstance(one, Flowable):
                tallest = max(tallest, one.wrap(w - left - right, PAGE_H)[1])
            elif one:
                tallest = max(tallest, size * LEADING)
    return tallest + top + bottom


# --- the document --------------------------------------------------------------------------------------------

@dataclass
class Template:
    """A kind of page: ``head`` draws the band at its top (``head_height`` high, a number or a function of the
    document: the band of the section being printed) and ``foot`` its foot (``foot_height`` kept free above
    the bottom margin); both called with (canvas, document)."""
    name: str = "page"
    head: Callable | None = None
    head_height: float | Callable = 0
    foot: Callable | None = None
    foot_height: float = 0


class Document(BaseDocTemplate):
    """A document of ``pagesize`` with equal margins; its frame is the page less the margins and the bands of
    its ``Template`` (the first one starts; a flowable ``NextPageTemplate(name)`` chooses another)."""

    def __init__(self, buf, title: str, *, pagesize=A4, margin: float = MARGIN, subject: str | None = None,
                 templates=None):
        register_fonts()
        templates = templates or (Template(),)
        super().__init__(buf, pagesize=pagesize, leftMargin=margin, rightMargin=margin, topMargin=margin,
                         bottomMargin=margin, title=title, subject=subject if subject is not None else title,
                         **metadata())
        self.margin = margin
        self.templates = {t.name: t for t in templates}
        self.addPageTemplates([PageTemplate(id=t.name, frames=[self._frame(t)], pagesize=pagesize,
                                            onPage=self._head, onPageEnd=self._foot) for t in templates])

    def _frame(self, template: Template) -> Frame:
        head = template.head_height(self) if callable(template.head_height) else template.head_height
        top = self.pagesize[1] - self.margin - head
        bottom = self.margin + template.foot_height
        return Frame(self.margin, bottom, self.pagesize[0] - 2 * self.margin, top - bottom, leftPadding=0,
                     rightPadding=0, topPadding=0, bottomPadding=0, id=template.name)

    def handle_pageBegin(self):
        template = self.templates[self.pageTemplate.id]
        self.pageTemplate.frames = [self._frame(template)]  # its band's height may depend on what is printed
        super().handle_pageBegin()

    def _head(self, canvas, doc):
        template = self.templates[self.pageTemplate.id]
        if template.head:
            template.head(canvas, self)

    def _foot(self, canvas, doc):
        template = self.templates[self.pageTemplate.id]
        if template.foot:
            template.foot(canvas, self)


def build(story, title: str, **kwargs) -> bytes:
    """The PDF of ``story`` (``kwargs``: those of ``Document``)."""
    buf = io.BytesIO()
    Document(buf, title, **kwargs).build(story)
    return buf.getvalue()


def draw_at(canvas, flowables, x: float, top: float, width: float) -> float:
    """Draw ``flowables`` one under another from ``top`` down on a canvas (a page's band); returns the bottom."""
    for flowable in flowables:
        _w, h = flowable.wrap(width, PAGE_H)
        flowable.drawOn(canvas, x, top - h)
        top -= h
    return top


# --- QR code -------------------------------------------------------------------------------------------------

def draw_qr(canvas, text: str, x: float, y: float, size: float, border: int = 2):
    """A QR code of ``text`` as one filled path, lower-left corner at (x, y)."""
    modules = qr_modules(text)
    box = size / (len(modules) + 2 * border)
    path = canvas.beginPath()
    for r, row in enumerate(modules):
        col = 0
        for dark, run in groupby(row):
            n = len(list(run))
            if dark:
                path.rect(x + (col + border) * box, y + size - (r + border + 1) * box, n * box, box)
            col += n
    canvas.setFillColorRGB(0, 0, 0)
    canvas.drawPath(path, stroke=0, fill=1)


class QR(Flowable):
    """A QR code of ``text``, ``size`` points square."""

    def __init__(self, text: str, size: float):
        super().__init__()
        self.text, self.size = text, size

    def wrap(self, available_width, available_height):
        return self.size, self.size

    def draw(self):
        draw_qr(self.canv, self.text, 0, 0, self.size)
