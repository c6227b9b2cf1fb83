"""The public protocol page of Kozel, Morskoy and hand points: deals by game, goats, rating, winner (no login).

The figures expected come from the engine's score of the stored protocol.
"""
import html as htmllib
import re

import pytest
from django.urls import reverse

from engine.rules import score_protocol
from scoring.protocol_json import protocol_to_json
from tests.kozel_protocols import (
    HAND_DEALS,
    HOSTILE_NAMES,
    KOZEL_REMARKS,
    KOZEL_TWO_GAMES,
    generated,
    partie_of,
    record,
)

pytestmark = pytest.mark.django_db


def page(client, partie) -> str:
    response = client.get(reverse("protocols:protocol", args=[partie.pk]))
    assert response.status_code == 200
    return response.content.decode()


def text_of(fragment: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def row_text(html: str, n: int) -> str:
    """The text of deal n's row."""
    return text_of(html.split(f'id="deal-{n}"', 1)[1].split(">", 1)[1].split("</tr>", 1)[0])


def section(html: str, element_id: str) -> str:
    start = html.index(f'id="{element_id}"')
    return html[start:html.index("</section>", start)]


def test_kozel_page_groups_deals_by_game_with_goats_rating_and_winner(client):
    partie = partie_of("kozel", {"games_per_partie": 2}, names=HOSTILE_NAMES)
    protocol = record(partie, KOZEL_TWO_GAMES, KOZEL_REMARKS)
    result = score_protocol(protocol_to_json(protocol))
    html = page(client, partie)
    numbers = {"A": partie.pair_a.number, "B": partie.pair_b.number}
    for game in result.games:
        block = section(html, f"game-{game.n}")
        assert f"Игра {game.n}" in block
        first, last = game.deals
        rows = re.findall(r'<tr id="deal-(\d+)"', block)
        assert [int(n) for n in rows] == list(range(first, last + 1))
        for d in result.deals[first - 1:last]:
            row = row_text(block, d.n)
            assert row.endswith(f"{d.points_a} {d.points_b} {d.running_a} {d.running_b}"), row
            if any(d.remembered.values()):
                assert f"запомнено: A {d.remembered['A']}, B {d.remembered['B']}" in row
            if d.eggs:
                assert f"яйца: {d.eggs}" in row
        goat = f"козёл — пара {game.goat} № {numbers[game.goat]}" + (" (всухую)" if game.dry else "")
        summary = text_of(block.split('class="game-summary"', 1)[1].split(">", 1)[1])
        assert summary.startswith(f"Итог игры {game.n}: {game.totals['A']} : {game.totals['B']} · {goat} · "
                                  f"рейтинг: A {game.rating['A']}, B {game.rating['B']}")
    board = html.split('id="totals"', 1)[1].split('<p class="status', 1)[0]
    assert re.findall(r'<span class="score">(\d+)</span>', board) == [str(result.goats["A"]), str(result.goats["B"])]
    assert "козлов" in board
    end = text_of(section(html, "partie-result"))
    assert f"Рейтинг за партию — пара A: {result.rating['A']}, пара B: {result.rating['B']}" in end
    assert f"Победила пара {result.winner} № {numbers[result.winner]}" in end
    # Names are text, never markup.
    assert "<b>Жирный</b>" not in html and "&lt;b&gt;Жирный&lt;/b&gt; &amp; Ко" in html
    assert "<img src=x" not in html


def test_morskoy_page_shows_wipes_and_no_rating(client):
    partie = partie_of("morskoy-kozel", slug="morskoy-page")
    protocol = record(partie, generated(partie, 3))
    result = score_protocol(protocol_to_json(protocol))
    html = page(client, partie)
    for d in result.deals:
        row = row_text(html, d.n)
        assert row.endswith(f"{d.running_a} {d.running_b}")
        assert (f"списано у {d.wiped}" in row) == bool(d.wiped)
    assert "рейтинг" not in text_of(html).lower() and "запомнено" not in html


def test_hand_points_page_lists_points_notes_and_the_winner(client):
    partie = partie_of("hand-points", names=HOSTILE_NAMES)
    record(partie, HAND_DEALS)
    protocol = partie.protocol
    result = score_protocol(protocol_to_json(protocol))
    html = page(client, partie)
    for d in result.deals:
        row = row_text(html, d.n)
        assert row == f"{d.n} {d.points_a} {d.points_b} {d.running_a} {d.running_b}"
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt; рыба" in html
    assert "=1+2" in html
    assert f"Победила пара {result.winner} № {getattr(partie, 'pair_' + result.winner.lower()).number}" in html


def test_a_kozel_partie_in_play_shows_the_game_in_play(client):
    partie = partie_of("kozel", {"games_per_partie": 2}, slug="kozel-in-play")
    record(partie, KOZEL_TWO_GAMES[:3], signed=False)
    html = page(client, partie)
    block = text_of(section(html, "game-1"))
    assert "Игра 1 идёт: 0 : 0" in block and "запомнено: A 0, B 13" in block and "яйца: 20" in block
    assert "Партия не окончена" in text_of(section(html, "partie-result"))


def test_the_sport_page_is_unchanged(client):
    from tests.factories import make_round, make_tournament
    from tests.reports.conftest import EXAMPLE_DEALS, play

    tournament = make_tournament(2, slug="sport-page")
    rnd = make_round(tournament, 1, [(1, 2)])
    play(rnd, 1, EXAMPLE_DEALS)
    html = page(client, rnd.parties.get(table=1))
    assert 'id="deal-list"' in html and 'id="game-1"' not in html and "козлов" not in html
