from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = _("Проведение турниров")

    def ready(self):
        from tournaments.formats import register_parts  # noqa: PLC0415 app registry

        from . import audit_actions  # noqa: F401, PLC0415 app registry: registers this app's audit actions
        from .services.round_kinds import INDIVIDUAL_ROUNDS  # noqa: PLC0415 app registry

        # how an individual event's round is paired, written and told (tables of four, the players by seat)
        register_parts("individual", round_kind=INDIVIDUAL_ROUNDS)
