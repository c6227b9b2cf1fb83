"""The player's pages: an accepted entry shows what only the organizer changes as text, the public form lists
every error at its top with a link to its field, and its messages name a field in the form's words."""
import re

import pytest
from django.urls import reverse

from events.services import run_draw
from signup.models import Entry
from signup.services import fixed_fields, submit_entry

from .conftest import pair_data
from .test_team_entries import league, team_data  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db


def _entry_page(client, tournament, code, data=None):
    url = reverse("tournaments:signup_entry", args=[tournament.slug, code])
    return client.post(url, data) if data is not None else client.get(url)


def test_an_accepted_entry_shows_its_names_as_text_and_keeps_its_other_fields_editable(cup, client):
    entry, code = submit_entry(cup, pair_data("Кузнецова Ольга", "Петров Пётр", player1_federation_id="RU-5"))
    assert entry.pair_id and fixed_fields(entry) == {"player1_name", "player2_name", "player1_federation_id",
                                                     "player2_federation_id"}
    page = _entry_page(client, cup, code).text
    assert 'name="player1_name"' not in page and 'name="player2_federation_id"' not in page
    assert re.search(r'id="fixed-player1_name">Кузнецова Ольга<', page)
    assert re.search(r'id="fixed-player1_federation_id">RU-5<', page)
    assert 'name="player1_club"' in page and 'id="fixed-note"' in page
    # a forged send of the fixed fields changes nothing of them, and the rest is saved
    response = _entry_page(client, cup, code, pair_data("Другой Игрок", "Петров Пётр", player1_club="Ржев",
                                                        player1_federation_id="RU-9"))
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.players[0]["name"] == "Кузнецова Ольга" and entry.players[0]["federation_id"] == "RU-5"
    assert entry.players[0]["club"] == "Ржев"


def test_a_waiting_entry_is_editable_whole(cup, client):
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    waiting, code = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    assert fixed_fields(waiting) == frozenset()
    page = _entry_page(client, cup, code).text
    assert 'name="player1_name"' in page and 'id="fixed-note"' not in page


def test_after_the_draw_the_entry_s_page_offers_no_edit_and_says_why(cup, organizer, client):
    _entry, code = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    run_draw(organizer, cup)
    page = _entry_page(client, cup, code).text
    assert 'id="edit-form"' not in page and 'id="withdraw-link"' not in page
    assert 'id="entry-locked"' in page and "может только организатор" in page


def test_an_entered_team_shows_its_names_and_reserves_as_text(league, client):
    entry, code = submit_entry(league, team_data("Тверские", 0, reserves=["Запасной Игорь"]))
    assert entry.team_id
    page = _entry_page(client, league, code).text
    assert 'name="team_name"' not in page and re.search(r'id="fixed-team_name">Тверские<', page)
    assert re.search(r'id="fixed-reserve1_name">Запасной Игорь<', page)
    assert 'name="reserve2_name"' not in page and 'id="row-reserve2_name"' not in page  # no empty slot offered
    assert 'name="pair1_player1_club"' in page
    data = team_data("Тверские", 0, reserves=["Запасной Игорь"], pair1_player1_club="Клин")
    assert _entry_page(client, league, code, data).status_code == 302
    entry.refresh_from_db()
    assert entry.players[0]["club"] == "Клин"


def test_the_form_lists_every_error_at_its_top_with_links_to_the_fields(cup, client):
    data = pair_data("", "Я" * 201, player2_club="К" * 201)
    response = client.post(reverse("tournaments:register", args=[cup.slug]), data)
    assert response.status_code == 400 and not Entry.objects.exists()
    summary = re.search(r'<div class="error-summary" id="error-summary" role="alert".*?</div>', response.text,
                        re.S).group(0)
    assert "ошибок: 3" in summary
    links = re.findall(r'<a href="#(id_[a-z0-9_]+)">([^<]+)</a>', summary)
    assert [target for target, _text in links] == ["id_player1_name", "id_player2_name", "id_player2_club"]
    assert links[2][1] == "Игрок 2 · Клуб: Клуб (игрок 2) — не длиннее 200 символов."
    for target, _text in links:
        assert f'id="{target}"' in response.text  # the link lands on the field
    row = re.search(r'id="row-player2_club".*?</div>', response.text, re.S).group(0)
    assert "Клуб (игрок 2) — не длиннее 200 символов." in row  # and the message stays beside it


def test_a_form_without_errors_has_no_summary(cup, client):
    page = client.get(reverse("tournaments:register", args=[cup.slug])).text
    assert "error-summary" not in page


@pytest.mark.parametrize("field, value, message", [
    ("player2_club", "К" * 201, "Клуб (игрок 2) — не длиннее 200 символов."),
    ("player1_name", "", "Укажите: фамилия и имя (игрок 1)."),
    ("player2_city", "Г" * 201, "Город (игрок 2) — не длиннее 200 символов."),
])
def test_messages_name_the_field_as_the_form_does(cup, client, field, value, message):
    data = {**pair_data("Иванов Иван", "Петров Пётр"), field: value}
    response = client.post(reverse("tournaments:register", args=[cup.slug]), data)
    row = re.search(rf'id="row-{field}".*?</div>', response.text, re.S).group(0)
    assert message in row and "Клуб / город" not in response.text


def test_an_individual_s_messages_need_no_player_number(solo, client):
    response = client.post(reverse("tournaments:register", args=[solo.slug]),
                           {"player1_name": "Иванов Иван", "player1_club": "К" * 201})
    assert "Клуб — не длиннее 200 символов." in response.text
