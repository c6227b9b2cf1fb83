"""The front page's calendar and a tournament's page at phone, tablet and desktop widths: no sideways scroll,
no word broken; the filters narrow the calendar; the tournament's page shows its facts and documents."""
import datetime

import pytest
from django.utils import timezone

from tests.factories import make_individual, make_round, make_tournament
from tournaments.models import Tournament

from .test_pair_pages import no_horizontal_scroll, words_unbroken

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [{"width": 360, "height": 780}, {"width": 390, "height": 844}, {"width": 820, "height": 1180},
          {"width": 1280, "height": 800}]
DAY = datetime.timedelta(days=1)


@pytest.fixture
def calendar_season(db):
    today = timezone.localdate()
    played = make_tournament(4, slug="played", rounds_planned=1, preset="federation", city="Санкт-Петербург")
    Tournament.objects.filter(pk=played.pk).update(
        name="Чемпионат Северо-Западного федерального округа по спортивному домино", start_date=today - DAY,
        end_date=today, venue="Дворец культуры имени Первой пятилетки, большой зал")
    make_round(played, 1, [(1, 2), (3, 4)], status="finished")
    soon = make_tournament(0, slug="soon", preset="morskoy-kozel", city="Тверь")
    Tournament.objects.filter(pk=soon.pk).update(start_date=today + 5 * DAY)
    solo = make_individual(4, slug="solo", city="Тверь")
    Tournament.objects.filter(pk=solo.pk).update(start_date=today)
    return today


def test_the_calendar_and_a_tournament_page_fit_every_width(live_server, new_page, calendar_season, artifacts):
    for viewport in WIDTHS:
        w = viewport["width"]
        page = new_page(viewport)
        page.goto(f"{live_server.url}/")
        assert page.locator(".calendar-item").count() == 3
        assert no_horizontal_scroll(page), w
        assert words_unbroken(page, ".calendar-item, h1, h2") is True, w
        page.screenshot(path=str(artifacts / f"calendar-{w}.png"), full_page=True)
        page.select_option("#id_city", "Тверь")
        page.click("#calendar-filters button[type=submit]")
        page.wait_for_load_state("networkidle")
        assert page.locator(".calendar-item").count() == 2 and "city=" in page.url
        assert page.locator("#group-in_play #calendar-solo").count() == 1
        page.goto(f"{live_server.url}/t/played/")
        facts = page.locator("#tournament-facts").inner_text()
        assert "Санкт-Петербург" in facts and "партия до 200 очков, не дольше 40 минут" in facts
        assert page.locator("#documents .signed-sheets").count() == 1
        assert no_horizontal_scroll(page), w
        assert words_unbroken(page, "#tournament-facts, #entrants, h1") is True, w
        page.screenshot(path=str(artifacts / f"calendar-tournament-{w}.png"), full_page=True)
