from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegistryConfig(AppConfig):
    name = "registry"
    verbose_name = _("Реестр игроков")

    def ready(self):
        import registry.audit_actions  # noqa: F401, PLC0415 app registry: registers this app's audit actions
        from scoring.signals import protocol_saved  # noqa: PLC0415 app registry

        from . import rating  # noqa: PLC0415 app registry: the rating reads the models

        protocol_saved.connect(rating.protocol_saved, dispatch_uid="registry.rating.protocol_saved")
