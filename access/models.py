"""Who holds which role in which tournament: the organizer, the chief referee, the referees and the players
whose accounts sign (``access.permissions`` reads them)."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RoleKind(models.TextChoices):
    ORGANIZER = "organizer", _("Организатор")
    CHIEF_REFEREE = "chief_referee", _("Главный судья")
    REFEREE = "referee", _("Судья")
    PLAYER = "player", _("Игрок")


# Where ``access.permissions`` keeps a user's role rows (per tournament) on the user object.
ROLES_CACHE = "_tournament_roles_cache"


class TournamentRole(models.Model):
    tournament = models.ForeignKey(
        "tournaments.Tournament", verbose_name=_("турнир"), on_delete=models.CASCADE, related_name="roles"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("пользователь"), on_delete=models.CASCADE, related_name="tournament_roles"
    )
    role = models.CharField(_("роль"), max_length=16, choices=RoleKind.choices)
    # For a referee: the tables he serves; empty means the whole tournament.
    tables = models.JSONField(_("столы"), default=list, blank=True)

    class Meta:
        verbose_name = _("роль в турнире")
        verbose_name_plural = _("роли в турнире")
        constraints = [models.UniqueConstraint(fields=["tournament", "user", "role"], name="unique_role")]
        db_table = "referees_tournamentrole"  # the table it had when roles were a part of the referees' app

    def __str__(self):
        return f"{self.user} — {self.get_role_display()} ({self.tournament})"

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        self._forget_roles()

    def delete(self, *args, **kwargs):
        result = super().delete(*args, **kwargs)
        self._forget_roles()
        return result

    def _forget_roles(self):
        """The user object this role holds reads its roles again at the next permission check."""
        if TournamentRole.user.is_cached(self):
            self.user.__dict__.pop(ROLES_CACHE, None)
