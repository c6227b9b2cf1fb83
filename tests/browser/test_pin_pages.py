"""The signing pages this part changes, at 360, 390 and 820 px: the phone page opened without the table's QR
token, the pair page leading a player to signing from his slip, the confirmation before new PINs for all and
before clearing a signed protocol. No horizontal scroll, no word broken inside."""
import pytest
from playwright.sync_api import expect

from scoring import pin_tries, services
from tests.referees.conftest import PASSWORD
from tests.referees.helpers import play
from tests.versions import shown_version
from tournaments.models import Player, RoundStatus, SigningMethod

from .conftest import PHONE, TABLET, login
from .test_hall import BROKEN_WORDS_JS, _long_names, no_horizontal_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
WIDTHS = {"360": {"width": 360, "height": 740}, "390": PHONE, "820": TABLET}


def look(page, artifacts, name):
    for width, viewport in WIDTHS.items():
        page.set_viewport_size(viewport)
        assert no_horizontal_scroll(page), (name, width)
        assert page.evaluate(BROKEN_WORDS_JS) == [], (name, width)
        page.screenshot(path=str(artifacts / f"{name}-{width}.png"), full_page=True)


@pytest.fixture
def hall(table):
    _long_names(table)
    table.tournament.signing_method = SigningMethod.OWN_PHONE
    table.tournament.save()
    services.generate_pins(table.organizer, table.tournament)
    play(table.referee, table.partie)
    return table


def test_phone_page_without_the_token_and_pair_page_with_the_slip(live_server, new_page, hall, artifacts):
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/referee/partie/{hall.partie.pk}/sign/phone/")
    expect(page.locator("#scan-table-qr")).to_contain_text("отсканируйте QR-код")
    expect(page.locator("input[name=pin]")).to_have_count(0)
    look(page, artifacts, "pin-phone-no-token")
    page.goto(f"{live_server.url}/t/cup/pair/7/")
    expect(page.locator("#scan-2")).to_contain_text("стола 1")
    look(page, artifacts, "pin-pair-page-anonymous")
    b1 = Player.objects.get(pair__tournament=hall.tournament, pair__number=7, number=1)
    page.goto(f"{live_server.url}/t/cup/pair/7/?k={pin_tries.slip_key(b1)}")
    look(page, artifacts, "pin-pair-page-slip")
    page.click("#sign-2 a")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#sign-B1 input[name=pin]")).to_be_visible()
    assert pin_tries.table_token(hall.partie) in page.url


def test_confirmations_for_new_pins_and_for_clearing_a_signed_protocol(live_server, new_page, hall, artifacts):
    page = new_page(PHONE)
    login(page, live_server.url, "org", PASSWORD)
    page.goto(f"{live_server.url}/referee/t/cup/signing/#pins")
    page.click("#pins-form button")
    page.wait_for_load_state("networkidle")
    expect(page.locator(".consequences")).to_contain_text("16 выданных листков")
    look(page, artifacts, "pin-issue-confirm")
    for seat in ("A1", "B1"):
        services.sign_protocol(hall.players[seat], hall.partie, role="player", seat=seat,
                               expected_version=shown_version(hall.partie))
    hall.round2.status = RoundStatus.DRAFT
    hall.round2.save()
    page.context.clear_cookies()
    login(page, live_server.url, "chief", PASSWORD)
    page.goto(f"{live_server.url}/referee/partie/{hall.partie.pk}/#clear")
    page.fill("#clear input[name=reason]", "тур перепутан")
    page.click("#clear button")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#confirm")).to_contain_text("Римский-Корсаков Николай Андреевич")
    look(page, artifacts, "pin-clear-signed-confirm")


# Lengthens the first piece of the shown address (another host, port or partie number) one letter at a time.
LONGER_ADDRESS_JS = r"""
(extra) => {
  const link = document.querySelector("#phone-sign p.small a");
  const first = link.firstChild;
  first.textContent = first.textContent.replace("http:", "http:" + "x".repeat(extra));
}
"""


def test_the_signing_address_breaks_only_between_its_pieces(live_server, new_page, hall):
    """The own-phone address under the QR may wrap after a slash, but its key (?t=…) stays one word whatever
    the host, port or partie number in front of it (CI once broke it inside at 360 px)."""
    page = new_page(WIDTHS["360"])
    login(page, live_server.url, "chief", PASSWORD)
    page.goto(f"{live_server.url}/referee/partie/{hall.partie.pk}/")
    expect(page.locator("#phone-sign")).to_be_visible()
    for extra in range(0, 25):  # a piece longer than the line itself may break; a host name rarely is
        page.evaluate(LONGER_ADDRESS_JS, 1 if extra else 0)
        assert page.evaluate(BROKEN_WORDS_JS) == [], extra
        assert no_horizontal_scroll(page), extra
