"""The organizer's pair pages, the confirmation step and the standings with withdrawn pairs, at phone widths."""
import pytest

from tests.factories import make_round, make_tournament
from tournaments.models import Entrant, EntrantStatus

from .conftest import TABLET, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [{"width": 360, "height": 780}, {"width": 390, "height": 844}, TABLET]


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def words_unbroken(page, selector):
    """No word of these cells is split over two lines (each word's box is one line high)."""
    return page.evaluate("""(sel) => {
        for (const cell of document.querySelectorAll(sel)) {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            let node;
            while ((node = walker.nextNode())) {
                const re = /[^\\s\\-\\u00ad]+/g; let m;  // a line may break after a hyphen or a soft hyphen
                while ((m = re.exec(node.textContent))) {
                    // the line of the first and of the last letter (their last boxes: at a soft hyphen's
                    // break Chromium gives the next letter the hyphen's box on the line above too)
                    const top = (i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
                                         const box = Array.from(r.getClientRects()).filter(x => x.width > 0).pop();
                                         return box ? box.top : null; };  // null: a hidden cell
                    const first = top(m.index), last = top(m.index + m[0].length - 1);
                    if (first !== null && last !== null && Math.abs(first - last) > 2) return m[0];
                }
            }
        }
        return true;
    }""", selector)


@pytest.fixture
def event(django_user_model):
    from access.models import RoleKind, TournamentRole

    user = django_user_model.objects.create_user("org", password="domino2026")
    t = make_tournament(8, slug="pages-cup")
    TournamentRole.objects.create(tournament=t, user=user, role=RoleKind.ORGANIZER)
    t.pairs.get(number=2).players.filter(number=1).update(name="Ёлкин-Преображенский Константин", club="Санкт-Петербург")
    make_round(t, 1, [(1, 2), (3, 4), (5, 6), (7, 8)])
    Entrant.objects.filter(tournament=t, number=8).update(status=EntrantStatus.WITHDRAWN, withdrawn_after_round=1)
    return t, user


def test_pair_pages_fit_a_phone(live_server, new_page, event, artifacts):
    t, _user = event
    base = live_server.url
    pair = t.pairs.get(number=2)
    for viewport in WIDTHS:
        w = viewport["width"]
        page = new_page(viewport)
        login(page, base, "org", "domino2026")
        page.goto(f"{base}/t/{t.slug}/manage/pairs/?q=елкин")
        assert page.locator("table.pair-list tbody tr").count() == 1
        assert no_horizontal_scroll(page), w
        assert words_unbroken(page, "table.pair-list td") is True
        page.screenshot(path=str(artifacts / f"pairs-list-{w}.png"), full_page=True)

        page.goto(f"{base}/t/{t.slug}/manage/pairs/{pair.pk}/edit/")
        page.fill("#edit-form [name=player1_rating]", "٣")
        page.fill("#edit-form [name=player2_name]", "ёлкин-преображенский константин")
        page.click("#edit-form button[type=submit]")
        page.wait_for_load_state("networkidle")
        errors = page.locator("#edit-form .errorlist")
        assert errors.count() == 2  # the rating and the same player twice, each next to its field
        assert no_horizontal_scroll(page), w
        page.screenshot(path=str(artifacts / f"pair-edit-errors-{w}.png"), full_page=True)

        page.goto(f"{base}/t/{t.slug}/standings/")
        assert no_horizontal_scroll(page), w
        assert words_unbroken(page, "table.standings td") is True
        assert "тур 1 идёт (предварительно)" in page.content()
        page.screenshot(path=str(artifacts / f"standings-withdrawn-{w}.png"), full_page=True)


def test_withdraw_confirmation_fits_a_phone(live_server, new_page, event, artifacts):
    t, _user = event
    base = live_server.url
    page = new_page({"width": 360, "height": 780})
    login(page, base, "org", "domino2026")
    page.goto(f"{base}/t/{t.slug}/manage/")
    page.locator("form[action$='/withdraw/'] button").first.click()
    page.wait_for_load_state("networkidle")
    assert "будет снята с турнира" in page.content()
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "withdraw-confirm-360.png"), full_page=True)
    page.click("main button.danger")
    page.wait_for_load_state("networkidle")
    assert "Пара снята с турнира" in page.content()
    assert t.pairs.filter(status=EntrantStatus.WITHDRAWN).count() == 2


def test_early_pairing_by_the_chief_referee_on_a_phone(live_server, new_page, artifacts, django_user_model):
    from access.models import RoleKind, TournamentRole
    from events.services import pair_round, publish_round, run_draw

    organizer = django_user_model.objects.create_user("org", password="domino2026")
    chief = django_user_model.objects.create_user("chief", password="domino2026")
    t = make_tournament(8, slug="early-cup", numbered=False)
    TournamentRole.objects.create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    TournamentRole.objects.create(tournament=t, user=chief, role=RoleKind.CHIEF_REFEREE)
    run_draw(organizer, t, seed="e")
    publish_round(organizer, pair_round(organizer, t))
    base = live_server.url
    page = new_page({"width": 360, "height": 780})
    login(page, base, "chief", "domino2026")
    page.goto(f"{base}/t/{t.slug}/manage/rounds/pair-early/")
    assert page.locator(".open-tables").inner_text() == "1, 2, 3, 4"
    page.fill("[name=override_reason]", "отключили свет в зале")
    page.click("main button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert "1, 2, 3, 4" in page.locator(".open-tables").inner_text()
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "early-pairing-confirm-360.png"), full_page=True)
    page.click("main button.danger")
    page.wait_for_load_state("networkidle")
    assert t.rounds.filter(number=2, override_reason="отключили свет в зале").exists()
    publish_round(organizer, t.rounds.get(number=2))
    page.goto(f"{base}/t/{t.slug}/round/2/")
    assert "отключили свет в зале" in page.locator(".override-note").inner_text()
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "round-2-override-note-360.png"), full_page=True)
