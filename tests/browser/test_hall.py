"""At the table and in the hall: the three signing methods, the PIN limit, a correction after signing,
a player finding his pair without an account, and no word broken inside on the pages used most."""
import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring import services
from tests.referees.conftest import DEALS, PASSWORD
from tests.versions import shown_version
from tournaments.models import Player, RoundStatus, SigningMethod

from .conftest import PHONE, TABLET, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL = {"width": 360, "height": 740}
WIDTHS = {"360": SMALL, "390": PHONE, "820": TABLET}
SEATS = ("A1", "B1", "A2", "B2")

# Reports words broken inside: a word whose letters sit on two lines, unless the line ends after a
# hyphen, dash or slash (a double-barrelled surname or an address may wrap there).
BROKEN_WORDS_JS = r"""
() => {
  const bad = [];
  const ok = "-‐–—/,;:·\u00ad";  // a break after a soft hyphen is a syllable break, shown with a hyphen
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const text = node.textContent;
    const re = /\S+/g;
    let m;
    while ((m = re.exec(text))) {
      const word = document.createRange();
      word.setStart(node, m.index); word.setEnd(node, m.index + m[0].length);
      const rects = Array.from(word.getClientRects()).filter(r => r.width > 0 && r.height > 0);
      if (rects.length < 2) continue;
      let prevTop = null;
      for (let i = 0; i < m[0].length; i++) {
        const ch = document.createRange();
        ch.setStart(node, m.index + i); ch.setEnd(node, m.index + i + 1);
        // the last box: at a soft hyphen's break Chromium gives the next letter the hyphen's box too
        const r = Array.from(ch.getClientRects()).filter(x => x.width > 0).pop();
        if (!r) continue;
        if (prevTop !== null && r.top - prevTop > 2 && ok.indexOf(m[0][i - 1]) < 0) {
          bad.push(m[0] + " @" + (node.parentElement ? node.parentElement.tagName + "." + node.parentElement.className : ""));
          break;
        }
        prevTop = r.top;
      }
    }
  }
  // Numbers never wrap: a score or a number cell sits on one line.
  for (const el of document.querySelectorAll("td.num, span.num, a.num, .score, .deal-points, .deal-running")) {
    // the lines of its text (a finger-sized link around the figure is taller than the text, not a second line)
    const tops = new Set();
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let t;
    while ((t = texts.nextNode())) {
      const range = document.createRange();
      range.selectNodeContents(t);
      Array.from(range.getClientRects()).filter(r => r.width > 0).forEach(r => tops.add(Math.round(r.top)));
    }
    if (tops.size > 1 && el.querySelectorAll("br").length === 0) bad.push("number: " + el.textContent.trim());
  }
  return bad;
}
"""


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _player(table, seat):
    number = 3 if seat[0] == "A" else 7
    return Player.objects.get(pair__tournament=table.tournament, pair__number=number, number=int(seat[1]))


def _long_names(table):
    """Real names that are long: the pages must wrap them between words, never inside one."""
    for seat, name in (("A1", "Римский-Корсаков Николай Андреевич"), ("B2", "Преображенская Анастасия Владимировна")):
        player = _player(table, seat)
        player.name = name
        player.save()


def _setup(table, method):
    table.tournament.signing_method = method
    table.tournament.save()
    _long_names(table)
    return {i.player.pk: i.pin for i in services.generate_pins(table.organizer, table.tournament)}


def _enter_last_deal(page, base, table):
    """Deals 1–3 are already in; the referee enters deal 4 (a wrong pass) on the page."""
    for deal in DEALS[:3]:
        services.record_deal(table.referee, table.partie, deal,
                             expected_version=shown_version(table.partie))
    page.goto(f"{base}/referee/partie/{table.partie.pk}/")
    page.locator("#deal-form label.choice", has_text="Ложный пас").first.click()
    expect(page.locator("#hands")).to_be_hidden()  # a wrong pass needs no hands
    page.locator("fieldset[data-for=wrong_pass] label.choice", has_text="A2").click()
    page.click("#save-deal")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#status")).to_contain_text("Ждёт подписей")


def _countersign(page):
    page.click("#countersign")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#confirm")).to_contain_text("Протокол будет закрыт")
    page.click("#confirm-yes")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#locked")).to_contain_text("Протокол подписан и закрыт")


def _check_words(page, name, artifacts):
    assert no_horizontal_scroll(page), name
    broken = page.evaluate(BROKEN_WORDS_JS)
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
    assert broken == [], (name, broken)


def test_referee_attests_the_paper_sheet(live_server, new_page, table, artifacts):
    _setup(table, SigningMethod.REFEREE_ATTESTS)
    page = new_page(PHONE)
    login(page, live_server.url, "referee", PASSWORD)
    _enter_last_deal(page, live_server.url, table)
    expect(page.locator("#attest-note")).to_be_visible()
    expect(page.locator("#sign-A1")).to_have_count(0)
    page.click("#countersign")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#confirm")).to_contain_text("бумажный бланк")
    page.click("#confirm-yes")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#slot-referee")).to_contain_text("заверил подписи игроков")
    _check_words(page, "hall-attest-390", artifacts)


def test_table_pin_with_five_wrong_tries(live_server, new_page, table, artifacts):
    codes = _setup(table, SigningMethod.TABLE_PIN)
    page = new_page(SMALL)
    login(page, live_server.url, "referee", PASSWORD)
    _enter_last_deal(page, live_server.url, table)
    b2 = _player(table, "B2")
    expect(page.locator("#slot-B2 .sig-name")).to_have_text(b2.name)
    expect(page.locator("#slot-B2 .sig-state")).to_contain_text("ждём подписи")
    wrong = "12345" if codes[b2.pk] != "12345" else "54321"
    for _attempt in range(5):
        page.fill("#sign-B2 input[name=pin]", wrong)
        page.click("#sign-B2 button")
        page.wait_for_load_state("networkidle")
    expect(page.locator("#sign-B2 .field-error")).to_contain_text("введён 5 раз")
    _check_words(page, "hall-pin-refused-360", artifacts)
    page.fill("#sign-B2 input[name=pin]", codes[b2.pk])  # even the right PIN: refused on this protocol
    page.click("#sign-B2 button")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#sign-B2 .field-error")).to_contain_text("введён 5 раз")
    # The other players sign with their PINs; B2 then signs with his account on the referee's device.
    for seat in ("A1", "B1", "A2"):
        page.fill(f"#sign-{seat} input[name=pin]", codes[_player(table, seat).pk])
        page.click(f"#sign-{seat} button")
        page.wait_for_load_state("networkidle")
        expect(page.locator(f"#slot-{seat} .sig-state")).to_contain_text("подписал")
    services.sign_protocol(table.players["B2"], table.partie, role="player", seat="B2",
                           expected_version=shown_version(table.partie))
    page.reload()
    _countersign(page)
    _check_words(page, "hall-pin-signed-360", artifacts)


def test_own_phone_signing_by_qr(live_server, new_page, table, artifacts):
    codes = _setup(table, SigningMethod.OWN_PHONE)
    tablet = new_page(TABLET)
    login(tablet, live_server.url, "referee", PASSWORD)
    _enter_last_deal(tablet, live_server.url, table)
    expect(tablet.locator("#phone-sign svg.qr")).to_be_visible()
    phone_url = tablet.locator("#phone-sign a").get_attribute("href")
    _check_words(tablet, "hall-own-phone-referee-820", artifacts)
    for seat in SEATS:
        phone = new_page(PHONE)  # each player's own phone, not logged in
        phone.goto(phone_url)
        expect(phone.locator("#totals")).to_contain_text("48")
        phone.fill(f"#sign-{seat} input[name=pin]", codes[_player(table, seat).pk])
        phone.click(f"#sign-{seat} button")
        phone.wait_for_load_state("networkidle")
        expect(phone.locator(f"#slot-{seat} .sig-state")).to_contain_text("подписал")
        if seat == "B2":
            _check_words(phone, "hall-own-phone-player-390", artifacts)
    tablet.reload()
    _countersign(tablet)


def test_correction_after_signing_warns_and_clears(live_server, new_page, table, artifacts):
    _long_names(table)
    for deal in DEALS:
        services.record_deal(table.referee, table.partie, deal,
                             expected_version=shown_version(table.partie))
    for seat in ("A1", "B1"):
        services.sign_protocol(table.players[seat], table.partie, role="player", seat=seat,
                               expected_version=shown_version(table.partie))
    page = new_page(PHONE)
    login(page, live_server.url, "referee", PASSWORD)
    page.goto(f"{live_server.url}/referee/partie/{table.partie.pk}/?correct=2#entry")
    expect(page.locator("#correction-warning")).to_contain_text(_player(table, "A1").name)
    page.fill("#id_hand_B2", "31")
    page.click("#save-deal")
    page.wait_for_load_state("networkidle")
    expect(page.locator(".messages")).to_contain_text("Подписать протокол снова должны")
    expect(page.locator(".messages")).to_contain_text(_player(table, "B1").name)
    expect(page.locator("#slot-A1 .sig-state")).to_contain_text("ждём подписи")
    _check_words(page, "hall-correction-390", artifacts)


def test_player_finds_his_pair_and_his_signed_protocol(live_server, new_page, table, artifacts):
    _long_names(table)
    for deal in DEALS:
        services.record_deal(table.referee, table.partie, deal,
                             expected_version=shown_version(table.partie))
    for seat in SEATS:
        services.sign_protocol(table.players[seat], table.partie, role="player", seat=seat,
                               expected_version=shown_version(table.partie))
    services.sign_protocol(table.referee, table.partie, role="referee",
                           expected_version=shown_version(table.partie))
    page = new_page(PHONE)
    page.goto(live_server.url + reverse("tournaments:detail", args=["cup"]))
    page.fill("#pair-q", "преображенская")
    page.click("#pair-search button")
    page.wait_for_load_state("networkidle")
    page.click("#found a")
    page.wait_for_load_state("networkidle")
    expect(page.locator("h1")).to_contain_text("№7")
    _check_words(page, "hall-pair-390", artifacts)
    pdf_href = page.locator("#round-2 a:has-text('Подписанный протокол')").get_attribute("href")
    response = page.request.get(live_server.url + pdf_href)
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    assert response.body().startswith(b"%PDF")
    page.click("#round-2 a:has-text('Протокол')")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#totals")).to_contain_text("48")
    expect(page.locator("#crumbs")).to_contain_text("пара №7")


@pytest.mark.parametrize("width", list(WIDTHS))
def test_no_word_broken_on_the_pages_used_most(live_server, new_page, table, artifacts, width):
    _long_names(table)
    for deal in DEALS[:3]:
        services.record_deal(table.referee, table.partie, deal,
                             expected_version=shown_version(table.partie))
    services.give_remark(table.referee, table.partie, deal=3, seat="B2", reason="showing_tile",
                         expected_version=shown_version(table.partie))
    table.round1.status = RoundStatus.FINISHED
    table.round1.save()
    page = new_page(WIDTHS[width])
    base = live_server.url
    login(page, base, "referee", PASSWORD)
    pages = {
        "partie": reverse("referees:partie", args=[table.partie.pk]),
        "round": reverse("tournaments:pairings", args=["cup", 2]),
        "standings": reverse("reports:standings", args=["cup"]),
        "crosstable": reverse("reports:crosstable", args=["cup"]),
        "projector": reverse("reports:projector", args=["cup"]),
    }
    for name, url in pages.items():
        page.goto(base + url)
        page.wait_for_load_state("networkidle")
        _check_words(page, f"hall-{name}-{width}", artifacts)


def test_the_broken_word_check_sees_a_broken_word(new_page):
    page = new_page(SMALL)
    page.set_content('<div style="width:60px;word-break:break-all">Преображенская</div>'
                     '<div style="width:90px">Римский-Корсаков</div>'  # wraps at its hyphen: allowed
                     '<div style="width:70px">Пре\u00adоб\u00adра\u00adжен\u00adская</div>')  # at its soft hyphens: allowed
    assert page.evaluate("document.body.lastElementChild.getClientRects()[0].height > 30")  # it did wrap
    broken = page.evaluate(BROKEN_WORDS_JS)
    assert len(broken) == 1 and broken[0].startswith("Преображенская")


def test_tile_picker_opens_under_its_hand_and_the_count_stays_editable(live_server, new_page, table, artifacts):
    page = new_page(PHONE)
    login(page, live_server.url, "referee", PASSWORD)
    page.goto(live_server.url + reverse("referees:partie", args=[table.partie.pk]))
    page.locator("#deal-form label.choice", has_text="Рыба").first.click()
    page.click('.tiles-toggle[data-seat="A2"]')
    assert page.evaluate("document.querySelector('.hand[data-seat=A2]').nextElementSibling.id") == "tile-picker"
    for tile in ("6-6", "4-5"):
        page.click(f'.tile[data-tile="{tile}"]')
    expect(page.locator("#id_hand_A2")).to_have_value("21")
    expect(page.locator("#id_hand_A2")).to_be_editable()
    page.screenshot(path=str(artifacts / "hall-picker-390.png"), full_page=True)
    page.fill("#id_hand_A2", "17")  # typed over the tiles: the typed count wins
    expect(page.locator("#id_tiles_A2")).to_have_value("")
    expect(page.locator("#id_hand_A2")).to_have_value("17")
    expect(page.locator("#chips-A2 span")).to_have_count(0)
    # A wrong pass hides the hands.
    page.locator("#deal-form label.choice", has_text="Ложный пас").first.click()
    expect(page.locator("#hands")).to_be_hidden()
