"""Round results of Kozel and Morskoy tables show the partie's goats («0:1 к.») first and the points second;
hand points and the sport game keep the points (docs/rules-kozel.md §11). Figures from the engine's score."""
import html as htmllib
import re

import pytest
from django.urls import reverse

from engine.rules import score_protocol
from scoring.protocol_json import protocol_to_json
from tests.factories import make_referee
from tests.kozel_protocols import HAND_DEALS, KOZEL_TWO_GAMES, generated, partie_of, record

pytestmark = pytest.mark.django_db


def text_of(fragment: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", fragment)).replace("\xa0", " ").split())


def cell(html: str, start: str, end: str) -> str:
    return text_of(html.split(start, 1)[1].split(">", 1)[1].split(end, 1)[0])


def pages(client, partie) -> dict:
    """The three places a round's result is read: overview (referee), public round results, the pair's page."""
    tournament = partie.round.tournament
    client.force_login(make_referee(tournament))
    overview = client.get(reverse("referees:dashboard_tables", args=[tournament.slug])).content.decode()
    client.logout()
    public = client.get(reverse("tournaments:pairings", args=[tournament.slug, 1])).content.decode()
    pair_b = client.get(reverse("tournaments:pair", args=[tournament.slug, partie.pair_b.number])).content.decode()
    return {
        "overview": cell(overview, 'id="table-1"', "</li>"),
        "public": cell(public, 'id="table-1"', "</tr>"),
        "pair_b": cell(pair_b, 'id="round-1"', "</li>"),
    }


@pytest.mark.parametrize("preset, overrides, deals", [
    ("kozel", {"games_per_partie": 2}, KOZEL_TWO_GAMES),
    ("morskoy-kozel", {}, None),
])
def test_kozel_tables_show_goats_then_points(client, preset, overrides, deals):
    partie = partie_of(preset, overrides)
    protocol = record(partie, deals or generated(partie, 3))
    result = score_protocol(protocol_to_json(protocol))
    goats, totals = result.goats, (result.totals_a, result.totals_b)
    assert protocol.goats_a == goats["A"] and protocol.goats_b == goats["B"]
    shown = pages(client, partie)
    a_first = f"{goats['A']}:{goats['B']} к."
    assert a_first in shown["overview"] and f"{totals[0]} : {totals[1]}" in shown["overview"]
    assert shown["overview"].index(a_first) < shown["overview"].index(f"{totals[0]} : {totals[1]}")
    assert shown["public"].startswith(f"1 {partie.pair_a.number} ") and shown["public"].endswith(
        f"{a_first} ✔ {totals[0]} : {totals[1]}")
    # The pair's own page: own goats first (pair B here), then the points of all games.
    assert f"{goats['B']}:{goats['A']} к." in shown["pair_b"]
    assert f"Очки всех игр: {totals[1]} : {totals[0]}" in shown["pair_b"]


def test_a_kozel_partie_in_play_shows_the_goats_so_far(client):
    partie = partie_of("kozel", {"games_per_partie": 2}, slug="kozel-in-play")
    protocol = record(partie, KOZEL_TWO_GAMES[:6], signed=False)  # game 1 over (A the goat), game 2 begun
    result = score_protocol(protocol_to_json(protocol))
    assert not result.finished and result.goats == {"A": 1, "B": 0}
    shown = pages(client, partie)
    assert f"1:0 к. {result.totals_a} : {result.totals_b}" in shown["overview"]
    assert "1:0 к." in shown["public"] and "✔" not in shown["public"]


def test_hand_points_and_sport_tables_keep_the_points(client):
    partie = partie_of("hand-points")
    protocol = record(partie, HAND_DEALS)
    result = score_protocol(protocol_to_json(protocol))
    shown = pages(client, partie)
    for where in ("overview", "public"):
        assert f"{result.totals_a} : {result.totals_b}" in shown[where] and "к." not in shown[where], where
    assert f"{result.totals_b} : {result.totals_a}" in shown["pair_b"] and "к." not in shown["pair_b"]
    assert "Очки всех игр" not in shown["pair_b"]
