"""Online registration in Chromium at 390 × 844 and 1280 × 800: a player registers, waits on the waiting list,
moves up when another withdraws by his code, and the organizer checks him in through his QR code's address;
then «Закрыть регистрацию на месте» withdraws the one who did not come. Screenshots at 360, 390 and 820 px."""
import pytest
from django.core.cache import cache

from signup.models import Entry, EntryStatus
from signup.services import submit_entry
from tests.factories import make_tournament
from tests.signup.conftest import open_for, pair_data
from tournaments.models import EntrantStatus

from .conftest import login
from .test_pair_pages import WIDTHS, no_horizontal_scroll, words_unbroken

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = [{"width": 390, "height": 844}, {"width": 1280, "height": 800}]


@pytest.fixture
def organizer_account(django_user_model):
    return django_user_model.objects.create_user("signup-organizer", password="domino2026")


def _tournament(organizer, slug):
    cache.clear()  # the form's rate limit counts every send from this address (tests/signup/conftest.py)
    from access.models import RoleKind, TournamentRole

    tournament = make_tournament(0, slug=slug, numbered=False)
    tournament.name = "Открытый кубок Верхнеднепровского района"
    tournament.save(update_fields=["name"])
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    open_for(organizer, tournament, limit=2)
    submit_entry(tournament, pair_data("Неявкин Николай", "Прогульщиков Павел"))  # he will not come
    return tournament


def _register(page, base, slug, first, second):
    page.goto(f"{base}/t/{slug}/register/")
    page.fill("#id_player1_name", first)
    page.fill("#id_player1_club", "Дом домино «Старорусский»")
    page.fill("#id_player2_name", second)
    page.fill("#id_player2_city", "Санкт-Петербург")
    page.click("#signup-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert "/register/" in page.url and page.locator("#entry-code").count() == 1, page.url
    return page.url


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["390", "1280"])
def test_register_wait_move_up_check_in_and_close_on_site(live_server, new_page, organizer_account, artifacts,
                                                          viewport):
    w, base = viewport["width"], live_server.url
    tournament = _tournament(organizer_account, f"signup-{w}")
    first = new_page(viewport)
    first_url = _register(first, base, tournament.slug, "Иванов Иван", "Петров Пётр")
    assert "Принята" in first.locator("#entry-status").inner_text()

    player = new_page(viewport)
    player_url = _register(player, base, tournament.slug, "Ёлкин-Преображенский Константин", "Сидоров Сидор")
    assert "В листе ожидания" in player.locator("#entry-status").inner_text()
    assert "место в листе ожидания: 1" in player.locator("#entry-status").inner_text()
    assert player.locator("#checkin-qr").count() == 0
    assert no_horizontal_scroll(player), w
    player.screenshot(path=str(artifacts / f"signup-waiting-{w}.png"), full_page=True)

    first.goto(first_url)
    first.click("#withdraw-link")
    first.click("#withdraw-confirm")
    first.wait_for_load_state("networkidle")
    assert "Отозвана" in first.locator("#entry-status").inner_text()

    player.goto(player_url)
    assert "Принята" in player.locator("#entry-status").inner_text()
    qr = player.locator("#checkin-qr")
    assert qr.locator("svg.qr").count() == 1
    checkin_url = qr.get_attribute("data-url")
    assert no_horizontal_scroll(player), w
    player.screenshot(path=str(artifacts / f"signup-accepted-{w}.png"), full_page=True)

    staff = new_page(viewport)
    staff.goto(checkin_url)  # logged out: the login page, then back to the check-in
    assert "/login/" in staff.url
    staff.fill("input[name=username]", "signup-organizer")
    staff.fill("input[name=password]", "domino2026")
    staff.click("main button[type=submit]")
    staff.wait_for_load_state("networkidle")
    assert "Прибытие отмечено: Ёлкин-Преображенский Константин — Сидоров Сидор." in staff.locator(
        "#checkin-message").inner_text()

    staff.goto(f"{base}/t/{tournament.slug}/manage/registration/entries/")
    accepted = staff.locator("#group-accepted + ul li.entry-row")
    assert accepted.count() == 2
    assert staff.locator("li.is-checked").count() == 1
    assert no_horizontal_scroll(staff), w
    assert words_unbroken(staff, "ul.signup-entries .names") is True
    staff.screenshot(path=str(artifacts / f"signup-entries-{w}.png"), full_page=True)
    staff.click("#close-on-site")
    staff.wait_for_load_state("networkidle")
    consequences = staff.locator("ul.consequences").inner_text()
    assert "Неявкин Николай — Прогульщиков Павел" in consequences and "Ёлкин" not in consequences
    staff.screenshot(path=str(artifacts / f"signup-close-on-site-{w}.png"), full_page=True)
    staff.click("form.stack button[type=submit]")
    staff.wait_for_load_state("networkidle")
    assert staff.locator("#closed-on-site").count() == 1
    absent = Entry.objects.get(tournament=tournament, status=EntryStatus.ABSENT)
    assert absent.pair.status == EntrantStatus.WITHDRAWN
    assert Entry.objects.get(pk=absent.pk + 2).checked_in_at is not None  # Ёлкин's, checked in through the QR


def test_the_pages_fit_360_390_and_820(live_server, new_page, organizer_account, artifacts):
    tournament = _tournament(organizer_account, "signup-widths")
    _e, code = submit_entry(tournament, pair_data("Ёлкин-Преображенский Константин", "Сидоров Сидор",
                                                  player2_city="Санкт-Петербург"))
    for viewport in WIDTHS:
        w = viewport["width"]
        page = new_page(viewport)
        page.goto(f"{live_server.url}/t/{tournament.slug}/register/")
        box = page.locator("#id_website").bounding_box()
        assert box is None or box["x"] + box["width"] <= 0  # the honeypot stays out of sight
        assert no_horizontal_scroll(page), w
        page.screenshot(path=str(artifacts / f"signup-form-{w}.png"), full_page=True)
        page.goto(f"{live_server.url}/t/{tournament.slug}/register/{code}/")
        assert no_horizontal_scroll(page), w
        assert words_unbroken(page, "#entry-facts dd, h1") is True
        page.screenshot(path=str(artifacts / f"signup-entry-{w}.png"), full_page=True)
        login(page, live_server.url, "signup-organizer", "domino2026")
        page.goto(f"{live_server.url}/t/{tournament.slug}/manage/registration/entries/")
        assert no_horizontal_scroll(page), w
        page.screenshot(path=str(artifacts / f"signup-entries-{w}.png"), full_page=True)
        page.goto(f"{live_server.url}/t/{tournament.slug}/manage/registration/")
        assert no_horizontal_scroll(page), w
        page.screenshot(path=str(artifacts / f"signup-settings-{w}.png"), full_page=True)
