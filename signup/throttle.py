"""The public form's rate limit: so many sends per client address in a sliding hour, counted in the database.

``DOMINO_SIGNUP_PER_HOUR`` (default 20) sends per address in any 60 minutes; the address is the one the login's
throttle reads (``access.throttle.client_ip``: the connection's, or the trusted proxies' hop). A club that
sends its players' entries from one computer stays well under it; a robot does not.

* Every send counts, a wrong one too, and it is counted **before** the form is read: the view asks ``spend``
  first and does nothing else when it says no.
* One transaction per send: the address's row (``SignupSender``) is locked (``core.locking.locked``; on SQLite
  the site's writers queue anyway), the sends of the last hour are counted and the new one is added, so two
  sends at the same moment never both take the last place, whichever server process receives them.
* **[толкование]** The hour slides: a send is refused while 20 sends of this address are younger than 60
  minutes; the oldest one's 60th minute frees one place. A refused send is not stored (it does not prolong the
  wait). The rows of addresses silent for an hour are deleted whenever a new address sends.
"""
from __future__ import annotations

import datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from core.locking import locked

from .models import SignupSender

WINDOW = datetime.timedelta(hours=1)
ADDRESS_MAX = 64


def per_hour() -> int:
    return int(getattr(settings, "DOMINO_SIGNUP_PER_HOUR", 20))


def _row(address: str, now) -> tuple[SignupSender, bool]:
    """The address's row, locked, and whether it was made now (a second maker at the same moment waits for the
    first one's transaction, then locks the row it made)."""
    row = locked(SignupSender.objects.filter(address=address)).first()
    if row is not None:
        return row, False
    try:
        with transaction.atomic():
            return SignupSender.objects.create(address=address, sends=[], last_at=now), True
    except IntegrityError:  # made meanwhile by a send of the same address
        return locked(SignupSender.objects.filter(address=address)).get(), False


def spend(address, *, now=None, limit=None) -> bool:
    """Count one send from ``address``; False (and nothing stored) when it has used up its sends of the hour
    (``limit`` of them; the form's ``per_hour()`` unless given: «Потеряли ссылку?» counts under keys of its own,
    ``signup.links``)."""
    now = now or timezone.now()
    key = str(address or "unknown")[:ADDRESS_MAX]
    since = now - WINDOW
    with transaction.atomic():
        row, made = _row(key, now)
        recent = [t for t in row.sends if datetime.datetime.fromisoformat(t) > since]
        allowed = len(recent) < (per_hour() if limit is None else limit)
        if allowed:
            recent.append(now.isoformat())
            row.last_at = now
        row.sends = recent
        row.save(update_fields=["sends", "last_at"])
    if made:  # a new address: the rows of the addresses silent for an hour go (in its own statement, no lock held)
        SignupSender.objects.filter(last_at__lte=since).delete()
    return allowed
