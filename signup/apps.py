from django.apps import AppConfig
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referees.audit_registry import ACTIONS, says
from tournaments.signals import entrant_left


def _restored(a, b, note, entry) -> str:
    return gettext("вернул отклонённую заявку: %(names)s") % {"names": note or "?"}


# The registration's audit actions added since referees/audit_federation.py listed its own, registered by the app
# that writes them (as pretix's apps register their log entry types).
OWN_ACTIONS = (("signup.restored", _("Заявка возвращена организатором"), _restored),)


class SignupConfig(AppConfig):
    name = "signup"
    verbose_name = _("Онлайн-регистрация")

    def ready(self):
        from . import receivers  # noqa: PLC0415 app registry: the receiver reads the models

        entrant_left.connect(receivers.entrant_left, dispatch_uid="signup.entrant_left")
        for code, label, sentence in OWN_ACTIONS:
            if code not in ACTIONS:
                says(code, label)(sentence)
