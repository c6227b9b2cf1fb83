"""The audit actions of the online registration (each with its label, and a sentence where the label alone
says too little); registered when the app is ready."""
from django.utils.translation import gettext, gettext_lazy

from audit.actions import register, says

# --------------------------------------------------------------------
for _code, _label in (
    ("signup.opened", gettext_lazy("Онлайн-регистрация открыта")),
    ("signup.settings_changed", gettext_lazy("Настройки онлайн-регистрации изменены")),
    ("signup.closed", gettext_lazy("Онлайн-регистрация закрыта")),
    ("signup.submitted", gettext_lazy("Заявка подана онлайн")), ("signup.accepted", gettext_lazy("Заявка принята")),
    ("signup.moved_up", gettext_lazy("Заявка поднята из листа ожидания")),
    ("signup.approved", gettext_lazy("Заявка подтверждена")), ("signup.refused", gettext_lazy("Заявка отклонена")),
    ("signup.approved_all", gettext_lazy("Подтверждены все заявки, ждавшие только подтверждения")),
    ("signup.edited", gettext_lazy("Заявка изменена участником")),
    ("signup.withdrawn", gettext_lazy("Заявка отозвана")),
    ("signup.checked_in", gettext_lazy("Прибытие отмечено")),
    ("signup.check_in_undone", gettext_lazy("Отметка прибытия снята")),
    ("signup.absent", gettext_lazy("Не отметился на месте: снят до жеребьёвки")),
    ("signup.closed_on_site", gettext_lazy("Регистрация закрыта на месте")),
    ("signup.checkin_renewed", gettext_lazy("Метка отметки прибытия обновлена после переноса турнира")),
    ("signup.message", gettext_lazy("Игроку сообщено о заявке")),
    ("signup.mail_failed", gettext_lazy("Письмо игроку не отправлено")),
    ("signup.code_renewed", gettext_lazy("Код заявки выдан заново")),
):
    register(_code, _label)
del _code, _label


@says("signup.restored", gettext_lazy("Заявка возвращена организатором"))
def _restored(a, b, note, entry) -> str:
    return gettext("вернул отклонённую заявку: %(names)s") % {"names": note or "?"}
