from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tournaments.signals import entrant_left


class SignupConfig(AppConfig):
    name = "signup"
    verbose_name = _("Онлайн-регистрация")

    def ready(self):
        from . import audit_actions  # noqa: F401, PLC0415 app registry: registers the registration's audit actions
        from . import receivers  # noqa: PLC0415 app registry: the receiver reads the models

        entrant_left.connect(receivers.entrant_left, dispatch_uid="signup.entrant_left")
