"""An official's power over an account ends at his own tournaments (access.account_rights), walked through the
pages as an attacker would: the organizer of tournament B attaches somebody else's account as his referee, then
presses «Новый пароль» or «Снять блокировку». Nobody's password, lockout or account changes unless the account
is wholly his; his own referees keep being served."""
import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from access import account_rights
from access.models import RoleKind, TournamentRole
from access.permissions import FEDERATION_ADMINS
from audit.models import AuditEntry
from teams.captains import create_captain
from teams.models import Captain
from tests.factories import make_tournament
from tests.teams.conftest import make_team_event
from tournaments.models import Player

pytestmark = [pytest.mark.django_db, pytest.mark.axes]

PASSWORD = "Sudya-2026!"


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def account(django_user_model, username, **extra):
    return django_user_model.objects.create_user(username, password=PASSWORD, first_name="Имя", last_name=username,
                                                 **extra)


@pytest.fixture
def world(django_user_model, organizer):
    """Tournament A (pairs) and a team event, each with its own people; tournament B of the attacker."""
    w = type("World", (), {})()
    w.a = make_tournament(4, slug="a-cup")
    w.a_organizer = account(django_user_model, "a-org")
    TournamentRole.objects.create(tournament=w.a, user=w.a_organizer, role=RoleKind.ORGANIZER)
    w.player = account(django_user_model, "a-player")
    seat = Player.objects.filter(pair__tournament=w.a).first()
    seat.user = w.player
    seat.save()
    TournamentRole.objects.create(tournament=w.a, user=w.player, role=RoleKind.PLAYER)
    w.team_organizer = organizer  # organizes the team event only (his roles elsewhere are taken away below)
    w.teams = make_team_event(w.team_organizer, 2)
    w.captain = create_captain(w.team_organizer, w.teams.teams.get(number=1), username="a-captain",
                               full_name="Капитанов Пётр", password=PASSWORD).user
    w.fed_admin = account(django_user_model, "fed-admin")
    w.fed_admin.groups.add(Group.objects.get_or_create(name=FEDERATION_ADMINS)[0])
    w.shared = account(django_user_model, "shared-ref")  # serves A and B
    TournamentRole.objects.create(tournament=w.a, user=w.shared, role=RoleKind.REFEREE)
    w.b = make_tournament(4, slug="b-cup")
    w.attacker = account(django_user_model, "b-org")
    TournamentRole.objects.create(tournament=w.b, user=w.attacker, role=RoleKind.ORGANIZER)
    w.own = account(django_user_model, "b-ref")  # B's own referee, created by its organizer
    TournamentRole.objects.create(tournament=w.b, user=w.own, role=RoleKind.REFEREE)
    TournamentRole.objects.create(tournament=w.b, user=w.shared, role=RoleKind.REFEREE)
    TournamentRole.objects.filter(user=organizer).exclude(tournament=w.teams).delete()
    return w


VICTIMS = ["player", "captain", "fed_admin", "a_organizer", "shared"]


def attach(client, w, victim):
    """The attacker's officials page: «существующая учётная запись» as his referee; the new role row."""
    if not TournamentRole.objects.filter(tournament=w.b, user=victim, role=RoleKind.REFEREE).exists():
        r = client.post(reverse("tournaments:officials", args=[w.b.slug]),
                        {"account": victim.pk, "role": RoleKind.REFEREE, "tables": ""})
        assert r.status_code == 302
    return TournamentRole.objects.get(tournament=w.b, user=victim, role=RoleKind.REFEREE)


def lock(username, address="10.9.0.1"):
    client = Client()
    for _ in range(5):
        client.post(reverse("login"), {"username": username, "password": "wrong"}, REMOTE_ADDR=address)
    assert client.post(reverse("login"), {"username": username, "password": PASSWORD},
                       REMOTE_ADDR=address).status_code == 429


@pytest.mark.parametrize("who", VICTIMS)
def test_an_organizer_cannot_take_over_an_account_he_attached(client, world, who):
    victim = getattr(world, who)
    before = victim.password
    client.force_login(world.attacker)
    role = attach(client, world, victim)
    page = client.get(reverse("tournaments:officials", args=[world.b.slug])).content.decode()
    assert f'id="reset-{role.pk}"' not in page  # the page does not offer it…
    r = client.post(reverse("tournaments:reset_password", args=[world.b.slug, role.pk]))
    assert r.status_code == 403 and "только администратор сайта" in r.content.decode()  # …and the service refuses
    victim.refresh_from_db()
    assert victim.password == before and victim.check_password(PASSWORD)
    assert not AuditEntry.objects.filter(action="account.password_reset").exists()


@pytest.mark.parametrize("who", VICTIMS)
def test_an_organizer_cannot_lift_the_lockout_of_an_account_he_attached(client, world, who):
    victim = getattr(world, who)
    client.force_login(world.attacker)
    attach(client, world, victim)
    lock(victim.username)
    page = client.get(reverse("tournaments:officials", args=[world.b.slug])).content.decode()
    row = page[page.index(f'id="lockout-{victim.username}"'):].split("</li>")[0]
    assert "Снять блокировку" not in row
    r = client.post(reverse("referees:lift_lockout", args=[world.b.slug]), {"username": victim.username})
    assert r.status_code == 403
    assert AccessAttempt.objects.filter(username=victim.username).exists()
    assert not AuditEntry.objects.filter(action="account.unlocked").exists()


def test_his_own_referee_gets_a_new_password_and_his_lockout_lifted(client, world):
    client.force_login(world.attacker)
    role = TournamentRole.objects.get(tournament=world.b, user=world.own)
    lock(world.own.username)
    page = client.get(reverse("tournaments:officials", args=[world.b.slug])).content.decode()
    assert f'id="reset-{role.pk}"' in page
    r = client.post(reverse("tournaments:reset_password", args=[world.b.slug, role.pk]))
    assert r.status_code == 200
    world.own.refresh_from_db()
    assert not world.own.check_password(PASSWORD)
    assert not AccessAttempt.objects.filter(username=world.own.username).exists()  # lifted with the reset


def test_a_captain_of_another_event_is_not_the_organizers_to_reset(client, world, django_user_model):
    # The team event's organizer also runs B: the captain of his team event is his; a captain who also
    # captains in somebody else's event is not.
    assert account_rights.wholly_his(world.team_organizer, world.captain)
    other = make_team_event(world.team_organizer, 2, slug="other-teams")
    TournamentRole.objects.filter(tournament=other, user=world.team_organizer).delete()
    TournamentRole.objects.create(tournament=other, user=world.attacker, role=RoleKind.ORGANIZER)
    Captain.objects.create(team=other.teams.get(number=1), user=world.captain)
    assert not account_rights.wholly_his(world.team_organizer, world.captain)
    assert not account_rights.wholly_his(world.attacker, world.captain)
    client.force_login(world.team_organizer)
    team = world.teams.teams.get(number=1)
    assert "Новый пароль капитану" not in client.get(reverse("teams:manage", args=[world.teams.slug])).content.decode()
    r = client.post(reverse("teams:captain_password", args=[world.teams.slug, team.pk]), follow=True)
    assert "только администратор сайта" in r.content.decode() and "captain-password" not in r.content.decode()
    world.captain.refresh_from_db()
    assert world.captain.check_password(PASSWORD)


def test_the_rule_in_one_place(world, django_user_model):
    """Every tie is asked: roles, player links, captaincies, groups, staff; an account with no tie is nobody's."""
    wholly = account_rights.wholly_his
    assert wholly(world.attacker, world.own)
    assert not wholly(world.attacker, world.attacker)  # his own password he changes himself
    assert not wholly(world.attacker, world.shared)  # serves A too
    assert wholly(world.a_organizer, world.player) is True  # a player of A only: A's organizer's
    assert not wholly(world.attacker, account(django_user_model, "loose"))  # no tie: nobody's
    staff = account(django_user_model, "b-staff", is_staff=True)
    TournamentRole.objects.create(tournament=world.b, user=staff, role=RoleKind.REFEREE)
    assert not wholly(world.attacker, staff)
    co = account(django_user_model, "b-co")
    TournamentRole.objects.create(tournament=world.b, user=co, role=RoleKind.ORGANIZER)
    assert not wholly(world.attacker, co)  # a co-organizer answers to the site administrator
    chief = account(django_user_model, "b-chief")
    TournamentRole.objects.create(tournament=world.b, user=chief, role=RoleKind.CHIEF_REFEREE)
    assert wholly(chief, world.own) and not wholly(chief, chief) and not wholly(world.own, chief)
    assert wholly(world.attacker, chief)
    assert not wholly(chief, co)
