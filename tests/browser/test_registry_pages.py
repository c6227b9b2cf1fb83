"""The players' registry at phone and tablet widths: the search with «ё» = «е», a person's tournaments, the
administrator's forms and the registration page's question «это тот же игрок?»."""
import pytest
from django.contrib.auth.models import Group

from access.permissions import FEDERATION_ADMINS
from events.simulation import simulate
from people.models import Person
from tests.factories import make_tournament
from tournaments.models import Player, Tournament

from .conftest import login
from .test_pair_pages import WIDTHS, no_horizontal_scroll, words_unbroken

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Ёлкин-Преображенский Константин"


@pytest.fixture
def season(django_user_model):
    organizer = django_user_model.objects.create_user("reg-organizer", password="domino2026")
    simulate(organizer, pairs=2, rounds=1, system="swiss", seed="browser", slug="autumn")
    simulate(organizer, pairs=2, rounds=1, system="swiss", seed="browser", slug="winter")
    Tournament.objects.filter(slug="winter").update(name="Зимний кубок Верхнеднепровского района")
    person = Player.objects.get(pair__tournament__slug="autumn", name="Игрок 1").person
    Person.objects.filter(pk=person.pk).update(name=LONG, name_key="елкин-преображенский константин",
                                               club="Дом домино «Старорусский»", city="Санкт-Петербург",
                                               birth_year=1968)
    admin = django_user_model.objects.create_user("reg-admin", password="domino2026")
    admin.groups.add(Group.objects.get_or_create(name=FEDERATION_ADMINS)[0])
    return organizer, Person.objects.get(pk=person.pk)


def test_search_and_person_pages_fit_a_phone_and_a_tablet(live_server, new_page, season, artifacts):
    _organizer, person = season
    for viewport in WIDTHS:
        w = viewport["width"]
        page = new_page(viewport)
        page.goto(f"{live_server.url}/players/")
        page.fill("#id_q", "елкин")
        page.click("#person-search button[type=submit]")
        page.wait_for_load_state("networkidle")
        assert page.locator("#found li").count() == 1
        assert no_horizontal_scroll(page), w
        page.screenshot(path=str(artifacts / f"registry-search-{w}.png"), full_page=True)
        page.click("#found a")
        page.wait_for_load_state("networkidle")
        assert page.url.endswith(f"/players/{person.pk}/"), page.url
        assert page.locator("#entries > li").count() == 2
        assert "1968" not in page.locator("main").inner_text()  # hidden by default
        assert no_horizontal_scroll(page), w
        assert words_unbroken(page, "#entries, #person-facts, h1") is True
        page.screenshot(path=str(artifacts / f"registry-person-{w}.png"), full_page=True)


def test_the_administrator_s_forms_and_the_registration_question_fit_a_phone(live_server, new_page, season,
                                                                             artifacts):
    organizer, person = season
    for viewport in WIDTHS:
        w = viewport["width"]
        page = new_page(viewport)
        login(page, live_server.url, "reg-admin", "domino2026")
        page.goto(f"{live_server.url}/players/{person.pk}/")
        assert page.locator("#merge-form").count() == 1
        page.fill("#merge-form input[name=other]", "999999")
        page.fill("#merge-form input[name=note]", "одно лицо")  # a merge names its reason
        page.click("#merge-form button[type=submit]")
        page.wait_for_load_state("networkidle")
        assert "Игрока реестра с таким номером нет." in page.locator("#merge-form").inner_text()
        assert no_horizontal_scroll(page), w
        page.screenshot(path=str(artifacts / f"registry-admin-{w}.png"), full_page=True)
    t = make_tournament(0, slug="spring")
    from access.models import RoleKind, TournamentRole
    TournamentRole.objects.create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    for viewport in WIDTHS:
        w = viewport["width"]
        page = new_page(viewport)
        login(page, live_server.url, "reg-organizer", "domino2026")
        page.goto(f"{live_server.url}/t/spring/manage/")
        page.fill("input[name=player1_name]", "ЕЛКИН-Преображенский Константин")
        page.fill("input[name=player1_club]", "санкт-петербург")
        page.fill("input[name=player2_name]", "Новиков Иван")
        page.click("#register + form button[type=submit]")
        page.wait_for_load_state("networkidle")
        question = page.locator("#id_player1_person")
        assert question.count() == 1 and f"№{person.pk}" in question.inner_text()
        assert no_horizontal_scroll(page), w
        assert words_unbroken(page, "#id_player1_person label") is True
        page.screenshot(path=str(artifacts / f"registry-registration-{w}.png"), full_page=True)
    assert not t.pairs.exists()
