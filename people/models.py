"""The persons of the players' registry: one person across tournaments (docs/registry.md).

A tournament's ``Player`` row keeps the name and club as they were registered (the protocols and their
signed headers name him so); ``Player.person`` links the row to the one ``Person``. A merge moves the links of
one person to another and keeps the absorbed person's row (``merged_into``) and a ``PersonMerge`` row, so that
the merge can be undone. The persons stand below the tournaments (their players point to them); matching,
merging and the rating, which read the tournaments, are the ``registry`` app above.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.names import fold

# The fields a person's public page may show, each with its own switch (``show_<field>``).
PUBLIC_FIELDS = ("birth_year", "club", "city", "federation_id")


class Person(models.Model):
    name = models.CharField(_("фамилия и имя"), max_length=200)
    # ``core.names.fold`` of the name: the search and the matching compare this (SQLite folds only ASCII).
    name_key = models.CharField(_("имя для сравнения"), max_length=200, db_index=True, editable=False)
    birth_year = models.PositiveSmallIntegerField(_("год рождения"), null=True, blank=True)
    club = models.CharField(_("клуб"), max_length=200, blank=True)
    city = models.CharField(_("город"), max_length=200, blank=True)
    federation_id = models.CharField(_("ID федерации"), max_length=32, null=True, blank=True, unique=True)
    show_birth_year = models.BooleanField(_("показывать год рождения"), default=False)
    show_club = models.BooleanField(_("показывать клуб"), default=True)
    show_city = models.BooleanField(_("показывать город"), default=True)
    show_federation_id = models.BooleanField(_("показывать ID федерации"), default=True)
    merged_into = models.ForeignKey(
        "self", verbose_name=_("объединён с"), null=True, blank=True, on_delete=models.PROTECT,
        related_name="absorbed",
    )
    created_at = models.DateTimeField(_("внесён в реестр"), auto_now_add=True)

    class Meta:
        db_table = "registry_person"  # the table of the registry app, where the persons were first kept
        verbose_name = _("игрок реестра")
        verbose_name_plural = _("реестр игроков")
        ordering = ["name_key", "id"]
        # the search: active persons (not merged) by the prefix of their folded name, in name order
        indexes = [models.Index(fields=["merged_into", "name_key", "id"], name="person_active_by_name")]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.name_key = fold(self.name)[:200]
        if "update_fields" in kwargs and kwargs["update_fields"] is not None and "name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_key"}
        super().save(*args, **kwargs)

    def public(self, field: str):
        """The field's value when the person shows it publicly, else None."""
        return getattr(self, field) if field in PUBLIC_FIELDS and getattr(self, f"show_{field}") else None


class PersonMerge(models.Model):
    """One merge of ``absorbed`` into ``kept``: what it moved, so that ``undo`` puts it back."""

    kept = models.ForeignKey(Person, verbose_name=_("оставлен"), on_delete=models.PROTECT, related_name="merges_kept")
    absorbed = models.ForeignKey(
        Person, verbose_name=_("присоединён"), on_delete=models.PROTECT, related_name="merges_absorbed"
    )
    players = models.JSONField(_("перенесённые записи турниров"), default=list)
    kept_before = models.JSONField(_("оставленный до объединения"), default=dict)
    absorbed_before = models.JSONField(_("присоединённый до объединения"), default=dict)
    merged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("объединил"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    merged_at = models.DateTimeField(_("объединены"), auto_now_add=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("разделил"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    undone_at = models.DateTimeField(_("разделены"), null=True, blank=True)

    class Meta:
        db_table = "registry_personmerge"
        verbose_name = _("объединение игроков")
        verbose_name_plural = _("объединения игроков")
        ordering = ["-merged_at", "-id"]

    def __str__(self):
        return f"{self.absorbed_id} → {self.kept_id}"
