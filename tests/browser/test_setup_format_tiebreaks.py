"""«Новый турнир» offers the tie-break criteria of the format chosen on the form (``formats.EventFormat.criteria``):
a secretary who picks «Личный зачёт» sees the player's criteria at once, and a tournament made so keeps them."""
import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from tournaments.models import Tournament

from .conftest import PHONE, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def secretary(django_user_model):
    user = django_user_model.objects.create_user("secretary", password="domino2026")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def options(page, selector) -> list[str]:
    return page.eval_on_selector(selector, "el => Array.from(el.options).map(o => o.textContent)")


def test_choosing_the_individual_format_offers_the_player_s_tie_breaks(live_server, new_page, secretary, artifacts):
    page = new_page(PHONE)
    login(page, live_server.url, "secretary", "domino2026")
    page.goto(f"{live_server.url}/new/")
    assert "номер пары" in options(page, "#id_tiebreak_1")
    assert "очки партнёров (меньше — выше)" not in options(page, "#id_tiebreak_1")
    expect(page.locator("#row-tiebreak_12")).to_be_hidden()  # a pair event has eleven criteria
    page.select_option("#id_format", "individual")
    criteria = options(page, "#id_tiebreak_1")
    assert "очки партнёров (меньше — выше)" in criteria and "номер игрока" in criteria
    assert "номер пары" not in criteria
    expect(page.locator("#row-tiebreak_12")).to_be_visible()
    orders = options(page, "#id_tiebreak_order")
    assert any("очки партнёров" in o for o in orders) and not any("номер пары" in o for o in orders)
    page.screenshot(path=str(artifacts / "setup-individual-tiebreaks-390.png"), full_page=True)
    page.fill("#id_name", "Личный кубок")
    page.fill("#id_start_date", "2026-12-05")
    page.select_option("#id_tiebreak_order", "custom")
    page.select_option("#id_tiebreak_1", "match_points")
    page.select_option("#id_tiebreak_2", "partners_score")
    page.click("#setup-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#state")).to_have_attribute("data-state", "registration")
    t = Tournament.objects.get(name="Личный кубок")
    assert t.format == "individual" and t.tiebreaks == ["match_points", "partners_score"]
    page.goto(f"{live_server.url}/new/")
    page.select_option("#id_format", "individual")
    page.select_option("#id_format", "pairs")  # and back: the pair's criteria again
    assert "номер пары" in options(page, "#id_tiebreak_1")
    expect(page.locator("#row-tiebreak_12")).to_be_hidden()
