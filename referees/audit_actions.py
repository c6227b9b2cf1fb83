"""The audit actions of the referees' devices: each code with its label, and with the sentence the journal tells it by
(a pure function of the entry's ``after`` (``a``), ``before`` (``b``) and ``note``). Registered in
``audit.actions`` when the app is ready; ``audit.log.log_action`` refuses a code nobody registered.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from audit.actions import says


@says("device.reports_cleared", gettext_lazy("Убрана отметка о неотправленных записях"))
def _device_reports_cleared(a, b, note, entry):
    return _("убрал отметку стола о записях на устройствах: не отправлено %(n)s, устройств %(devices)s") % {
        "n": b.get("queued", "?"), "devices": b.get("devices", "?")}
