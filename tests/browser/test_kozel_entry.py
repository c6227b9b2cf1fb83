"""A referee enters a Kozel partie of two games and a hand-points partie on a phone; both are signed and locked,
and the tournament's standings then show the goats and rating (Kozel) or the points (hand points) the engine gives."""
import pytest
from playwright.sync_api import expect

from engine.rules import score_protocol
from scoring.integrity import protocol_fingerprint
from scoring.models import Protocol
from scoring.protocol_json import protocol_to_json
from tests.referees.conftest import PASSWORD
from tournaments.choices import ProtocolStatus

from .conftest import PHONE, TABLET, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NARROW = {"width": 360, "height": 740}
WIDE = {"width": 1280, "height": 900}


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def pick(page, group, text):
    page.locator(f"{group} label.choice", has_text=text).first.click()


def result(page, text):
    page.locator("#deal-form fieldset.group", has=page.locator("input[name=result]")).locator(
        "label.choice", has_text=text).click()


def fill_hand(page, seat, value):
    page.fill(f"#id_hand_{seat}", str(value))


def save_deal(page, n):
    page.click("#save-deal")
    page.wait_for_load_state("networkidle")
    expect(page.locator(f"#deal-{n}")).to_be_visible()


def shots(page, artifacts, name):
    """Screenshots at 390 and 360 px, with no horizontal scroll at either width."""
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / f"{name}-390.png"), full_page=True)
    page.set_viewport_size(NARROW)
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / f"{name}-360.png"), full_page=True)
    page.set_viewport_size(PHONE)


def sign_on_the_device(page):
    for seat in ("A1", "B1", "A2", "B2"):
        page.fill(f"#sign-{seat} input[type=password]", PASSWORD)
        page.click(f"#sign-{seat} button")
        page.wait_for_load_state("networkidle")
        expect(page.locator(f"#slot-{seat}")).to_contain_text("✔")
    page.click("#countersign")
    page.wait_for_load_state("networkidle")
    page.click("#confirm-yes")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#locked")).to_contain_text("Протокол подписан и закрыт")


STANDINGS_ROW = """(number) => {
  const table = document.querySelector('table.standings');
  const shown = el => getComputedStyle(el).display !== 'none';
  const heads = [...table.querySelectorAll('thead th')].filter(shown).map(th => th.innerText.trim());
  for (const tr of table.querySelectorAll('tbody tr')) {
    const cells = [...tr.querySelectorAll('td')].filter(shown).map(td => td.innerText.trim());
    const row = Object.fromEntries(heads.map((h, i) => [h, cells[i]]));
    if (row['Пара'] === String(number)) return row;
  }
  return null;
}"""


def standings_rows(page, base, table, viewport):
    """The visible cells of pairs 3 (A) and 7 (B) on the standings page at ``viewport``, by column title."""
    page.set_viewport_size(viewport)
    page.goto(f"{base}/t/{table.tournament.slug}/standings/")
    assert no_horizontal_scroll(page)
    return {side: page.evaluate(STANDINGS_ROW, number) for side, number in (("A", 3), ("B", 7))}


def text(value) -> str:
    return "" if value is None else str(value)


def use_preset(table, preset, **overrides):
    table.tournament.rules_preset = preset
    table.tournament.rules_overrides = overrides
    table.tournament.save()


def test_referee_enters_a_kozel_partie_of_two_games_and_it_is_signed(live_server, new_page, table, artifacts):
    use_preset(table, "kozel", games_per_partie=2, target_points=30)
    base = live_server.url
    page = new_page(PHONE)
    login(page, base, "referee", PASSWORD)
    page.goto(f"{base}/referee/partie/{table.partie.pk}/")
    expect(page.locator("#lead-info")).to_contain_text("1-1")

    # Deal 1: A1 holds 1-1 and goes out; B keeps 3 + 4 = 7, under the threshold 13: remembered.
    pick(page, "#lead-group", "A1")
    result(page, "Домино")
    pick(page, "fieldset[data-for=domino]", "A1")
    fill_hand(page, "B1", 3)
    fill_hand(page, "B2", 4)
    expect(page.locator("#preview-game")).to_contain_text("запомнено 7")
    shots(page, artifacts, "kozel-entry")
    save_deal(page, 1)
    expect(page.locator("#game-state")).to_contain_text("запомнено 7")
    expect(page.locator("#game-state")).to_contain_text("не открылась (порог 13)")

    # Deal 2: A1 (who went out) leads, pre-selected; a block with 10 : 10 — eggs 20; B1 is the fisher.
    expect(page.locator("#lead-group input[value=A1]")).to_be_checked()
    result(page, "Рыба")
    pick(page, "fieldset[data-for=block]", "B1")
    for seat in ("A1", "A2", "B1", "B2"):
        fill_hand(page, seat, 5)
    expect(page.locator("#preview-result")).to_contain_text("яйца")
    save_deal(page, 2)
    expect(page.locator("#game-state")).to_contain_text("Яйца: 20")

    # Deal 3: the fisher B1 leads and goes out; A holds 4-6 (picked) and 8: 18 + the eggs = 38 ≥ 30.
    expect(page.locator("#lead-group input[value=B1]")).to_be_checked()
    result(page, "Домино")
    pick(page, "fieldset[data-for=domino]", "B1")
    page.click('.tiles-toggle[data-seat="A1"]')
    page.click('.tile[data-tile="4-6"]')
    expect(page.locator("#id_hand_A1")).to_have_value("10")
    page.click(".picker-close")
    fill_hand(page, "A2", 8)
    expect(page.locator("#preview-goat")).to_have_text("Козёл: пара 3 — сухой")
    shots(page, artifacts, "kozel-goat-preview")
    save_deal(page, 3)
    expect(page.locator("#goat-announce")).to_contain_text("Козёл: пара 3 — сухой")
    expect(page.locator("#goats")).to_contain_text("пара 3 — 1")
    expect(page.locator("#goat-1")).to_contain_text("38 : 0")

    # Game 2: B2 holds 1-1, A1 goes out and B opens with 17; then A takes 31 and is the goat (not dry).
    expect(page.locator("#lead-info")).to_contain_text("Игра 2")
    pick(page, "#lead-group", "B2")
    result(page, "Домино")
    pick(page, "fieldset[data-for=domino]", "A1")
    fill_hand(page, "B1", 14)
    fill_hand(page, "B2", 3)
    save_deal(page, 4)
    expect(page.locator("#game-state .side-b")).to_contain_text("открылась")
    expect(page.locator("#game-state .side-a")).to_contain_text("не открылась")
    expect(page.locator("#lead-group input[value=A1]")).to_be_checked()
    result(page, "Домино")
    pick(page, "fieldset[data-for=domino]", "B1")
    fill_hand(page, "A1", 20)
    fill_hand(page, "A2", 11)
    expect(page.locator("#preview-goat")).to_have_text("Козёл: пара 3")
    save_deal(page, 5)
    expect(page.locator("#partie-outcome")).to_contain_text("победа пары 7")
    expect(page.locator("#goats")).to_contain_text("пара 3 — 2")
    expect(page.locator("#status")).to_contain_text("Ждёт подписей")
    expect(page.locator("#deal-form")).to_have_count(0)
    shots(page, artifacts, "kozel-finished")
    page.set_viewport_size(TABLET)
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "kozel-finished-820.png"), full_page=True)
    page.set_viewport_size(PHONE)

    sign_on_the_device(page)
    shots(page, artifacts, "kozel-signed")
    protocol = Protocol.objects.get(partie=table.partie)
    assert protocol.status == ProtocolStatus.SIGNED and protocol.winner == "B"
    assert protocol.signatures.count() == 5
    assert set(protocol.signatures.values_list("fingerprint", flat=True)) == {protocol_fingerprint(protocol)}
    assert list(protocol.deals.values_list("lead", flat=True)) == ["A1", "A1", "B1", "B2", "A1"]

    # The standings show what the engine gives for the stored protocol: goats, ± goats, games won and rating.
    scored = score_protocol(protocol_to_json(protocol))
    other = {"A": "B", "B": "A"}
    rows = standings_rows(page, base, table, TABLET)
    page.screenshot(path=str(artifacts / "kozel-entry-standings-820.png"), full_page=True)
    for side, row in rows.items():
        received, given = scored.goats[side], scored.goats[other[side]]
        assert (row["Козлов"], row["± козлов"], row["Рейтинг"], row["Побед"]) == (
            str(received), str(given - received), text(scored.rating[side]),
            "1" if scored.winner == side else "0"), (side, row)
        assert "Игр выиграно" not in row  # a wide-screen column
    rows = standings_rows(page, base, table, WIDE)
    for side, row in rows.items():
        games_won = sum(1 for g in scored.games if g.winner == side)
        assert row["Игр выиграно"] == str(games_won) and "Козлов дано" not in row, row  # derivable: full HD only
    rows = standings_rows(page, base, table, {"width": 1920, "height": 1080})
    for side, row in rows.items():
        assert row["Козлов дано"] == str(scored.goats[other[side]]), row
    rows = standings_rows(page, base, table, PHONE)  # a phone: the goats, their difference and the rating
    assert rows["B"]["± козлов"] == str(scored.goats["A"] - scored.goats["B"])
    assert rows["B"]["Рейтинг"] == text(scored.rating["B"]) and rows["B"]["Козлов"] == str(scored.goats["B"])
    shots(page, artifacts, "kozel-entry-standings")


def test_referee_enters_a_hand_points_partie_and_it_is_signed(live_server, new_page, table, artifacts):
    use_preset(table, "hand-points")
    base = live_server.url
    page = new_page(PHONE)
    login(page, base, "referee", PASSWORD)
    page.goto(f"{base}/referee/partie/{table.partie.pk}/")
    page.fill("#id_points_A", "٣")
    expect(page.locator("#err-points_A")).to_contain_text("цифрами")
    expect(page.locator("#err-points_B")).to_have_text("")  # not typed yet: no error
    page.fill("#id_points_A", "60")
    page.fill("#id_points_B", "30")
    page.fill("#id_note", "<b>рыба</b> за 3 захода")
    expect(page.locator("#preview-running")).to_have_text("60 : 30")
    shots(page, artifacts, "points-entry")
    save_deal(page, 1)
    expect(page.locator("#deal-1")).to_contain_text("<b>рыба</b> за 3 захода")
    page.fill("#id_points_A", "50")
    page.fill("#id_points_B", "20")
    save_deal(page, 2)
    expect(page.locator("#score-a")).to_have_text("110")
    expect(page.locator("#status")).to_contain_text("Ждёт подписей")
    shots(page, artifacts, "points-finished")
    sign_on_the_device(page)
    protocol = Protocol.objects.get(partie=table.partie)
    assert protocol.status == ProtocolStatus.SIGNED and protocol.winner == "A"
    assert (protocol.score_a, protocol.score_b) == (110, 50)

    # The standings: hand points stay points (no goats, no rating), as the engine totals them.
    scored = score_protocol(protocol_to_json(protocol))
    rows = standings_rows(page, base, table, TABLET)
    totals = {"A": scored.totals_a, "B": scored.totals_b}
    for side, other in (("A", "B"), ("B", "A")):
        assert (rows[side]["Очки за"], rows[side]["Против"], rows[side]["Разн."]) == (
            str(totals[side]), str(totals[other]), str(totals[side] - totals[other])), rows[side]
        assert "Козлов" not in rows[side] and "Рейтинг" not in rows[side]
    page.set_viewport_size(PHONE)
    shots(page, artifacts, "points-entry-standings")


def test_morskoy_bald_finish_with_the_tile_selects_on_a_phone(live_server, new_page, table, artifacts):
    use_preset(table, "morskoy-kozel")
    base = live_server.url
    page = new_page(PHONE)
    login(page, base, "referee", PASSWORD)
    page.goto(f"{base}/referee/partie/{table.partie.pk}/")
    expect(page.locator("#id_lead_tile")).to_have_value("1-1")  # the first deal of a game is led with 1-1
    pick(page, "#lead-group", "A1")
    result(page, "Домино")
    pick(page, "fieldset[data-for=domino]", "A1")
    page.select_option("#id_out_tile", "0-0")
    fill_hand(page, "B1", 9)
    fill_hand(page, "B2", 8)
    expect(page.locator("#preview-goat")).to_contain_text("лысый")
    shots(page, artifacts, "morskoy-entry")
    page.select_option("#id_out_tile", "5-5")
    page.click('.tiles-toggle[data-seat="B1"]')
    page.click('.tile[data-tile="5-5"]')
    expect(page.locator("#err-hand_B1")).to_contain_text("5-5")  # on the table, so not in a hand
    page.click('.tile[data-tile="5-5"]')
    page.click(".picker-close")
    page.select_option("#id_out_tile", "0-0")
    save_deal(page, 1)
    expect(page.locator("#goat-announce")).to_contain_text("Козёл: пара 7")
    expect(page.locator("#partie-outcome")).to_contain_text("победа пары 3")
    shots(page, artifacts, "morskoy-finished")


def test_morskoy_game_won_on_the_target_over_a_wiped_goat_is_not_dry(live_server, new_page, table, artifacts):
    """RULES-KOZEL.md §12.2 M1: pair B (7) recorded 31 in deal 3 and was wiped in deal 4; A reaches 125 in deal 5.
    B is the goat, not dry (§3.6, ``never_recorded``): the page never calls it dry."""
    use_preset(table, "morskoy-kozel")
    base = live_server.url
    page = new_page(PHONE)
    login(page, base, "referee", PASSWORD)
    page.goto(f"{base}/referee/partie/{table.partie.pk}/")
    deals = [("A2", "A1", {"B1": 20, "B2": 18}), ("A1", "B2", {"A1": 9, "A2": 10}),
             ("B2", "B1", {"A1": 15, "A2": 16}), ("B1", "A2", {"B1": 30, "B2": 28}),
             ("A2", "A1", {"B1": 35, "B2": 40})]
    for n, (lead, out, hands) in enumerate(deals, start=1):
        pick(page, "#lead-group", lead)
        result(page, "Домино")
        pick(page, "fieldset[data-for=domino]", out)
        for seat, pips in hands.items():
            fill_hand(page, seat, pips)
        if n == 4:
            expect(page.locator("#preview-result")).to_contain_text("58")
        if n == 5:
            expect(page.locator("#preview-goat")).to_have_text("Козёл: пара 7")  # not «— сухой»
            shots(page, artifacts, "morskoy-wiped-goat-preview")
        save_deal(page, n)
    expect(page.locator("#goat-announce")).to_contain_text("Козёл: пара 7")
    expect(page.locator("#goat-announce")).not_to_contain_text("сух")
    expect(page.locator("#goat-1")).to_contain_text("133 : 0")
    expect(page.locator("#goat-1")).not_to_contain_text("сух")
    assert "dry" not in (page.locator("#goat-1").get_attribute("class") or "")
    expect(page.locator("#partie-outcome")).to_contain_text("победа пары 3")
    shots(page, artifacts, "morskoy-wiped-goat")
    page.goto(f"{base}/protocols/{table.partie.pk}/")  # the protocol as everyone reads it
    summary = page.locator("#game-1-summary")
    expect(summary).to_contain_text("пара B")
    expect(summary).to_contain_text("133 : 0")
    expect(summary).not_to_contain_text("всухую")
    shots(page, artifacts, "morskoy-wiped-goat-protocol")
    protocol = Protocol.objects.get(partie=table.partie)
    scored = score_protocol(protocol_to_json(protocol))
    assert [(g.goat, g.dry) for g in scored.games] == [("B", False)]
    assert (protocol.goats_b, protocol.dry_goats_b, protocol.winner) == (1, 0, "A")
