"""The own-phone signing page of Kozel and hand-points parties: the deals by game with the goats, as the public
protocol and the score sheet show them (the figures come from the engine's score of the stored protocol)."""
import re

import pytest

from engine.rules import score_protocol
from scoring.protocol_json import protocol_to_json
from scoring.signing_links import phone_sign_path
from tests.factories import make_referee
from tests.kozel_protocols import HAND_DEALS, HOSTILE_NAMES, KOZEL_TWO_GAMES, partie_of, record
from tests.referees.helpers import play
from tests.scoring.test_public_protocol_games import row_text, section, text_of
from tournaments.models import SigningMethod

pytestmark = pytest.mark.django_db


def own_phone(partie):
    tournament = partie.round.tournament
    tournament.signing_method = SigningMethod.OWN_PHONE
    tournament.save(update_fields=["signing_method"])


def phone_page(client, partie) -> str:
    response = client.get(phone_sign_path(partie))  # the table's QR link
    assert response.status_code == 200
    return response.content.decode()


def test_kozel_partie_is_signed_by_game_with_goats(client):
    partie = partie_of("kozel", {"games_per_partie": 2}, names=HOSTILE_NAMES)
    protocol = record(partie, KOZEL_TWO_GAMES, signed=False)
    own_phone(partie)
    result = score_protocol(protocol_to_json(protocol))
    html = phone_page(client, partie)
    assert 'class="deals"' not in html  # not the flat list of sport deals
    numbers = {"A": partie.pair_a.number, "B": partie.pair_b.number}
    for game in result.games:
        block = section(html, f"game-{game.n}")
        first, last = game.deals
        assert [int(n) for n in re.findall(r'<tr id="deal-(\d+)"', block)] == list(range(first, last + 1))
        for d in result.deals[first - 1:last]:
            assert row_text(block, d.n).endswith(f"{d.points_a} {d.points_b} {d.running_a} {d.running_b}")
            if any(d.remembered.values()):
                assert f"запомнено: A {d.remembered['A']}, B {d.remembered['B']}" in row_text(block, d.n)
        summary = text_of(block.split('class="game-summary"', 1)[1].split(">", 1)[1])
        assert f"козёл — пара {game.goat} № {numbers[game.goat]}" in summary
    board = html.split('id="totals"', 1)[1].split('<p class="status', 1)[0]
    assert re.findall(r'<span class="score">(\d+)</span>', board) == [str(result.goats["A"]), str(result.goats["B"])]
    assert "козлов" in board
    assert f"Рейтинг за партию — пара A: {result.rating['A']}, пара B: {result.rating['B']}" in text_of(
        section(html, "partie-result"))
    assert 'id="sign-A1"' in html and 'name="pin"' in html  # the partie is over: the players sign here
    assert "<b>Жирный</b>" not in html and "<img src=x" not in html


def test_hand_points_partie_is_signed_with_points_and_notes(client):
    partie = partie_of("hand-points")
    protocol = record(partie, HAND_DEALS, signed=False)
    own_phone(partie)
    result = score_protocol(protocol_to_json(protocol))
    html = phone_page(client, partie)
    assert 'class="deals"' not in html
    for d in result.deals:
        assert row_text(html, d.n) == f"{d.n} {d.points_a} {d.points_b} {d.running_a} {d.running_b}"
    board = html.split('id="totals"', 1)[1].split('<p class="status', 1)[0]
    assert re.findall(r'<span class="score">(\d+)</span>', board) == [str(result.totals_a), str(result.totals_b)]
    assert "&lt;script&gt;alert(1)&lt;/script&gt; рыба" in html and "<script>alert(1)" not in html


def test_sport_partie_keeps_the_flat_deal_list(client):
    partie = partie_of("pusto-shest")
    own_phone(partie)
    play(make_referee(partie.round.tournament), partie)
    html = phone_page(client, partie)
    assert 'class="deals"' in html and 'id="game-1"' not in html


def test_referee_countersigns_a_kozel_protocol_by_its_goats():
    from referees.signing import confirm_countersign

    partie = partie_of("kozel", {"games_per_partie": 2}, slug="kozel-countersign")
    protocol = record(partie, KOZEL_TWO_GAMES, signed=False)
    result = score_protocol(protocol_to_json(protocol))
    message = confirm_countersign(partie, protocol.version)["message"]
    assert (f"козлов {result.goats['A']} : {result.goats['B']} (очки {result.totals_a} : {result.totals_b})"
            in message)
    hand = partie_of("hand-points", slug="hand-countersign")
    protocol = record(hand, HAND_DEALS, signed=False)
    assert f"счёт {protocol.score_a} : {protocol.score_b}" in confirm_countersign(hand, protocol.version)["message"]


def test_kozel_signing_page_shows_each_seats_hand(client):
    """A player checks what he signs: each deal lists the hands as counted (a lone double with its tile)."""
    from scoring.reports.game_sheets import hand_text  # noqa: PLC0415

    partie = partie_of("kozel", {"games_per_partie": 2})
    protocol = record(partie, KOZEL_TWO_GAMES, signed=False)
    own_phone(partie)
    rules = partie.round.tournament.rules()
    html = phone_page(client, partie)
    for deal in protocol.deals.order_by("n"):
        row = html[html.index(f'id="deal-{deal.n}"'):]
        row = row[:row.index("</tr>")]
        for seat in ("A1", "A2", "B1", "B2"):
            if seat in (deal.hands or {}):
                assert f"{seat} {hand_text(rules, deal.hands[seat], seat, deal.n)}" in row, (deal.n, seat)
    assert "на руках:" in html
