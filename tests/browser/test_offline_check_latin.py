"""The partnership game's hand kept offline: the page's quick check (static/referees/offline.js) refuses no hand
the server accepts, and says at once, in the server's words, what no hand can be — a tranque without who placed
the last tile, one open end without the other, pasos redondos that are no number.

The engine's generator (engine.rules.latin.generate) plays partidas of every federation's rule set; each hand,
as the hand form posts it, is accepted by the server's form and goes through the page's check in Chromium.
"""
import random

import pytest
from django.http import QueryDict

from engine.rules.latin.generate import random_partida
from engine.rules.latin.rule_sets import RULE_SETS, rule_set
from engine.rules.latin.tiles import SETS, parse_hand
from scoring.game_forms import make_deal_form
from tests.referees.conftest import PASSWORD

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def hand_fields(hand: dict, tile_set) -> list[tuple[str, str]]:
    """A generated hand as the hand form posts it (a hand of tiles also fills its count, as entry.js does)."""
    fields = [("n", str(hand["n"])), ("result", hand["result"])]
    for name in ("lead", "lead_tile", "out", "fisher", "out_tile"):
        if hand.get(name):
            fields.append((name, hand[name]))
    for k, end in enumerate(hand.get("ends") or [], start=1):
        fields.append((f"end_{k}", str(end)))
    for side, count in (hand.get("pasos_redondos") or {}).items():
        fields.append((f"pasos_{side}", str(count)))
    for seat in ("A1", "B1", "A2", "B2"):
        held = (hand.get("hands") or {}).get(seat)
        if held is None:
            fields += [(f"hand_{seat}", ""), (f"tiles_{seat}", "")]
        else:
            pips = parse_hand(held, tile_set, seat=seat, deal=hand["n"]).pips
            fields += [(f"hand_{seat}", str(pips)), (f"tiles_{seat}", " ".join(held))]
    return fields


def accepted_hands(rules) -> list:
    found = []
    for seed in range(8):
        for hand in random_partida(random.Random(seed), rules.latin):
            fields = hand_fields(hand, SETS[rules.latin.tile_set])
            data = QueryDict(mutable=True)
            for name, value in fields:
                data.appendlist(name, value)
            form = make_deal_form(rules, data)
            assert form.is_valid(), (fields, form.errors)
            found.append(fields)
    return found


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_hand_the_server_accepts_passes_the_pages_check(live_server, browser, table, name):
    tournament = table.tournament
    tournament.rules_preset, tournament.rules_overrides = "latin", rule_set(name).to_config()
    tournament.save()
    hands = accepted_hands(tournament.rules())
    assert len(hands) >= 15  # a partida to 100 (the social game) lasts two or three hands
    context = browser.new_context(locale="es-ES")
    try:
        page = context.new_page()
        login(page, live_server.url, "referee", PASSWORD)
        page.goto(f"{live_server.url}/es/referee/partie/{table.partie.pk}/")
        refused = page.evaluate(
            "all => all.map(f => [f, OfflineChecks.deal(f)]).filter(r => Object.keys(r[1]).length)", hands)
        assert refused == []
        if name != "fid":
            return
        # What no hand can be is told at once, in the page's language.
        check = "f => OfflineChecks.deal(f)"
        assert page.evaluate(check, [("n", "1"), ("result", "block"), ("lead", "A1")]) == {
            "err-fisher": "Indique quién puso la última ficha."}
        assert page.evaluate(check, [("n", "1"), ("result", "domino"), ("out", "A1")]) == {}
        tournament.rules_overrides = {"capicua": "add", "paso_redondo_bonus": 25}
        tournament.save()
        page.reload()
        assert page.evaluate(check, [("n", "1"), ("result", "domino"), ("out", "A1"), ("end_1", "3")]) == {
            "err-end_2": "Indique los dos extremos abiertos o ninguno."}
        assert page.evaluate(check, [("n", "1"), ("result", "domino"), ("out", "A1"), ("pasos_A", "x")]) == {
            "err-pasos_A": "Introduzca un número con los dígitos 0–9."}
    finally:
        context.close()
