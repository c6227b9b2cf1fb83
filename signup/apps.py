from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tournaments.signals import entrant_left


class SignupConfig(AppConfig):
    name = "signup"
    verbose_name = _("Онлайн-регистрация")

    def ready(self):
        import signup.audit_actions  # noqa: F401, PLC0415 app registry: registers the registration's audit actions
        from events.page_parts import register_open_registrations  # noqa: PLC0415 app registry
        from events.services.transfer_tables import register_section  # noqa: PLC0415 app registry

        from . import receivers  # noqa: PLC0415 app registry: the receiver reads the models
        from .selectors import open_registration_ids  # noqa: PLC0415 app registry: the query reads the models
        from .transfer import SECTION  # noqa: PLC0415 app registry: the section names the models

        entrant_left.connect(receivers.entrant_left, dispatch_uid="signup.entrant_left")
        register_section(SECTION)  # the registration's settings and entries travel in the transfer file
        register_open_registrations(open_registration_ids)  # the calendar's «registration open» marks
