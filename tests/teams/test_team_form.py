"""The organizer's team form: each player's club and rating, stored on the pair's player as a pair's are, and
every error of a submit shown at once, each beside its field."""
import re

import pytest
from django.urls import reverse

from teams.models import Team
from teams.services import register_team
from tests.teams.conftest import make_team_event
from tournaments.errors import InvalidFields
from tournaments.models import Player

pytestmark = pytest.mark.django_db

GOOD = {"name": "Клин", "club": "Клин", "pair1_player1": "Аксёнов Пётр", "pair1_player1_club": "Дмитров",
        "pair1_player1_rating": "1520", "pair1_player2": "Борисов Иван", "pair2_player1": "Власов Олег",
        "pair2_player2": "Гусев Илья", "pair2_player2_rating": "1310", "reserve1_name": "Дёмин Лев"}


def field_errors(html: str, field: str) -> str:
    """The text of the form row of ``field`` (``tournaments/_field.html``: ``id="row-<field>"``)."""
    found = re.search(rf'<div class="field[^"]*" id="row-{field}">(.*?)</div>', html, re.S)
    return found.group(1) if found else ""


@pytest.fixture
def logged(client, organizer):
    client.force_login(organizer)
    return client


def test_each_player_s_club_and_rating_are_stored_on_his_player(logged, organizer):
    t = make_team_event(organizer, 1, numbered=False)
    assert logged.post(reverse("teams:add", args=[t.slug]), GOOD).status_code == 302
    players = {p.name: p for p in Player.objects.filter(pair__team_entry__team__name="Клин")}
    assert (players["Аксёнов Пётр"].club, players["Аксёнов Пётр"].rating) == ("Дмитров", 1520)
    assert (players["Борисов Иван"].club, players["Борисов Иван"].rating) == ("Клин", None)  # the team's club
    assert players["Гусев Илья"].rating == 1310


def test_every_error_of_the_team_form_shows_at_once_beside_its_field(logged, organizer):
    t = make_team_event(organizer, 1, numbered=False)
    taken = Player.objects.filter(pair__tournament=t).first().name
    bad = {**GOOD, "name": "", "pair1_player1_rating": "много", "pair2_player1": "", "pair1_player2_club": "a\x00b",
           "pair2_player2": taken, "reserve1_name": "Аксёнов Пётр"}
    response = logged.post(reverse("teams:add", args=[t.slug]), bad)
    assert response.status_code == 400
    html = response.content.decode()
    assert "Укажите: название команды" in field_errors(html, "name")
    assert "целое число" in field_errors(html, "pair1_player1_rating")
    assert "управляющий символ" in field_errors(html, "pair1_player2_club")
    assert "Укажите: фамилия и имя игрока 1" in field_errors(html, "pair2_player1")
    assert "уже зарегистрирован" in field_errors(html, "pair2_player2")
    assert "дважды" in field_errors(html, "reserve1_name")
    assert Team.objects.filter(tournament=t).count() == 1


def test_the_service_refuses_every_bad_field_in_one_error(organizer):
    t = make_team_event(organizer, 1, numbered=False)
    pairs = [[{"name": "", "club": "", "person": "none"}, {"name": "Б Б", "rating": "x", "person": "none"}],
             [{"name": "В В", "person": "none"}, {"name": "Г Г", "club": "y" * 300, "person": "none"}]]
    with pytest.raises(InvalidFields) as err:
        register_team(organizer, t, name="", pairs=pairs, reserves=[{"name": ""}])
    fields = [f for f, _m in err.value.field_errors()]
    assert fields == ["name", "pair1_player1", "pair1_player2_rating", "pair2_player2_club", "reserve1_name"]
    assert Team.objects.filter(tournament=t).count() == 1
