from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccessConfig(AppConfig):
    name = "access"
    verbose_name = _("Доступ")

    def ready(self):
        import access.audit_actions  # noqa: F401, PLC0415 app registry: registers this app's audit actions
        import access.throttle  # noqa: F401, PLC0415 app registry: connects the lockout log to axes' signal
