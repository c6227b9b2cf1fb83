"""The online registration's forms under hostile values: each field of the public form, the entry's page and the
organizer's settings gets every hostile value; the answer is a page with a Russian message, never a 500."""
import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from signup.models import Entry
from signup.services import submit_entry
from teams.services import set_team_settings
from tests.factories import make_tournament
from tests.signup.conftest import open_for, pair_data

from .conftest import HOSTILE

pytestmark = pytest.mark.django_db

PUBLIC = ["player1_name", "player2_club", "player1_city", "player2_birth_year", "player1_federation_id", "contact"]
EDIT = ["player2_name", "contact"]
SETTINGS = ["opens_at", "limit", "action"]
# the kinds of hostile value (the full list is the site-wide sweep's): words for numbers, huge numbers, other
# scripts' digits, markup, a formula, a NUL byte, a very long text, nothing
VALUES = [HOSTILE[0], HOSTILE[1], HOSTILE[5], HOSTILE[9], HOSTILE[10], "\x00", "x" * 10_000, ""]


def test_every_hostile_value_in_every_field_gets_a_message_not_a_server_error(organizer, settings):
    settings.DOMINO_SIGNUP_PER_HOUR = 10_000
    tournament = make_tournament(0, slug="hostile-cup", numbered=False)
    open_for(organizer, tournament, limit=50, ask_birth_year=True, ask_contact=True)
    _e, code = submit_entry(tournament, pair_data("Иванов Иван", "Петров Пётр"))
    client, boss = Client(), Client()
    boss.force_login(organizer)
    pages = [(client, reverse("tournaments:register", args=[tournament.slug]), PUBLIC),
             (client, reverse("tournaments:signup_entry", args=[tournament.slug, code]), EDIT),
             (boss, reverse("tournaments:signup_settings", args=[tournament.slug]), SETTINGS)]
    failures = []
    for who, url, fields in pages:
        for field in fields:
            for value in VALUES:
                base = pair_data("Сидоров Сидор", "Кузнецов Кузьма") if who is client else {
                    "action": "open", "opens_at": "2026-01-01T10:00", "closes_at": "2099-01-01T10:00"}
                response = who.post(url, {**base, field: value})
                if response.status_code >= 500:
                    failures.append(f"{url} {field}={value[:20]!r}: {response.status_code}")
                elif response.status_code == 400 and 'class="errorlist' not in response.text:
                    failures.append(f"{url} {field}={value[:20]!r}: 400 without a message")
        cache.clear()
    assert not failures, "\n".join(failures[:30])
    assert Entry.objects.filter(tournament=tournament).count() <= 1 + len(VALUES) * len(PUBLIC)


TEAM = ["team_name", "team_club", "pair2_player1_name", "pair1_player2_city", "reserve1_name", "reserve2_birth_year",
        "reserve1_federation_id"]


def test_every_hostile_value_in_the_team_form_gets_a_message_not_a_server_error(organizer, settings):
    settings.DOMINO_SIGNUP_PER_HOUR = 10_000
    tournament = make_tournament(0, slug="hostile-teams", numbered=False, format="teams")
    set_team_settings(organizer, tournament, pairs_per_team=2, win=2, draw=1, loss=0)
    open_for(organizer, tournament, limit=50, ask_birth_year=True)
    url, client, failures = reverse("tournaments:register", args=[tournament.slug]), Client(), []
    base = {"team_name": "Команда", "pair1_player1_name": "Иванов Иван", "pair1_player2_name": "Петров Пётр",
            "pair2_player1_name": "Сидоров Сидор", "pair2_player2_name": "Кузнецов Кузьма",
            "reserve2_name": "Запасной Игорь"}
    for field in TEAM:
        for value in VALUES:
            response = client.post(url, {**base, field: value})
            if response.status_code >= 500:
                failures.append(f"{field}={value[:20]!r}: {response.status_code}")
            elif response.status_code == 400 and 'class="errorlist' not in response.text:
                failures.append(f"{field}={value[:20]!r}: 400 without a message")
    assert not failures, "\n".join(failures[:30])
    assert Entry.objects.filter(tournament=tournament).count() <= 1  # the same team, so one entry at most
