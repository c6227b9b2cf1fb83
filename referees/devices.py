"""A referee's device reports its queue of entries not yet sent (kept on the device through a dropped connection).

The device names itself by a random id it keeps with its queue (``static/referees/offline_queue.js``); it
reports, for one table, how many entries wait and whether the server refused the first of them. The rules:

1. The numbers are what a device can hold: ``queued`` a whole number from 0 to ``MAX_QUEUED`` (the longest
   partie the rules allow, 400 deals, with its corrections, remarks and signatures), ``refused`` a yes or a no,
   and a refused first entry only when some entry waits. Anything else is refused with a Russian message.
2. One row per device and table (a unique constraint), updated in place. The id is the device's own word, so
   an account keeps at most ``DEVICES_PER_ACCOUNT`` devices at one table: a report from one more device takes
   the place of that account's device heard from longest ago. A new device whose queue is empty stores nothing.
3. A report counts on the round overview and the hall map for ``REPORT_AGE`` after the device last spoke
   (``counting``); a device that holds entries and is online speaks every 15 s, so an older report is a
   closed browser or a device long without a connection.
4. The table's referee, the chief referee or the organizer clears the table's reports (``clear_reports``,
   audited); a device still holding entries says so again at its next report.

A report writes no protocol, so it is not audited; ``changed_at`` moves when the queue changes or while it is
not empty, so that the round overview (whose ETag follows it, ``referees.selectors.device_stamp``) shows a fresh
last contact.
"""
from __future__ import annotations

import re
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from access import permissions as perms
from audit.log import log_action
from core.locking import locked
from referees.models import MAX_DEVICE_QUEUE, DeviceQueue
from scoring.errors import InvalidInput, NotAllowed

DEVICE_RE = re.compile(r"[A-Za-z0-9_-]{16,40}", re.ASCII)
MAX_QUEUED = MAX_DEVICE_QUEUE
DEVICES_PER_ACCOUNT = 2
REPORT_AGE = timedelta(minutes=5)
YES, NO = ("1", "true", "on"), ("", "0", "false", "off")


def clean_report(device, queued, refused) -> tuple[str, int, bool]:
    """The report's values as posted (strings), checked; a bad one is refused with a Russian message."""
    device = device if isinstance(device, str) else ""
    if not DEVICE_RE.fullmatch(device):
        raise InvalidInput(_("Устройство не назвало себя: отчёт об очереди не принят."), "device", field="device")
    text = queued.strip() if isinstance(queued, str) else ""
    if not (text.isascii() and text.isdigit() and len(text) <= 3 and int(text) <= MAX_QUEUED):
        raise InvalidInput(_("Длина очереди — целое число от 0 до %(max)s.") % {"max": MAX_QUEUED}, "queued",
                           field="queued")
    flag = refused.strip().lower() if isinstance(refused, str) else {None: "", False: "", True: "1"}.get(refused, "?")
    if flag not in YES + NO:
        raise InvalidInput(_("Отметка об отклонённой записи — «1» или пусто."), "refused", field="refused")
    if flag in YES and not int(text):
        raise InvalidInput(_("Отклонённая запись без очереди: отчёт об очереди не принят."), "refused",
                           field="refused")
    return device, int(text), flag in YES


def counts_now() -> Q:
    """A report that counts now: entries wait, and the device spoke within ``REPORT_AGE``."""
    return Q(queued__gt=0, last_contact__gte=timezone.now() - REPORT_AGE)


def counting(queryset):
    """The reports of ``queryset`` that count now (``counts_now``)."""
    return queryset.filter(counts_now())


def report_queue(user, partie, *, device, queued, refused=False) -> DeviceQueue | None:
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


def _store(user, partie, device, queued, refused, now) -> DeviceQueue | None:
    row = locked(DeviceQueue.objects.filter(partie=partie, device=device)).first()
    if row is None:
        if not queued:
            return None
        row = _place_for_new_device(user, partie)
        row.device, row.changed_at = device, now
    elif queued or row.queued != queued or row.refused != refused:
        row.changed_at = now
    row.queued, row.refused, row.user, row.last_contact = queued, refused, user, now
    row.save()
    return row


def _place_for_new_device(user, partie) -> DeviceQueue:
    """A new row, or (the account has its ``DEVICES_PER_ACCOUNT`` at the table) its device heard from longest
    ago, locked, to be taken over in place."""
    mine = list(locked(DeviceQueue.objects.filter(partie=partie, user=user).order_by("last_contact", "pk")))
    if len(mine) < DEVICES_PER_ACCOUNT:
        return DeviceQueue(partie=partie, tournament_id=partie.round.tournament_id)
    DeviceQueue.objects.filter(pk__in=[q.pk for q in mine[1:len(mine) - DEVICES_PER_ACCOUNT + 1]]).delete()
    return mine[0]


def clear_reports(user, partie) -> int:
    """The table's reports of entries held on devices, set to nothing held (a closed browser's, say); audited.
    Returns how many reports were cleared."""
    if not perms.can_clear_device_reports(user, partie):
        raise NotAllowed(_("Убрать отметку о неотправленных записях может судья этого стола, главный судья или "
                           "организатор."))
    now = timezone.now()
    with transaction.atomic():
        rows = list(locked(DeviceQueue.objects.filter(partie=partie, queued__gt=0).order_by("pk")))
        if not rows:
            raise InvalidInput(_("Устройства этого стола не сообщали о неотправленных записях: убирать нечего."),
                               "no_reports")
        before = {"devices": len(rows), "queued": sum(q.queued for q in rows), "refused": any(q.refused for q in rows),
                  "last_contact": max(q.last_contact for q in rows).isoformat()}
        DeviceQueue.objects.filter(pk__in=[q.pk for q in rows]).update(queued=0, refused=False, changed_at=now)
        log_action(partie.round.tournament, "device.reports_cleared", user=user, partie=partie, before=before,
                   after={"queued": 0})
    return len(rows)
