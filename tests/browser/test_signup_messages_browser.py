"""What the players hear, in Chromium at 390 × 844 and 1280 × 800: a player registers with his e-mail and finds the
letter's message on his entry's page («Что вам сообщали»); the organizer sends him the link again from the list of
entries; a player who lost his link asks for it on the registration page. No horizontal scroll, no word broken."""
import pytest
from django.core import mail

from access.models import RoleKind, TournamentRole
from tests.factories import make_tournament
from tests.signup.conftest import open_for

from .conftest import login
from .test_pair_pages import no_horizontal_scroll, words_unbroken

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = [{"width": 390, "height": 844}, {"width": 1280, "height": 800}]


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["390", "1280"])
def test_the_player_hears_back_and_gets_his_link_again(live_server, new_page, django_user_model, artifacts,
                                                       settings, viewport):
    settings.SITE_URL = live_server.url
    w, base = viewport["width"], live_server.url
    organizer = django_user_model.objects.create_user(f"mail-organizer-{w}", password="domino2026")
    tournament = make_tournament(0, slug=f"mail-{w}", numbered=False)
    tournament.name = "Открытый кубок Верхнеднепровского района"
    tournament.save(update_fields=["name"])
    TournamentRole.objects.create(tournament=tournament, user=organizer, role=RoleKind.ORGANIZER)
    open_for(organizer, tournament, limit=2, ask_contact=True)

    player = new_page(viewport)
    player.goto(f"{base}/t/{tournament.slug}/register/")
    player.fill("#id_player1_name", "Иванов Иван")
    player.fill("#id_player2_name", "Петров Пётр")
    player.fill("#id_contact", "ivan.ivanov@example.ru")
    player.click("#signup-form button[type=submit]")
    player.wait_for_load_state("networkidle")
    entry_url = player.url
    told = player.locator("#told")
    assert "Что вам сообщали" in told.inner_text() and "отправлено на e-mail" in told.inner_text()
    assert [m.to for m in mail.outbox] == [["ivan.ivanov@example.ru"]] and entry_url in mail.outbox[0].body
    assert no_horizontal_scroll(player) and words_unbroken(player, "#told")
    player.screenshot(path=str(artifacts / f"signup-told-{w}.png"), full_page=True)

    desk = new_page(viewport)
    login(desk, base, f"mail-organizer-{w}", "domino2026")
    desk.goto(f"{base}/t/{tournament.slug}/manage/registration/entries/")
    desk.locator("[id^=send-link-]").first.click()
    desk.wait_for_load_state("networkidle")
    assert "Ссылка отправлена на ivan.ivanov@example.ru." in desk.inner_text("main")
    assert len(mail.outbox) == 2 and entry_url in mail.outbox[1].body
    assert no_horizontal_scroll(desk)
    desk.screenshot(path=str(artifacts / f"signup-send-link-{w}.png"), full_page=True)

    lost = new_page(viewport)
    lost.goto(f"{base}/t/{tournament.slug}/register/")
    lost.click("#lost-link a")
    lost.fill("#id_email", "не адрес")
    lost.click("#lost-link-send")
    assert "Это не адрес e-mail" in lost.inner_text("#row-email")
    lost.fill("#id_email", "IVAN.IVANOV@example.ru")
    lost.click("#lost-link-send")
    lost.wait_for_load_state("networkidle")
    assert "ссылка на её страницу отправлена туда" in lost.inner_text("main")
    assert len(mail.outbox) == 3 and entry_url in mail.outbox[2].body
    assert no_horizontal_scroll(lost) and words_unbroken(lost, "main p")
    lost.screenshot(path=str(artifacts / f"signup-lost-link-{w}.png"), full_page=True)
    player.goto(entry_url)
    assert player.locator("#told li").count() == 3
