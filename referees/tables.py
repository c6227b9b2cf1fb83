"""The audit log as a django-tables2 table."""
import json

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from audit.actions import label_of, sentence
from audit.models import AuditEntry

from .audit_text import who


def compact(value) -> str:
    if value in (None, "", [], {}):
        return "—"
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


class AuditTable(tables.Table):
    """Each entry as a sentence; the raw before/after stay one tap away for the chief referee."""

    at = tables.DateTimeColumn(verbose_name=_("Время"), format="d.m H:i:s", attrs={"td": {"class": "nowrap"}})
    user = tables.Column(verbose_name=_("Кто"), default="—", empty_values=())
    partie = tables.Column(verbose_name=_("Партия"), default="—")
    action = tables.Column(verbose_name=_("Что произошло"), empty_values=())
    before = tables.Column(verbose_name=_("Подробно"), orderable=False, empty_values=())

    class Meta:
        model = AuditEntry
        fields = ("at", "user", "partie", "action", "before")
        orderable = False
        attrs = {"class": "audit"}

    def __init__(self, *args, roles=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.roles = roles or {}

    def render_user(self, record):
        return who(record, self.roles)

    def render_action(self, record):
        return sentence(record)

    def render_partie(self, record):
        p = record.partie
        label = _("тур %(r)s, стол %(t)s") % {"r": p.round.number, "t": p.table}
        return format_html('<a href="{}">{}</a>', reverse("referees:partie", args=[p.pk]), label)

    def render_before(self, record):
        return format_html('<details><summary>{}</summary><code class="json">{} → {}</code></details>',
                           label_of(record.action), compact(record.before),
                           compact(record.after))
