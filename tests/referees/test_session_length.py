"""A login session ends with the tournament day (DOMINO_SESSION_HOURS after the login), not after two weeks."""
import datetime
import os
import subprocess
import sys
from pathlib import Path

from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

from .conftest import PASSWORD

ROOT = Path(__file__).resolve().parents[2]


def login(client, username="referee"):
    r = client.post(reverse("login"), {"username": username, "password": PASSWORD}, REMOTE_ADDR="10.3.0.1")
    assert r.status_code == 302
    return r


def test_a_referees_login_ends_sixteen_hours_later_by_default(client, table, settings):
    assert settings.DOMINO_SESSION_HOURS == 16
    before = timezone.now()
    r = login(client)
    expected = before + datetime.timedelta(hours=16)
    expiry = client.session.get_expiry_date()
    assert expected <= expiry <= expected + datetime.timedelta(minutes=1)
    assert abs(int(r.cookies["sessionid"]["max-age"]) - 16 * 3600) <= 60
    stored = Session.objects.get(session_key=client.session.session_key).expire_date
    assert abs((stored - expiry).total_seconds()) <= 1


def test_the_end_is_counted_from_the_login_not_from_the_last_page(client, table, settings):
    settings.DOMINO_SESSION_HOURS = 2
    login(client)
    first = client.session.get_expiry_date()
    session = client.session
    session["seen"] = 1  # any later change of the session (a message, the language) keeps the same end
    session.save()
    assert client.session.get_expiry_date() == first
    assert first <= timezone.now() + datetime.timedelta(hours=2)


def test_after_the_end_the_phone_is_logged_out(client, table, settings):
    login(client)
    assert client.get(reverse("referees:dashboard", args=[table.tournament.slug])).status_code == 200
    Session.objects.filter(session_key=client.session.session_key).update(
        expire_date=timezone.now() - datetime.timedelta(seconds=1))
    r = client.get(reverse("referees:dashboard", args=[table.tournament.slug]))
    assert r.status_code == 302 and reverse("login") in r.url


def test_the_length_is_read_from_the_environment():
    env = {**os.environ, "DOMINO_SESSION_HOURS": "10"}
    out = subprocess.run([sys.executable, "-c", "import config.settings as s; print(s.SESSION_COOKIE_AGE)"],
                         cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "36000"
