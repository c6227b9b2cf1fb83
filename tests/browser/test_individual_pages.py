"""An individual event in Chromium on a phone and a tablet: the organizer's draft round page (four seated players a
table, the swap of two players), the seating cards and the referees' overview, with no sideways scrolling."""
import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import make_referee
from tests.individual_tables import individual_event, names_by_number
from tournaments.models import Partie, Player

from .conftest import login
from .test_hall import BROKEN_WORDS_JS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LONG = "Константинопольская-Преображенская Анастасия-Виктория Александровна"


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def text(locator) -> str:
    """The text as read (a long name carries soft hyphens where the browser may break it)."""
    return locator.inner_text().replace("\u00ad", "")


@pytest.mark.parametrize("width", [360, 820])
def test_the_organizer_seats_and_swaps_players_of_an_individual_round(live_server, new_page, organizer, artifacts,
                                                                       width):
    t, rnd = individual_event(status="draft")
    Player.objects.filter(pair__tournament=t, pair__number=4).update(name=LONG)
    names = names_by_number(t)
    page = new_page({"width": width, "height": 900})
    login(page, live_server.url, "organizer", "domino2026")
    page.goto(live_server.url + reverse("tournaments:pairings", args=[t.slug, 1]))
    row = page.locator("#table-1")
    for name in (names[1], LONG, names[2], names[3]):
        assert name in " ".join(text(row).split())
    expect(row.locator(".seat")).to_have_text(["A1", "A2", "B1", "B2"])
    expect(page.locator("#sitting-out")).to_be_visible()
    page.screenshot(path=str(artifacts / f"individual-round-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page)
    assert page.evaluate(BROKEN_WORDS_JS) == []  # a long name breaks at a syllable, with a hyphen
    page.fill("input[name=pair_x]", "4")
    page.fill("input[name=pair_y]", "2")
    page.click(".organizer-box form:first-child button[type=submit]")
    page.wait_for_load_state("networkidle")
    expect(page.locator("main")).to_contain_text("Игроки поменяны местами.")
    table = Partie.objects.get(round=rnd, table=1)
    assert (table.partner_a.number, table.pair_b.number) == (2, 4)

    page.goto(live_server.url + reverse("tournaments:seating", args=[t.slug, 1]))
    card = page.locator(".seating-card").first
    assert LONG in " ".join(text(card).split())
    expect(card.locator(".player-no")).to_have_text(["№1", "№4", "№2", "№3"])
    page.screenshot(path=str(artifacts / f"individual-seating-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page)


@pytest.mark.parametrize("width", [360, 820])
def test_the_referees_overview_of_an_individual_round(live_server, new_page, artifacts, width):
    t, _rnd = individual_event()
    Player.objects.filter(pair__tournament=t, pair__number=4).update(name=LONG)
    referee = make_referee(t)
    referee.set_password("domino2026")
    referee.save()
    page = new_page({"width": width, "height": 900})
    login(page, live_server.url, referee.username, "domino2026")
    page.goto(live_server.url + reverse("referees:dashboard", args=[t.slug]))
    table = page.locator("#table-1")
    expect(table.locator(".pairs")).to_have_text("№1 + №4 – №2 + №3")
    expect(table.locator(".four .seat-line")).to_have_count(4)
    assert LONG in " ".join(text(table).split())
    expect(page.locator("#table-3")).to_contain_text("Пропускает тур")
    page.screenshot(path=str(artifacts / f"individual-overview-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page)
    assert page.evaluate(BROKEN_WORDS_JS) == []
