"""What the team event does when the organizer deletes a tournament (``tournaments.signals.tournament_deleting``,
inside his transaction, before its rows go): its matches and its stage-2 seeds, which point at the teams with
PROTECT so that no match loses a team while the event lives, go first; the teams, line-ups and captaincies then go
with the tournament. The deletion itself is audited by ``delete_tournament``."""
from .models import TeamMatch, TeamQualification


def tournament_deleting(sender, *, tournament, user, **kwargs) -> None:
    TeamMatch.objects.filter(round__tournament_id=tournament.pk).delete()
    TeamQualification.objects.filter(tournament_id=tournament.pk).delete()
