"""QR codes, one encoder (``qrcode``) for the whole site: SVG for the pages a player opens from paper or from the
table, drawn on the server, and the dark modules the printed sheets and table cards draw (``core.pdf.draw_qr``)."""
from __future__ import annotations

import re

import qrcode
import qrcode.image.svg
from django.utils.safestring import mark_safe

MASK = 2  # any of the 8 mask patterns is valid; a fixed one saves trying all eight on every printed page


def qr_svg(data: str) -> str:
    """An inline SVG QR code (safe to put in a template: only our path data is in it)."""
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    svg = re.sub(r' (width|height)="[^"]*"', "", image.to_string(encoding="unicode"), count=2)
    return mark_safe(svg.replace("<svg ", '<svg class="qr" role="img" ', 1))  # noqa: S308 (our generated SVG)


def qr_modules(data: str) -> list[list[bool]]:
    """The dark modules of a QR code (error correction M) of ``data``, row by row, without a quiet zone."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0, mask_pattern=MASK)
    code.add_data(data)
    code.make(fit=True)
    return [[bool(dark) for dark in row] for row in code.modules]
