"""A tournament with the RULES.md §8 table (pair 3 against pair 7 at table 1 of round 2) and every role."""
import pytest

from access.models import RoleKind, TournamentRole
from tests.factories import make_round, make_tournament
from tournaments.models import Player

PASSWORD = "domino2026"

# RULES.md §8, deal by deal, in the §9 JSON form.
DEALS = [
    {"n": 1, "result": "domino", "out": "A1", "hands": {"A2": 14, "B1": ["0-0"], "B2": 23}},
    {"n": 2, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 30}},
    {"n": 3, "result": "domino", "out": "B2", "hands": {"A1": 8, "A2": 17, "B1": 5}},
    {"n": 4, "result": "wrong_pass", "offender": "A2"},
]

# Four deals, the second and the fourth the first and the third with the pairs' seats swapped: a tie.
MIRRORED = [
    {"n": 1, "result": "domino", "out": "A1", "hands": {"A2": 14, "B1": 9, "B2": 23}},
    {"n": 2, "result": "domino", "out": "B1", "hands": {"B2": 14, "A1": 9, "A2": 23}},
    {"n": 3, "result": "block", "hands": {"A1": 9, "A2": 10, "B1": 4, "B2": 30}},
    {"n": 4, "result": "block", "hands": {"B1": 9, "B2": 10, "A1": 4, "A2": 30}},
]


class Table:
    """Everything a test needs about the §8 table, as attributes."""


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """A dozen accounts per test: hash their passwords quickly (tests only)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _user(django_user_model, name, **extra):
    return django_user_model.objects.create_user(name, password=PASSWORD, **extra)


@pytest.fixture
def table(db, django_user_model):
    t = Table()
    t.tournament = make_tournament(8, slug="cup")
    t.round1 = make_round(t.tournament, 1, [(3, 4), (7, 8), (1, 2), (5, 6)])
    t.round2 = make_round(t.tournament, 2, [(3, 7), (1, 2), (4, 5), (6, 8)])
    t.partie = t.round2.parties.get(table=1)
    t.other_partie = t.round2.parties.get(table=2)
    t.earlier_partie = t.round1.parties.get(table=1)
    t.organizer = _user(django_user_model, "org")
    TournamentRole.objects.create(tournament=t.tournament, user=t.organizer, role=RoleKind.ORGANIZER)
    t.staff = _user(django_user_model, "staff", is_staff=True)
    t.superuser = _user(django_user_model, "root", is_staff=True, is_superuser=True)
    t.chief = _user(django_user_model, "chief")
    TournamentRole.objects.create(tournament=t.tournament, user=t.chief, role=RoleKind.CHIEF_REFEREE)
    t.referee = _user(django_user_model, "referee", first_name="Анна", last_name="Судейская")
    TournamentRole.objects.create(tournament=t.tournament, user=t.referee, role=RoleKind.REFEREE)
    t.referee2 = _user(django_user_model, "referee2")
    TournamentRole.objects.create(tournament=t.tournament, user=t.referee2, role=RoleKind.REFEREE)
    t.table2_referee = _user(django_user_model, "table2")
    TournamentRole.objects.create(tournament=t.tournament, user=t.table2_referee, role=RoleKind.REFEREE, tables=[2])
    other = make_tournament(4, slug="other-cup")
    t.foreign_referee = _user(django_user_model, "foreign")
    TournamentRole.objects.create(tournament=other, user=t.foreign_referee, role=RoleKind.CHIEF_REFEREE)
    t.nobody = _user(django_user_model, "nobody")
    # Player accounts for the four seats of table 1 (pair 3 = A, pair 7 = B).
    t.players = {}
    for side, number in (("A", 3), ("B", 7)):
        for player in Player.objects.filter(pair__tournament=t.tournament, pair__number=number).order_by("number"):
            seat = f"{side}{player.number}"
            player.user = _user(django_user_model, f"player{seat.lower()}")
            player.save()
            t.players[seat] = player.user
    return t


@pytest.fixture
def anonymous():
    from django.contrib.auth.models import AnonymousUser

    return AnonymousUser()
