"""The public page of a signed protocol whose player's name was corrected afterwards, on a phone and a tablet."""
import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.referees.helpers import play, sign_all
from tests.referees.signed_protocols import NOTE, a1, rename_a1

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_NAME = "Константинопольский-Старовойтов Александр"


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def words_whole(page, selector):
    """No word of the element's text is split across lines (each word's box is one line high)."""
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)].every(el => {
        const range = document.createRange();
        const text = el.firstChild;
        let at = 0;
        for (const word of text.textContent.split(/(?<=[ -])/)) {
            const bare = word.trimEnd();  // a break after a space or a hyphen is allowed, not inside a word
            range.setStart(text, at); range.setEnd(text, at + bare.length); at += word.length;
            if (bare && range.getClientRects().length > 1) return false;
        }
        return true;
    })""", selector)


@pytest.mark.parametrize("width", [360, 390, 820])
def test_signed_names_and_the_correction_note_fit_the_screen(live_server, new_page, table, artifacts, width):
    play(table.referee, table.partie)
    sign_all(table)
    signed = a1(table).name
    rename_a1(table, LONG_NAME)
    page = new_page({"width": width, "height": 800})
    page.goto(live_server.url + reverse("protocols:protocol", args=[table.partie.pk]))
    expect(page.locator(".seat").first).to_have_text(f"A1 {signed}")
    expect(page.locator("#corrected-names")).to_have_text(f"A1: {NOTE}: {LONG_NAME}")
    expect(page.locator("#fingerprint-mismatch")).to_have_count(0)
    page.screenshot(path=str(artifacts / f"protocol-corrected-name-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page)
    assert words_whole(page, "#corrected-names")
