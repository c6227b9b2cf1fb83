"""The registry's pages: the search (ё = е, paged), a person's history across tournaments, what is shown
publicly, the administrator's forms, and the registration and import pages' proposals."""
import re

import pytest
from django.urls import reverse

from events.simulation import simulate
from people.models import Person, PersonMerge
from registry import merges
from tests.factories import make_tournament
from tests.tournaments.conftest import xlsx_bytes
from tournaments.errors import TournamentError
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def html(response):
    return response.content.decode()


@pytest.fixture
def season(organizer):
    """Two simulated tournaments with one seed: their players are the same persons."""
    simulate(organizer, pairs=2, rounds=1, system="swiss", seed="7", slug="autumn")
    simulate(organizer, pairs=2, rounds=1, system="swiss", seed="7", slug="winter")
    return Player.objects.get(pair__tournament__slug="autumn", name="Игрок 1").person


def test_two_simulations_with_one_seed_share_their_persons(season):
    assert Person.objects.count() == 4
    assert set(Player.objects.filter(pair__tournament__slug="winter").values_list("person", flat=True)) == set(
        Player.objects.filter(pair__tournament__slug="autumn").values_list("person", flat=True))


def test_a_person_s_page_lists_every_tournament_with_partner_place_and_protocols(client, season):
    page = html(client.get(reverse("registry:person", args=[season.pk])))
    assert 'id="entry-autumn"' in page and 'id="entry-winter"' in page
    partner = Player.objects.get(pair__tournament__slug="autumn", name="Игрок 2").name
    partner_person = Player.objects.get(pair__tournament__slug="autumn", name="Игрок 2").person_id
    assert page.count(f'Партнёр: <a href="{reverse("registry:person", args=[partner_person])}">{partner}</a>') == 2
    assert page.count("-е место") == 2 and page.count("Партий выиграно:") == 2 and "разница очков:" in page
    pair = Player.objects.get(pair__tournament__slug="autumn", name="Игрок 1").pair
    assert reverse("tournaments:pair", args=["autumn", pair.number]) in page
    assert page.count("/protocols/") == 2 and page.count(">PDF<") == 2  # one signed partie each


def test_the_birth_year_is_hidden_until_the_person_shows_it(client, season):
    Person.objects.filter(pk=season.pk).update(birth_year=1977, city="Тверь")
    page = html(client.get(reverse("registry:person", args=[season.pk])))
    assert "1977" not in page and 'id="fact-city"' in page
    Person.objects.filter(pk=season.pk).update(show_birth_year=True, show_city=False)
    page = html(client.get(reverse("registry:person", args=[season.pk])))
    assert 'id="fact-birth-year">1977<' in page and 'id="fact-city"' not in page


def test_a_private_tournament_stays_off_the_person_s_page(client, season):
    from tournaments.models import Tournament
    Tournament.objects.filter(slug="winter").update(is_public=False)
    page = html(client.get(reverse("registry:person", args=[season.pk])))
    assert 'id="entry-autumn"' in page and 'id="entry-winter"' not in page


def test_search_by_surname_reads_yo_as_ye_and_is_paged(client):
    Person.objects.create(name="Ёлкин Пётр", club="Тверь")
    Person.objects.create(name="Петров Елкин")  # a first name is not a surname
    Person.objects.bulk_create([Person(name=f"Иванов {i:03}", name_key=f"иванов {i:03}") for i in range(120)])
    page = html(client.get(reverse("registry:players"), {"q": "ЕЛКИН"}))
    assert "Ёлкин Пётр" in page and "Петров Елкин" not in page and "Тверь" in page
    first = html(client.get(reverse("registry:players"), {"q": "иванов"}))
    assert first.count("Иванов 0") == 50 and "страница 1 из 3" in first
    last = html(client.get(reverse("registry:players"), {"q": "иванов", "page": "99"}))
    assert "Иванов 119" in last
    for hostile in ("\x00", "%", "_", "' OR 1=1 --", "ё" * 5000, "\u202e"):
        response = client.get(reverse("registry:players"), {"q": hostile})
        assert response.status_code == 200 and "Иванов 0" not in html(response)


def test_a_merged_person_s_page_leads_to_the_person_he_is(client, federation_admin, season):
    other = Person.objects.create(name="Игрок 1")
    client.force_login(federation_admin)
    preview = client.post(reverse("registry:merge", args=[other.pk]), {"other": season.pk, "note": "дубль"})
    assert preview.status_code == 200 and 'id="merge-preview"' in html(preview)  # both persons shown first
    assert not PersonMerge.objects.exists()
    response = client.post(reverse("registry:merge", args=[other.pk]),
                           {"other": season.pk, "note": "дубль", "confirmed": "1"})
    assert response.status_code == 302
    assert client.get(reverse("registry:person", args=[season.pk])).url == reverse("registry:person",
                                                                                  args=[other.pk])
    page = html(client.get(reverse("registry:person", args=[other.pk])))
    assert 'id="entry-autumn"' in page and "Отменить объединение" in page
    merge = PersonMerge.objects.get()
    assert client.post(reverse("registry:undo_merge", args=[merge.pk]), {"note": ""}).status_code == 302
    assert Player.objects.filter(person=season).count() == 2


@pytest.mark.parametrize("other", ["abc", "-1", "0", "1e9", "99999999999999999999", "", "\x00"])
def test_a_hostile_merge_form_is_a_russian_400(client, federation_admin, season, other):
    client.force_login(federation_admin)
    response = client.post(reverse("registry:merge", args=[season.pk]), {"other": other})
    assert response.status_code == 400 and 'class="errorlist' in html(response)
    assert not PersonMerge.objects.exists()


def test_a_merge_with_nobody_or_oneself_is_refused_on_the_page(client, federation_admin, season):
    client.force_login(federation_admin)
    for other in (season.pk + 1000, season.pk):
        response = client.post(reverse("registry:merge", args=[season.pk]), {"other": other, "note": "дубль"})
        assert response.status_code == 400
    assert "Это один и тот же игрок реестра" in html(response)


def test_the_administrator_s_forms_are_his_alone(client, organizer, season):
    assert "merge-form" not in html(client.get(reverse("registry:person", args=[season.pk])))
    client.force_login(organizer)
    assert "merge-form" not in html(client.get(reverse("registry:person", args=[season.pk])))
    other = Person.objects.create(name="Игрок 1")
    assert client.post(reverse("registry:merge", args=[other.pk]),
                       {"other": season.pk, "note": "x", "confirmed": "1"}).status_code == 403
    assert client.post(reverse("registry:person_edit", args=[season.pk]), {"name": "X"}).status_code == 403
    assert client.get(reverse("registry:merge", args=[other.pk])).status_code == 405
    assert not PersonMerge.objects.exists()


def test_a_merge_without_a_reason_is_refused_beside_the_field(client, federation_admin, season):
    other = Person.objects.create(name="Игрок 1")
    client.force_login(federation_admin)
    response = client.post(reverse("registry:merge", args=[other.pk]),
                           {"other": season.pk, "note": "  ", "confirmed": "1"})
    assert response.status_code == 400 and "errorlist" in html(response)
    assert not PersonMerge.objects.exists()
    with pytest.raises(TournamentError) as refused:
        merges.merge_persons(federation_admin, other, season, note="")
    assert refused.value.code == "note_required"


def test_the_administrator_edits_what_is_shown(client, federation_admin, season):
    client.force_login(federation_admin)
    response = client.post(reverse("registry:person_edit", args=[season.pk]), {
        "name": "Игрок Первый", "birth_year": "19७0", "club": "", "city": "", "federation_id": ""})
    assert response.status_code == 400 and "Год рождения — число" in html(response)
    response = client.post(reverse("registry:person_edit", args=[season.pk]), {
        "name": "Игрок Первый", "birth_year": "1970", "club": "Клуб", "city": "Тверь", "federation_id": "",
        "shown": ["birth_year", "city"]})
    assert response.status_code == 302
    client.logout()
    page = html(client.get(reverse("registry:person", args=[season.pk])))
    assert 'id="fact-birth-year">1970<' in page and 'id="fact-club"' not in page and "Игрок Первый" in page


def test_the_registration_page_asks_whether_it_is_the_same_player(client, organizer):
    person = Person.objects.create(name="Ёлкин Пётр", club="Тверь")
    t = make_tournament(0)
    client.force_login(organizer)
    data = {"player1_name": "Елкин Петр", "player1_club": "Тверь", "player2_name": "Новиков Иван"}
    response = client.post(reverse("tournaments:pair_add", args=[t.slug]), data)
    page = html(response)
    assert response.status_code == 400 and "Игрок 1: это тот же игрок?" in page
    assert f'value="{person.pk}"' in page and 'value="new"' in page and not t.pairs.exists()
    response = client.post(reverse("tournaments:pair_add", args=[t.slug]), {**data, "player1_person": person.pk})
    assert response.status_code == 302
    assert Player.objects.get(pair__tournament=t, name="Елкин Петр").person == person
    assert Person.objects.count() == 2


def test_the_import_page_shows_the_matches_and_registers_after_the_answers(client, organizer):
    person = Person.objects.create(name="Ёлкин Пётр", club="Тверь")
    t = make_tournament(0)
    client.force_login(organizer)
    upload = xlsx_bytes([["Елкин Петр", "Тверь", "", "Новиков Иван", "", "", "", "", "", ""]])
    from django.core.files.uploadedfile import SimpleUploadedFile
    response = client.post(reverse("tournaments:import", args=[t.slug]),
                           {"file": SimpleUploadedFile("pairs.xlsx", upload)})
    page = html(response)
    assert response.status_code == 400 and 'id="match-2-1"' in page and f'value="{person.pk}"' in page
    assert not t.pairs.exists()
    response = client.post(reverse("tournaments:import", args=[t.slug]), {"confirm": "1",
                                                                           "person-2-1": str(person.pk)})
    assert response.status_code == 302
    assert Player.objects.get(pair__tournament=t, name="Елкин Петр").person == person


def test_the_link_page_links_a_player_on_demand(client, organizer, django_user_model):
    t = make_tournament(1)  # made in the database: not linked
    person = Person.objects.create(name=Player.objects.first().name, club="Тверь")
    client.force_login(organizer)
    page = html(client.get(reverse("registry:link", args=[t.slug])))
    assert page.count('name="player"') == 2 and f'value="{person.pk}"' in page
    first, second = Player.objects.order_by("id")
    for bad in ("abc", "", str(person.pk + 99)):
        response = client.post(reverse("registry:link", args=[t.slug]), {"player": first.pk, "person": bad})
        assert response.status_code == 400
    assert client.post(reverse("registry:link", args=[t.slug]), {"player": "x", "person": "new"}).status_code == 404
    linked = client.post(reverse("registry:link", args=[t.slug]), {"player": first.pk, "person": person.pk},
                         follow=True)
    assert linked.redirect_chain and f"{first.name}: запись турнира связана с реестром игроков." in html(linked)
    assert client.post(reverse("registry:link", args=[t.slug]),
                       {"player": second.pk, "person": "new"}).status_code == 302
    assert Player.objects.filter(person__isnull=True).count() == 0
    stranger = django_user_model.objects.create_user("stranger", password="domino2026")
    client.force_login(stranger)
    assert client.get(reverse("registry:link", args=[t.slug])).status_code == 403
    assert re.search(r"Все игроки турнира связаны", html(client.get(reverse("registry:link", args=[t.slug])))) is None


def test_the_administrator_s_forms_refuse_every_hostile_value_without_a_server_error(client, federation_admin,
                                                                                    season):
    from tests.hostile.conftest import HOSTILE
    other = Person.objects.create(name="Игрок 1")
    merge_url = reverse("registry:merge", args=[other.pk])
    client.force_login(federation_admin)
    forms = {
        reverse("registry:person_edit", args=[season.pk]): {
            "name": "Игрок", "birth_year": "1970", "club": "", "city": "", "federation_id": "", "shown": "club"},
        merge_url: {"other": str(season.pk), "note": "", "confirmed": "1"},
    }
    statuses = set()
    for url, base in forms.items():
        for field in base:
            for value in HOSTILE + ["\u202e", "RU 1", "1899"]:
                response = client.post(url, {**base, field: value})
                statuses.add(response.status_code)
                assert response.status_code in (302, 400), (url, field, value[:20])
    assert 400 in statuses
    assert PersonMerge.objects.count() == 1  # the first valid merge; every later one: already merged, a 400


def test_no_place_is_shown_before_the_first_game(client):
    tournament = make_tournament(7, slug="not-yet", is_public=True)
    player = Player.objects.filter(pair__tournament=tournament).first()
    player.person = Person.objects.create(name=player.name)
    player.save(update_fields=["person"])
    page = html(client.get(reverse("registry:person", args=[player.person_id])))
    assert 'id="entry-not-yet"' in page and "-е место" not in page
