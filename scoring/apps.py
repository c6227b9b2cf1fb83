from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Протоколы")

    def ready(self):
        import scoring.audit_actions  # noqa: F401, PLC0415 app registry: registers this app's audit actions

        from . import live  # noqa: PLC0415 app registry: the signals connect once the models are loaded

        live.connect_signals()
        from .fastpath import bodies  # noqa: PLC0415 app registry: it registers with the live pages, models loaded

        live.register_body_keeper(bodies.serve)
