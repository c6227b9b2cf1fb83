"""The draw and accounts pages of a big tournament: one page of rows at a time, a search box, actions intact."""
import re

import pytest
from django.test import Client
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from events.views.public import DRAW_PER_PAGE
from referees.views_accounts import PLAYERS_PER_PAGE
from tests.factories import make_tournament
from tournaments.models import Entrant, Player

N_PAIRS = 250


@pytest.fixture
def big(db, django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    t = make_tournament(N_PAIRS, slug="big", is_public=True)
    pair = t.pairs.get(number=137)
    player = pair.players.get(number=1)
    player.name, player.club = "Ёлкин Фёдор", "Вологда"
    player.save()
    organizer = django_user_model.objects.create_user("boss", password="domino2026")
    TournamentRole.objects.get_or_create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    client = Client()
    client.force_login(organizer)
    return t, client


def draw_rows(html):
    return re.findall(r"<tr[^>]*>\s*<td[^>]*>(\d+|—)</td>", html)


def test_draw_page_shows_one_page_and_the_pager(big, client):
    t, _organizer = big
    url = reverse("tournaments:draw", args=[t.slug])
    first = client.get(url).content.decode()
    assert draw_rows(first) == [str(n) for n in range(1, DRAW_PER_PAGE + 1)]
    assert "страница 1 из 3" in first and "Пар: 250." in first
    last = client.get(url, {"page": 3}).content.decode()
    assert draw_rows(last) == [str(n) for n in range(201, 251)]
    for bad in ("999", "-1", "²", "1" + "0" * 30, "abc"):
        html = client.get(url, {"page": bad}).content.decode()
        assert draw_rows(html) == draw_rows(last if bad == "999" else first), bad


@pytest.mark.parametrize("query", ["елкин", "ЁЛКИН", "вологда", "137", "  Ёлкин   Фёдор "])
def test_draw_page_finds_a_pair_by_name_club_or_number(big, client, query):
    t, _organizer = big
    html = client.get(reverse("tournaments:draw", args=[t.slug]), {"q": query}).content.decode()
    assert draw_rows(html) == ["137"]
    assert "Ёлкин Фёдор" in html


def test_draw_search_keeps_the_query_in_the_pager_and_prints_markup_as_text(big, client):
    t, _organizer = big
    url = reverse("tournaments:draw", args=[t.slug])
    html = client.get(url, {"q": "Тверь"}).content.decode()
    assert "q=%D0%A2%D0%B2%D0%B5%D1%80%D1%8C&amp;page=2" in html  # the search survives turning pages
    html = client.get(url, {"q": "<script>alert(1)</script>" + "x" * 10_000}).content.decode()
    assert "<script>alert(1)" not in html and "&lt;script&gt;" in html
    assert "Ничего не найдено" in html


def account_rows(html):
    return re.findall(r'<tr id="player-(\d+)">', html)


def test_accounts_page_pages_and_finds_players(big):
    t, client = big
    url = reverse("referees:signing", args=[t.slug])
    html = client.get(url).content.decode()
    assert len(account_rows(html)) == PLAYERS_PER_PAGE
    assert "С учётной записью: 0 из 500." in html and "страница 1 из 5" in html
    html = client.get(url, {"q": "ёлкин"}).content.decode()
    elkin = Player.objects.get(name="Ёлкин Фёдор")
    assert account_rows(html) == [str(elkin.pk)]
    html = client.get(url, {"q": "137"}).content.decode()
    assert len(account_rows(html)) == 2


def test_a_form_error_shows_the_page_of_its_player_and_success_returns_there(big):
    t, client = big
    elkin = Player.objects.get(name="Ёлкин Фёдор")  # pair 137: page 3 of the players
    action = reverse("referees:player_account", args=[t.slug, elkin.pk])
    response = client.post(action, {"username": "x" * 10_000, "password": "secret-1"})
    assert response.status_code == 422
    html = response.content.decode()
    assert str(elkin.pk) in account_rows(html) and "errorlist" in html
    response = client.post(action, {"username": "elkin", "password": "secret-pass-1"})
    assert response.status_code == 302
    assert response["Location"].endswith(f"?page=3#player-{elkin.pk}")
    html = client.get(response["Location"].split("#")[0]).content.decode()
    assert str(elkin.pk) in account_rows(html) and "<code>elkin</code>" in html


def test_creating_every_account_still_covers_players_of_every_page(big):
    t, client = big
    response = client.post(reverse("referees:player_accounts", args=[t.slug]))
    assert response.status_code == 200
    assert not Player.objects.filter(pair__tournament=t, user__isnull=True).exists()
    assert Entrant.objects.filter(tournament=t).count() == N_PAIRS
