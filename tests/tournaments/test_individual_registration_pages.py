"""An individual event's registration pages: one player a form, lists and headings of players, the import template
with the columns of player 1 only, late entry, withdrawal, substitution and the draw in player numbers."""
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from events.services import pair_round, publish_round, run_draw
from tests.factories import make_individual, make_tournament
from tournaments.models import Entrant, EntrantStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged(client, organizer):
    client.force_login(organizer)
    return client


def get(client, url, **params):
    return client.get(url, params, HTTP_ACCEPT_LANGUAGE="ru").content.decode()


def test_the_manage_page_registers_one_player_and_speaks_of_players(logged):
    t = make_individual(0)
    html = get(logged, reverse("tournaments:manage", args=[t.slug]))
    assert "Регистрация игрока" in html and "Регистрация пары" not in html
    assert 'name="player1_name"' in html and 'name="player2_name"' not in html and 'name="name"' not in html
    assert "Загрузить игроков из Excel / CSV" in html
    response = logged.post(reverse("tournaments:pair_add", args=[t.slug]),
                           {"player1_name": "Ёлкин Пётр", "player1_club": "Тверь"}, HTTP_ACCEPT_LANGUAGE="ru",
                           follow=True)
    assert "Участник зарегистрирован: Ёлкин Пётр." in response.content.decode()
    entrant = Entrant.objects.get(tournament=t)
    assert [p.name for p in entrant.players.all()] == ["Ёлкин Пётр"]


@pytest.mark.parametrize("data,field,message", [
    ({"player1_name": "Ёлкин Пётр", "player2_name": "Петров Иван"}, None, "участник — один игрок"),
    ({"player1_name": "Ёлкин Пётр", "name": "Дубль"}, None, "участник — один игрок"),
    ({"player1_name": "Я" * 201}, "player1_name", "не более 200"),
    ({"player1_name": ""}, "player1_name", "Обязательное поле"),
    ({"player1_name": "Ёлкин Пётр", "player1_rating": "²"}, "player1_rating", "ейтинг"),
])
def test_hostile_registration_is_refused_with_a_message(logged, data, field, message):
    t = make_individual(0)
    response = logged.post(reverse("tournaments:pair_add", args=[t.slug]), data, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    errors = response.context["pair_form"].errors
    assert message in " ".join(errors["__all__" if field is None else field]), errors
    assert not Entrant.objects.filter(tournament=t).exists()


def test_the_same_player_twice_is_refused_with_yo_as_ye(logged):
    t = make_individual(0)
    logged.post(reverse("tournaments:pair_add", args=[t.slug]), {"player1_name": "Ёлкин Пётр"})
    response = logged.post(reverse("tournaments:pair_add", args=[t.slug]), {"player1_name": "елкин петр"},
                           HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    message = " ".join(response.context["pair_form"].errors["player1_name"])
    assert "уже зарегистрирован: участник" in message
    assert Entrant.objects.filter(tournament=t).count() == 1


def test_the_import_template_of_an_individual_event_has_the_columns_of_player_1_only(logged):
    t = make_individual(0)
    response = logged.get(reverse("tournaments:import_template", args=[t.slug]))
    assert "players-template.xlsx" in response["Content-Disposition"]
    header = [c.value for c in next(load_workbook(io.BytesIO(response.content)).active.iter_rows(max_row=1))]
    assert header == ["Игрок 1", "Клуб / город 1", "Рейтинг 1", "ID федерации 1"]
    html = get(logged, reverse("tournaments:import", args=[t.slug]))
    assert "одна строка — один игрок" in html
    pairs = make_tournament(0, slug="pairs-cup")
    response = logged.get(reverse("tournaments:import_template", args=[pairs.slug]))
    header = [c.value for c in next(load_workbook(io.BytesIO(response.content)).active.iter_rows(max_row=1))]
    assert header[3] == "Игрок 2" and len(header) == 10  # a pair event: both players and their federation IDs


def test_the_lists_and_the_draw_speak_of_players(logged, organizer):
    t = make_individual(5, numbered=False)
    run_draw(organizer, t, seed="solo")
    listing = get(logged, reverse("tournaments:pair_list", args=[t.slug]))
    assert "Игроки" in listing and "Пар пока нет" not in listing
    draw = get(logged, reverse("tournaments:draw", args=[t.slug]))
    assert "№ игрока" in draw and "Игроков: 5." in draw and "Игрок 2" not in draw
    entrant = t.pairs.get(number=3)
    edit = get(logged, reverse("tournaments:pair_edit", args=[t.slug, entrant.pk]))
    assert "Участник №3" in edit and "Исправить данные игрока" in edit and 'name="player2_name"' not in edit


def test_late_entry_and_withdrawal_of_a_player(logged, organizer):
    t = make_individual(8, numbered=False)
    run_draw(organizer, t, seed="solo")
    publish_round(organizer, pair_round(organizer, t))
    late = reverse("tournaments:pair_late", args=[t.slug])
    assert "Поздняя регистрация игрока" in get(logged, late)
    refused = logged.post(late, {"player1_name": "Поздний Пётр", "player2_name": "Поздняя Полина"},
                          HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 400 and "участник — один игрок" in refused.content.decode()
    response = logged.post(late, {"player1_name": "Поздний Пётр"}, HTTP_ACCEPT_LANGUAGE="ru", follow=True)
    assert "Участник №9 зарегистрирован и играет с тура 2." in response.content.decode()
    entrant = t.pairs.get(number=9)
    url = reverse("tournaments:withdraw", args=[t.slug, entrant.pk])
    confirm = logged.post(url, {"note": "уехал"}, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Снять игрока с турнира?" in confirm and "будет снят с турнира" in confirm
    done = logged.post(url, {"note": "уехал", "confirmed": "1"}, HTTP_ACCEPT_LANGUAGE="ru", follow=True)
    assert "Игрок снят с турнира" in done.content.decode()
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.WITHDRAWN


def test_a_substitute_takes_the_players_place_and_a_second_seat_is_refused(logged):
    t = make_individual(4)
    entrant = t.pairs.get(number=2)
    url = reverse("tournaments:pair_edit", args=[t.slug, entrant.pk])
    refused = logged.post(url, {"form": "substitute", "seat": "2", "name": "Запасной Иван"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 400
    assert "Выберите корректный вариант" in " ".join(refused.context["substitute"].errors["seat"])
    response = logged.post(url, {"form": "substitute", "seat": "1", "name": "Запасной Иван"})
    assert response.status_code == 302
    assert [p.name for p in entrant.players.all()] == ["Запасной Иван"]


def test_a_pair_events_registration_is_unchanged(logged):
    t = make_tournament(0)
    html = get(logged, reverse("tournaments:manage", args=[t.slug]))
    assert "Регистрация пары" in html and 'name="player2_name"' in html
    response = logged.post(reverse("tournaments:pair_add", args=[t.slug]), {"player1_name": "Ёлкин Пётр"},
                           HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400 and "player2_name" in response.context["pair_form"].errors


def test_the_state_strip_of_an_individual_event_asks_for_players(logged):
    t = make_individual(1)
    html = get(logged, reverse("tournaments:manage", args=[t.slug]))
    state = html[html.index('id="state"'):html.index("</section>")]
    assert "Регистрация игроков" in state and "Зарегистрировано игроков: 1" in state
    assert "Зарегистрировать игроков" in state and "пар" not in state
