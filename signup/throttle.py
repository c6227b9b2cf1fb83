"""The public form's rate limit: so many entries sent per client address in a window, counted in the cache.

``DOMINO_SIGNUP_PER_HOUR`` (default 20) sends per address per hour; the address is the one the login's
throttle reads (``referees.throttle.client_ip``: the connection's, or the trusted proxies' hop). A
club that sends its players' entries from one computer stays well under it; a robot does not.
"""
from __future__ import annotations

from django.conf import settings
from django.core.cache import cache

WINDOW = 3600


def per_hour() -> int:
    return int(getattr(settings, "DOMINO_SIGNUP_PER_HOUR", 20))


def spend(address) -> bool:
    """Count one send from ``address``; False when the address has used up its sends of the hour."""
    key = f"signup:sends:{address or 'unknown'}"[:200]
    if cache.add(key, 1, WINDOW):
        return per_hour() >= 1
    try:
        count = cache.incr(key)
    except ValueError:  # the key expired between add and incr
        cache.add(key, 1, WINDOW)
        count = 1
    return count <= per_hour()
