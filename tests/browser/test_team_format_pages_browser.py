"""A team event's own pages at 360, 390 and 820 px (``formats.TeamsFormat``): the public page with its teams and
links, the management page led by the teams, the teams' projector board; nothing scrolls sideways."""
import pytest
from playwright.sync_api import expect

from events.services import publish_round
from teams.rounds import pair_team_round
from tests.browser.conftest import login
from tests.browser.test_kozel_standings import fits
from tests.teams.conftest import make_team_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [360, 390, 820])
def test_a_team_event_s_pages_fit_and_lead_with_the_teams(live_server, new_page, artifacts, organizer, width):
    t = make_team_event(organizer, 4)
    publish_round(organizer, pair_team_round(organizer, t))
    organizer.set_password("domino2026")
    organizer.save()
    base = live_server.url
    page = new_page({"width": width, "height": 900})
    page.goto(f"{base}/t/{t.slug}/")
    expect(page.locator("#format")).to_contain_text("командные матчи")
    expect(page.locator("#team-standings")).to_have_text("Положение команд")
    expect(page.locator("#entrants")).to_contain_text("Команда 1")
    assert fits(page)
    page.screenshot(path=str(artifacts / f"team-event-page-{width}.png"), full_page=True)
    page.click("#team-projector")
    expect(page.locator(".board h1")).to_contain_text("Положение команд")
    expect(page.locator("header")).to_have_count(0)
    page.screenshot(path=str(artifacts / f"team-projector-{width}.png"), full_page=True)
    login(page, base, "organizer", "domino2026")
    page.goto(f"{base}/t/{t.slug}/manage/")
    expect(page.locator("#teams-link")).to_be_visible()
    expect(page.locator("#teams")).to_contain_text("команд: 4")
    assert fits(page)
    page.screenshot(path=str(artifacts / f"team-event-manage-{width}.png"), full_page=True)
