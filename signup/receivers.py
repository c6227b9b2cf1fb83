"""What the online registration does when the organizer withdraws or deletes an entrant by hand
(``tournaments.signals.entrant_left``, inside his transaction): the entry of that entrant (a team's: once none of its pairs plays) is withdrawn, and the
waiting list moves up into the free place, audited under the organizer's name; the players are told (``signup.notices``)."""
from django.utils import timezone
from django.utils.translation import gettext as _

from audit.log import log_action
from core.locking import locked
from tournaments.models import EntrantStatus, Tournament

from .models import Entry, EntryStatus, MessageKind, SignupSettings
from .notices import tell
from .places import entry_snapshot, fill_places


def entrant_left(sender, *, tournament, user, **kwargs) -> None:
    if not SignupSettings.objects.filter(tournament_id=tournament.pk).exists():
        return
    # the registration's own order of locks: the tournament, then its settings (signup.services._locked)
    tournament = locked(Tournament.objects.filter(pk=tournament.pk)).get()
    settings = locked(SignupSettings.objects.filter(tournament=tournament)).get()
    settings.tournament = tournament
    now = timezone.now()
    # accepted, and its entrant deleted (no pair) or no longer active; a team: none of its pairs active
    accepted = Entry.objects.filter(tournament=tournament, status=EntryStatus.ACCEPTED)
    if tournament.format_spec.has_teams:
        accepted = accepted.exclude(team__members__pair__status=EntrantStatus.ACTIVE)
    else:
        accepted = accepted.exclude(pair__status=EntrantStatus.ACTIVE)
    gone = list(accepted.values_list("pk", flat=True))
    for entry in locked(Entry.objects.filter(pk__in=gone).order_by("id")):
        before = entry_snapshot(entry)
        entry.status, entry.withdrawn_at = EntryStatus.WITHDRAWN, now
        entry.save(update_fields=["status", "withdrawn_at"])
        log_action(tournament, "signup.withdrawn", user=user, before=before, after=entry_snapshot(entry),
                   note=_("участник снят организатором"))
        tell(entry, MessageKind.WITHDRAWN, user=user, by_organizer=True)
    fill_places(user, tournament, settings, now=now)
