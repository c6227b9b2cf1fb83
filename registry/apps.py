from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegistryConfig(AppConfig):
    name = "registry"
    verbose_name = _("Реестр игроков")

    def ready(self):
        from . import audit_actions  # noqa: F401, PLC0415 app registry: registers this app's audit actions
