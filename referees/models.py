"""What the referee's devices send: the write forms already stored (one-time keys) and each device's queue."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


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
