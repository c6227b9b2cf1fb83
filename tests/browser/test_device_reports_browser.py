"""The round overview in Chromium: a table whose closed browser left a report of entries, and the control that
clears it, at 360, 390 and 820 px without a horizontal scroll or a word broken inside."""
import pytest
from playwright.sync_api import expect

from audit.models import AuditEntry
from referees import devices
from referees.models import DeviceQueue
from tests.referees.conftest import PASSWORD

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (360, 390, 820)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_chief_clears_a_closed_browsers_report_on_the_overview(live_server, new_page, table, artifacts, width):
    devices.report_queue(table.referee, table.partie, device="closed-browser-phone", queued="1", refused="1")
    page = new_page({"width": width, "height": 800})
    login(page, live_server.url, "chief", PASSWORD)
    page.goto(f"{live_server.url}/referee/t/{table.tournament.slug}/?round=2")
    expect(page.locator("#waiting-1")).to_contain_text("не отправлено с устройства: 1")
    button = page.locator("#device-clear-1 button")
    expect(button).to_have_text("Убрать отметку")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert button.evaluate("b => b.getClientRects().length") == 1  # on one line: not broken inside
    page.screenshot(path=str(artifacts / f"device-clear-{width}.png"), full_page=True)
    button.click()
    page.wait_for_load_state("networkidle")
    expect(page.locator("#waiting-1")).to_have_count(0)
    expect(page.locator("body")).to_contain_text("отметка о неотправленных записях убрана")
    assert DeviceQueue.objects.get().queued == 0
    assert AuditEntry.objects.filter(action="device.reports_cleared").count() == 1
