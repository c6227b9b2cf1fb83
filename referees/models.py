"""Roles per tournament and the audit log."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .audit_actions import ACTIONS


class RoleKind(models.TextChoices):
    ORGANIZER = "organizer", _("Организатор")
    CHIEF_REFEREE = "chief_referee", _("Главный судья")
    REFEREE = "referee", _("Судья")
    PLAYER = "player", _("Игрок")


# Where ``referees.permissions`` keeps a user's role rows (per tournament) on the user object.
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


class AppendOnly(Exception):
    """An audit entry was to be changed or deleted: the log only grows (a bug, never a person's mistake)."""


class AuditQuerySet(models.QuerySet):
    def delete(self):
        raise AppendOnly("audit entries are never deleted")


class AuditEntry(models.Model):
    """One line of the audit log. Written once by ``log_action``; never changed or deleted one by one
    (a tournament's deletion takes its log with it). An entry of no tournament is the players' registry's
    (a merge of two persons, ``registry.services``)."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", verbose_name=_("турнир"), null=True, blank=True, on_delete=models.CASCADE,
        related_name="audit_entries",
    )
    partie = models.ForeignKey(
        "tournaments.Partie", verbose_name=_("партия"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="audit_entries",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("пользователь"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    action = models.CharField(_("действие"), max_length=64)
    before = models.JSONField(_("было"), null=True, blank=True)
    after = models.JSONField(_("стало"), null=True, blank=True)
    note = models.TextField(_("примечание"), blank=True)
    at = models.DateTimeField(_("время"), auto_now_add=True, db_index=True)

    objects = AuditQuerySet.as_manager()

    class Meta:
        verbose_name = _("запись журнала")
        verbose_name_plural = _("журнал изменений")
        ordering = ["-at", "-id"]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.action}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnly(f"audit entry {self.pk} is never changed")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnly(f"audit entry {self.pk} is never deleted")


def log_action(tournament, action, *, user=None, partie=None, before=None, after=None, note=""):
    """Write one audit entry (call inside the service's transaction); ``action`` is a code of
    ``referees.audit_actions.ACTIONS`` (an unknown one is a bug and raises ``ValueError``). ``tournament``
    None: an entry of the players' registry."""
    if action not in ACTIONS:
        raise ValueError(f"unknown audit action {action!r}: register it in referees/audit_actions.py")
    if user is not None and not getattr(user, "is_authenticated", False):
        user = None
    return AuditEntry.objects.create(
        tournament=tournament, partie=partie, user=user, action=action, before=before, after=after, note=note
    )


class SubmittedForm(models.Model):
    """A write form of the table page whose write is stored, by the one-time key the page gave it.

    Written in the same transaction as the write (``referees.submissions.once``): the same form sent
    again (a lost answer, a double tap, Back and Save) answers with this result and writes nothing.
    """

    key = models.CharField(_("ключ формы"), max_length=64, unique=True)
    partie = models.ForeignKey(
        "tournaments.Partie", verbose_name=_("партия"), on_delete=models.CASCADE, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("пользователь"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    action = models.CharField(_("действие"), max_length=32)
    payload = models.CharField(_("отпечаток формы"), max_length=64)
    result = models.JSONField(_("ответ"), default=dict)
    at = models.DateTimeField(_("время"), auto_now_add=True)

    class Meta:
        verbose_name = _("отправленная форма")
        verbose_name_plural = _("отправленные формы")

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.action}"


MAX_DEVICE_QUEUE = 500  # the longest partie the rules allow (400 deals) with its corrections, remarks and signatures


class DeviceQueue(models.Model):
    """What a referee's device last said about its queue of entries not yet sent for one table.

    One row per device and table (``referees.devices.report_queue``, which also bounds the devices of one
    account at a table); the round overview and the hall map show the tables whose devices still hold entries
    and spoke lately. It is a device's report, not the protocol: no audit entry (clearing it is audited).
    """

    partie = models.ForeignKey(
        "tournaments.Partie", verbose_name=_("партия"), on_delete=models.CASCADE, related_name="device_queues"
    )
    # The partie's tournament, kept here so that the overview's ETag reads this table alone (device_stamp).
    tournament = models.ForeignKey(
        "tournaments.Tournament", verbose_name=_("турнир"), on_delete=models.CASCADE, related_name="+"
    )
    device = models.CharField(_("устройство"), max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("пользователь"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="+",
    )
    queued = models.PositiveIntegerField(_("записей не отправлено"), default=0)
    refused = models.BooleanField(_("запись отклонена сервером"), default=False)
    last_contact = models.DateTimeField(_("последняя связь"))
    changed_at = models.DateTimeField(_("очередь изменилась"))

    class Meta:
        verbose_name = _("очередь устройства")
        verbose_name_plural = _("очереди устройств")
        constraints = [models.UniqueConstraint(fields=["partie", "device"], name="unique_device_queue"),
                       models.CheckConstraint(condition=models.Q(queued__lte=MAX_DEVICE_QUEUE),
                                              name="device_queue_bounded")]

    def __str__(self):
        return f"{self.device}: {self.queued}"
