"""Accounts of a tournament: the organizer creates players' accounts, one or all at once with their slips,
linked to their seats (services and the signing page). Who may, the audit and the pages together are in
test_accounts.py, the officials in test_accounts_officials.py."""
import pytest
from django.urls import reverse

from access import accounts, officials
from access import permissions as perms
from access.errors import InvalidInput
from access.models import RoleKind, TournamentRole
from tournaments.models import Player

from .accounts_helpers import NEW_PASSWORD, User, _pair1_player, _role, _state

# --- players ---------------------------------------------------------------------

def test_player_account_links_the_seat_and_he_signs_his_own_protocol(table, client):
    player = _pair1_player(table)                                    # seat A1 at table 2 of round 2
    accounts.create_player_account(table.organizer, table.tournament, player, username="ivanov", password=NEW_PASSWORD)
    player.refresh_from_db()
    account = User.objects.get(username="ivanov")
    assert player.user == account
    assert (account.last_name, account.first_name) == tuple(player.name.split(" ", 1))
    assert TournamentRole.objects.filter(tournament=table.tournament, user=account, role=RoleKind.PLAYER).exists()
    assert perms.can_sign_as_player(account, table.other_partie, "A1")
    assert not perms.can_sign_as_player(account, table.other_partie, "A2")
    assert not perms.can_sign_as_player(account, table.partie, "A1")
    assert client.login(username="ivanov", password=NEW_PASSWORD)


def test_player_account_refused_twice_for_foreign_players_and_weak_passwords(table):
    def create(player, username, password=NEW_PASSWORD):
        with pytest.raises(InvalidInput) as exc:
            accounts.create_player_account(table.organizer, table.tournament, player, username=username,
                                           password=password)
        return exc.value

    assert create(Player.objects.get(user=table.players["A1"]), "new1").code == "player_has_account"
    foreign = Player.objects.filter(pair__tournament__slug="other-cup").first()
    assert create(foreign, "new2").code == "player_not_in_tournament"
    player = _pair1_player(table)
    assert create(player, "new3", "123").field == "password"
    assert create(player, "chief").code == "username_taken"
    player.refresh_from_db()
    assert player.user is None
    assert not User.objects.filter(username__in=["new1", "new2", "new3"]).exists()


def test_bulk_accounts_for_players_without_one_then_nothing(table, client):
    without = Player.objects.filter(pair__tournament=table.tournament, user__isnull=True).count()
    assert without == 12
    users_before = User.objects.count()
    issued = accounts.create_player_accounts(table.organizer, table.tournament)
    assert len(issued) == without and User.objects.count() == users_before + without
    name, username, password = issued[0]
    assert (name, username) == (_pair1_player(table).name, "cup-1-1")
    assert {u for _n, u, _p in issued} >= {"cup-1-2", "cup-2-1", "cup-8-2"}
    assert "cup-3-1" not in {u for _n, u, _p in issued}            # pair 3 already had accounts
    for _n, _u, pw in issued:
        assert len(pw) == 8 and set(pw) <= set(accounts.PASSWORD_ALPHABET)
    assert not set("01oli") & set(accounts.PASSWORD_ALPHABET)
    assert len({pw for _n, _u, pw in issued}) == len(issued)
    assert not Player.objects.filter(pair__tournament=table.tournament, user__isnull=True).exists()
    assert client.login(username=username, password=password)
    player = _pair1_player(table)
    assert perms.can_sign_as_player(player.user, table.other_partie, "A1")

    state = _state(table)
    assert accounts.create_player_accounts(table.organizer, table.tournament) == []
    assert _state(table) == state


def test_bulk_accounts_avoid_taken_usernames_and_unnumbered_players(table, django_user_model):
    django_user_model.objects.create_user("cup-1-1", password="x-domino-2026")
    Player.objects.filter(pair__tournament=table.tournament, pair__number=2, number=2).update(number=None)
    issued = {name: username for name, username, _pw in accounts.create_player_accounts(table.organizer,
                                                                                        table.tournament)}
    assert issued[_pair1_player(table).name] == "cup-1-1-2"
    unnumbered = Player.objects.get(pair__tournament=table.tournament, pair__number=2, number=None)
    assert issued[unnumbered.name] == f"cup-p{unnumbered.pk}"
    assert _pair1_player(table).user.username == "cup-1-1-2"         # the existing account is not attached


def test_bulk_accounts_password_length(table):
    issued = accounts.create_player_accounts(table.organizer, table.tournament, password_length=12)
    assert {len(pw) for _n, _u, pw in issued} == {12}
    with pytest.raises(InvalidInput):
        accounts.create_player_accounts(table.organizer, table.tournament, password_length=3)


def test_removing_a_player_role_unlinks_his_seat(table):
    player = _pair1_player(table)
    accounts.create_player_account(table.organizer, table.tournament, player, username="ivanov", password=NEW_PASSWORD)
    account = User.objects.get(username="ivanov")
    officials.remove_role(table.organizer, table.tournament, _role(table, "ivanov").pk)
    player.refresh_from_db()
    assert player.user is None
    assert not perms.can_sign_as_player(account, table.other_partie, "A1")


# --- the page --------------------------------------------------------------------

def test_page_creates_one_player_account(table, client):
    client.force_login(table.organizer)
    player = _pair1_player(table)
    url = reverse("referees:player_account", args=[table.tournament.slug, player.pk])
    r = client.post(url, {"username": "ivanov", "password": "1"})
    assert r.status_code == 422 and 'id="id_player%s_password"' % player.pk in r.content.decode()
    r = client.post(url, {"username": "ivanov", "password": NEW_PASSWORD})
    assert r.status_code == 302
    player.refresh_from_db()
    assert player.user.username == "ivanov"


def test_page_prints_the_slips_once(table, client):
    client.force_login(table.organizer)
    url = reverse("referees:player_accounts", args=[table.tournament.slug])
    r = client.post(url)
    assert r.status_code == 200 and "no-store" in r["Cache-Control"]
    html = r.content.decode()
    assert html.count('class="slip"') == 12
    assert "cup-1-1" in html and _pair1_player(table).name in html
    player = _pair1_player(table)
    password = html.split('class="password">', 1)[1].split("<", 1)[0]
    assert client.login(username=player.user.username, password=password)
    client.force_login(table.organizer)
    again = client.post(url)
    assert again.status_code == 302
    assert 'class="slip"' not in client.get(again["Location"]).content.decode()
