"""The rating of the registry's persons (docs/rating.md): which tournaments count, each rated game's change,
each person's rating, the season's ledger and its published snapshots. The persons themselves are
``people.models`` (below the tournaments)."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from people.models import Person


class RatedTournament(models.Model):
    """A tournament whose signed parties count for the rating (marked by a federation administrator)."""

    tournament = models.OneToOneField("tournaments.Tournament", verbose_name=_("турнир"), primary_key=True,
                                      on_delete=models.CASCADE, related_name="rated")
    marked_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("отметил рейтинговым"), null=True,
                                  on_delete=models.SET_NULL, related_name="+")
    marked_at = models.DateTimeField(_("отмечен"), auto_now_add=True)

    class Meta:
        verbose_name = _("рейтинговый турнир")
        verbose_name_plural = _("рейтинговые турниры")

    def __str__(self):
        return str(self.tournament_id)


class RatingChange(models.Model):
    """One person's rating change in one rated partie (``registry.rating``); ``order_key`` sorts the parties
    as they are applied: tournament date, tournament, round, table."""

    person = models.ForeignKey(Person, verbose_name=_("игрок реестра"), on_delete=models.CASCADE,
                               related_name="rating_changes")
    partie = models.ForeignKey("tournaments.Partie", verbose_name=_("партия"), on_delete=models.CASCADE,
                               related_name="rating_changes")
    tournament = models.ForeignKey("tournaments.Tournament", verbose_name=_("турнир"), on_delete=models.CASCADE,
                                   related_name="rating_changes")
    order_key = models.CharField(_("порядок"), max_length=64)
    played_on = models.DateField(_("дата"))
    side = models.CharField(_("сторона"), max_length=1)
    before = models.DecimalField(_("рейтинг до"), max_digits=7, decimal_places=2)
    after = models.DecimalField(_("рейтинг после"), max_digits=7, decimal_places=2)
    delta = models.DecimalField(_("изменение"), max_digits=6, decimal_places=2)
    expected = models.FloatField(_("ожидаемый результат"))
    score = models.DecimalField(_("результат"), max_digits=2, decimal_places=1)
    k = models.PositiveSmallIntegerField(_("коэффициент K"))
    parties = models.PositiveIntegerField(_("рейтинговых партий после"))

    class Meta:
        verbose_name = _("изменение рейтинга")
        verbose_name_plural = _("изменения рейтинга")
        ordering = ["order_key", "person_id"]
        constraints = [models.UniqueConstraint(fields=["person", "partie"], name="one_rating_change_per_partie")]
        indexes = [models.Index(fields=["order_key"], name="rating_change_order"),
                   models.Index(fields=["person", "order_key"], name="rating_change_person")]

    def __str__(self):
        return f"{self.person_id}: {self.before} → {self.after}"


class PersonRating(models.Model):
    """A person's current rating: the rating list (``registry.rating`` keeps it with ``RatingChange``)."""

    person = models.OneToOneField(Person, verbose_name=_("игрок реестра"), primary_key=True,
                                  on_delete=models.CASCADE, related_name="rating")
    rating = models.DecimalField(_("рейтинг"), max_digits=7, decimal_places=2)
    parties = models.PositiveIntegerField(_("рейтинговых партий"))
    last_played = models.DateField(_("последняя партия"))

    class Meta:
        verbose_name = _("рейтинг игрока")
        verbose_name_plural = _("рейтинг-лист")
        ordering = ["-rating", "person_id"]
        indexes = [models.Index(fields=["-rating", "person"], name="rating_list_order")]

    def __str__(self):
        return f"{self.person_id}: {self.rating}"


class RatingLedger(models.Model):
    """One row: the lock every rating write takes, so that two replays never interleave."""

    rebuilt_at = models.DateTimeField(_("пересчитан полностью"), null=True, blank=True)

    class Meta:
        verbose_name = _("учёт рейтинга")
        verbose_name_plural = _("учёт рейтинга")


class RatingSnapshot(models.Model):
    """The rating list of a month as it was published; a later rebuild never changes it."""

    month = models.DateField(_("месяц"), unique=True)
    rows = models.JSONField(_("строки"), default=list)
    published_at = models.DateTimeField(_("опубликован"), auto_now_add=True)
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("опубликовал"), null=True,
                                     on_delete=models.SET_NULL, related_name="+")

    class Meta:
        verbose_name = _("рейтинг-лист месяца")
        verbose_name_plural = _("рейтинг-листы месяцев")
        ordering = ["-month"]

    def __str__(self):
        return f"{self.month:%Y-%m}"


class NotDuplicate(models.Model):
    """Two persons of the registry the federation administrator said are two people: no longer suspected of
    being one (``registry.duplicates``). ``low`` is the one with the smaller number."""

    low = models.ForeignKey(Person, verbose_name=_("игрок реестра"), on_delete=models.CASCADE, related_name="+")
    high = models.ForeignKey(Person, verbose_name=_("другой игрок реестра"), on_delete=models.CASCADE,
                             related_name="+")
    note = models.CharField(_("причина"), max_length=300, blank=True)
    decided_at = models.DateTimeField(_("когда"), auto_now_add=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("кто"), null=True,
                                   on_delete=models.SET_NULL, related_name="+")

    class Meta:
        verbose_name = _("разные игроки")
        verbose_name_plural = _("разные игроки")
        ordering = ["low_id", "high_id"]
        constraints = [models.UniqueConstraint(fields=["low", "high"], name="not_duplicate_once"),
                       models.CheckConstraint(condition=models.Q(low__lt=models.F("high")),
                                              name="not_duplicate_ordered")]
