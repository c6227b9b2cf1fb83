"""Kozel standings, cross table, players and projector on a phone: goats columns, no sideways scroll."""
import io
import json

import pytest
from django.core.management import call_command

from tournaments.models import Player, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = [{"width": 360, "height": 740}, {"width": 390, "height": 844}, {"width": 820, "height": 1180}]


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def simulated(preset, system, slug, pairs=8, rounds=3, long_names=False):
    out = io.StringIO()
    call_command("simulate", "--preset", preset, "--pairs", str(pairs), "--rounds", str(rounds), "--system", system,
                 "--seed", "2", "--slug", slug, stdout=out)
    assert json.loads(out.getvalue())["finished"]
    Tournament.objects.filter(slug=slug).update(is_public=True)
    if not long_names:
        return
    # long Russian names, as entered at a real event
    for i, player in enumerate(Player.objects.filter(pair__tournament__slug=slug).order_by("id")[:4]):
        player.name = ["Преображенский Константин", "Верхнеднепровская Александра", "Ёлкин Фёдор",
                       "Сидоров-Петровский Вениамин"][i]
        player.save()


def table_fits(page, selector) -> bool:
    """The table itself is no wider than the screen (nothing hides in its scroll box)."""
    return page.evaluate("(sel) => document.querySelector(sel).getBoundingClientRect().right <= window.innerWidth",
                         selector)


def visible_headers(page) -> list:
    return [h.strip() for h in page.locator("table.standings thead th:visible").all_inner_texts()]


def cell_words_unbroken(page, selector) -> bool:
    """No cell of the table breaks a word inside (every cell's text wraps only at spaces)."""
    return page.evaluate("""(sel) => {
        for (const td of document.querySelectorAll(sel + ' td, ' + sel + ' th')) {
            const style = getComputedStyle(td);
            if (style.wordBreak === 'break-all' || style.overflowWrap === 'anywhere') return false;
        }
        return true;
    }""", selector)


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["360", "390", "820"])
def test_kozel_pages_on_a_phone(live_server, new_page, artifacts, viewport):
    simulated("kozel", "swiss", "kozel-cup")
    simulated("morskoy-kozel", "round-robin", "morskoy-cup", pairs=6, rounds=5, long_names=True)
    page = new_page(viewport)
    base = live_server.url
    w = viewport["width"]

    page.goto(f"{base}/t/kozel-cup/standings/")
    headers = page.locator("table.standings thead th").all_inner_texts()
    assert any("Козлов" in h for h in headers) and any("Рейтинг" in h for h in headers)
    visible = visible_headers(page)
    assert visible[:3] == ["Место", "Пара", "Игроки"] and "Очки матча" in visible and "± козлов" in visible
    assert "Козлов" in visible and "Рейтинг" in visible  # the legend below explains both: a phone shows both
    if w > 640:
        assert "Сухих" in visible
    for box in page.locator("header.topbar a, header.topbar button").all():  # finger-sized header links
        assert box.bounding_box()["height"] >= 44, box.inner_text()
    assert fits(page) and cell_words_unbroken(page, "table.standings")
    assert table_fits(page, "table.standings")
    page.screenshot(path=str(artifacts / f"kozel-standings-{w}.png"), full_page=True)

    page.goto(f"{base}/t/kozel-cup/crosstable/")
    assert "к." in page.inner_text("table.cross")
    assert fits(page)  # a wide grid scrolls inside its own box, not the page
    page.screenshot(path=str(artifacts / f"kozel-crosstable-{w}.png"), full_page=True)

    page.goto(f"{base}/t/kozel-cup/standings/players/")
    assert "Рейтинг" in page.locator("table.standings thead").text_content() and "Козлов" in visible_headers(page)
    assert fits(page) and (table_fits(page, "table.standings") or w > 640)
    page.screenshot(path=str(artifacts / f"kozel-players-{w}.png"), full_page=True)

    page.goto(f"{base}/t/kozel-cup/standings/projector/")
    assert "Козлов" in page.inner_text("table")
    assert fits(page)
    page.screenshot(path=str(artifacts / f"kozel-projector-{w}.png"), full_page=False)
    if w == 820:  # a laptop and the hall screen: every column shown fits the page, none hides in a scroll box
        for width in (1280, 1920):
            laptop = new_page({"width": width, "height": 900})
            laptop.goto(f"{base}/t/kozel-cup/standings/")
            shown = visible_headers(laptop)
            assert {"Побед", "Козлов", "± козлов", "Сухих", "Рейтинг", "Очки за", "Разн.", "Бухгольц"} <= set(shown)
            assert table_fits(laptop, "table.standings") and fits(laptop), width
            assert ("Козлов дано" in shown) == (width > 1700)
            laptop.screenshot(path=str(artifacts / f"kozel-standings-{width}.png"), full_page=True)
    if w == 820:  # the hall screen itself
        hall = new_page({"width": 1920, "height": 1080})
        hall.goto(f"{base}/t/kozel-cup/standings/projector/")
        headers = hall.locator("thead th").all_inner_texts()
        assert {"Козлов", "± козлов", "Рейтинг", "Очки", "Разность"} <= set(headers)
        hall.screenshot(path=str(artifacts / "kozel-projector-1920.png"), full_page=False)

    page.goto(f"{base}/t/morskoy-cup/standings/")
    headers = page.locator("table.standings thead th").all_inner_texts()
    assert any("Козлов" in h for h in headers) and not any("Рейтинг" in h for h in headers)
    assert "± козлов" in visible_headers(page)
    # Long names: a surname wider than the players' column breaks at a syllable, with a hyphen, and the
    # table stays within the screen.
    assert fits(page) and table_fits(page, "table.standings")
    assert "Верх\u00adнед\u00adне\u00adпров\u00adская" in page.locator("table.standings tbody").text_content()
    page.screenshot(path=str(artifacts / f"morskoy-standings-{w}.png"), full_page=True)

    page.goto(f"{base}/t/morskoy-cup/crosstable/")
    assert "± козлов" in page.inner_text("table.cross")  # the round-robin grid
    assert fits(page)
    page.screenshot(path=str(artifacts / f"morskoy-crosstable-{w}.png"), full_page=True)
