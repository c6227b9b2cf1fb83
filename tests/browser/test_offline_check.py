"""The table page's own check of a deal kept offline refuses nothing the server accepts, for every preset.

The engine's generator (engine.rules.generate) plays whole parties of each preset; each deal, and each of its
variants with hands left empty, is judged by the server's own form and engine, and every one they accept goes
through the page's check (static/referees/offline.js, ``OfflineChecks.deal``) in Chromium as the fields the deal
form would post.
"""
import random
from itertools import combinations

import pytest
from django.http import QueryDict
from playwright.sync_api import expect

from engine.rules.errors import ProtocolError
from engine.rules.generate import random_partie
from engine.rules.partie import score_partie
from scoring.game_forms import make_deal_form
from tests.referees.conftest import PASSWORD
from tournaments.presets import site_presets

# The partnership game's hands are checked by the server alone (engine.rules.latin.hand): the page's quick
# check reads the deal fields of the games that the engine's ``random_partie`` plays.
PRESETS = tuple(p for p in site_presets() if p != "latin")

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEEDS = range(25)  # a partie of the presets as they stand runs 4 to 10 deals


def pips(tiles):
    return sum(int(a) + int(b) for a, b in (t.split("-") for t in tiles))


def form_fields(deal):
    """The deal as the page's deal form posts it (a hand of tiles also fills its count, as entry.js does)."""
    fields = [("n", str(deal["n"])), ("result", deal["result"])]
    for name in ("out", "offender", "lead", "lead_tile", "fisher"):
        if deal.get(name):
            fields.append((name, deal[name]))
    out_tile = deal.get("out_tile")
    if out_tile:
        tiles = out_tile if isinstance(out_tile, list) else [out_tile]
        fields += list(zip(("out_tile", "out_tile2"), tiles, strict=False))
    for seat in ("A1", "B1", "A2", "B2"):
        hand = (deal.get("hands") or {}).get(seat)
        if isinstance(hand, list):
            fields += [(f"hand_{seat}", str(pips(hand))), (f"tiles_{seat}", " ".join(hand))]
        else:
            fields += [(f"hand_{seat}", "" if hand is None else str(hand)), (f"tiles_{seat}", "")]
    for side, value in (deal.get("points") or {}).items():
        fields.append((f"points_{side}", str(value)))
    return fields


def server_accepts(rules, before, fields):
    """The server's judgment: its deal form, then its engine on the partie so far."""
    data = QueryDict(mutable=True)
    for name, value in fields:
        data.appendlist(name, value)
    form = make_deal_form(rules, data)
    if not form.is_valid():
        return False
    try:
        score_partie(rules, before + [form.deal()])
    except ProtocolError:
        return False
    return True


def accepted_deals(rules):
    """The generated deals and their variants with hands left empty that the server accepts, as form fields."""
    found = []
    for seed in SEEDS:
        deals, _remarks = random_partie(random.Random(seed), rules)
        for i, deal in enumerate(deals):
            seats = list(deal.get("hands") or {})
            for k in range(len(seats) + 1):
                for dropped in combinations(seats, k):
                    variant = dict(deal, hands={s: h for s, h in deal["hands"].items() if s not in dropped}) \
                        if seats else deal
                    fields = form_fields(variant)
                    if server_accepts(rules, deals[:i], fields):
                        found.append(fields)
    return found


def test_the_referees_deal_with_the_partner_left_empty_is_accepted_by_the_server_and_the_page(
        live_server, browser, table):
    context = browser.new_context(locale="ru-RU")
    try:
        page = context.new_page()
        login(page, live_server.url, "referee", PASSWORD)
        page.goto(f"{live_server.url}/referee/partie/{table.partie.pk}/")
        fields = [("n", "1"), ("result", "domino"), ("out", "A1"), ("hand_A1", ""), ("hand_B1", "12"),
                  ("hand_A2", ""), ("hand_B2", "7")]
        assert server_accepts(table.tournament.rules(), [], fields)
        assert page.evaluate("f => OfflineChecks.deal(f)", fields) == {}
        # What no deal can be is still told at once, in the server's words.
        assert page.evaluate("f => OfflineChecks.deal(f)", [("n", "1"), ("result", "domino")]) == {
            "err-out": "Укажите, кто вышел."}
        assert page.evaluate("f => OfflineChecks.deal(f)", [("n", "1")]) == {"err-result": "Выберите итог раздачи."}
    finally:
        context.close()


@pytest.mark.parametrize("preset", PRESETS)
def test_every_deal_the_server_accepts_passes_the_pages_check(live_server, browser, table, preset):
    tournament = table.tournament
    tournament.rules_preset, tournament.rules_overrides = preset, {}
    tournament.save()
    rules = tournament.rules()
    deals = accepted_deals(rules)
    assert len(deals) > 40
    if preset not in ("hand-points",):  # the families whose hands may be left empty: some variants are valid
        assert any(value == "" for fields in deals for name, value in fields if name.startswith("hand_"))
    context = browser.new_context(locale="ru-RU")
    try:
        page = context.new_page()
        login(page, live_server.url, "referee", PASSWORD)
        page.goto(f"{live_server.url}/referee/partie/{table.partie.pk}/")
        expect(page.locator("#deal-form")).to_be_visible()
        refused = page.evaluate(
            "all => all.map(f => [f, OfflineChecks.deal(f)]).filter(r => Object.keys(r[1]).length)", deals)
        assert refused == []
    finally:
        context.close()
