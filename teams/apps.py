from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TeamsConfig(AppConfig):
    name = "teams"
    verbose_name = _("Командные матчи")

    def ready(self):
        # app registry: a captaincy is a tie of the account for the rule of who may touch it
        import teams.audit_actions  # noqa: F401, PLC0415 app registry: registers this app's audit actions
        from access.account_rights import register_ties  # noqa: PLC0415 app registry
        from events.page_parts import register_own_pages  # noqa: PLC0415 app registry
        from events.services.stages import register_stage_services  # noqa: PLC0415 app registry
        from events.services.transfer_tables import register_section  # noqa: PLC0415 app registry
        from events.stage_selectors import register_stage_pages  # noqa: PLC0415 app registry
        from scoring.reports.stage_selectors import register_stage2  # noqa: PLC0415 app registry
        from tournaments.formats import register_parts  # noqa: PLC0415 app registry
        from tournaments.signals import tournament_deleting  # noqa: PLC0415 app registry

        from . import receivers  # noqa: PLC0415 app registry: the receiver reads the models
        from .captains import captain_ties  # noqa: PLC0415 app registry
        from .format_parts import PARTS, captain_pages  # noqa: PLC0415 app registry
        from .stage2 import TEAM_STAGE2  # noqa: PLC0415 app registry
        from .transfer import SECTION  # noqa: PLC0415 app registry: the section names the models

        register_ties(captain_ties)
        register_parts("teams", **PARTS)  # what the team event's pages and counts take from this app
        register_section(SECTION)  # the teams and matches travel in the tournament's transfer file
        register_own_pages(captain_pages)  # a captain who logs in finds his page on the calendar
        # stage 2 of a team event: its teams, for the protocols' checks, the services and the stage pages
        register_stage2("teams", TEAM_STAGE2)
        register_stage_services("teams", TEAM_STAGE2)
        register_stage_pages("teams", TEAM_STAGE2)
        tournament_deleting.connect(receivers.tournament_deleting, dispatch_uid="teams-tournament-deleting")
