import pytest
from tests.referees.conftest import PASSWORD
from .conftest import PHONE, login
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

def test_dbg(live_server, browser, table):
    context = browser.new_context(viewport=PHONE, locale="ru-RU")
    page = context.new_page()
    page.on("console", lambda m: print("CONSOLE", m.type, m.text))
    page.on("pageerror", lambda e: print("PAGEERROR", e))
    login(page, live_server.url, "referee", PASSWORD)
    url = f"{live_server.url}/referee/partie/{table.partie.pk}/"
    page.goto(url)
    page.wait_for_timeout(3000)
    print("SW", page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.map(x => [x.scope, !!x.active]))"))
    print("CTRL", page.evaluate("!!navigator.serviceWorker.controller"))
    print(page.evaluate("fetch('/referee/sw.js').then(r => r.status + ' ' + r.headers.get('content-type'))"))
    context.close()
