"""The audit log: one append-only line per action a person took (``audit.log.log_action`` writes it)."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


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
        db_table = "referees_auditentry"  # the table it had when the log was a part of the referees' app

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.action}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnly(f"audit entry {self.pk} is never changed")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnly(f"audit entry {self.pk} is never deleted")
