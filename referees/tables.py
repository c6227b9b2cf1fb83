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
    "protocol.deal.deleted": _("Раздача удалена"),
    "protocol.abandoned": _("Уход пары"),
    "protocol.abandoned_undone": _("Уход пары отменён"),
    "protocol.time_up": _("Окончание по времени"),
    "protocol.first_lead": _("Первый заход"),
    "protocol.signed": _("Подпись"),
    "protocol.locked": _("Протокол закрыт"),
    "protocol.reopened": _("Протокол открыт снова"),
    "protocol.signatures_discarded": _("Подписи сняты"),
    "protocol.imported": _("Протокол загружен из файла"),
    "protocol.cleared": _("Протокол очищен"),
    "protocol.rescored": _("Итог пересчитан"),
    "pair.disqualified": _("Пара снята с турнира"),
    "pair.registered": _("Пара зарегистрирована"),
    "pair.withdrawn": _("Пара снялась"),
    "pair.withdrawal_undone": _("Снятие пары отменено"),
    "pairs.imported": _("Пары загружены из файла"),
    "draw.run": _("Жеребьёвка проведена"),
    "draw.manual_number": _("Номер пары назначен вручную"),
    "draw.closed": _("Жеребьёвка закрыта"),
    "round.paired": _("Пары тура составлены"),
    "round.swapped": _("Пары переставлены"),
    "round.published": _("Тур опубликован"),
    "round.finished": _("Тур завершён"),
    "round.discarded": _("Черновик тура удалён"),
    "round.reopened": _("Тур снова идёт: открыт его протокол"),
    "tournament.rules_changed": _("Регламент изменён"),
    "round.paired_early": _("Тур составлен до подписания всех протоколов"),
    "pair.edited": _("Данные пары изменены"),
    "pair.player_substituted": _("Замена игрока"),
    "pair.deleted": _("Пара удалена"),
    "pair.registered_late": _("Пара зарегистрирована после начала турнира"),
    "account.created": _("Учётная запись создана"),
    "account.tables_changed": _("Столы судьи изменены"),
    "account.role_removed": _("Роль снята"),
    "account.attached": _("Существующая учётная запись добавлена в турнир"),
    "account.linked": _("Игрок привязан к своей учётной записи"),
    "tournament.created": _("Турнир создан"),
    "tournament.updated": _("Настройки турнира изменены"),
    "tournament.copied": _("Турнир создан копией другого"),
    "tournament.archived": _("Турнир отправлен в архив"),
    "protocol.no_show_undone": _("Неявка отменена"),
    "protocol.pin_wrong": _("Неверный ПИН-код"),
    "protocol.pin_refused": _("Подпись ПИН-кодом закрыта"),
    "protocol.pin_throttled": _("ПИН-коды с телефона не принимаются"),
    "players.pins_issued": _("Выданы ПИН-коды"),
    "tournament.signing_changed": _("Изменён способ подписи"),
    "protocol.pin_reset": _("Попытки ПИН-кода разрешены снова"),
    "account.password_reset": _("Судье задан новый пароль"),
    "account.locked_out": _("Проверка пароля приостановлена после неверных попыток"),
    "account.unlocked": _("Блокировка входа снята"),
    "account.address_unlocked": _("Блокировка адреса снята"),
    "tournament.imported": _("Турнир загружен из файла переноса"),
}


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
        from .audit_text import who  # noqa: PLC0415 cycle: referees.audit_text → referees.tables

        return who(record, self.roles)

    def render_action(self, record):
        from .audit_text import sentence  # noqa: PLC0415 cycle: referees.audit_text → referees.tables

        return sentence(record)

    def render_partie(self, record):
        p = record.partie
        label = _("тур %(r)s, стол %(t)s") % {"r": p.round.number, "t": p.table}
        return format_html('<a href="{}">{}</a>', reverse("referees:partie", args=[p.pk]), label)

    def render_before(self, record):
        return format_html('<details><summary>{}</summary><code class="json">{} → {}</code></details>',
                           ACTION_LABELS.get(record.action, record.action), compact(record.before),
                           compact(record.after))
