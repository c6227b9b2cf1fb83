"""The standings of an individual event on a phone and a tablet: a line per player, no word broken inside, no
sideways scroll; the Kozel family's goats beside the player's name. A phone keeps the tie-breaks of the order under
short headings; a laptop shows every column of docs/rules-individual.md §7."""
import io
import json

import pytest
from django.core.management import call_command

from tests.browser.test_kozel_standings import cell_words_unbroken, fits, table_fits, visible_headers
from tournaments.models import Player, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = [{"width": 360, "height": 740}, {"width": 390, "height": 844}, {"width": 820, "height": 1180}]
# what a phone shows: the match points, the difference (sport) or the goats' (Kozel) and the order's tie-breaks
PHONE_HEADINGS = {"solo-sport": ["Место", "Игрок", "Очки", "Разн.", "Бух.", "Партн."],
                  "solo-kozel": ["Место", "Игрок", "Очки", "± козлов", "Бух.", "Партн."]}
LAPTOP_HEADINGS = ["Партий", "Побед", "Ничьих", "Пораж.", "Пропусков", "Очки матча", "Очки за", "Против", "Разн.",
                   "Раздач", "Бухгольц", "Очки партнёров", "З.-Б."]
LONG_NAMES = ["Преображенский Константин", "Верхнеднепровская Александра", "Ёлкин Фёдор",
              "Сидоров-Петровский Вениамин"]


def simulated(preset, slug, players=13, rounds=3):
    out = io.StringIO()
    call_command("simulate", "--format", "individual", "--players", str(players), "--rounds", str(rounds),
                 "--system", "swiss", "--preset", preset, "--seed", "4", "--slug", slug, stdout=out)
    assert json.loads(out.getvalue())["finished"]
    Tournament.objects.filter(slug=slug).update(is_public=True)
    for player, name in zip(Player.objects.filter(pair__tournament__slug=slug).order_by("id"), LONG_NAMES):
        player.name = name
        player.club = "Верхнеднепровск"
        player.save()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["360", "390", "820"])
def test_individual_standings_on_a_phone_and_a_tablet(live_server, new_page, artifacts, viewport):
    simulated("pusto-shest", "solo-sport")
    simulated("kozel", "solo-kozel")
    page = new_page(viewport)
    w = viewport["width"]
    for slug in ("solo-sport", "solo-kozel"):
        page.goto(f"{live_server.url}/t/{slug}/standings/")
        shown = visible_headers(page)
        if w <= 640:
            assert shown == PHONE_HEADINGS[slug]
        else:
            assert shown[:3] == ["Место", "№ игрока", "Игрок"] and "Очки матча" in shown
        assert page.locator("table.standings tbody tr").count() == 13  # each player once
        if w > 640:  # a tablet: the tie-breaks beside the name (the club from 1101 px on)
            assert {"Пропусков", "Бухгольц", "Очки партнёров"} <= set(shown)
        if slug == "solo-kozel":
            assert "± козлов" in shown
        body = page.inner_text("table.standings tbody").replace("\u00ad", "")
        assert all(name in body for name in LONG_NAMES)
        page.screenshot(path=str(artifacts / f"{slug}-standings-{w}.png"), full_page=True)
        assert fits(page) and cell_words_unbroken(page, "table.standings") and table_fits(page, "table.standings")
    if w == 820:  # a laptop shows the club too, and every column fits the page
        laptop = new_page({"width": 1280, "height": 900})
        for slug in ("solo-sport", "solo-kozel"):
            laptop.goto(f"{live_server.url}/t/{slug}/standings/")
            assert "Клуб / город" in visible_headers(laptop)
            if slug == "solo-sport":
                assert visible_headers(laptop)[4:] == LAPTOP_HEADINGS
            laptop.screenshot(path=str(artifacts / f"{slug}-standings-1280.png"), full_page=True)
            assert fits(laptop) and table_fits(laptop, "table.standings")
    page.goto(f"{live_server.url}/t/solo-sport/standings/projector/")
    assert "№ игрока" in page.inner_text("table") and fits(page)
    page.screenshot(path=str(artifacts / f"solo-sport-projector-{w}.png"), full_page=False)
    if w == 820:  # a laptop: the order's tie-breaks; a full-HD hall screen: every figure the projector adds
        for size, last in (((1280, 900), ["Разность", "Бухгольц", "Очки партнёров"]),
                           ((1920, 1080), ["Ничьих", "Против", "Раздач", "Бухгольц", "Очки партнёров", "З.-Б."])):
            hall = new_page({"width": size[0], "height": size[1]})
            hall.goto(f"{live_server.url}/t/solo-sport/standings/projector/")
            heads = [h.strip() for h in hall.locator("table thead th:visible").all_inner_texts()]
            assert heads[-len(last):] == last
            hall.screenshot(path=str(artifacts / f"solo-sport-projector-{size[0]}.png"), full_page=False)
            assert fits(hall) and table_fits(hall, "table")
