"""Real Chromium (Debian's /usr/bin/chromium) driven by Playwright against pytest-django's live server."""
import os
from pathlib import Path

import pytest

from tests.referees.conftest import anonymous, fast_password_hasher, table  # noqa: F401  (shared fixtures)

# Playwright's sync API runs an event loop in the test thread; the ORM calls of the tests are still synchronous.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}


def pytest_collection_modifyitems(config, items):
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing (apt-get install chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(viewport=PHONE):
        # Without the referee pages' service worker: Playwright's routing (which tests use to play a phone's
        # back-forward cache) never sees a request the worker answers. tests/browser/test_offline_entry.py
        # opens its own contexts with the worker.
        context = browser.new_context(viewport=viewport, locale="ru-RU", has_touch=True, service_workers="block")
        context.set_default_timeout(15000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def login(page, base_url, username, password):
    page.goto(f"{base_url}/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("main button[type=submit]")
    page.wait_for_load_state("networkidle")
