"""The audit actions of the officials' and players' accounts: each code with its label, and with the sentence the journal tells it by
(a pure function of the entry's ``after`` (``a``), ``before`` (``b``) and ``note``). Registered in
``audit.actions`` when the app is ready; ``audit.log.log_action`` refuses a code nobody registered.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy

from audit.actions import register

register("account.created", gettext_lazy("Учётная запись создана"))


register("account.tables_changed", gettext_lazy("Столы судьи изменены"))


register("account.role_removed", gettext_lazy("Роль снята"))


register("account.attached", gettext_lazy("Существующая учётная запись добавлена в турнир"))


register("account.linked", gettext_lazy("Игрок привязан к своей учётной записи"))


register("account.password_reset", gettext_lazy("Судье задан новый пароль"))


register("account.locked_out", gettext_lazy("Проверка пароля приостановлена после неверных попыток"))


register("account.unlocked", gettext_lazy("Блокировка входа снята"))


register("account.address_unlocked", gettext_lazy("Блокировка адреса снята"))
