"""The federation administrator merges two persons of the registry that are one, and splits a wrong merge.

A merge of ``absorbed`` into ``kept``, in one transaction with both rows locked:

* refused when they are the same person, when either is already merged, when both hold a federation ID
  (two IDs are two people until the federation says otherwise: it corrects one ID first), and when both
  played in one tournament (**[толкование]**: one person has one entry per tournament);
* every tournament entry of ``absorbed`` is linked to ``kept``; the fields ``kept`` leaves empty (birth year,
  club, city, federation ID) take ``absorbed``'s values; ``absorbed`` stays, marked ``merged_into``;
* the tournaments' own rows keep the names they were registered with: no protocol, and no signed
  protocol's frozen header (``scoring.integrity``), changes.

Undoing a merge (splitting) links back the entries it moved that are still ``kept``'s, gives back the fields
it filled that still hold what it put there, and clears ``merged_into``. **[толкование]** A merge whose
``kept`` was itself merged since is undone after that later merge. Both are audited (entries of no
tournament: ``person.merged``, ``person.merge_undone``).
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from access.permissions import require_federation_admin
from audit.log import log_action
from core.locking import locked
from core.text import UnsafeText, clean_text
from people.models import Person, PersonMerge
from tournaments.errors import InvalidInput, TournamentError
from tournaments.models import Player

from . import rating
from .services import person_snapshot

FILLED = ("birth_year", "club", "city", "federation_id")


def clean_note(note) -> str:
    """The reason an administrator gives for a registry action: plain text, at most 300 characters."""
    try:
        text = clean_text(note)
    except UnsafeText as exc:
        raise InvalidInput(_("Причина: %(e)s.") % {"e": exc.message}, field="note", code=exc.code) from None
    if len(text) > 300:
        raise InvalidInput(_("Причина — не длиннее 300 символов."), field="note", code="too_long")
    return text


def _refuse(message, code):
    raise TournamentError(message, code=code)


def _relink(players, person) -> None:
    """Point these tournament players to ``person``, row by row: each save moves its tournament's data version
    (``scoring.live``), so the open API's answers, which name each player's person, are not answered 304 with
    the old link. A person has one entry per tournament: a few rows."""
    for player in Player.objects.filter(pk__in=players).select_related("pair").order_by("pk"):
        player.person = person
        player.save(update_fields=["person"])


def merge_persons(user, kept: Person, absorbed: Person, *, note="") -> PersonMerge:
    """Merge ``absorbed`` into ``kept`` (see the module's docstring)."""
    require_federation_admin(user)
    note = clean_note(note)
    if not note:
        raise InvalidInput(_("Укажите причину объединения: она остаётся в журнале и у отмены."), field="note",
                           code="note_required")
    if kept.pk == absorbed.pk:
        raise InvalidInput(_("Это один и тот же игрок реестра: объединять нечего."), field="other",
                           code="same_person")
    with transaction.atomic():
        rows = {p.pk: p for p in locked(Person.objects.filter(pk__in=[kept.pk, absorbed.pk]).order_by("pk"))}
        kept, absorbed = rows[kept.pk], rows[absorbed.pk]
        for person in (kept, absorbed):
            if person.merged_into_id is not None:
                _refuse(_("Игрок реестра №%(id)s уже объединён с игроком №%(to)s.") % {
                    "id": person.pk, "to": person.merged_into_id}, "already_merged")
        if kept.federation_id and absorbed.federation_id:
            _refuse(_("У обоих игроков есть ID федерации (%(a)s и %(b)s): это разные люди, пока один из ID не "
                      "исправлен.") % {"a": kept.federation_id, "b": absorbed.federation_id}, "two_federation_ids")
        moved = Player.objects.filter(person=absorbed)
        both = (Player.objects.filter(person=kept, pair__tournament__in=moved.values("pair__tournament"))
                .select_related("pair__tournament").first())
        if both is not None:
            _refuse(_("Оба игрока играли в турнире «%(t)s»: один человек не может быть в турнире дважды.") % {
                "t": both.pair.tournament.name}, "same_tournament")
        players = list(moved.order_by("pk").values_list("pk", flat=True))
        kept_before, absorbed_before = person_snapshot(kept), person_snapshot(absorbed)
        if absorbed.federation_id:
            absorbed.federation_id, kept.federation_id = None, absorbed.federation_id
            absorbed.save(update_fields=["federation_id"])
        for field in FILLED[:3]:
            if getattr(kept, field) in (None, "") and getattr(absorbed, field) not in (None, ""):
                setattr(kept, field, getattr(absorbed, field))
        kept.save()
        _relink(players, kept)
        absorbed.merged_into = kept
        absorbed.save(update_fields=["merged_into"])
        merge = PersonMerge.objects.create(kept=kept, absorbed=absorbed, players=players, kept_before=kept_before,
                                           absorbed_before=absorbed_before, merged_by=user)
        log_action(None, "person.merged", user=user, note=note,
                   before={"kept": kept_before, "absorbed": absorbed_before},
                   after={"merge": merge.pk, "kept": kept.pk, "absorbed": absorbed.pk, "players": players})
        rating.persons_changed([kept.pk, absorbed.pk])  # one person's parties now: docs/rules.md Part V
    return merge


def undo_merge(user, merge: PersonMerge, *, note="") -> PersonMerge:
    """Split the two persons of ``merge`` again (see the module's docstring)."""
    require_federation_admin(user)
    note = clean_note(note)
    with transaction.atomic():
        merge = locked(PersonMerge.objects.filter(pk=merge.pk)).get()
        if merge.undone_at is not None:
            _refuse(_("Это объединение уже отменено."), "already_undone")
        rows = {p.pk: p for p in locked(Person.objects.filter(pk__in=[merge.kept_id, merge.absorbed_id])
                                        .order_by("pk"))}
        kept, absorbed = rows[merge.kept_id], rows[merge.absorbed_id]
        if kept.merged_into_id is not None:
            _refuse(_("Игрок №%(id)s с тех пор объединён с игроком №%(to)s: сначала отмените то объединение.") % {
                "id": kept.pk, "to": kept.merged_into_id}, "merged_since")
        if absorbed.merged_into_id != kept.pk:
            _refuse(_("Игрок №%(id)s уже не объединён с игроком №%(to)s.") % {"id": absorbed.pk, "to": kept.pk},
                    "not_merged")
        before = {"kept": person_snapshot(kept), "absorbed": person_snapshot(absorbed)}
        for field in FILLED:
            was, given = merge.kept_before.get(field), merge.absorbed_before.get(field)
            if was in (None, "") and given not in (None, "") and getattr(kept, field) == given:
                setattr(kept, field, was)
        kept.save()
        if merge.absorbed_before.get("federation_id") and kept.federation_id != merge.absorbed_before["federation_id"]:
            if not Person.objects.filter(federation_id=merge.absorbed_before["federation_id"]).exists():
                absorbed.federation_id = merge.absorbed_before["federation_id"]
        absorbed.merged_into = None
        absorbed.save(update_fields=["merged_into", "federation_id"])
        back = list(Player.objects.filter(pk__in=merge.players, person=kept).order_by("pk")
                    .values_list("pk", flat=True))
        _relink(back, absorbed)
        merge.undone_at, merge.undone_by = timezone.now(), user
        merge.save(update_fields=["undone_at", "undone_by"])
        log_action(None, "person.merge_undone", user=user, note=note, before=before,
                   after={"merge": merge.pk, "kept": kept.pk, "absorbed": absorbed.pk, "players": back})
        rating.persons_changed([kept.pk, absorbed.pk])
    return merge
