"""Accounts of a tournament: the organizer creates referees and the chief referee, gives them tables and
removes them (services and the officials' page). Who may, the audit and the pages together are in
test_accounts.py, the players' accounts in test_accounts_players.py."""
import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from access import officials
from access import permissions as perms
from access.errors import InvalidInput
from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from events.forms_officials import parse_tables

from .accounts_helpers import NEW_PASSWORD, User, _official, _role, _state

# --- officials -------------------------------------------------------------------

def test_created_referee_logs_in_and_serves_only_his_tables(table, client):
    role = officials.create_official(table.organizer, table.tournament, **_official(table, tables=["2", 4, 2]))
    assert role.role == RoleKind.REFEREE and role.tables == [2, 4]
    assert (role.user.first_name, role.user.last_name) == ("Василий", "Васин")
    assert client.login(username="vasin", password=NEW_PASSWORD)
    referee = User.objects.get(username="vasin")
    assert not perms.is_referee_for(referee, table.partie)           # table 1
    assert perms.is_referee_for(referee, table.other_partie)         # table 2
    assert perms.referee_tables(referee, table.tournament) == {2, 4}
    assert not perms.is_chief_referee(referee, table.tournament)
    assert client.get(reverse("referees:partie", args=[table.other_partie.pk])).status_code == 200
    assert client.get(reverse("referees:partie", args=[table.partie.pk])).status_code == 403


def test_referee_without_tables_serves_the_whole_tournament(table):
    officials.create_official(table.organizer, table.tournament, **_official(table, tables=[]))
    referee = User.objects.get(username="vasin")
    assert perms.is_referee_for(referee, table.partie) and perms.is_referee_for(referee, table.other_partie)


def test_chief_referee_is_created_without_tables(table):
    officials.create_official(table.organizer, table.tournament, **_official(table, role="chief_referee", tables=None))
    assert perms.can_reopen(User.objects.get(username="vasin"), table.partie)
    with pytest.raises(InvalidInput) as exc:
        officials.create_official(table.organizer, table.tournament,
                                 **_official(table, username="glavny", role="chief_referee", tables=[1]))
    assert exc.value.field == "tables"
    assert not User.objects.filter(username="glavny").exists()


@pytest.mark.parametrize("username", ["referee", "REFEREE"])
def test_existing_username_is_refused_and_nothing_saved(table, username):
    before = _state(table)
    password_hash = User.objects.get(username="referee").password
    with pytest.raises(InvalidInput) as exc:
        officials.create_official(table.organizer, table.tournament, **_official(table, username=username))
    assert exc.value.code == "username_taken" and exc.value.field == "username"
    assert "уже занято" in exc.value.message
    assert _state(table) == before
    assert User.objects.get(username="referee").password == password_hash


@pytest.mark.parametrize("password, field_word", [("12345", "короткий"), ("", "пароль")])
def test_weak_password_is_refused_next_to_the_field(table, password, field_word):
    before = _state(table)
    with pytest.raises(InvalidInput) as exc:
        officials.create_official(table.organizer, table.tournament, **_official(table, password=password))
    assert exc.value.field == "password"
    assert field_word in exc.value.message.lower()
    assert _state(table) == before


@pytest.mark.parametrize("kw, field", [
    ({"role": "organizer"}, "role"), ({"role": "player"}, "role"), ({"username": "два слова"}, "username"),
    ({"username": ""}, "username"), ({"full_name": "  "}, "full_name"), ({"tables": [0]}, "tables"),
    ({"tables": ["x"]}, "tables"), ({"tables": [1.5]}, "tables"), ({"tables": "1"}, "tables"),
])
def test_bad_input_is_refused_naming_the_field(table, kw, field):
    before = _state(table)
    with pytest.raises(InvalidInput) as exc:
        officials.create_official(table.organizer, table.tournament, **_official(table, **kw))
    assert exc.value.field == field
    assert _state(table) == before


def test_organizer_changes_tables_and_removes_a_referee(table):
    role = _role(table, "table2")
    officials.set_official_tables(table.organizer, table.tournament, role.pk, [1, 3])
    assert perms.is_referee_for(User.objects.get(username="table2"), table.partie)
    entry = AuditEntry.objects.get(action="account.tables_changed")
    assert entry.before["tables"] == [2] and entry.after["tables"] == [1, 3] and entry.user == table.organizer

    officials.remove_role(table.organizer, table.tournament, role.pk)
    assert not TournamentRole.objects.filter(pk=role.pk).exists()
    assert User.objects.filter(username="table2").exists()          # the account stays
    assert not perms.is_referee(User.objects.get(username="table2"), table.tournament)
    assert AuditEntry.objects.get(action="account.role_removed").before["username"] == "table2"


def test_tables_only_for_a_referee_of_this_tournament(table):
    with pytest.raises(InvalidInput) as exc:
        officials.set_official_tables(table.organizer, table.tournament, _role(table, "chief").pk, [1])
    assert exc.value.code == "tables_not_for_role"
    foreign = TournamentRole.objects.get(user=table.foreign_referee)
    with pytest.raises(InvalidInput) as exc:
        officials.set_official_tables(table.organizer, table.tournament, foreign.pk, [1])
    assert exc.value.code == "role_not_found"
    with pytest.raises(InvalidInput):
        officials.remove_role(table.organizer, table.tournament, foreign.pk)
    assert TournamentRole.objects.filter(pk=foreign.pk).exists()


def test_organizer_cannot_remove_his_own_organizer_role(table, django_user_model):
    own = _role(table, "org")
    with pytest.raises(InvalidInput) as exc:
        officials.remove_role(table.organizer, table.tournament, own.pk)
    assert exc.value.code == "own_organizer_role"
    assert TournamentRole.objects.filter(pk=own.pk).exists()
    second = django_user_model.objects.create_user("org2", password="x-domino-2026")
    other = TournamentRole.objects.create(tournament=table.tournament, user=second, role=RoleKind.ORGANIZER)
    officials.remove_role(table.organizer, table.tournament, other.pk)
    assert not perms.is_organizer(User.objects.get(username="org2"), table.tournament)


# --- the page --------------------------------------------------------------------

def test_tables_text_parsing():
    assert parse_tables("1, 2 5-7;9 – 10") == [1, 2, 5, 6, 7, 9, 10]
    assert parse_tables("") == []
    for bad in ("a", "0", "7-5", "1.5", "1-100000"):
        with pytest.raises(ValidationError):
            parse_tables(bad)


def test_page_adds_a_referee_and_shows_errors_next_to_fields(table, client):
    client.force_login(table.organizer)
    url = reverse("tournaments:add_official", args=[table.tournament.slug])
    data = {"username": "vasin", "full_name": "Васин Василий", "password": "123", "role": "referee",
            "tables": "2, 4-5"}
    r = client.post(url, data)
    assert r.status_code == 422
    html = r.content.decode()
    assert 'class="errorlist' in html and "короткий" in html.lower()
    assert not User.objects.filter(username="vasin").exists()

    r = client.post(url, {**data, "username": "chief", "password": NEW_PASSWORD})
    assert r.status_code == 422 and "уже занято" in r.content.decode()

    r = client.post(url, {**data, "password": NEW_PASSWORD})
    assert r.status_code == 302
    assert _role(table).tables == [2, 4, 5]
    page = client.get(r["Location"]).content.decode()
    assert "vasin" in page and NEW_PASSWORD not in page


def test_page_edits_tables_and_removes_roles(table, client):
    client.force_login(table.organizer)
    slug = table.tournament.slug
    role = _role(table, "table2")
    r = client.post(reverse("tournaments:role_action", args=[slug, role.pk, "tables"]), {"tables": "1, 3"})
    assert r.status_code == 302
    role.refresh_from_db()
    assert role.tables == [1, 3]
    r = client.post(reverse("tournaments:role_action", args=[slug, role.pk, "tables"]), {"tables": "один"})
    assert r.status_code == 422 and "через запятую" in r.content.decode()
    role.refresh_from_db()
    assert role.tables == [1, 3]
    own = _role(table, "org")
    r = client.post(reverse("tournaments:role_action", args=[slug, own.pk, "remove"]), follow=True)
    assert "Нельзя снять с себя роль организатора" in r.content.decode()
    assert TournamentRole.objects.filter(pk=own.pk).exists()
    r = client.post(reverse("tournaments:role_action", args=[slug, role.pk, "remove"]))
    assert r.status_code == 302 and not TournamentRole.objects.filter(pk=role.pk).exists()


def test_officials_are_shown_surname_first_as_the_form_asks(client, table):
    """«Фамилия и имя» is asked; the officials' pages and the header say it in that order."""
    from core.names import person_name

    role = officials.create_official(table.organizer, table.tournament, **_official(table))
    assert person_name(role.user) == "Васин Василий"
    client.force_login(table.organizer)
    html = client.get(reverse("tournaments:officials", args=[table.tournament.slug])).content.decode()
    assert "Васин Василий" in html and "Василий Васин" not in html
    client.force_login(role.user)
    assert "Васин Василий" in client.get("/").content.decode()  # the header
    assert person_name(type(role.user)(username="nobody")) == "nobody" and person_name(None) == ""
