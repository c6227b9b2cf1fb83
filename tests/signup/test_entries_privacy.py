"""Who sees an entry's birth years and contact on the organizer's list of entries: the organizer, nobody else.

Referees and the chief referee open the list to tick arrivals; the names, clubs and cities are theirs to see (they
are public), the birth years and the phone or e-mail are not (docs/registration.md §2 «Личные данные»)."""
import pytest
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from signup.services import submit_entry
from tests.factories import make_referee

from .conftest import open_for, pair_data

pytestmark = pytest.mark.django_db

YEAR, PHONE = "1957", "+7 900 123-45-67"


@pytest.fixture
def private_entry(cup, organizer):
    open_for(organizer, cup, ask_birth_year=True, ask_contact=True)
    entry, _code = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр", player1_birth_year=YEAR,
                                               contact=PHONE))
    return entry


def _chief(tournament, django_user_model):
    user = django_user_model.objects.create_user("chief-referee")
    TournamentRole.objects.create(tournament=tournament, user=user, role=RoleKind.CHIEF_REFEREE)
    return user


def _entries_page(client, user, tournament):
    client.force_login(user)
    page = client.get(reverse("tournaments:signup_entries", args=[tournament.slug]))
    assert page.status_code == 200
    return page.text


def test_the_organizer_sees_birth_years_and_contact(cup, organizer, private_entry, client):
    text = _entries_page(client, organizer, cup)
    assert YEAR in text and PHONE in text


@pytest.mark.parametrize("role", ["referee", "chief"])
def test_referees_see_names_but_no_birth_year_and_no_contact(cup, private_entry, client, django_user_model, role):
    user = make_referee(cup) if role == "referee" else _chief(cup, django_user_model)
    text = _entries_page(client, user, cup)
    assert "Иванов Иван" in text and "Тверь" in text
    assert YEAR not in text and "г. р." not in text and PHONE not in text


@pytest.mark.parametrize("role", ["referee", "chief"])
def test_a_referee_s_tick_answers_with_a_row_without_birth_year(cup, private_entry, client, django_user_model, role):
    user = make_referee(cup) if role == "referee" else _chief(cup, django_user_model)
    client.force_login(user)
    row = client.post(reverse("tournaments:signup_tick", args=[cup.slug, private_entry.pk]), HTTP_HX_REQUEST="true")
    assert row.status_code == 200 and "на месте" in row.text and "Иванов Иван" in row.text
    assert YEAR not in row.text and PHONE not in row.text


def test_the_organizer_s_tick_row_keeps_them(cup, organizer, private_entry, client):
    client.force_login(organizer)
    row = client.post(reverse("tournaments:signup_tick", args=[cup.slug, private_entry.pk]), HTTP_HX_REQUEST="true")
    assert YEAR in row.text and PHONE in row.text
