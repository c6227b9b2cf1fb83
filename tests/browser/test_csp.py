"""The pages under the Content-Security-Policy in real Chromium: nothing refused, nothing broken.

Every page below is opened with a listener for ``securitypolicyviolation`` and the console's errors;
the buttons that used to carry inline handlers (print, back) and the tournament form's script, which
now live in static files, are used and their effect checked; htmx still posts and swaps.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.referees.conftest import PASSWORD
from tournaments.models import RoundStatus

from .conftest import PHONE, TABLET, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WATCH = """
window.__csp = [];
window.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber);
});
window.print = function () { window.__printed = (window.__printed || 0) + 1; };
"""


def watched(new_page, viewport=PHONE):
    page = new_page(viewport)
    page.add_init_script(WATCH)
    page.console_errors = []

    def on_console(message):
        # A refused script or style is counted by the listener; the browser's own favicon request is not the page's.
        if message.type == "error" and "Content Security Policy" not in message.text \
                and not message.location.get("url", "").endswith("/favicon.ico"):
            page.console_errors.append(f"{message.text} {message.location.get('url', '')}")

    page.on("console", on_console)
    page.on("pageerror", lambda err: page.console_errors.append(str(err)))
    return page


def violations(page):
    page.wait_for_timeout(150)  # the browser reports a violation in a task of its own
    return page.evaluate("window.__csp")


def open_clean(page, url):
    response = page.goto(url)
    page.wait_for_load_state("networkidle")
    assert violations(page) == [], url
    assert page.console_errors == [], url
    return response


def test_the_watch_sees_what_the_policy_refuses(live_server, new_page, table):
    page = watched(new_page)
    open_clean(page, live_server.url + "/")
    page.evaluate("""() => {
        document.head.insertAdjacentHTML("beforeend", "<style>body { color: red }</style>");
        const s = document.createElement("script"); s.textContent = "window.__ran = 1"; document.body.append(s);
    }""")
    assert len(violations(page)) == 2
    assert page.evaluate("window.__ran") is None
    assert page.evaluate("getComputedStyle(document.body).color") != "rgb(255, 0, 0)"


def test_referee_partie_page_enters_a_deal_under_the_policy(live_server, new_page, table):
    page = watched(new_page)
    login(page, live_server.url, "referee", PASSWORD)
    open_clean(page, f"{live_server.url}/referee/partie/{table.partie.pk}/")
    assert page.evaluate("document.querySelectorAll('style, [style]').length") == 0  # htmx injected none
    page.locator("#deal-form label.choice", has_text="Домино").first.click()
    page.locator("#deal-form label.choice", has_text="A1").first.click()
    expect(page.locator('.hand[data-seat="A1"]')).to_be_hidden()  # entry.js runs
    page.fill("#id_hand_A2", "14")
    page.click('.tiles-toggle[data-seat="B1"]')
    page.click('.tile[data-tile="0-0"]')
    page.fill("#id_hand_B2", "23")
    expect(page.locator("#preview-running")).to_have_text("33 : 0")  # htmx posted the preview and swapped it in
    page.click("#save-deal")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#deal-1")).to_be_visible()
    assert violations(page) == [] and page.console_errors == []


def test_organizer_round_page_print_and_narrow_fields(live_server, new_page, table):
    table.round2.status = RoundStatus.DRAFT
    table.round2.save()
    page = watched(new_page, TABLET)
    login(page, live_server.url, "org", PASSWORD)
    open_clean(page, live_server.url + reverse("tournaments:pairings", args=["cup", 2]))
    rem = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    assert page.evaluate("document.querySelector('input[name=pair_x]').getBoundingClientRect().width") == 6 * rem
    page.click("button[data-print]")
    assert page.evaluate("window.__printed") == 1
    open_clean(page, live_server.url + reverse("tournaments:seating", args=["cup", 2]))
    page.click("button[data-print]")
    assert page.evaluate("window.__printed") == 1
    open_clean(page, live_server.url + reverse("tournaments:draw", args=["cup"]))
    open_clean(page, live_server.url + reverse("tournaments:manage", args=["cup"]))
    open_clean(page, live_server.url + reverse("referees:signing", args=["cup"]))
    open_clean(page, live_server.url + reverse("tournaments:officials", args=["cup"]))
    assert violations(page) == [] and page.console_errors == []


def test_setup_form_script_and_the_confirmation_page(live_server, new_page, table):
    page = watched(new_page, TABLET)
    login(page, live_server.url, "root", PASSWORD)
    open_clean(page, live_server.url + reverse("tournaments:create"))
    page.fill("#setup-form input[name=name]", "Кубок Москвы")
    expect(page.locator("#setup-form input[name=slug]")).to_have_attribute("placeholder", "kubok-moskvy")
    preset = page.locator("#setup-form select[name=rules_preset]")
    values = preset.locator("option").evaluate_all("os => os.map(o => o.value)")
    hidden_before = page.locator(".rule-option[hidden]").count()
    preset.select_option(values[-1] if preset.input_value() == values[0] else values[0])
    assert page.locator(".rule-option[hidden]").count() != hidden_before  # the preset's own options shown
    assert violations(page) == [] and page.console_errors == []
    page = watched(new_page, TABLET)
    login(page, live_server.url, "org", PASSWORD)
    open_clean(page, live_server.url + reverse("tournaments:edit", args=["cup"]))
    page.click("#delete-link")
    page.wait_for_load_state("networkidle")
    expect(page.locator("h1")).to_contain_text("Удалить турнир")
    expect(page.locator("form button.danger")).to_be_visible()
    assert violations(page) == [] and page.console_errors == []


def test_forbidden_page_back_link_goes_back(live_server, new_page, table):
    page = watched(new_page)
    login(page, live_server.url, "org", PASSWORD)
    start = live_server.url + reverse("tournaments:pairings", args=["cup", 2])
    open_clean(page, start)
    response = page.goto(live_server.url + reverse("tournaments:manage", args=["other-cup"]))
    assert response.status == 403
    page.click("#back")
    page.wait_for_url(start)
    assert violations(page) == []


def test_standings_and_projector_pages_break_no_rule(live_server, new_page, table):
    page = watched(new_page)
    open_clean(page, live_server.url + reverse("reports:standings", args=["cup"]))
    open_clean(page, live_server.url + reverse("reports:crosstable", args=["cup"]))
    open_clean(page, live_server.url + reverse("reports:projector", args=["cup"]))


def test_admin_works_under_the_policy(live_server, new_page, table):
    page = watched(new_page, TABLET)
    page.goto(live_server.url + "/admin/login/")
    page.fill("input[name=username]", "root")
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_load_state("networkidle")
    assert violations(page) == [] and page.console_errors == []
    open_clean(page, live_server.url + "/admin/tournaments/tournament/")
    open_clean(page, live_server.url + "/admin/tournaments/tournament/add/")


def test_referee_confirmation_dialog_under_the_policy(live_server, new_page, table):
    page = watched(new_page)
    login(page, live_server.url, "referee", PASSWORD)
    open_clean(page, f"{live_server.url}/referee/partie/{table.other_partie.pk}/")
    page.click("#no_show summary")  # <details> opens without a script
    page.locator("#no_show button", has_text="Неявка пары B").click()
    page.wait_for_load_state("networkidle")
    expect(page.locator("#confirm")).to_contain_text("Отметить неявку пары B")
    assert violations(page) == [] and page.console_errors == []
    page.click("#confirm-yes")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#status")).to_contain_text("неявка пары B")
    assert violations(page) == [] and page.console_errors == []
