"""The error pages a phone may meet with DEBUG off: Russian, in the site's layout, no horizontal scroll."""
import pytest
from django.db import OperationalError
from django.test import RequestFactory, override_settings
from django.views.defaults import server_error

from core import error_pages
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


def refused(page, base, kind):
    """What the live server answers to a request a page cannot make by itself: (status, html)."""
    if kind == "413":
        response = page.request.post(f"{base}/login/", form={"username": "x" * (2 * 1024 * 1024), "password": "y"})
    elif kind == "400":
        response = page.request.post(f"{base}/login/", data="username=a&password=b",
                                     headers={"Content-Type": "application/x-www-form-urlencoded; charset=latin-1"})
    else:  # a form without its CSRF token
        response = page.request.post(f"{base}/login/", form={"username": "a", "password": "b"})
    return response.status, response.text()


@override_settings(DEBUG=False)
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind, status, heading", [("400", 400, "Неверный запрос"),
                                                   ("413", 413, "Слишком большой запрос"),
                                                   ("csrf", 403, "Форма устарела")])
def test_refusals_in_the_sites_layout_on_a_phone(live_server, new_page, artifacts, width, kind, status, heading):
    page = new_page({"width": width, "height": 780})
    page.goto(f"{live_server.url}/")  # the pages' styles load from here
    got, html = refused(page, live_server.url, kind)
    assert got == status
    page.set_content(html)
    assert page.locator("h1").inner_text() == heading
    assert page.locator(".topbar").is_visible()
    assert fits(page)
    page.screenshot(path=str(artifacts / f"error-{kind}-{width}.png"), full_page=True)


@override_settings(DEBUG=False)
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("exc, status, heading", [
    (OperationalError("could not connect to server"), 503, "Сервер временно недоступен"),
    (OperationalError("database or disk is full"), 507, "Диск сервера заполнен")])
def test_outage_and_full_disk_on_a_phone(new_page, artifacts, width, exc, status, heading):
    response = error_pages.failure_response(RequestFactory().post("/referee/partie/1/deal/"), exc)
    assert response.status_code == status
    page = new_page({"width": width, "height": 780})
    page.set_content(response.content.decode())
    assert page.locator("h1").inner_text() == heading
    assert fits(page)
    page.screenshot(path=str(artifacts / f"error-{status}-{width}.png"), full_page=True)
