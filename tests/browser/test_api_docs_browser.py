"""The API's page for people (/api/v1/docs/, Swagger UI from the site's own files) in real Chromium: every
address of the schema listed, an address opened and asked from the page, nothing refused by the CSP, nothing
wider than a phone; the front page leads to it."""
import pytest
from django.test import Client

from tests.factories import make_tournament

from .conftest import PHONE
from .test_csp import open_clean, violations, watched

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 900}])
def test_the_api_page_lists_and_asks_every_address(live_server, new_page, artifacts, viewport):
    make_tournament(2, slug="cup")
    paths = set(Client().get("/api/v1/openapi.json").json()["paths"])
    page = watched(new_page, viewport)
    open_clean(page, live_server.url + "/")
    page.click("#api-docs")
    page.wait_for_selector(".opblock")
    page.wait_for_load_state("networkidle")
    shown = set(page.locator(".opblock-summary-path").evaluate_all("els => els.map(e => e.dataset.path)"))
    assert shown == paths
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.screenshot(path=str(artifacts / f"api-docs-{viewport['width']}.png"), full_page=False)
    listed = page.locator(".opblock", has=page.locator('[data-path="/api/v1/tournaments/"]'))
    listed.locator(".opblock-summary").click()
    page.locator(".try-out__btn").click()
    page.locator(".execute").click()
    body = page.locator(".responses-wrapper .live-responses-table .microlight").first
    body.wait_for()
    assert '"slug": "cup"' in body.inner_text()
    assert violations(page) == [] and page.console_errors == []
