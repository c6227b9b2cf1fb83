"""`make serve`: production settings, the first organizer, demo logins, the public address, error pages."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import RequestFactory, override_settings
from django.views.defaults import server_error

from core import venue
from core.public import public_url
from events.management.commands.serve import Command

BASE = Path(__file__).resolve().parents[2]


def settings_in_serve_mode(tmp_path, **env):
    """The settings a `make serve` process gets (read in a fresh interpreter)."""
    code = ("import json, django; from django.conf import settings as s; django.setup(); "
            "print(json.dumps({'DEBUG': s.DEBUG, 'SECRET_KEY': s.SECRET_KEY, 'ALLOWED_HOSTS': s.ALLOWED_HOSTS, "
            "'SITE_URL': s.SITE_URL, 'MIDDLEWARE': s.MIDDLEWARE, 'STORAGES': s.STORAGES['staticfiles']['BACKEND']}))")
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DOMINO_", "SITE_URL"))}
    out = subprocess.run([sys.executable, "-c", code], cwd=BASE, capture_output=True, text=True, check=True, env={
        **clean, "DJANGO_SETTINGS_MODULE": "config.settings", "DOMINO_MODE": "serve",
        "DOMINO_DATA_DIR": str(tmp_path), **env})
    import json

    return json.loads(out.stdout.strip().splitlines()[-1])


def test_serve_mode_is_production(tmp_path):
    s = settings_in_serve_mode(tmp_path, PORT="8123")
    assert s["DEBUG"] is False
    assert s["SECRET_KEY"] != "dev-only-secret-key-change-me-in-production"
    assert len(s["SECRET_KEY"]) >= 50
    assert (tmp_path / "secret_key").read_text().strip() == s["SECRET_KEY"]
    assert oct((tmp_path / "secret_key").stat().st_mode & 0o777) == "0o600"
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in s["MIDDLEWARE"]
    assert "Manifest" in s["STORAGES"]
    assert s["SITE_URL"].endswith(":8123")
    for address in venue.lan_addresses() + venue.host_names():
        assert address in s["ALLOWED_HOSTS"]
    assert "testserver" not in s["ALLOWED_HOSTS"]


def test_the_secret_key_survives_a_restart_and_the_environment_wins(tmp_path):
    first = settings_in_serve_mode(tmp_path)["SECRET_KEY"]
    assert settings_in_serve_mode(tmp_path)["SECRET_KEY"] == first
    assert settings_in_serve_mode(tmp_path, DJANGO_SECRET_KEY="from-the-environment")["SECRET_KEY"] == \
        "from-the-environment"


def test_site_url_and_hosts_from_the_environment(tmp_path):
    s = settings_in_serve_mode(tmp_path, SITE_URL="https://domino.example.org/", DJANGO_ALLOWED_HOSTS="a.example")
    assert s["SITE_URL"] == "https://domino.example.org"
    assert {"domino.example.org", "a.example"} <= set(s["ALLOWED_HOSTS"])


def test_check_deploy_is_clean_with_the_https_settings(tmp_path):
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DOMINO_", "SITE_URL"))}
    out = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], cwd=BASE,
                         capture_output=True, text=True, env={
                             **clean, "DOMINO_MODE": "serve", "DOMINO_DATA_DIR": str(tmp_path), "DOMINO_HTTPS": "1",
                             "SITE_URL": "https://domino.example.org"})
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


def test_development_mode_stays_as_it_was(settings):
    assert settings.DEBUG in (True, False)  # pytest-django turns DEBUG off; the switch is DOMINO_MODE
    assert not settings.SERVE
    assert "whitenoise.middleware.WhiteNoiseMiddleware" not in settings.MIDDLEWARE


def test_lan_addresses_are_ipv4_and_not_loopback():
    for address in venue.lan_addresses():
        assert not address.startswith("127.")
        assert address.count(".") == 3


# --- the public address ---------------------------------------------------------------------

@override_settings(SITE_URL="http://192.168.1.20:8000")
def test_public_url_prefers_site_url_over_the_request():
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    assert public_url("/login/", request) == "http://192.168.1.20:8000/login/"


@override_settings(SITE_URL="")
def test_public_url_falls_back_to_the_request():
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    assert public_url("/login/", request) == "http://127.0.0.1:8000/login/"


@pytest.mark.django_db
@override_settings(SITE_URL="http://192.168.1.20:8000")
def test_login_slips_carry_the_public_address(client, django_user_model):
    from access.models import RoleKind, TournamentRole
    from tests.factories import make_tournament

    cup = make_tournament(2)
    boss = django_user_model.objects.create_user("boss", password="x")
    TournamentRole.objects.create(tournament=cup, user=boss, role=RoleKind.ORGANIZER)
    client.force_login(boss)
    response = client.post(f"/referee/t/{cup.slug}/signing/players/", HTTP_HOST="127.0.0.1")
    assert response.status_code == 200
    assert "http://192.168.1.20:8000/login/" in response.content.decode()


# --- the first organizer and the demo's logins ----------------------------------------------------

@pytest.mark.django_db
def test_the_organizer_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("DOMINO_ADMIN_USER", "boss")
    monkeypatch.setenv("DOMINO_ADMIN_PASSWORD", "Tver-cup-2026")
    Command().ensure_organizer()
    user = get_user_model().objects.get(username="boss")
    assert user.check_password("Tver-cup-2026")
    assert user.has_perm("tournaments.add_tournament")
    assert not user.is_superuser


@pytest.mark.django_db
def test_a_weak_organizer_password_is_refused(monkeypatch):
    from django.core.management.base import CommandError

    monkeypatch.setenv("DOMINO_ADMIN_USER", "boss")
    monkeypatch.setenv("DOMINO_ADMIN_PASSWORD", "123")
    with pytest.raises(CommandError):
        Command().ensure_organizer()
    assert not get_user_model().objects.filter(username="boss").exists()


@pytest.mark.django_db
def test_without_a_terminal_or_variables_it_starts_and_says_how(monkeypatch):
    monkeypatch.delenv("DOMINO_ADMIN_USER", raising=False)
    monkeypatch.delenv("DOMINO_ADMIN_PASSWORD", raising=False)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    from io import StringIO

    out = StringIO()
    Command(stdout=out).ensure_organizer()
    assert not get_user_model().objects.exists()
    assert "DOMINO_ADMIN_USER" in out.getvalue()


@pytest.mark.django_db
def test_an_existing_account_is_not_asked_again(monkeypatch, django_user_model):
    django_user_model.objects.create_user("chief-of-hall", password="Something-long-1")
    monkeypatch.setenv("DOMINO_ADMIN_USER", "boss")
    monkeypatch.setenv("DOMINO_ADMIN_PASSWORD", "Tver-cup-2026")
    Command().ensure_organizer()
    assert not django_user_model.objects.filter(username="boss").exists()


@pytest.mark.django_db
def test_demo_logins_never_work_in_a_production_start():
    call_command("load_demo", verbosity=0)
    User = get_user_model()
    assert User.objects.get(username="organizer").check_password("domino2026")
    Command().disable_demo_logins()
    for username in ("organizer", "chief", "referee", "player01"):
        user = User.objects.filter(username=username).first()
        if user is not None:
            assert not user.has_usable_password()


@pytest.mark.django_db
def test_a_changed_password_of_a_demo_login_is_kept(django_user_model):
    user = django_user_model.objects.create_user("referee", password="a-real-secret-2026")
    Command().disable_demo_logins()
    user.refresh_from_db()
    assert user.check_password("a-real-secret-2026")


@pytest.mark.django_db
@override_settings(SITE_URL="http://192.168.1.20:8000")
def test_the_address_and_its_qr_code_are_printed():
    from io import StringIO

    out = StringIO()
    command = Command(stdout=out)
    command.print_address()
    text = out.getvalue()
    assert "http://192.168.1.20:8000/" in text
    assert "█" in text or "▀" in text


# --- error pages ------------------------------------------------------------------------------

@pytest.mark.django_db
@override_settings(DEBUG=False)
def test_404_is_russian_in_the_sites_layout(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Страница не найдена" in body
    assert 'class="topbar"' in body


@pytest.mark.django_db
@override_settings(DEBUG=False)
def test_403_is_russian_with_a_way_back(client):
    from tests.factories import make_round, make_tournament

    cup = make_tournament(2)
    make_round(cup, 1, [(1, 2)])
    response = client.get(f"/t/{cup.slug}/round/1/sheets-blank.pdf")  # blank sheets are the referees' only
    assert response.status_code == 403
    body = response.content.decode()
    assert "Выгрузка доступна организатору" in body
    assert 'id="back"' in body and "На главную" in body


@override_settings(DEBUG=False)
def test_500_renders_without_the_request_context():
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    body = response.content.decode()
    assert "Ошибка сервера" in body
    assert "{%" not in body


@pytest.mark.django_db
@override_settings(SITE_URL="http://192.168.1.20:8000")
def test_printed_sheets_carry_the_public_address_not_the_requests(client, django_user_model):
    import io

    import pdfplumber

    from access.models import RoleKind, TournamentRole
    from tests.factories import make_round, make_tournament

    cup = make_tournament(2)
    partie = make_round(cup, 1, [(1, 2)]).parties.get()
    boss = django_user_model.objects.create_user("boss", password="x")
    TournamentRole.objects.create(tournament=cup, user=boss, role=RoleKind.ORGANIZER)
    client.force_login(boss)
    response = client.get(f"/t/{cup.slug}/round/1/sheets-blank.pdf", HTTP_HOST="127.0.0.1")
    assert response.status_code == 200
    with pdfplumber.open(io.BytesIO(response.content)) as pdf:
        text = "".join(page.extract_text() or "" for page in pdf.pages)
    # printed whole, the host on one line and the path on the next (the QR caption column wraps them apart)
    lines = text.splitlines()
    assert "http://192.168.1.20:8000" in lines and any(line.endswith(f"/protocols/{partie.pk}/") for line in lines)
    assert "127.0.0.1" not in text


@pytest.mark.django_db
def test_on_a_terminal_it_asks_until_the_password_is_good(monkeypatch):
    from io import StringIO

    from events.management.commands import serve

    monkeypatch.delenv("DOMINO_ADMIN_USER", raising=False)
    monkeypatch.delenv("DOMINO_ADMIN_PASSWORD", raising=False)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt="": "olga")
    answers = iter(["Long-password-1", "Other-password-2",   # differ
                    "123", "123",                            # too short
                    "Long-password-1", "Long-password-1"])
    monkeypatch.setattr(serve.getpass, "getpass", lambda prompt="": next(answers))
    out = StringIO()
    serve.Command(stdout=out).ensure_organizer()
    user = get_user_model().objects.get(username="olga")
    assert user.check_password("Long-password-1")
    assert user.has_perm("tournaments.add_tournament")
    assert "differ" in out.getvalue()
