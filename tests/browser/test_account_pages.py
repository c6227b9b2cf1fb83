"""The password page, the lockout page and a referee's new password, on phones (360 and 390 px)."""
import pytest
from playwright.sync_api import expect

from access.models import TournamentRole
from tests.referees.conftest import PASSWORD

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WIDTHS = [360, 390]


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("width", WIDTHS)
def test_password_change_on_a_phone(live_server, new_page, table, artifacts, width):
    page = new_page({"width": width, "height": 800})
    login(page, live_server.url, "referee", PASSWORD)
    page.click("#password-link")
    expect(page.locator("h1")).to_have_text("Смена пароля")
    page.fill("#id_old_password", PASSWORD)
    page.fill("#id_new_password1", "12345678")
    page.fill("#id_new_password2", "12345678")
    page.click("#password-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    errors = page.locator("#id_new_password2 ~ .errorlist")
    expect(errors.first).to_be_visible()
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / f"password-change-errors-{width}.png"), full_page=True)
    page.fill("#id_old_password", PASSWORD)
    page.fill("#id_new_password1", "stol-pyat-2026")
    page.fill("#id_new_password2", "stol-pyat-2026")
    page.click("#password-form button[type=submit]")
    expect(page.locator("#done")).to_be_visible()
    assert no_horizontal_scroll(page)


@pytest.mark.axes
@pytest.mark.parametrize("width", WIDTHS)
def test_lockout_page_on_a_phone(live_server, new_page, table, artifacts, width):
    page = new_page({"width": width, "height": 800})
    for _ in range(5):
        login(page, live_server.url, "referee", "wrong-password")
    expect(page.locator("h1")).to_have_text("Вход временно закрыт")
    expect(page.locator("main")).to_contain_text("15 мин.")
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / f"lockout-{width}.png"), full_page=True)
    login(page, live_server.url, "referee", PASSWORD)
    expect(page.locator("h1")).to_have_text("Вход временно закрыт")


@pytest.mark.parametrize("width", WIDTHS)
def test_organizer_gives_a_referee_a_new_password_on_a_phone(live_server, new_page, table, artifacts, width):
    page = new_page({"width": width, "height": 800})
    login(page, live_server.url, "org", PASSWORD)
    page.goto(f"{live_server.url}/t/{table.tournament.slug}/manage/officials/")
    role = TournamentRole.objects.get(tournament=table.tournament, user=table.referee)
    assert no_horizontal_scroll(page)
    page.locator(f"#role-{role.pk}").screenshot(path=str(artifacts / f"accounts-reset-button-{width}.png"))
    page.click(f"#reset-{role.pk} button")
    page.wait_for_load_state("networkidle")
    expect(page.locator("h1")).to_have_text("Новый пароль")
    password = page.locator("#password").inner_text().strip()
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / f"password-reset-{width}.png"), full_page=True)
    table.referee.refresh_from_db()
    assert table.referee.check_password(password)


def small_targets(page, selector) -> list:
    """Visible links, buttons, inputs and selects inside ``selector`` shorter than 44 px."""
    return page.evaluate("""(sel) => Array.from(document.querySelectorAll(sel + ' a, ' + sel + ' button, '
            + sel + ' select, ' + sel + ' input:not([type=hidden]), ' + sel + ' summary'))
        .map(el => [el, el.getBoundingClientRect()])
        .filter(([el, r]) => r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden')
        .filter(([el, r]) => r.height < 44)
        .map(([el, r]) => (el.textContent.trim() || el.outerHTML).slice(0, 40) + ' ' + Math.round(r.height) + 'px')""",
                         selector)


@pytest.mark.parametrize("width", [360, 390, 820])
def test_the_officials_page_and_the_signing_page_on_phones_and_a_tablet(live_server, new_page, table, artifacts,
                                                                       width):
    page = new_page({"width": width, "height": 800})
    login(page, live_server.url, "org", PASSWORD)
    page.goto(f"{live_server.url}/t/{table.tournament.slug}/manage/")
    page.click("a[href$='/manage/officials/']")
    expect(page.locator("h1")).to_contain_text("судьи и организаторы")
    expect(page.locator("#officials")).to_contain_text("Главный судья")
    expect(page.locator("#official-form")).to_be_visible()
    expect(page.locator("#lockouts")).to_be_visible()
    page.screenshot(path=str(artifacts / f"officials-page-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page)
    assert small_targets(page, "main") == [], small_targets(page, "main")
    page.click("#signing-link")
    expect(page.locator("h1")).to_contain_text("подписи и учётные записи игроков")
    expect(page.locator("#signing-form")).to_be_visible()
    expect(page.locator("#pins-form")).to_be_visible()
    expect(page.locator("#players-table")).to_be_visible()
    page.screenshot(path=str(artifacts / f"signing-page-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page)
    assert small_targets(page, "main") == [], small_targets(page, "main")
    page.goto(f"{live_server.url}/referee/t/{table.tournament.slug}/accounts/#pins")  # the former address
    expect(page.locator("h1")).to_contain_text("подписи и учётные записи игроков")
