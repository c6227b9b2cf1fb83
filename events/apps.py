from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = _("Проведение турниров")

    def ready(self):
        from . import audit_actions  # noqa: F401, PLC0415 app registry: registers this app's audit actions
