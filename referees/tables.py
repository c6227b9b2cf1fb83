"""The audit log as a django-tables2 table."""
import json

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import AuditEntry

ACTION_LABELS = {
    "protocol.deal.recorded": _("Раздача внесена"),
    "protocol.deal.corrected": _("Раздача исправлена"),
    "protocol.deal.confirmed": _("Раздача подтверждена"),
    "protocol.remark.given": _("Замечание"),
    "protocol.remark.withdrawn": _("Замечание снято"),
    "pair.reinstated": _("Пара возвращена в турнир"),
    "protocol.no_show": _("Неявка"),
    "protocol.time_up": _("Окончание по времени"),
    "protocol.first_lead": _("Первый заход"),
    "protocol.signed": _("Подпись"),
    "protocol.locked": _("Протокол закрыт"),
    "protocol.reopened": _("Протокол открыт снова"),
    "protocol.signatures_discarded": _("Подписи сняты"),
    "protocol.imported": _("Протокол загружен из файла"),
    "pair.disqualified": _("Пара снята с турнира"),
    "pair.registered": _("Пара зарегистрирована"),
    "pair.withdrawn": _("Пара снялась"),
    "pairs.imported": _("Пары загружены из файла"),
    "draw.run": _("Жеребьёвка проведена"),
    "draw.manual_number": _("Номер пары назначен вручную"),
    "draw.closed": _("Жеребьёвка закрыта"),
    "round.paired": _("Пары тура составлены"),
    "round.swapped": _("Пары переставлены"),
    "round.published": _("Тур опубликован"),
    "round.finished": _("Тур завершён"),
    "round.discarded": _("Черновик тура удалён"),
    "account.created": _("Учётная запись создана"),
    "account.tables_changed": _("Столы судьи изменены"),
    "account.role_removed": _("Роль снята"),
    "account.password_reset": _("Судье задан новый пароль"),
    "account.locked_out": _("Проверка пароля приостановлена после неверных попыток"),
    "tournament.imported": _("Турнир загружен из файла переноса"),
}


def compact(value) -> str:
    if value in (None, "", [], {}):
        return "—"
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


class AuditTable(tables.Table):
    at = tables.DateTimeColumn(verbose_name=_("Время"), format="d.m.Y H:i:s")
    user = tables.Column(verbose_name=_("Кто"), default="—")
    action = tables.Column(verbose_name=_("Действие"))
    partie = tables.Column(verbose_name=_("Партия"), default="—")
    before = tables.Column(verbose_name=_("Было"), orderable=False)
    after = tables.Column(verbose_name=_("Стало"), orderable=False)
    note = tables.Column(verbose_name=_("Примечание"), default="—", orderable=False)

    class Meta:
        model = AuditEntry
        fields = ("at", "user", "action", "partie", "before", "after", "note")
        orderable = False
        attrs = {"class": "audit"}

    def render_action(self, value):
        return ACTION_LABELS.get(value, value)

    def render_partie(self, record):
        p = record.partie
        label = _("тур %(r)s, стол %(t)s") % {"r": p.round.number, "t": p.table}
        return format_html('<a href="{}">{}</a>', reverse("referees:partie", args=[p.pk]), label)

    def render_before(self, value):
        return format_html('<code class="json">{}</code>', compact(value))

    def render_after(self, value):
        return format_html('<code class="json">{}</code>', compact(value))
