"""The round page, the cross table and the standings on a phone (360, 390 px) and a tablet (820 px), sport and
Kozel: every column a player needs shows without a sideways swipe, no word is broken inside, every link and
button is finger-sized (at least 44 px tall), and the partie points of a Kozel cross table are readable by touch."""
import re

import pytest

from .test_hall import BROKEN_WORDS_JS
from .test_kozel_standings import VIEWPORTS, fits, simulated, table_fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PRESETS = [("pusto-shest", "sport-cup"), ("kozel", "kozel-cup")]


def headers(page, selector) -> list:
    return [h.strip() for h in page.locator(f"{selector} thead th:visible").all_inner_texts()]


def small_targets(page) -> list:
    """Every visible link and button of the page (the header's too) shorter than 44 px."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('a, button'))
        .map(el => [el, el.getBoundingClientRect()])
        .filter(([el, r]) => r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden')
        .filter(([el, r]) => r.height < 44)
        .map(([el, r]) => (el.textContent.trim() || el.outerHTML).slice(0, 30) + ' ' + Math.round(r.height) + 'px')""")


def label(page, cell) -> str:
    """The column's name written before a stacked cell's figures on a phone."""
    return page.evaluate("(el) => getComputedStyle(el, '::before').content", cell.element_handle()).strip('"')


def on_screen(page, selector, width):
    box = (page.locator(selector) if isinstance(selector, str) else selector).bounding_box()
    assert box and box["width"] > 0 and box["x"] >= 0 and box["x"] + box["width"] <= width, selector


def check(page, url, artifacts, name):
    page.goto(url)
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
    assert fits(page), name  # no sideways scroll of the page
    assert page.evaluate(BROKEN_WORDS_JS) == [], name
    assert small_targets(page) == [], name


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["360", "390", "820"])
@pytest.mark.parametrize("preset,slug", PRESETS, ids=["sport", "kozel"])
def test_round_page_shows_table_pairs_and_result_without_a_swipe(live_server, new_page, artifacts, viewport,
                                                                  preset, slug):
    simulated(preset, "swiss", slug, long_names=True)
    page = new_page(viewport)
    w = viewport["width"]
    check(page, f"{live_server.url}/t/{slug}/round/3/", artifacts, f"phone-round-{slug}-{w}")

    by_name, by_table = "table.by-name", "table.by-table"
    assert table_fits(page, by_name) and table_fits(page, by_table)
    # what a player reads, each on the screen: his table, seat and opponents; each table's pairs and result
    for selector in ("td.name-cell", "td.pair-no", "td.table-no", "td.seat", "td.opponents"):
        on_screen(page, f"{by_name} tbody tr:first-child {selector}", w)
    for selector in ("td.table-no", "td.pair-a", "td.players-a", "td.pair-b", "td.players-b", "td.result"):
        on_screen(page, f"{by_table} #table-1 {selector}", w)
    if w > 640:  # a tablet: the tables keep their columns and headers
        assert headers(page, by_name) == ["Игрок", "Клуб / город", "Пара", "Стол", "Место", "Соперники"]
        assert headers(page, by_table) == ["Стол", "Пара A", "Игроки A", "Пара B", "Игроки B", "Результат"]
    else:  # a phone: each row stacks, the column names are written above the figures
        assert page.locator(f"{by_name} td.opt").first.is_hidden()
        assert label(page, page.locator(f"{by_table} #table-1 td.pair-b")) == "Пара B"
    if preset == "kozel":
        assert "к." in page.locator(f"{by_table} #table-1 td.result").inner_text()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["360", "390", "820"])
@pytest.mark.parametrize("preset,slug", PRESETS, ids=["sport", "kozel"])
def test_cross_table_and_standings_fit_a_phone_with_finger_sized_links(live_server, new_page, artifacts, viewport,
                                                                       preset, slug):
    simulated(preset, "swiss", slug, long_names=True)
    page = new_page(viewport)
    w = viewport["width"]
    base = live_server.url

    check(page, f"{base}/t/{slug}/crosstable/", artifacts, f"phone-crosstable-{slug}-{w}")
    assert table_fits(page, "table.cross")  # every round's column on the screen, none behind a swipe
    if w > 640:
        assert headers(page, "table.cross") == ["Место", "Пара", "Игроки", "Тур 1", "Тур 2", "Тур 3", "Очки"]
    else:  # a phone: each pair's row stacks, each party named by its round
        row = page.locator("table.cross tbody tr").first
        assert [label(page, row.locator("td").nth(i)) for i in range(7)] == [
            "Место", "Пара", "none", "Тур 1", "Тур 2", "Тур 3", "Очки"]
        for i in range(7):
            on_screen(page, row.locator("td").nth(i), w)
    if preset == "kozel":  # the partie points are written in the cell, not only in a hover tooltip
        cell = page.locator("table.cross tbody tr").first.locator("td").nth(3)
        points = cell.locator(".points")
        assert points.is_visible() and re.fullmatch(r"\d+:\d+", points.inner_text().strip())
        assert "под ними — очки партии" in page.inner_text("main")

    check(page, f"{base}/t/{slug}/standings/", artifacts, f"phone-standings-{slug}-{w}")
    assert table_fits(page, "table.standings")
    shown = headers(page, "table.standings")
    assert shown[:3] == ["Место", "Пара", "Игроки"] and "Очки матча" in shown

    check(page, f"{base}/t/{slug}/standings/players/", artifacts, f"phone-players-{slug}-{w}")


def test_round_robin_cross_table_on_a_phone(live_server, new_page, artifacts):
    """Six pairs all against all: the grid of a Kozel round robin fits a 360 px phone with its points."""
    simulated("morskoy-kozel", "round-robin", "morskoy-cup", pairs=6, rounds=5, long_names=True)
    for viewport in VIEWPORTS:
        page = new_page(viewport)
        check(page, f"{live_server.url}/t/morskoy-cup/crosstable/", artifacts,
              f"phone-crosstable-morskoy-{viewport['width']}")
        assert table_fits(page, "table.cross")
        assert page.locator("table.cross tbody .points").first.is_visible()
        row = page.locator("table.cross tbody tr").first
        games = row.locator("td.game")
        assert games.count() == 5  # one partie against each of the five others, each on the screen
        for i in range(5):
            on_screen(page, games.nth(i), viewport["width"])
        if viewport["width"] <= 640:
            assert [label(page, games.nth(i)) for i in range(5)] == [f"с № {n}" for n in (2, 3, 4, 5, 6)]


@pytest.mark.parametrize("width", [360, 390, 820, 1920])
def test_hall_screen_headers_and_names_are_not_cut(live_server, new_page, artifacts, width):
    simulated("kozel", "swiss", "kozel-cup", pairs=16, long_names=True)  # a full page of the hall screen
    simulated("pusto-shest", "swiss", "sport-cup", long_names=True)
    for slug in ("kozel-cup", "sport-cup"):
        page = new_page({"width": width, "height": 1080 if width == 1920 else 800})
        page.goto(f"{live_server.url}/t/{slug}/standings/projector/")
        page.screenshot(path=str(artifacts / f"phone-projector-{slug}-{width}.png"), full_page=width < 1000)
        assert fits(page)
        # every row of the page is seen: on the hall screen, above its footer; on a phone, by scrolling down
        last_row, foot = (page.locator(sel).bounding_box() for sel in ("tbody tr:last-child", ".foot"))
        assert last_row["y"] + last_row["height"] <= foot["y"] + 1, (slug, width)
        if width <= 1100:
            assert page.evaluate("getComputedStyle(document.body).overflowY") != "hidden"
        else:
            assert foot["y"] + foot["height"] <= page.viewport_size["height"], (slug, width)
        cut = page.evaluate("""() => Array.from(document.querySelectorAll('th, td'))
            .filter(c => c.offsetWidth > 0 && c.scrollWidth > c.clientWidth + 1).map(c => c.textContent.trim())""")
        assert cut == [], (slug, width)
        assert page.evaluate(BROKEN_WORDS_JS) == [], (slug, width)
