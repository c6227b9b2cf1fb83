"""A referee enters the RULES.md §8 partie on a phone, the players and the referee sign, the protocol locks."""
import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.integrity import protocol_fingerprint
from scoring.models import Protocol
from tests.referees.conftest import PASSWORD
from tests.versions import shown_version
from tournaments.choices import ProtocolStatus

from .conftest import PHONE, TABLET, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def choose(page, form, text):
    page.locator(f"#{form} label.choice", has_text=text).first.click()


def fill_hand(page, seat, value):
    page.fill(f"#id_hand_{seat}", str(value))


def save_deal(page, n):
    page.click("#save-deal")
    page.wait_for_load_state("networkidle")
    expect(page.locator(f"#deal-{n}")).to_be_visible()


def test_referee_enters_rules_example_with_remark_and_protocol_is_signed_and_locked(
        live_server, new_page, table, artifacts):
    # Pair 3 (A at table 1 of round 2) had one remark in round 1.
    services.give_remark(table.referee, table.earlier_partie, deal=1, seat="A2", reason="time",
                         expected_version=shown_version(table.earlier_partie))
    base = live_server.url
    url = f"{base}/referee/partie/{table.partie.pk}/"
    page = new_page(PHONE)
    login(page, base, "referee", PASSWORD)
    page.goto(url)
    expect(page.locator("#lead-info")).to_contain_text("A1")
    expect(page.locator("#id_hand_A1")).to_have_attribute("inputmode", "numeric")

    # Deal 1: A1 goes out; A2 14, B1 holds only 0-0 (tapped in the picker), B2 23.
    choose(page, "deal-form", "Домино")
    choose(page, "deal-form", "A1")
    expect(page.locator('.hand[data-seat="A1"]')).to_be_hidden()
    fill_hand(page, "A2", 14)
    page.click('.tiles-toggle[data-seat="B1"]')
    page.click('.tile[data-tile="0-0"]')
    expect(page.locator("#id_hand_B1")).to_have_value("10")  # a lone 0-0 counts 10 in pusto-shest
    page.click('.tiles-toggle[data-seat="B2"]')
    page.click('.tile[data-tile="0-0"]')  # already in B1's hand: refused
    expect(page.locator("#picker-msg")).to_contain_text("уже у B1")
    expect(page.locator("#id_tiles_B2")).to_have_value("")
    fill_hand(page, "B2", 23)
    expect(page.locator("#preview-running")).to_have_text("33 : 0")  # the engine counts the lone 0-0 as 10
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "entry-phone.png"), full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})
    assert no_horizontal_scroll(page)
    page.set_viewport_size(PHONE)
    tablet = new_page(TABLET)
    login(tablet, base, "referee2", PASSWORD)
    tablet.goto(url)
    choose(tablet, "deal-form", "Рыба")
    tablet.click('.tiles-toggle[data-seat="A1"]')
    for tile in ("6-6", "4-5"):
        tablet.click(f'.tile[data-tile="{tile}"]')
    expect(tablet.locator("#id_hand_A1")).to_have_value("21")
    expect(tablet.locator("#preview-hint")).to_contain_text("B1")  # the picked tiles reached the engine
    assert no_horizontal_scroll(tablet)
    tablet.screenshot(path=str(artifacts / "entry-tablet.png"), full_page=True)
    page.click(".picker-close")
    save_deal(page, 1)
    expect(page.locator("#score-a")).to_have_text("33")

    # Deal 2: block, A 9 + 10 against B 4 + 30.
    expect(page.locator("#lead-info")).to_contain_text("B1")
    choose(page, "deal-form", "Рыба")
    for seat, pips in (("A1", 9), ("A2", 10), ("B1", 4), ("B2", 30)):
        fill_hand(page, seat, pips)
    expect(page.locator("#preview-running")).to_have_text("48 : 0")
    save_deal(page, 2)

    # A1 talks during deal 2: pair A's 2nd remark in the tournament, the won deal becomes a block with 20.
    choose(page, "remark-form", "A1")
    expect(page.locator("#remark-step")).to_contain_text("2-е замечание пары A")
    page.select_option("#remark-form select[name=reason]", "talking")
    page.fill("#remark-form input[name=deal]", "2")
    page.click("#save-remark")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#score-a")).to_have_text("47")

    # Deal 3: B2 goes out; A1 8, A2 17 (B1's 5 does not count).
    choose(page, "deal-form", "Домино")
    choose(page, "deal-form", "B2")
    for seat, pips in (("A1", 8), ("A2", 17), ("B1", 5)):
        fill_hand(page, seat, pips)
    save_deal(page, 3)

    # Deal 4: A2 says "pass" holding a playable tile.
    choose(page, "deal-form", "Ложный пас")
    page.locator("fieldset[data-for=wrong_pass] label.choice", has_text="A2").click()
    save_deal(page, 4)
    expect(page.locator("#score-a")).to_have_text("47")
    expect(page.locator("#score-b")).to_have_text("35")
    expect(page.locator("#status")).to_contain_text("Ждёт подписей")
    expect(page.locator("#deal-form")).to_have_count(0)

    # The players sign on the table's device with their own passwords, then the referee countersigns.
    for seat in ("A1", "B1", "A2", "B2"):
        page.fill(f"#sign-{seat} input[type=password]", PASSWORD)
        page.click(f"#sign-{seat} button")
        page.wait_for_load_state("networkidle")
        expect(page.locator(f"#slot-{seat}")).to_contain_text("✔")
    page.click("#countersign")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#confirm")).to_contain_text("Протокол будет закрыт")
    page.click("#confirm-yes")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#locked")).to_contain_text("Протокол подписан и закрыт")
    expect(page.locator("#status")).to_contain_text("Подписан")
    expect(page.locator("#remark-form")).to_have_count(0)
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(artifacts / "entry-phone-signed.png"), full_page=True)

    protocol = Protocol.objects.get(partie=table.partie)
    assert protocol.status == ProtocolStatus.SIGNED and protocol.locked_at is not None
    assert (protocol.score_a, protocol.score_b) == (47, 35)
    assert protocol.signatures.count() == 5
    assert set(protocol.signatures.values_list("fingerprint", flat=True)) == {protocol_fingerprint(protocol)}

    # The public page (QR codes point there) shows the signed result.
    page.goto(f"{base}/protocols/{table.partie.pk}/")
    expect(page.locator("#totals .score")).to_have_text(["47", "35"])
    expect(page.locator("#status")).to_contain_text("Подписан")


def test_player_account_is_refused_entry(live_server, new_page, table):
    base = live_server.url
    page = new_page(PHONE)
    login(page, base, "playera1", PASSWORD)
    response = page.goto(f"{base}/referee/partie/{table.other_partie.pk}/")
    assert response.status == 403
    expect(page.locator("#forbidden")).to_be_visible()
    page.goto(f"{base}/referee/partie/{table.partie.pk}/")
    expect(page.locator("#deal-form")).to_have_count(0)
    expect(page.locator("#remark-form")).to_have_count(0)
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    answer = page.request.post(
        f"{base}/referee/partie/{table.partie.pk}/deal/",
        form={"n": "1", "version": "0", "result": "wrong_pass", "offender": "B1", "csrfmiddlewaretoken": token},
        headers={"Referer": f"{base}/referee/partie/{table.partie.pk}/"},
    )
    assert answer.status == 403
    assert "только судья" in answer.text()
    assert not Protocol.objects.filter(partie=table.partie, deals__isnull=False).exists()
    response = page.goto(f"{base}/referee/t/{table.tournament.slug}/")
    assert response.status == 403


def test_round_overview_updates_itself(live_server, new_page, table):
    base = live_server.url
    page = new_page(TABLET)
    login(page, base, "chief", PASSWORD)
    page.goto(f"{base}/referee/t/{table.tournament.slug}/?round=2")
    expect(page.locator("#table-1")).to_contain_text("Не начата")
    services.record_deal(table.referee, table.partie, {"n": 1, "result": "wrong_pass", "offender": "B1"},
                         expected_version=shown_version(table.partie))
    # No reload: the overview polls every few seconds.
    expect(page.locator("#table-1")).to_contain_text("Идёт игра", timeout=15000)
    expect(page.locator("#table-1")).to_contain_text("10 : 0")
    expect(page.locator("#counts")).to_contain_text("Идёт игра: 1")
