"""Who is locked out, on the officials page, and «Снять блокировку»: by the organizer, by the chief for referees."""
import pytest
from axes.models import AccessAttempt
from django.urls import reverse

from access import lockouts
from access.errors import InvalidInput, NotAllowed
from audit.models import AuditEntry

from .conftest import PASSWORD

pytestmark = pytest.mark.axes


def login(client, username, password, ip):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)


def lock(client, username, ip="10.1.0.1", times=5):
    for _ in range(times):
        login(client, username, "wrong-password", ip)
    assert login(client, username, PASSWORD, ip).status_code == 429


def officials_url(table):
    return reverse("tournaments:officials", args=[table.tournament.slug])


def lift_url(table):
    return reverse("referees:lift_lockout", args=[table.tournament.slug])


def test_the_officials_page_shows_who_is_locked_and_the_organizer_lifts_it(client, table):
    lock(client.__class__(), "referee", ip="10.1.0.7")
    lock(client.__class__(), "playera1", ip="10.1.0.8")
    login(client.__class__(), "chief", "wrong-password", "10.1.0.9")  # one try: not locked
    client.force_login(table.organizer)
    html = client.get(officials_url(table)).content.decode()
    section = html[html.index('id="lockouts"'):]
    assert 'id="lockout-referee"' in section and "10.1.0.7" in section and "Снять блокировку" in section
    assert 'id="lockout-playera1"' in section and "10.1.0.8" in section
    assert 'id="lockout-chief"' not in section
    r = client.post(lift_url(table), {"username": "referee", "back": "officials"})
    assert r.status_code == 302 and r.url == officials_url(table)
    assert "Блокировка входа «referee» снята." in client.get(r.url).content.decode()
    assert not AccessAttempt.objects.filter(username="referee").exists()
    entry = AuditEntry.objects.get(action="account.unlocked")
    assert entry.tournament == table.tournament and entry.user == table.organizer
    assert entry.after == {"username": "referee", "addresses": ["10.1.0.7"]}
    assert login(client.__class__(), "referee", PASSWORD, "10.1.0.7").status_code == 302
    html = client.get(officials_url(table)).content.decode()
    assert 'id="lockout-referee"' not in html and 'id="lockout-playera1"' in html


def test_the_chief_referee_lifts_a_referees_lockout_but_not_an_organizers(client, table):
    lock(client.__class__(), "referee2")
    lock(client.__class__(), "org")
    client.force_login(table.chief)
    html = client.get(reverse("referees:lockouts", args=[table.tournament.slug])).content.decode()
    referee_row = html[html.index('id="lockout-referee2"'):].split("</li>")[0]
    org_row = html[html.index('id="lockout-org"'):].split("</li>")[0]
    assert "Снять блокировку" in referee_row and "Снять блокировку" not in org_row
    assert 'id="lockouts-link"' in client.get(reverse("referees:dashboard", args=[table.tournament.slug])).content.decode()
    r = client.post(lift_url(table), {"username": "referee2"})
    assert r.status_code == 302
    assert AuditEntry.objects.get(action="account.unlocked").user == table.chief
    r = client.post(lift_url(table), {"username": "org"})
    assert r.status_code == 403 and "снимает только администратор сайта" in r.content.decode()
    assert AccessAttempt.objects.filter(username="org").exists()
    assert AuditEntry.objects.filter(action="account.unlocked").count() == 1


def test_lifting_is_refused_to_a_referee_and_to_the_public(client, table):
    lock(client.__class__(), "referee2")
    client.force_login(table.referee)
    assert client.get(reverse("referees:lockouts", args=[table.tournament.slug])).status_code == 403
    assert client.post(lift_url(table), {"username": "referee2"}).status_code == 403
    with pytest.raises(NotAllowed):
        lockouts.lift_lockout(table.referee, table.tournament, "referee2")
    with pytest.raises(NotAllowed):
        lockouts.lift_lockout(table.foreign_referee, table.tournament, "referee2")
    anonymous = client.__class__()
    assert anonymous.post(lift_url(table), {"username": "referee2"}).status_code == 302  # to the login page
    assert AccessAttempt.objects.filter(username="referee2").exists()
    assert not AuditEntry.objects.filter(action="account.unlocked").exists()


@pytest.mark.parametrize("username, code", [
    ("nobody", "not_in_tournament"),  # an account of no role in the tournament
    ("foreign", "not_in_tournament"),
    ("x" * 10_000, "not_in_tournament"),
    ("chief", "not_locked"),
])
def test_lifting_what_is_not_a_locked_account_of_the_tournament_is_a_clear_error(client, table, username, code):
    login(client.__class__(), "chief", "wrong-password", "10.1.0.2")
    with pytest.raises(InvalidInput) as err:
        lockouts.lift_lockout(table.organizer, table.tournament, username)
    assert err.value.code == code
    client.force_login(table.organizer)
    r = client.post(lift_url(table), {"username": username}, follow=True)
    assert r.status_code == 200 and err.value.message in r.content.decode()
    assert AccessAttempt.objects.filter(username="chief").exists()


def test_a_locked_address_is_shown_to_the_organizer_and_lifted(client, table, settings):
    settings.DOMINO_ADDRESS_FAILURE_LIMIT = 8
    # The organizer's own officials and logins that name no account: his to lift.
    for name in ("referee", "referee2", "chief", "table2", "x0", "x1", "x2", "x3"):
        login(client.__class__(), name, "wrong-password", "10.1.0.50")
    assert login(client.__class__(), "org", PASSWORD, "10.1.0.50").status_code == 429
    client.force_login(table.organizer)
    html = client.get(officials_url(table)).content.decode()
    assert "10.1.0.50" in html and "закрыт для всех учётных записей" in html
    r = client.post(lift_url(table), {"address": "10.1.0.50", "back": "officials"})
    assert r.status_code == 302
    entry = AuditEntry.objects.get(action="account.address_unlocked")
    assert entry.after == {"address": "10.1.0.50", "failures": 8} and entry.user == table.organizer
    assert login(client.__class__(), "org", PASSWORD, "10.1.0.50").status_code == 302
    # The chief referee does not lift an address (it serves every account).
    with pytest.raises(NotAllowed):
        lockouts.lift_address_lockout(table.chief, table.tournament, "10.1.0.50")


@pytest.mark.parametrize("stranger", ["nobody", "foreign", "staff"])
def test_an_address_that_tried_someone_elses_account_is_lifted_only_by_the_site_administrator(
        client, table, settings, stranger):
    settings.DOMINO_ADDRESS_FAILURE_LIMIT = 8
    for name in ("referee", "referee2", "chief", "table2", stranger, "x1", "x2", "x3"):
        login(client.__class__(), name, "wrong-password", "10.1.0.51")
    client.force_login(table.organizer)
    assert "10.1.0.51" in client.get(officials_url(table)).content.decode()
    r = client.post(lift_url(table), {"address": "10.1.0.51", "back": "officials"})
    assert r.status_code == 403 and "снимает только администратор сайта" in r.content.decode()
    assert AccessAttempt.objects.filter(ip_address="10.1.0.51").count() == 8
    assert not AuditEntry.objects.filter(action="account.address_unlocked").exists()


def test_the_audit_log_reads_the_lift_as_a_sentence(client, table):
    lock(client.__class__(), "referee", ip="10.1.0.3")
    lockouts.lift_lockout(table.organizer, table.tournament, "referee")
    client.force_login(table.chief)
    html = client.get(reverse("referees:audit_tournament", args=[table.tournament.slug])).content.decode()
    assert "Блокировка входа снята: referee (10.1.0.3)" in html
