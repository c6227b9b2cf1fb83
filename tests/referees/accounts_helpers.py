"""Steps shared by the tests of a tournament's accounts (officials and players): the new password, the
accounts and roles the tests create, and the state that a refused action must leave as it was."""
from django.contrib.auth import get_user_model

from access.models import TournamentRole
from audit.models import AuditEntry
from tournaments.models import Player

User = get_user_model()
NEW_PASSWORD = "stol-pyat-2026"


def _pair1_player(table, number=1):
    return Player.objects.get(pair__tournament=table.tournament, pair__number=1, number=number)


def _role(table, username="vasin"):
    return TournamentRole.objects.get(tournament=table.tournament, user__username=username)


def _official(table, **kw):
    args = {"username": "vasin", "full_name": "Васин Василий", "password": NEW_PASSWORD, "role": "referee",
            "tables": [2, 4]}
    args.update(kw)
    return args


def _state(table):
    return (User.objects.count(), TournamentRole.objects.count(), AuditEntry.objects.count(),
            sorted(TournamentRole.objects.filter(tournament=table.tournament).values_list("pk", "tables")),
            sorted(Player.objects.filter(pair__tournament=table.tournament).values_list("pk", "user_id")))
