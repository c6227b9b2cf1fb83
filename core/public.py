"""The site's public address: what QR codes, login slips and PDFs carry.

``settings.SITE_URL`` when set (``make serve`` sets it to the first LAN address, so that phones in
the hall can open it even when the organizer's own browser uses 127.0.0.1); otherwise the address
the request came on.
"""
from django.conf import settings


def public_url(path: str = "/", request=None) -> str:
    base = getattr(settings, "SITE_URL", "")
    if base:
        return base.rstrip("/") + "/" + path.lstrip("/")
    if request is not None:
        return request.build_absolute_uri(path)
    return path
