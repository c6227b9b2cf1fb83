"""A Kozel partie of two games on the pages a player and a referee read at 360 and 390 px: the own-phone signing
page (games and goats), the round overview, the public round results and the pair's page (goats, then points).
No horizontal scroll, no word broken inside; the figures are the engine's."""
import pytest
from playwright.sync_api import expect

from engine.rules import score_protocol
from scoring.protocol_json import protocol_to_json
from scoring.services import import_protocol_json
from tests.kozel_protocols import KOZEL_TWO_GAMES
from tests.referees.conftest import PASSWORD
from tournaments.models import SigningMethod

from .conftest import PHONE, TABLET, login
from .test_hall import BROKEN_WORDS_JS, _long_names, no_horizontal_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WIDTHS = {"390": PHONE, "360": {"width": 360, "height": 740}}


def kozel_table(table, deals):
    tournament = table.tournament
    tournament.rules_preset = "kozel"
    tournament.rules_overrides = {"games_per_partie": 2}
    tournament.signing_method = SigningMethod.OWN_PHONE
    tournament.save()
    _long_names(table)
    protocol = import_protocol_json(table.partie, {"format": "domino-protocol/2", "deals": deals, "remarks": []},
                                    table.referee)
    return score_protocol(protocol_to_json(protocol))


def look(page, url, artifacts, name, unfold=False):
    """The page at 390 and 360 px: no horizontal scroll, no word broken inside; screenshots of both."""
    for width, viewport in WIDTHS.items():
        page.set_viewport_size(viewport)
        page.goto(url)
        if unfold:
            page.click("details summary")
        assert no_horizontal_scroll(page), (name, width)
        assert page.evaluate(BROKEN_WORDS_JS) == [], (name, width)
        page.screenshot(path=str(artifacts / f"{name}-{width}.png"), full_page=True)


def test_kozel_partie_on_the_signing_overview_results_and_pair_pages(live_server, new_page, table, artifacts):
    result = kozel_table(table, KOZEL_TWO_GAMES)
    base = live_server.url
    goats = f"{result.goats['A']}:{result.goats['B']}\u00a0к."
    points = f"{result.totals_a} : {result.totals_b}"
    page = new_page(PHONE)

    page.goto(f"{base}/referee/partie/{table.partie.pk}/sign/phone/")
    page.click("#phone-sign-page details summary")
    expect(page.locator("#game-2-summary")).to_contain_text("козёл — пара A № 3")
    expect(page.locator("#totals")).to_contain_text("козлов")
    look(page, page.url, artifacts, "kozel-phone-sign", unfold=True)

    page.goto(f"{base}/t/{table.tournament.slug}/round/2/")
    expect(page.locator("#table-1 td.result")).to_contain_text(goats)
    expect(page.locator("#table-1 td.result .points")).to_have_text(points)
    look(page, page.url, artifacts, "kozel-round-results")
    page.set_viewport_size(TABLET)
    page.locator("#round-results").screenshot(path=str(artifacts / "kozel-round-results-820.png"))
    page.set_viewport_size(PHONE)

    page.goto(f"{base}/t/{table.tournament.slug}/pair/7/")
    expect(page.locator("#round-2 .score")).to_have_text(f"{result.goats['B']}:{result.goats['A']}\u00a0к.")
    look(page, page.url, artifacts, "kozel-pair-page")

    login(page, base, "referee", PASSWORD)
    page.goto(f"{base}/referee/t/{table.tournament.slug}/")
    expect(page.locator("#table-1 .sc .goats")).to_have_text(goats)
    expect(page.locator("#table-1 .sc .points")).to_have_text(points)
    look(page, page.url, artifacts, "kozel-overview")
