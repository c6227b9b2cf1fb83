"""Text that is printed whole: wrapped between words, its font stepped down, never cut.

Names and notes come from users and may be long (80 characters, a pair's name
beside its players' names). A sheet is not a page that can scroll, so a text
that does not fit its box takes a smaller font (down to ``min_size``) or more
lines; a word longer than its box is broken inside, and nothing is dropped.
Plain strings only: the canvas draws them as they are (no markup).
"""
from __future__ import annotations

import re

from reportlab.pdfbase import pdfmetrics

LEADING = 1.2  # line height / font size
STEP = 0.5     # pt: the font steps down by this much


def _pieces(text: str) -> list[tuple[str, str]]:
    """(joiner, piece): the words of ``text``, a hyphenated word also split after its hyphens (a double surname
    may break there)."""
    out = []
    for word in text.split(" "):
        parts = [x for x in re.split(r"(?<=\w-)(?=\w)", word) if x]
        out += [(" " if i == 0 else "", part) for i, part in enumerate(parts)]
    return out


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of ``text`` no wider than ``width``: broken between words or after a hyphen inside a word, a too long
    word broken inside."""
    text = " ".join(str(text or "").split())
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
            cut = len(word)
            while cut > 1 and pdfmetrics.stringWidth(word[:cut], font, size) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    lines.append(line)
    return lines


def whole(text: str, font: str, size: float, width: float, *, min_size: float | None = None) -> tuple[float, list[str]]:
    """(font size, lines) printing ``text`` whole in ``width``: the fewest lines, at the largest size from ``size``
    down to ``min_size`` (default: 80 % of ``size``) that gives them without breaking a word inside; only a word
    too long for ``width`` even at ``min_size`` is broken."""
    min_size = min_size if min_size is not None else round(size * 0.8 * 2) / 2
    sizes = [size]
    while sizes[-1] - STEP >= min_size - 1e-9:
        sizes.append(sizes[-1] - STEP)
    longest = max((piece for _j, piece in _pieces(" ".join(str(text or "").split()))), default="",
                  key=lambda piece: pdfmetrics.stringWidth(piece, font, size))
    unbroken = [s for s in sizes if pdfmetrics.stringWidth(longest, font, s) <= width] or sizes[-1:]
    fewest = min(len(wrap(text, font, s, width)) for s in unbroken)
    for s in unbroken:
        lines = wrap(text, font, s, width)
        if len(lines) <= fewest:
            return s, lines
    return unbroken[-1], wrap(text, font, unbroken[-1], width)


def block_height(size: float, lines: list[str]) -> float:
    return size * LEADING * len(lines)


def draw_lines(c, x: float, top: float, lines: list[str], font: str, size: float, *, align: str = "left") -> float:
    """Draw ``lines`` from ``top`` down (``x``: the left edge, the centre or the right edge); returns the bottom."""
    c.setFont(font, size)
    y = top - size
    for line in lines:
        if align == "center":
            c.drawCentredString(x, y, line)
        elif align == "right":
            c.drawRightString(x, y, line)
        else:
            c.drawString(x, y, line)
        y -= size * LEADING
    return top - block_height(size, lines)
