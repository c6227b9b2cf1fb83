"""The organizer's list of entries and the registration settings in Chromium at 390 × 844 and 1280 × 800: the
list's buttons at least 44 px tall, «Подтвердить» filled and «Отклонить» outlined, «Подтвердить все» through its
confirmation, the search without script; the settings page after the closing on site offers no «Сохранить и
открыть» and says what to do; the public form's list of errors takes the reader to the field. Screenshots in
tests/browser/artifacts."""
import pytest
from django.core.cache import cache

from signup.models import Entry, EntryStatus
from signup.services import submit_entry
from tests.factories import make_tournament
from tests.signup.conftest import open_for, pair_data

from .conftest import login
from .test_pair_pages import no_horizontal_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = [{"width": 390, "height": 844}, {"width": 1280, "height": 800}]


@pytest.fixture
def organizer_account(django_user_model):
    return django_user_model.objects.create_user("entries-organizer", password="domino2026")


def _tournament(organizer, slug):
    cache.clear()
    from access.models import RoleKind, TournamentRole

    tournament = make_tournament(0, slug=slug, numbered=False)
    tournament.name = "Открытый кубок Верхнеднепровского района"
    tournament.save(update_fields=["name"])
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    open_for(organizer, tournament, limit=2, approval_required=True, ask_contact=True)
    submit_entry(tournament, pair_data("Иванов Иван", "Петров Пётр", contact="+7 900 000-00-01"))
    submit_entry(tournament, pair_data("Ёлкин-Преображенский Константин", "Сидоров Сидор",
                                       player1_club="Дом домино «Старорусский»", player2_city="Санкт-Петербург"))
    submit_entry(tournament, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    return tournament


def _heights(page, selector):
    return page.eval_on_selector_all(selector, "els => els.map(e => e.getBoundingClientRect().height)")


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["390", "1280"])
def test_the_entries_page_and_the_settings_page(live_server, new_page, organizer_account, artifacts, viewport):
    w, base = viewport["width"], live_server.url
    tournament = _tournament(organizer_account, f"entries-{w}")
    page = new_page(viewport)
    login(page, base, "entries-organizer", "domino2026")
    page.goto(f"{base}/t/{tournament.slug}/manage/registration/entries/")
    assert no_horizontal_scroll(page), w
    heights = _heights(page, "ul.signup-entries .act button, .entries-tools button, .entries-tools a.button")
    assert heights and min(heights) >= 44, heights
    approve = page.locator("button[id^=approve-]:not(#approve-all)").first
    refuse = page.locator("button[id^=refuse-]").first
    fill = approve.evaluate("e => getComputedStyle(e).backgroundColor")
    refuse_fill = refuse.evaluate("e => getComputedStyle(e).backgroundColor")
    assert fill == "rgb(42, 111, 151)" and refuse_fill == "rgb(255, 255, 255)", (fill, refuse_fill)
    page.screenshot(path=str(artifacts / f"signup-entries-{w}.png"), full_page=True)

    page.fill("#id_q", "санкт-петербург")
    page.click("#entries-search button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert "q=" in page.url and page.locator("ul.signup-entries > li").count() == 1
    assert "Ёлкин-Преображенский" in page.locator("ul.signup-entries").inner_text()
    page.screenshot(path=str(artifacts / f"signup-entries-search-{w}.png"), full_page=True)

    page.goto(f"{base}/t/{tournament.slug}/manage/registration/entries/")
    page.click("#approve-all")
    page.wait_for_load_state("networkidle")
    text = page.locator(".consequences").inner_text()
    assert "встанет в лист ожидания (место 1)" in text and text.count("становится участником") == 2
    assert no_horizontal_scroll(page), w
    page.screenshot(path=str(artifacts / f"signup-approve-all-{w}.png"), full_page=True)
    page.click(".confirm-box button[type=submit]")
    page.wait_for_load_state("networkidle")
    statuses = sorted(Entry.objects.filter(tournament=tournament).values_list("status", flat=True))
    assert statuses == [EntryStatus.ACCEPTED, EntryStatus.ACCEPTED, EntryStatus.WAITING]

    page.goto(f"{base}/t/{tournament.slug}/manage/registration/")
    assert page.locator("#settings-form").count() == 1 and page.locator("#form-link").count() == 1
    assert no_horizontal_scroll(page), w
    page.screenshot(path=str(artifacts / f"signup-settings-{w}.png"), full_page=True)
    page.goto(f"{base}/t/{tournament.slug}/manage/registration/close-on-site/")
    page.click(".confirm-box button[type=submit]")
    page.wait_for_load_state("networkidle")
    page.goto(f"{base}/t/{tournament.slug}/manage/registration/")
    assert page.locator("#settings-form").count() == 0 and page.locator("#what-now").is_visible()
    assert "Сохранить и открыть" not in page.locator("main").inner_text()
    assert min(_heights(page, ".signup-locked a.button")) >= 44
    assert no_horizontal_scroll(page), w
    page.screenshot(path=str(artifacts / f"signup-settings-closed-{w}.png"), full_page=True)


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["390", "1280"])
def test_the_form_s_list_of_errors_leads_to_the_field(live_server, new_page, organizer_account, artifacts,
                                                      viewport):
    w, base = viewport["width"], live_server.url
    tournament = _tournament(organizer_account, f"errors-{w}")
    page = new_page(viewport)
    page.goto(f"{base}/t/{tournament.slug}/register/")
    page.fill("#id_player1_name", "Новиков Глеб")
    page.fill("#id_player2_club", "К" * 200)
    page.evaluate("document.querySelector('#id_player2_club').value += 'К'")  # past the field's own maxlength
    page.click("#signup-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    summary = page.locator("#error-summary[role=alert]")
    assert summary.is_visible() and summary.locator("a").count() == 2
    assert no_horizontal_scroll(page), w
    page.screenshot(path=str(artifacts / f"signup-form-errors-{w}.png"), full_page=True)
    summary.locator("a[href='#id_player2_club']").click()
    assert page.evaluate("location.hash") == "#id_player2_club"
    assert page.locator("#id_player2_club").evaluate("e => { const r = e.getBoundingClientRect(); "
                                                     "return r.top >= 0 && r.bottom <= innerHeight; }")
