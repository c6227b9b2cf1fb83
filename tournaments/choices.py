"""The choices of a tournament's format, of its stage 2 and of its team standing (their fields are on
``Tournament``), and the status of a partie's protocol."""
from django.db import models
from django.utils.translation import gettext_lazy as _


class TournamentFormat(models.TextChoices):
    """Who the entrants are: fixed pairs, players with a new partner every round (docs/rules-individual.md), or
    teams of pairs (docs/rules.md «Командный турнир»); what follows from it is asked of ``tournaments.formats``."""

    PAIRS = "pairs", _("Парный зачёт")
    INDIVIDUAL = "individual", _("Личный зачёт")
    TEAMS = "teams", _("Командные матчи")


FORMAT_CHOICES = TournamentFormat.choices  # the forms' and the API's list of formats
DEFAULT_FORMAT = TournamentFormat.PAIRS


class FinalKind(models.TextChoices):
    """Stage 2 of an event in stages (docs/rules.md «Этапы»): none, a final round robin, a knockout bracket, groups
    whose best go to a bracket."""

    NONE = "none", _("Без второго этапа")
    ROUND_ROBIN = "round-robin", _("Финал по круговой системе")
    KNOCKOUT = "knockout", _("Олимпийская система (сетка)")
    GROUPS = "groups", _("Подгруппы по круговой системе, затем сетка")


class FinalMatch(models.TextChoices):
    """How a knockout match is played (docs/rules.md I.9; ``engine.pairing.match_format``)."""

    SINGLE = "single", _("Одна партия")
    BEST_OF_3 = "best-of-3", _("До двух побед (из трёх партий)")
    TOTAL_2 = "total-2", _("По сумме очков двух партий")


class TeamStanding(models.TextChoices):
    """The team standing («командный зачёт») of a pair or individual event (docs/rules.md, «Командный зачёт»)."""

    NONE = "none", _("Нет")
    CLUB = "club", _("По клубу / городу игроков")
    TEAM = "team", _("По команде, указанной у участника")


TEAM_BEST_MAX = 20  # the most entrants a team counts


class ProtocolStatus(models.TextChoices):
    """Where a partie's protocol stands (the field is ``scoring.Protocol.status``; the tournament asks it too)."""

    NOT_STARTED = "not_started", _("Не начата")
    IN_PLAY = "in_play", _("Идёт игра")
    AWAITING_SIGNATURES = "awaiting_signatures", _("Ждёт подписей")
    SIGNED = "signed", _("Подписан")
