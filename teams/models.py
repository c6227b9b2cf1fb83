"""A team event's rows (docs/rules.md «Командный турнир»): the teams, their pairs and reserves, the line-ups
of each round, and the matches whose tables are ordinary parties (``tournaments.Partie``)."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.text import numbered
from tournaments.models import Entrant, Partie, Round, Tournament

PAIRS_PER_TEAM_MAX = 4


class TeamEvent(models.Model):
    """The team settings of a tournament of format «teams»."""

    tournament = models.OneToOneField(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE,
                                      related_name="team_event")
    pairs_per_team = models.PositiveSmallIntegerField(_("пар в команде"), default=2)
    win_points = models.PositiveSmallIntegerField(_("очки за выигранный матч"), default=2)
    draw_points = models.PositiveSmallIntegerField(_("очки за ничью в матче"), default=1)
    loss_points = models.PositiveSmallIntegerField(_("очки за проигранный матч"), default=0)
    tiebreaks = models.JSONField(_("порядок показателей команд"), default=list, blank=True)

    class Meta:
        verbose_name = _("командный турнир")
        verbose_name_plural = _("командные турниры")

    def __str__(self):
        return str(self.tournament)


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE,
                                   related_name="teams")
    number = models.PositiveIntegerField(_("номер команды"), null=True, blank=True)
    name = models.CharField(_("название команды"), max_length=200)
    club = models.CharField(_("клуб / регион"), max_length=200, blank=True)
    registered_at = models.DateTimeField(_("зарегистрирована"), auto_now_add=True)

    class Meta:
        verbose_name = _("команда")
        verbose_name_plural = _("команды")
        ordering = ["tournament", "number", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_team_number"),
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_team_name"),
        ]

    def __str__(self):
        return f"{numbered(self.number)} {self.name}" if self.number else self.name


class TeamPair(models.Model):
    """A pair of the team: its ``slot`` is its place in the team's list (the line-up's default table)."""

    team = models.ForeignKey(Team, verbose_name=_("команда"), on_delete=models.CASCADE, related_name="members")
    pair = models.OneToOneField(Entrant, verbose_name=_("пара"), on_delete=models.CASCADE, related_name="team_entry")
    slot = models.PositiveSmallIntegerField(_("пара команды №"))

    class Meta:
        verbose_name = _("пара команды")
        verbose_name_plural = _("пары команды")
        ordering = ["team", "slot"]
        constraints = [models.UniqueConstraint(fields=["team", "slot"], name="unique_team_slot")]


class Reserve(models.Model):
    """A reserve player of the team (a substitution swaps him with a player of one of its pairs)."""

    team = models.ForeignKey(Team, verbose_name=_("команда"), on_delete=models.CASCADE, related_name="reserves")
    name = models.CharField(_("фамилия и имя"), max_length=200)
    club = models.CharField(_("клуб / город"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("запасной игрок")
        verbose_name_plural = _("запасные игроки")
        ordering = ["team", "id"]

    def __str__(self):
        return self.name


class LineUp(models.Model):
    """The pairs of a team at the match's tables in one round: ``pairs`` lists pair ids, table 1 first."""

    team = models.ForeignKey(Team, verbose_name=_("команда"), on_delete=models.CASCADE, related_name="lineups")
    round_number = models.PositiveSmallIntegerField(_("тур"))
    pairs = models.JSONField(_("пары по столам"), default=list)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("внёс"), null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    entered_at = models.DateTimeField(_("внесена"), auto_now=True)

    class Meta:
        verbose_name = _("расстановка")
        verbose_name_plural = _("расстановки")
        ordering = ["team", "round_number"]
        constraints = [models.UniqueConstraint(fields=["team", "round_number"], name="unique_lineup_round")]


class TeamMatch(models.Model):
    round = models.ForeignKey(Round, verbose_name=_("тур"), on_delete=models.CASCADE, related_name="team_matches")
    number = models.PositiveSmallIntegerField(_("матч №"))
    team_a = models.ForeignKey(Team, verbose_name=_("команда A"), on_delete=models.PROTECT, related_name="+")
    team_b = models.ForeignKey(Team, verbose_name=_("команда B"), on_delete=models.PROTECT, related_name="+",
                               null=True, blank=True)

    class Meta:
        verbose_name = _("матч команд")
        verbose_name_plural = _("матчи команд")
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="unique_match_in_round")]

    def __str__(self):
        return f"{self.round}: {_('матч')} {self.number}"


class MatchTable(models.Model):
    """Table ``board`` (1…K) of a match: its partie, pair ``board`` of team A against pair ``board`` of B."""

    match = models.ForeignKey(TeamMatch, verbose_name=_("матч"), on_delete=models.CASCADE, related_name="tables")
    partie = models.OneToOneField(Partie, verbose_name=_("партия"), on_delete=models.CASCADE,
                                  related_name="match_table")
    board = models.PositiveSmallIntegerField(_("стол матча"))

    class Meta:
        verbose_name = _("стол матча")
        verbose_name_plural = _("столы матча")
        ordering = ["match", "board"]
        constraints = [models.UniqueConstraint(fields=["match", "board"], name="unique_board_in_match")]


class Captain(models.Model):
    """The account of a team's captain: he enters his own team's line-ups (``services.set_lineup``), nothing else."""

    team = models.OneToOneField(Team, verbose_name=_("команда"), on_delete=models.CASCADE, related_name="captain")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("учётная запись"), on_delete=models.CASCADE,
                             related_name="team_captaincies")
    added_at = models.DateTimeField(_("назначен"), auto_now_add=True)

    class Meta:
        verbose_name = _("капитан команды")
        verbose_name_plural = _("капитаны команд")

    def __str__(self):
        return f"{self.team}: {self.user}"


def is_captain_of(user, team) -> bool:
    """The account is the captain of ``team`` (an active, logged-in account)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active or team is None:
        return False
    return Captain.objects.filter(team_id=team.pk, user_id=user.pk).exists()


class TeamQualification(models.Model):
    """A team of stage 2 with its seed (1 = the best of stage 1's team standings), written when the organizer
    confirms (``events.services.stage_teams``); the team event's counterpart of ``Qualification``."""

    tournament = models.ForeignKey(Tournament, verbose_name=_("турнир"), on_delete=models.CASCADE,
                                   related_name="team_qualifications")
    seed = models.PositiveSmallIntegerField(_("посев"))
    team = models.ForeignKey(Team, verbose_name=_("команда"), on_delete=models.PROTECT, related_name="qualifications")
    stage1_rank = models.PositiveSmallIntegerField(_("место в первом этапе"), null=True, blank=True)
    decided_by = models.CharField(_("решающий показатель"), max_length=200, blank=True)
    confirmed_at = models.DateTimeField(_("подтверждено"), auto_now_add=True)
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("подтвердил"), null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+")

    class Meta:
        verbose_name = _("выход команды во второй этап")
        verbose_name_plural = _("выход команд во второй этап")
        ordering = ["tournament", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seed"], name="unique_team_qualification_seed"),
            models.UniqueConstraint(fields=["tournament", "team"], name="unique_team_qualification_team"),
        ]

    def __str__(self):
        return f"{self.tournament}: {self.seed}. {self.team}"
