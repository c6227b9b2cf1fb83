"""A federation hall for the round clock's tests: round 1 published at three tables, every role, and a server
clock the test moves (``hall.at(seconds after the round's start)``)."""
import datetime
from contextlib import contextmanager
from unittest import mock

import pytest

from access.models import RoleKind, TournamentRole
from tests.factories import make_round, make_tournament

HALL_PAIRS = 6
START = datetime.datetime(2026, 12, 1, 16, 0, tzinfo=datetime.timezone.utc)


class Hall:
    """The tournament, its round, its users; ``at`` runs a block as if the server's clock read START + s."""

    @contextmanager
    def at(self, seconds):
        with mock.patch("django.utils.timezone.now", return_value=START + datetime.timedelta(seconds=seconds)):
            yield


@pytest.fixture
def hall(db, django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    h = Hall()
    h.tournament = make_tournament(HALL_PAIRS, slug="clock-cup", preset="federation", clock_warnings=[10, 5])
    h.round = make_round(h.tournament, 1, [(1, 2), (3, 4), (5, 6)])
    h.draft = make_round(h.tournament, 2, [(1, 3), (2, 5), (4, 6)], status="draft")
    h.partie = h.round.parties.get(table=1)
    users = {}
    for name, role in (("org", RoleKind.ORGANIZER), ("chief", RoleKind.CHIEF_REFEREE), ("referee", RoleKind.REFEREE)):
        users[name] = django_user_model.objects.create_user(name, password="domino2026")
        TournamentRole.objects.create(tournament=h.tournament, user=users[name], role=role)
    other = make_tournament(4, slug="other-cup", preset="federation")
    users["foreign"] = django_user_model.objects.create_user("foreign", password="domino2026")
    TournamentRole.objects.create(tournament=other, user=users["foreign"], role=RoleKind.CHIEF_REFEREE)
    users["nobody"] = django_user_model.objects.create_user("nobody", password="domino2026")
    for name, user in users.items():
        setattr(h, name, user)
    return h


def fresh(rnd):
    return type(rnd).objects.select_related("tournament").get(pk=rnd.pk)
