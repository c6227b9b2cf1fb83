"""An individual event's player page, the search that leads to it and the player × round grid, at phone widths."""
import pytest

from access.models import RoleKind, TournamentRole
from tests.factories import make_individual
from tests.tournaments.individual_events import make_individual_round, set_result

from .conftest import login
from .test_pair_pages import WIDTHS, no_horizontal_scroll, words_unbroken

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def event():
    """Thirteen players, three rounds of three tables and a sit-out; long names; Kozel-free sport scores."""
    t = make_individual(13, slug="solo-pages")
    t.pairs.get(number=2).players.update(name="Ёлкин-Преображенский Константин", club="Санкт-Петербург")
    t.pairs.get(number=7).players.update(name="Верхнеднепровский-Старорусский Иннокентий-Ипполит")
    rounds = [
        ([((1, 2), (3, 4)), ((5, 6), (7, 8)), ((9, 10), (11, 12))], [13]),
        ([((13, 1), (5, 9)), ((2, 6), (10, 3)), ((4, 8), (12, 7))], [11]),
        ([((11, 13), (2, 5)), ((3, 7), (1, 9)), ((6, 10), (4, 12))], [8]),
    ]
    for n, (tables, sitting) in enumerate(rounds, start=1):
        rnd = make_individual_round(t, n, tables, sitting)
        for table in range(1, 4):
            set_result(rnd, table, 101, 20 * table + n, signed=n < 3 or table == 1)
    return t


def test_player_page_search_and_grid_fit_a_phone_and_a_tablet(live_server, new_page, event, artifacts):
    t = event
    base = live_server.url
    for viewport in WIDTHS:
        w = viewport["width"]
        page = new_page(viewport)
        page.goto(f"{base}/t/{t.slug}/pairs/")
        page.fill("#pair-q", "елкин")
        page.click("#pair-search button[type=submit]")
        page.wait_for_load_state("networkidle")
        page.click("#found a")
        page.wait_for_load_state("networkidle")
        assert page.url.endswith(f"/t/{t.slug}/player/2/"), page.url
        assert page.locator("#games > li").count() == 3
        assert page.locator("#round-1 .partner").inner_text().startswith("Партнёр: №1")
        assert no_horizontal_scroll(page), w
        page.screenshot(path=str(artifacts / f"individual-player-{w}.png"), full_page=True)
        assert words_unbroken(page, "#games, h1") is True
        page.screenshot(path=str(artifacts / f"individual-player-{w}.png"), full_page=True)

        page.goto(f"{base}/t/{t.slug}/player/13/")
        assert "пропуск тура" in page.locator("#round-1").inner_text()
        assert no_horizontal_scroll(page), w

        page.goto(f"{base}/t/{t.slug}/grid/")
        assert page.locator("#grid tbody tr").count() == 13
        assert "пропуск тура" in page.locator("#player-13").inner_text()
        assert no_horizontal_scroll(page), w
        assert words_unbroken(page, "#grid td") is True
        page.screenshot(path=str(artifacts / f"individual-grid-{w}.png"), full_page=True)


def test_the_check_page_names_a_table_by_its_four_players_on_a_phone(live_server, new_page, event, artifacts,
                                                                     django_user_model):
    t = event  # cached results without deals: every played table differs from its rescoring
    user = django_user_model.objects.create_user("chief-pages", password="domino2026")
    TournamentRole.objects.create(tournament=t, user=user, role=RoleKind.CHIEF_REFEREE)
    for viewport in WIDTHS:
        w = viewport["width"]
        page = new_page(viewport)
        login(page, live_server.url, "chief-pages", "domino2026")
        page.goto(f"{live_server.url}/t/{t.slug}/manage/check/")
        first = page.locator("#check-table > li").first.locator(".where").inner_text()
        assert "A1 №1" in first and "A2 №2 Ёлкин-Преображенский Константин" in first and "B2 №4" in first
        assert no_horizontal_scroll(page), w
        assert words_unbroken(page, "#check-table .where") is True
        page.screenshot(path=str(artifacts / f"individual-check-{w}.png"), full_page=False)
