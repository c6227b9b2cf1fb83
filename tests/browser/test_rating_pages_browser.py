"""The rating list and a player's rating chart at 360, 390 and 820 px (and 1280): no horizontal scroll, names
whole, the chart drawn by the vendored Chart.js under the site's Content-Security-Policy."""
import pytest

from events.simulation import simulate
from people.models import Person
from registry.models import RatingChange
from tournaments.models import Player, Tournament

from .test_pair_pages import no_horizontal_scroll, words_unbroken

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WIDTHS = [{"width": w, "height": 800} for w in (360, 390, 820, 1280)]


@pytest.fixture
def rated(django_user_model):
    organizer = django_user_model.objects.create_user("rating-organizer", password="domino2026")
    simulate(organizer, pairs=3, rounds=2, system="swiss", seed="chart", slug="spring", rated=True)
    simulate(organizer, pairs=3, rounds=2, system="swiss", seed="chart", slug="summer", rated=True)
    Tournament.objects.filter(slug="summer").update(name="Летний кубок Верхнеднепровского района")
    person = Player.objects.get(pair__tournament__slug="spring", name="Игрок 1").person
    Person.objects.filter(pk=person.pk).update(name="Ёлкин-Преображенский Константин",
                                               club="Дом домино «Старорусский»", city="Санкт-Петербург")
    return Person.objects.get(pk=person.pk)


def test_the_list_and_the_chart_fit_every_width(live_server, new_page, rated, artifacts):
    for viewport in WIDTHS:
        w = viewport["width"]
        page = new_page(viewport)
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{live_server.url}/rating/")
        page.screenshot(path=str(artifacts / f"rating-list-{w}.png"), full_page=True)
        assert page.locator("#rating-list tbody tr").count() == 6
        assert no_horizontal_scroll(page), w
        assert words_unbroken(page, "#rating-list, h1") is True
        assert page.evaluate("() => { const d = document.querySelector('#rating-list').parentElement;"
                             " return d.scrollWidth <= d.clientWidth; }"), w  # the table itself fits too
        page.goto(f"{live_server.url}/players/{rated.pk}/")
        page.wait_for_function("() => window.Chart && Chart.getChart('rating-chart') !== undefined")
        points = page.evaluate("() => Chart.getChart('rating-chart').data.datasets[0].data.length")
        assert points == 3 and not errors, errors  # where he started, then after each event
        for summary in page.locator(".rated-games summary").all():
            summary.click()
        assert page.locator(".rated-games-table tbody tr").count() == RatingChange.objects.filter(person=rated).count()
        page.screenshot(path=str(artifacts / f"rating-person-{w}.png"), full_page=True)
        assert no_horizontal_scroll(page), w
        wide = page.evaluate("() => [...document.querySelectorAll('.table-scroll')]"
                             ".filter(d => d.scrollWidth > d.clientWidth).map(d => [d.parentElement.id, d.scrollWidth, d.clientWidth])")
        assert not wide, (w, wide)  # every column in view
