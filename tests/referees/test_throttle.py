"""Login throttling (django-axes): five wrong passwords lock an account from that client address;
more from one address, whatever the accounts, lock the address."""
import datetime
import logging

import pytest
from axes.models import AccessAttempt, AccessFailureLog
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from audit.models import AuditEntry
from scoring.models import Protocol
from tests.versions import shown_version

from .conftest import PASSWORD
from .helpers import play

pytestmark = pytest.mark.axes
LOCKOUT_TEXT = "Слишком много неверных паролей"


def login(client, username, password, ip="10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)


def logged_in(client):
    return "_auth_user_id" in client.session


def test_axes_checks_every_authentication_first():
    assert settings.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]
    assert settings.AXES_HANDLER == "access.throttle.ThrottleHandler"
    assert settings.DOMINO_ADDRESS_FAILURE_LIMIT > settings.AXES_FAILURE_LIMIT
    assert settings.AXES_ENABLED


def test_four_wrong_passwords_then_the_right_one_logs_in(client, table):
    for _ in range(4):
        r = login(client, "referee", "wrong-password")
        assert r.status_code == 200 and LOCKOUT_TEXT not in r.content.decode()
    r = login(client, "referee", PASSWORD)
    assert r.status_code == 302 and logged_in(client)


def test_fifth_wrong_password_locks_and_the_right_one_is_refused(client, table, caplog):
    for _ in range(4):
        login(client, "referee", "wrong-password")
    with caplog.at_level(logging.WARNING, logger="access.throttle"):
        r = login(client, "referee", "wrong-password")
    assert r.status_code == 429
    html = r.content.decode()
    assert LOCKOUT_TEXT in html and "15 мин." in html
    assert 'class="topbar"' in html  # the site's layout
    assert any("locked out" in rec.getMessage() and "referee" in rec.getMessage() for rec in caplog.records)
    r = login(client, "referee", PASSWORD)
    assert r.status_code == 429 and LOCKOUT_TEXT in r.content.decode()
    assert not logged_in(client)
    assert AccessAttempt.objects.filter(username="referee").exists()
    assert AccessFailureLog.objects.filter(username="referee", locked_out=True).exists()


def test_logging_into_ones_own_account_does_not_reset_the_count_against_another(client, table):
    for _ in range(4):
        login(client, "referee", "wrong-password", ip="10.0.9.1")
    own = client.__class__()
    assert login(own, "nobody", PASSWORD, ip="10.0.9.1").status_code == 302
    r = login(client, "referee", "wrong-password", ip="10.0.9.1")
    assert r.status_code == 429 and LOCKOUT_TEXT in r.content.decode()


def test_wrong_passwords_from_one_address_do_not_lock_the_owner_out_of_her_own_device(client, table):
    """Anyone in the hall guessing the organizer's password locks only his own device out of her account."""
    for _ in range(5):
        login(client, "org", "wrong-password", ip="10.0.1.66")
    assert login(client, "org", PASSWORD, ip="10.0.1.66").status_code == 429
    own = client.__class__()
    r = login(own, "org", PASSWORD, ip="10.0.2.1")
    assert r.status_code == 302 and logged_in(own)
    # Repeated from the same device, it still locks only that device.
    for _ in range(10):
        login(client, "org", "wrong-password", ip="10.0.1.66")
    again = client.__class__()
    assert login(again, "org", PASSWORD, ip="10.0.2.2").status_code == 302


def test_each_address_has_its_own_five_tries_at_an_account(client, table):
    for i in range(4):
        for _ in range(5):
            login(client, "chief", "wrong-password", ip=f"10.0.1.{i}")
        assert login(client, "chief", PASSWORD, ip=f"10.0.1.{i}").status_code == 429
    r = login(client, "chief", PASSWORD, ip="10.0.2.9")
    assert r.status_code == 302 and logged_in(client)


def test_the_address_is_locked_whatever_the_account_at_its_own_limit(client, table, settings):
    settings.DOMINO_ADDRESS_FAILURE_LIMIT = 12
    names = ["referee", "referee2", "chief", "org", "nobody", "staff", "player-x", "player-y"]
    tried = 0
    for name in names * 2:
        if tried == 11:
            break
        login(client, name, "wrong-password", ip="10.0.3.1")
        tried += 1
    # Eleven wrong passwords from one address, at most two per account: the address still works.
    first = client.__class__()
    assert login(first, "table2", PASSWORD, ip="10.0.3.1").status_code == 302
    r = login(client, "player-z", "wrong-password", ip="10.0.3.1")  # the twelfth
    assert r.status_code == 429
    r = login(client.__class__(), "table2", PASSWORD, ip="10.0.3.1")
    assert r.status_code == 429 and LOCKOUT_TEXT in r.content.decode()
    other = client.__class__()
    assert login(other, "table2", PASSWORD, ip="10.0.3.2").status_code == 302 and logged_in(other)


def test_after_the_cool_off_the_right_password_works(client, table):
    for _ in range(5):
        login(client, "referee", "wrong-password")
    assert login(client, "referee", PASSWORD).status_code == 429
    past = timezone.now() - settings.AXES_COOLOFF_TIME - datetime.timedelta(seconds=1)
    AccessAttempt.objects.update(attempt_time=past)
    r = login(client, "referee", PASSWORD)
    assert r.status_code == 302 and logged_in(client)


def sign_url(table):
    return reverse("referees:sign", args=[table.partie.pk])


def test_player_password_on_the_table_device_is_throttled_and_audited(client, table):
    play(table.referee, table.partie)
    client.force_login(table.referee)
    for _ in range(4):
        r = client.post(sign_url(table), {"seat": "A1", "password": "wrong"}, REMOTE_ADDR="10.0.4.1")
        assert r.status_code == 422 and "Неверный пароль игрока" in r.content.decode()
    r = client.post(sign_url(table), {"seat": "A1", "password": "wrong"}, REMOTE_ADDR="10.0.4.1")
    assert r.status_code == 429
    html = r.content.decode()
    # On the table page, next to the player's password field (not axes' lockout page).
    assert 'id="sign-A1"' in html
    error = html[html.index('id="sign-A1"'):].split("</form>")[0]
    assert 'class="field-error"' in error and LOCKOUT_TEXT in error
    entry = AuditEntry.objects.get(action="account.locked_out")
    assert entry.tournament == table.tournament and entry.partie == table.partie
    assert entry.after == {"seat": "A1", "username": "playera1"} and entry.user == table.referee
    r = client.post(sign_url(table), {"seat": "A1", "password": PASSWORD}, REMOTE_ADDR="10.0.4.1")
    assert r.status_code == 429
    assert not Protocol.objects.get(partie=table.partie).signatures.exists()
    # The lockout is of his account from the table's device: his own phone still logs in.
    other = client.__class__()
    assert login(other, "playera1", PASSWORD, ip="10.0.4.2").status_code == 302


def test_player_password_wrong_tries_count_with_the_login_page(client, table):
    """Three wrong logins and two wrong passwords on the same device: five, the account is locked there."""
    play(table.referee, table.partie)
    other = client.__class__()
    for _i in range(3):
        login(other, "playera1", "wrong-password", ip="10.0.6.1")
    client.force_login(table.referee)
    client.post(sign_url(table), {"seat": "A1", "password": "wrong"}, REMOTE_ADDR="10.0.6.1")
    r = client.post(sign_url(table), {"seat": "A1", "password": "wrong"}, REMOTE_ADDR="10.0.6.1")
    assert r.status_code == 429


def test_right_player_password_signs(client, table):
    play(table.referee, table.partie)
    client.force_login(table.referee)
    r = client.post(sign_url(table), {"seat": "A1", "password": PASSWORD, "version": shown_version(table.partie)},
                    REMOTE_ADDR="10.0.7.1")
    assert r.status_code == 302
    assert Protocol.objects.get(partie=table.partie).signatures.get().user == table.players["A1"]


@pytest.mark.parametrize("username, password", [
    ("x" * 10_000, "wrong"),
    ("referee", "y" * 10_000),
    ("<script>alert(1)</script>", "=1+2"),
    ("٣٣٣", "²²²"),
    ("referee\x00", "wrong"),
])
def test_hostile_login_input_is_an_error_not_a_crash(client, table, username, password):
    r = login(client, username, password)
    assert r.status_code == 200 and not logged_in(client)
    assert "errorlist" in r.content.decode()
    assert "<script>alert(1)" not in r.content.decode()


def test_a_name_too_long_for_any_account_is_refused_next_to_the_field_and_recorded_cut(client, table, rf):
    from access.throttle import client_username

    r = login(client, "x" * 10_000, "wrong")
    html = r.content.decode()
    username_part = html[html.index('name="username"'):html.index('name="password"')]
    assert "150" in username_part and "errorlist" in username_part
    # Any other form that authenticates (the admin's) reaches axes: the name is cut to fit its column.
    request = rf.post("/admin/login/", {"username": "y" * 10_000})
    assert client_username(request) == "y" * 150
    assert client_username(request, {"username": "z" * 300}) == "z" * 150
    assert client_username(request, {"username": None}) is None
    admin = client.post("/admin/login/", {"username": "w" * 10_000, "password": "wrong"}, REMOTE_ADDR="10.0.8.1")
    assert admin.status_code == 200
    assert AccessAttempt.objects.filter(username="w" * 150).exists()



def test_wrong_player_passwords_on_one_device_lock_the_device_at_the_address_limit(client, table, settings):
    settings.DOMINO_ADDRESS_FAILURE_LIMIT = 6
    play(table.referee, table.partie)
    client.force_login(table.referee)
    for seat in ("A1", "A1", "A1", "B1", "B1"):
        r = client.post(sign_url(table), {"seat": seat, "password": "wrong"}, REMOTE_ADDR="10.0.4.9")
        assert r.status_code == 422
    r = client.post(sign_url(table), {"seat": "B2", "password": "wrong"}, REMOTE_ADDR="10.0.4.9")
    assert r.status_code == 429 and LOCKOUT_TEXT in r.content.decode()
    # Now even the right password of a fourth player is refused on that device.
    r = client.post(sign_url(table), {"seat": "A2", "password": PASSWORD}, REMOTE_ADDR="10.0.4.9")
    assert r.status_code == 429
    assert not Protocol.objects.get(partie=table.partie).signatures.exists()
