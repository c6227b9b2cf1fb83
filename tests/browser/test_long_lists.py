"""The draw and accounts pages of a big tournament on a phone: a page of rows, the search, no sideways scroll."""
import pytest

from access.models import RoleKind, TournamentRole
from tests.factories import make_tournament

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NARROW = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("viewport", NARROW, ids=["360", "390"])
def test_draw_and_accounts_pages_on_a_phone(live_server, new_page, artifacts, django_user_model, viewport):
    t = make_tournament(150, slug="big", is_public=True)
    player = t.pairs.get(number=120).players.get(number=1)
    player.name = "Ёлкин Фёдор"
    player.save()
    organizer = django_user_model.objects.create_user("boss", password="domino2026")
    TournamentRole.objects.create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    page = new_page(viewport)
    base = live_server.url
    w = viewport["width"]

    page.goto(f"{base}/t/big/draw/")
    assert page.locator("table.pairings tbody tr").count() == 100
    assert fits(page)
    page.screenshot(path=str(artifacts / f"draw-page-{w}.png"), full_page=False)
    page.fill("input[name=q]", "елкин <b>")
    page.click("form.search button")
    page.wait_for_load_state("networkidle")
    assert "Ничего не найдено по запросу «елкин <b>»" in page.inner_text("main")
    page.fill("input[name=q]", "елкин")
    page.click("form.search button")
    page.wait_for_load_state("networkidle")
    assert page.locator("table.pairings tbody tr").count() == 1
    assert "Ёлкин Фёдор" in page.inner_text("table.pairings")
    page.goto(f"{base}/t/big/draw/?page=2")
    page.locator(".pager").scroll_into_view_if_needed()
    assert fits(page)
    page.screenshot(path=str(artifacts / f"draw-pager-{w}.png"), full_page=False)

    login(page, base, "boss", "domino2026")
    page.goto(f"{base}/referee/t/big/signing/")
    assert page.locator("#players-table tbody tr").count() == 100
    assert fits(page)
    page.fill("#players input[name=q], form.search input[name=q]", "ёлкин")
    page.click("form.search button")
    page.wait_for_load_state("networkidle")
    assert page.locator("#players-table tbody tr").count() == 1
    page.click("#players-table summary")
    page.fill("#players-table input[name=username]", "elkin")
    page.fill("#players-table input[name=password]", "x")  # too short: the error shows next to the field
    page.click("#players-table button[type=submit]")
    page.wait_for_load_state("networkidle")
    row = page.locator(f"#player-{player.pk}")
    assert row.locator(".errorlist").count() >= 1
    assert fits(page)
    row.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"accounts-error-{w}.png"), full_page=False)
    page.fill(f"#player-{player.pk} input[name=password]", "elkin-secret-1")
    page.click(f"#player-{player.pk} button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert "?page=3" in page.url  # back on the page that shows him (pair 120: players 239, 240)
    assert "elkin" in page.inner_text(f"#player-{player.pk}")
    page.locator(".pager").scroll_into_view_if_needed()
    assert fits(page)
    page.screenshot(path=str(artifacts / f"accounts-pager-{w}.png"), full_page=False)
