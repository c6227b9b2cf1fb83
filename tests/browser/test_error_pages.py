"""The error pages a phone may meet with DEBUG off: Russian, in the site's layout, no horizontal scroll."""
import pytest
from django.test import RequestFactory, override_settings
from django.views.defaults import server_error

from tests.factories import make_round, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (360, 390)


def fits(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@override_settings(DEBUG=False)
@pytest.mark.parametrize("width", WIDTHS)
def test_404_and_403_on_a_phone(live_server, new_page, artifacts, width):
    cup = make_tournament(2, slug="phone-cup")
    make_round(cup, 1, [(1, 2)])
    page = new_page({"width": width, "height": 780})
    response = page.goto(f"{live_server.url}/no-such-page/at/all/")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Страница не найдена"
    assert fits(page)
    page.screenshot(path=str(artifacts / f"error-404-{width}.png"), full_page=True)

    response = page.goto(f"{live_server.url}/t/{cup.slug}/round/1/sheets-blank.pdf")  # the referees' only
    assert response.status == 403
    assert "Выгрузка доступна организатору" in page.locator("#forbidden").inner_text()
    assert page.locator("#back").is_visible()
    assert fits(page)
    page.screenshot(path=str(artifacts / f"error-403-{width}.png"), full_page=True)


@override_settings(DEBUG=False)
@pytest.mark.parametrize("width", WIDTHS)
def test_500_on_a_phone(new_page, artifacts, width):
    html = server_error(RequestFactory().get("/")).content.decode()
    page = new_page({"width": width, "height": 780})
    page.set_content(html)
    assert page.locator("h1").inner_text() == "Ошибка сервера"
    assert fits(page)
    page.screenshot(path=str(artifacts / f"error-500-{width}.png"), full_page=True)
