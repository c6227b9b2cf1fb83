"""A referee's device reports its queue of entries not yet sent (kept on the device through a dropped connection).

The device names itself by a random id it keeps with its queue; it reports, for one table, how many
entries wait and whether the server refused the first of them. One row per device and table, written
here only. The entries themselves are judged when they arrive, by the protocol services, as any form.
The report writes no protocol, so it is not audited; ``changed_at`` moves when the queue changes or
while it is not empty, so that the round overview (whose ETag follows it) shows a fresh last contact.
"""
from __future__ import annotations

import re

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.locking import locked
from scoring.errors import InvalidInput, NotAllowed

from . import permissions as perms
from .models import DeviceQueue

DEVICE_RE = re.compile(r"[A-Za-z0-9_-]{16,40}", re.ASCII)
MAX_QUEUED = 999


def clean_report(device, queued, refused) -> tuple[str, int, bool]:
    """The report's values as posted (strings), checked; a bad one is refused with a Russian message."""
    device = device if isinstance(device, str) else ""
    if not DEVICE_RE.fullmatch(device):
        raise InvalidInput(_("Устройство не назвало себя: отчёт об очереди не принят."), "device", field="device")
    text = queued.strip() if isinstance(queued, str) else ""
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise InvalidInput(_("Длина очереди — целое число от 0 до %(max)s.") % {"max": MAX_QUEUED}, "queued",
                           field="queued")
    return device, int(text), refused in ("1", "true", "on")


def report_queue(user, partie, *, device, queued, refused=False) -> DeviceQueue:
    """Store what the device says about its queue for this table (the last contact is now)."""
    if not perms.can_view_entry(user, partie):
        raise NotAllowed(_("У вас нет прав на этот протокол."))
    device, queued, refused = clean_report(device, queued, refused)
    now = timezone.now()
    try:
        with transaction.atomic():
            return _store(user, partie, device, queued, refused, now)
    except IntegrityError:  # the same device's first report stored a moment ago by another tab
        with transaction.atomic():
            return _store(user, partie, device, queued, refused, now)


def _store(user, partie, device, queued, refused, now) -> DeviceQueue:
    row = locked(DeviceQueue.objects.filter(partie=partie, device=device)).first()
    if row is None:
        return DeviceQueue.objects.create(partie=partie, tournament_id=partie.round.tournament_id, device=device,
                                          user=user, queued=queued,
                                          refused=refused, last_contact=now, changed_at=now)
    if queued or row.queued != queued or row.refused != refused:
        row.changed_at = now
    row.queued, row.refused, row.user, row.last_contact = queued, refused, user, now
    row.save(update_fields=["queued", "refused", "user", "last_contact", "changed_at"])
    return row
