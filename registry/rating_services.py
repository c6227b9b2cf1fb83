"""The federation administrator's rating writes: which tournaments are rated, a full rebuild, and the monthly
list published as it stands (docs/rules.md Part V). Each takes the acting user, checks the role, runs in one
transaction and is audited; the ledger itself is ``registry.rating``.
"""
from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from access.permissions import require_federation_admin
from audit.log import log_action
from core.locking import locked
from tournaments.errors import InvalidInput, NotAllowed
from tournaments.models import Tournament

from . import rating
from .models import PersonRating, RatedTournament, RatingSnapshot

MONTH_MIN = datetime.date(2000, 1, 1)


def set_rated(user, tournament: Tournament, rated: bool) -> bool:
    """Mark (``rated``) or unmark a tournament as rated; the ratings are replayed from its start. Returns
    whether anything changed (marking a rated tournament again changes nothing and is not audited)."""
    require_federation_admin(user)
    with transaction.atomic():
        tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
        if tournament.archived_at is not None and rated:
            raise NotAllowed(_("Турнир в архиве: отметить его рейтинговым нельзя."), code="archived")
        exists = RatedTournament.objects.filter(tournament=tournament).exists()
        if exists == rated:
            return False
        if rated:
            RatedTournament.objects.create(tournament=tournament, marked_by=user)
        else:
            RatedTournament.objects.filter(tournament=tournament).delete()
        written = rating.replay_from(rating.tournament_start(tournament))
        log_action(tournament, "tournament.rated" if rated else "tournament.unrated", user=user,
                   before={"rated": exists}, after={"rated": rated, "changes_written": written})
    return True


def rebuild(user=None) -> int:
    """Recompute everything from the protocols (the ``rating rebuild`` command: ``user`` None). Audited."""
    if user is not None:
        require_federation_admin(user)
    with transaction.atomic():
        written = rating.rebuild()
        log_action(None, "rating.rebuilt", user=user, after={"changes": written,
                                                             "persons": PersonRating.objects.count()})
    return written


def clean_month(value) -> datetime.date:
    """``YYYY-MM`` (or a date) as the first day of that month; a clear refusal otherwise."""
    if isinstance(value, datetime.date):
        return value.replace(day=1)
    text = str(value or "").strip()
    try:
        month = datetime.datetime.strptime(text, "%Y-%m").date() if len(text) == 7 else None
    except ValueError:
        month = None
    if month is None or not (MONTH_MIN <= month <= timezone.localdate().replace(day=1)):
        raise InvalidInput(_("Месяц — в виде ГГГГ-ММ, не раньше 2000-01 и не позже текущего."), field="month",
                           code="bad_month")
    return month


def publish_snapshot(user, month=None) -> RatingSnapshot:
    """Publish the list as it stands now as the list of ``month`` (default: this month). A published month
    is never rewritten: a later rebuild, correction or second publication does not change it."""
    if user is not None:
        require_federation_admin(user)
    month = clean_month(month or timezone.localdate())
    with transaction.atomic():
        rating._lock()  # the list does not move while it is copied
        if RatingSnapshot.objects.filter(month=month).exists():
            raise NotAllowed(_("Рейтинг-лист за %(m)s уже опубликован: он не меняется.") % {"m": date_format(month, _("m.Y"))},
                             code="already_published")
        rows = list(PersonRating.objects.select_related("person").order_by("-rating", "person_id"))
        data = rating.list_rows(rows)
        for place, (row, line) in enumerate(zip(data, rows), start=1):
            row.update(place=place, club=line.person.public("club") or "", city=line.person.public("city") or "",
                       federation_id=line.person.public("federation_id") or "")
        snapshot = RatingSnapshot.objects.create(month=month, rows=data, published_by=user)
        log_action(None, "rating.published", user=user, after={"month": f"{month:%Y-%m}", "rows": len(data)})
    return snapshot
