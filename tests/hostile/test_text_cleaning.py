"""One text cleaning for forms, imports and transfer files; every bad field of a submit shown at once."""
import pytest
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from events.services import register_pair
from events.services.imports import parse_pairs_file
from scoring.forms import DealForm
from tests.factories import make_tournament
from tournaments.errors import ImportRejected, InvalidFields, InvalidInput, TournamentError
from tournaments.models import Player

HEADER = "Игрок 1,Клуб / город 1,Рейтинг 1,Игрок 2,Клуб / город 2,Рейтинг 2,Название пары,Рейтинг пары\n"


@pytest.mark.django_db
def test_a_zero_width_space_no_longer_defeats_the_duplicate_check(organizer):
    t = make_tournament(0, slug="zw")
    register_pair(organizer, t, players=[{"name": "Иванов Иван"}, {"name": "Петров Пётр"}])
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, t, players=[{"name": "Ива\u200bнов Иван"}, {"name": "Сидоров"}])
    assert err.value.code == "duplicate_player"


@pytest.mark.django_db
def test_a_right_to_left_override_in_a_name_is_refused(organizer):
    t = make_tournament(0, slug="rlo")
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, t, players=[{"name": "\u202eнавИ вонавИ"}, {"name": "Петров"}])
    assert err.value.details["field"] == "player1_name" and "направления письма" in err.value.message
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_full_width_rating_is_read_and_other_digits_refused(organizer):
    t = make_tournament(0, slug="fw")
    pair = register_pair(organizer, t, players=[{"name": "А", "rating": "１５００"}, {"name": "Б"}], rating="－３")
    assert pair.rating == -3 and pair.players.get(name="А").rating == 1500
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, t, players=[{"name": "В"}, {"name": "Г"}], rating="٣")
    assert err.value.details["field"] == "rating"


@pytest.mark.django_db
def test_every_bad_field_of_a_registration_is_reported_at_once(organizer):
    t = make_tournament(0, slug="all-errors")
    with pytest.raises(InvalidFields) as err:
        register_pair(organizer, t, players=[{"name": "Иванов", "rating": "abc"}, {"name": "ИВАНОВ"}],
                      rating=99999999)
    assert [field for field, _m in err.value.errors] == ["player1_rating", "player2_name", "rating"]


@pytest.mark.django_db
def test_the_registration_form_shows_every_error_next_to_its_field(client, organizer):
    t = make_tournament(0, slug="form-errors")
    TournamentRole.objects.get_or_create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    client.force_login(organizer)
    data = {"player1_name": "Иванов", "player1_rating": "abc", "player2_name": "иванов", "player2_club": "Ту\x00ла",
            "rating": "99999999"}
    response = client.post(reverse("tournaments:pair_add", args=[t.slug]), data)
    assert response.status_code == 400
    form = response.context["pair_form"]
    assert set(form.errors) == {"player1_rating", "player2_name", "player2_club", "rating"}
    assert "управляющий" in form.errors["player2_club"][0]
    assert not Player.objects.filter(pair__tournament=t).exists()


def test_a_field_over_128_kb_is_named_as_too_long_not_as_quotes():
    text = HEADER + '"' + "Щ" * 140_000 + '",Тверь,,Петров,,,,\n'
    with pytest.raises(TournamentError) as err:
        parse_pairs_file(text.encode(), "pairs.csv")
    assert err.value.code == "field_too_long" and "128 КБ" in err.value.message


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "koi8-r", "cp1251"])
def test_csv_in_utf16_and_koi8r_is_read(encoding):
    text = "Игрок 1;Игрок 2\nЁлкин Семён;Щукин Юрий\n"
    rows = parse_pairs_file(text.encode(encoding), "pairs.csv")
    assert [p["name"] for p in rows[0]["players"]] == ["Ёлкин Семён", "Щукин Юрий"]


def test_a_header_that_is_not_found_names_the_encoding_read():
    with pytest.raises(ImportRejected) as err:
        parse_pairs_file("Фамилия;Имя\nА;Б\n".encode("koi8-r"), "pairs.csv")
    assert "KOI8-R" in err.value.message


def test_the_out_players_hand_refuses_other_scripts_digits():
    data = {"n": "1", "result": "domino", "out": "A1", "hand_A1": "٣", "hand_B1": "5", "hand_A2": "１５",
            "hand_B2": "3"}
    form = DealForm(data)
    assert not form.is_valid() and list(form.errors) == ["hand_A1"]
    data["hand_A1"] = ""
    form = DealForm(data)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["hands"] == {"B1": 5, "A2": 15, "B2": 3}  # full-width «１５» is 15
