"""The public protocol of Kozel, Morskoy and hand points on a phone: no horizontal scroll, no word broken inside."""
import pytest

from engine.rules import score_protocol
from scoring.protocol_json import protocol_to_json
from tests.kozel_protocols import HAND_DEALS, KOZEL_REMARKS, KOZEL_TWO_GAMES, generated, partie_of, record

from .conftest import PHONE, TABLET
from .test_hall import BROKEN_WORDS_JS, no_horizontal_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [{"width": 360, "height": 740}, PHONE, TABLET]
# Names from users, of a length a person has: markup and a formula stay text.
NAMES = {1: ["<b>Жирный</b> & Ко", "=СУММ(A1:A9)"], 2: ["Ёлкин-Преображенский Константин", "٣² Петров"]}


def _look(page, name, artifacts):
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
    assert no_horizontal_scroll(page), name
    assert page.evaluate(BROKEN_WORDS_JS) == [], name


def test_kozel_protocol_on_a_phone(live_server, new_page, artifacts):
    partie = partie_of("kozel", {"games_per_partie": 2}, names=NAMES)
    protocol = record(partie, KOZEL_TWO_GAMES, KOZEL_REMARKS)
    result = score_protocol(protocol_to_json(protocol))
    for viewport in WIDTHS:
        page = new_page(viewport)
        page.goto(f"{live_server.url}/protocols/{partie.pk}/")
        for game in result.games:
            summary = page.locator(f"#game-{game.n}-summary").inner_text()
            assert summary.startswith(f"Итог игры {game.n}: {game.totals['A']} : {game.totals['B']}")
            assert f"рейтинг: A {game.rating['A']}, B {game.rating['B']}" in summary
        assert page.locator("#game-1 tbody tr").count() == result.games[0].deals[1] - result.games[0].deals[0] + 1
        assert "<b>Жирный</b> & Ко" in page.locator(".seats").inner_text()
        ending = page.locator("#partie-result").inner_text()
        assert f"Рейтинг за партию — пара A: {result.rating['A']}, пара B: {result.rating['B']}" in ending
        _look(page, f"kozel-protocol-{viewport['width']}", artifacts)


def test_morskoy_and_hand_points_protocols_on_a_phone(live_server, new_page, artifacts):
    morskoy = partie_of("morskoy-kozel", slug="morskoy-phone", names=NAMES)
    record(morskoy, generated(morskoy, 3))
    hand = partie_of("hand-points", slug="hand-phone", names=NAMES)
    record(hand, HAND_DEALS)
    for viewport in WIDTHS[:2]:
        page = new_page(viewport)
        page.goto(f"{live_server.url}/protocols/{morskoy.pk}/")
        assert page.locator("#game-1-summary").inner_text().startswith("Итог игры 1:")
        _look(page, f"morskoy-protocol-{viewport['width']}", artifacts)
        page.goto(f"{live_server.url}/protocols/{hand.pk}/")
        assert "<script>alert(1)</script> рыба" in page.locator(".note").first.inner_text()
        _look(page, f"hand-points-protocol-{viewport['width']}", artifacts)


def test_a_note_of_one_long_word_stays_on_the_screen(live_server, new_page, artifacts):
    """A 200-letter note without a space (the most a note holds) is broken inside, never scrolled sideways."""
    hand = partie_of("hand-points", slug="hand-long-note")
    record(hand, [{"n": 1, "result": "points", "points": {"A": 100, "B": 0}, "note": "Ж" * 200}])
    page = new_page({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/protocols/{hand.pk}/")
    assert page.locator(".note").inner_text() == "Ж" * 200
    page.screenshot(path=str(artifacts / "hand-points-long-note-360.png"), full_page=True)
    assert no_horizontal_scroll(page)
