"""Passwords: validators for officials, changing one's own password, the organizer resets a referee's."""
import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.urls import reverse

from access import accounts, officials
from access.errors import InvalidInput, NotAllowed
from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from tournaments.models import Tournament

from .conftest import PASSWORD

User = get_user_model()
STRONG = "stol-pyat-2026"


def _official(**kw):
    args = {"username": "vasin", "full_name": "Васин Василий", "password": STRONG, "role": "referee"}
    args.update(kw)
    return args


# --- validators ------------------------------------------------------------------

@pytest.mark.parametrize("password", [
    "7rk2",                 # shorter than 8
    "84629175",             # digits only
    "٣٤٥٦٧٨٩٢٣٤",           # digits only, of another script
    "password",             # common
    "qwerty123",            # common
    "vasin2026",            # like the login
])
def test_weak_passwords_are_refused_for_officials(table, password):
    with pytest.raises(InvalidInput) as exc:
        officials.create_official(table.organizer, table.tournament, **_official(password=password))
    assert exc.value.code == "weak_password" and exc.value.field == "password"
    assert not User.objects.filter(username="vasin").exists()


def test_weak_password_message_is_next_to_the_field(client, table):
    client.force_login(table.organizer)
    r = client.post(reverse("tournaments:add_official", args=[table.tournament.slug]),
                    {**_official(password="12345678"), "tables": ""})
    assert r.status_code == 422
    html = r.content.decode()
    form = html[html.index('id="official-form"'):]
    password_part = form[form.index('id="id_password"'):form.index('id="id_role"')]
    assert "errorlist" in password_part
    assert not User.objects.filter(username="vasin").exists()


def test_generated_passwords_pass_the_validators():
    candidate = User(username="cup-1-1", first_name="Иван", last_name="Петров")
    for length in (8, 10, 12):
        for _ in range(300):
            password = accounts.random_password(length)
            assert len(password) == length and set(password) <= set(accounts.PASSWORD_ALPHABET)
            assert any(c.isdigit() for c in password) and any(c.isalpha() for c in password)
            validate_password(password, user=candidate)


def test_bulk_player_accounts_refuse_passwords_shorter_than_8(table):
    with pytest.raises(InvalidInput) as exc:
        accounts.create_player_accounts(table.organizer, table.tournament, password_length=6)
    assert exc.value.code == "password_length_invalid"


# --- changing one's own password ---------------------------------------------------------

def test_header_links_to_the_password_page_only_when_logged_in(client, table):
    assert 'id="password-link"' not in client.get("/").content.decode()
    client.force_login(table.referee)
    html = client.get("/").content.decode()
    assert 'id="password-link"' in html and reverse("password_change") in html


def test_password_page_needs_a_login(client):
    r = client.get(reverse("password_change"))
    assert r.status_code == 302 and reverse("login") in r["Location"]


def change(client, old, new1, new2=None):
    return client.post(reverse("password_change"), {"old_password": old, "new_password1": new1,
                                                    "new_password2": new1 if new2 is None else new2})


def test_a_referee_changes_his_password(client, table):
    client.force_login(table.referee)
    r = change(client, PASSWORD, STRONG)
    assert r.status_code == 302 and r["Location"] == reverse("password_change_done")
    assert "_auth_user_id" in client.session  # still signed in on this device
    assert "Пароль изменён" in client.get(r["Location"]).content.decode()
    table.referee.refresh_from_db()
    assert table.referee.check_password(STRONG) and not table.referee.check_password(PASSWORD)


def _errors_of(html, field):
    part = html[html.index(f'id="id_{field}"'):]
    return part[:part.index("<label") if "<label" in part else part.index("</form>")]


def test_wrong_old_password_is_refused_next_to_the_field(client, table):
    client.force_login(table.referee)
    r = change(client, "not-my-password", STRONG)
    assert r.status_code == 200
    assert "Текущий пароль введён неверно" in _errors_of(r.content.decode(), "old_password")
    table.referee.refresh_from_db()
    assert table.referee.check_password(PASSWORD)


@pytest.mark.parametrize("new, expected", [
    ("12345678", "цифр"),
    ("٣٤٥٦٧٨٩٢٣٤", "цифр"),
    ("short", "8"),
    ("x" * 10_000, "128"),
    ("=HYPERLINK(\"http://x\")", None),  # accepted: a password is never shown or exported
])
def test_hostile_new_passwords(client, table, new, expected):
    client.force_login(table.referee)
    r = change(client, PASSWORD, new)
    table.referee.refresh_from_db()
    if expected is None:
        assert r.status_code == 302 and table.referee.check_password(new)
        return
    assert r.status_code == 200
    assert expected in _errors_of(r.content.decode(), "new_password2")
    assert table.referee.check_password(PASSWORD)


def test_mismatched_new_passwords(client, table):
    client.force_login(table.referee)
    r = change(client, PASSWORD, STRONG, STRONG + "x")
    assert r.status_code == 200 and "errorlist" in _errors_of(r.content.decode(), "new_password2")


@pytest.mark.axes
def test_guessing_the_old_password_is_throttled(client, table):
    client.force_login(table.referee)
    for _ in range(4):
        assert change(client, "guess", STRONG).status_code == 200
    r = change(client, "guess", STRONG)
    assert r.status_code == 429 and "Слишком много неверных паролей" in r.content.decode()
    r = change(client, PASSWORD, STRONG)
    assert r.status_code == 429
    table.referee.refresh_from_db()
    assert table.referee.check_password(PASSWORD)


# --- the organizer resets a referee's password ----------------------------------------------

def _role(table, user):
    return TournamentRole.objects.get(tournament=table.tournament, user=user)


def reset_url(table, role):
    return reverse("tournaments:reset_password", args=[table.tournament.slug, role.pk])


def test_organizer_resets_a_referees_password_shown_once_never_audited(client, table):
    client.force_login(table.organizer)
    page = client.get(reverse("tournaments:officials", args=[table.tournament.slug])).content.decode()
    role = _role(table, table.referee)
    assert reset_url(table, role) in page
    r = client.post(reset_url(table, role))
    assert r.status_code == 200 and "no-store" in r["Cache-Control"]
    html = r.content.decode()
    password = html.split('id="password">')[1].split("<")[0]
    validate_password(password, user=table.referee)
    table.referee.refresh_from_db()
    assert table.referee.check_password(password) and not table.referee.check_password(PASSWORD)
    entry = AuditEntry.objects.get(action="account.password_reset")
    assert entry.user == table.organizer and entry.after["username"] == "referee"
    assert password not in str(entry.before) + str(entry.after) + entry.note
    # A second reset gives another password.
    again = client.post(reset_url(table, role)).content.decode().split('id="password">')[1].split("<")[0]
    assert again != password


def test_reset_ends_the_referees_other_sessions(client, table):
    from django.test import Client

    referee_client = Client()
    referee_client.force_login(table.referee)
    assert referee_client.get(reverse("password_change")).status_code == 200
    officials.reset_official_password(table.organizer, table.tournament, _role(table, table.referee).pk)
    assert referee_client.get(reverse("password_change")).status_code == 302


def test_reset_is_only_for_referees_and_chief_referees(table):
    player_role = TournamentRole.objects.create(tournament=table.tournament, user=table.players["A1"],
                                                role=RoleKind.PLAYER)
    with pytest.raises(InvalidInput) as exc:
        officials.reset_official_password(table.organizer, table.tournament, player_role.pk)
    assert exc.value.code == "reset_not_for_role"
    chief = officials.reset_official_password(table.organizer, table.tournament, _role(table, table.chief).pk)
    table.chief.refresh_from_db()
    assert table.chief.check_password(chief.password)


def test_reset_refused_for_an_account_that_serves_another_organizers_tournament(table):
    other = Tournament.objects.get(slug="other-cup")
    TournamentRole.objects.create(tournament=other, user=table.referee, role=RoleKind.REFEREE)
    with pytest.raises(NotAllowed):
        officials.reset_official_password(table.organizer, table.tournament, _role(table, table.referee).pk)
    table.referee.refresh_from_db()
    assert table.referee.check_password(PASSWORD)


@pytest.mark.parametrize("extra", [{"is_staff": True}, {"is_superuser": True}])
def test_reset_refused_for_staff(table, extra):
    User.objects.filter(pk=table.referee.pk).update(**extra)
    with pytest.raises(NotAllowed):
        officials.reset_official_password(table.organizer, table.tournament, _role(table, table.referee).pk)


def test_reset_refused_for_an_account_that_organizes_elsewhere(table):
    TournamentRole.objects.create(tournament=Tournament.objects.get(slug="other-cup"), user=table.chief,
                                  role=RoleKind.ORGANIZER)
    with pytest.raises(NotAllowed):
        officials.reset_official_password(table.organizer, table.tournament, _role(table, table.chief).pk)


def test_only_the_organizer_resets(client, table):
    role = _role(table, table.referee)
    for user in (table.chief, table.referee2, table.nobody):
        client.force_login(user)
        assert client.post(reset_url(table, role)).status_code == 403
    client.force_login(table.organizer)
    assert client.get(reset_url(table, role)).status_code == 405
    foreign = TournamentRole.objects.get(user=table.foreign_referee)
    assert client.post(reset_url(table, foreign)).status_code == 404
    table.referee.refresh_from_db()
    assert table.referee.check_password(PASSWORD)


@pytest.mark.axes
def test_reset_lifts_the_login_lockout(client, table):
    for i in range(5):
        client.post(reverse("login"), {"username": "referee", "password": "wrong"}, REMOTE_ADDR=f"10.1.0.{i}")
    reset = officials.reset_official_password(table.organizer, table.tournament, _role(table, table.referee).pk)
    r = client.post(reverse("login"), {"username": "referee", "password": reset.password}, REMOTE_ADDR="10.1.1.1")
    assert r.status_code == 302
