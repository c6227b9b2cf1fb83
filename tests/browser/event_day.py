"""What the event-day walks share: the organizer and the referee (fixtures), their password, the tournament's
name, the laptop's size, the numbered screenshots of a walk and the steps of an organizer's page."""
import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

LAPTOP = {"width": 1280, "height": 800}
PASSWORD = "domino2026"
NAME = "Клубный день «Пусто-шесть»"


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


class Walk:
    """Screenshots numbered in the order of the day: test-artifacts/day-390-03-import.png."""

    def __init__(self, page, artifacts, tag):
        self.page, self.artifacts, self.tag, self.n = page, artifacts, tag, 0

    def shot(self, name, page=None):
        page = page or self.page
        self.n += 1
        assert no_horizontal_scroll(page), name
        page.screenshot(path=str(self.artifacts / f"day-{self.tag}-{self.n:02d}-{name}.png"), full_page=True)


def wait(page):
    page.wait_for_load_state("networkidle")


def confirm(page, title):
    """The confirmation page of an organizer's action: its title, then its red button."""
    expect(page.locator("h1")).to_contain_text(title)
    page.click(".confirm-box button[type=submit]")
    wait(page)


def state(page, code, label):
    expect(page.locator("#state")).to_have_attribute("data-state", code)
    expect(page.locator("#state-label")).to_contain_text(label)


@pytest.fixture
def organizer(django_user_model):
    user = django_user_model.objects.create_user("organizer", password=PASSWORD, first_name="Ольга",
                                                 last_name="Устроева")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


@pytest.fixture
def referee(django_user_model):
    return django_user_model.objects.create_user("referee", password=PASSWORD, first_name="Анна",
                                                 last_name="Судейская")
