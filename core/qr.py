"""QR codes for the pages a player opens from paper or from the table: SVG, drawn on the server."""
from __future__ import annotations

import re

import qrcode
import qrcode.image.svg
from django.utils.safestring import mark_safe


def qr_svg(data: str) -> str:
    """An inline SVG QR code (safe to put in a template: only our path data is in it)."""
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    svg = re.sub(r' (width|height)="[^"]*"', "", image.to_string(encoding="unicode"), count=2)
    return mark_safe(svg.replace("<svg ", '<svg class="qr" role="img" ', 1))  # noqa: S308 (our generated SVG)
