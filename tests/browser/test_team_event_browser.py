"""A team event of 6 teams × 2 pairs on a phone and a laptop: the organizer enters a line-up and pairs round 1
through the teams page, publishes it; match 1 is played and signed at both its tables; the round page shows the
match and its tables and gives its match sheet (PDF); the team standings and the cross table fit the screen."""
import pytest

from teams.models import TeamMatch
from tests.browser.conftest import login
from tests.browser.test_kozel_standings import fits
from tests.teams.conftest import make_team_event, rng
from tournaments.simulation import link_signers, play_partie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}],
                         ids=["390", "1280"])
def test_a_team_round_from_the_line_up_to_the_standings(live_server, new_page, artifacts, organizer, viewport):
    t = make_team_event(organizer, 6, rounds=3)
    w = viewport["width"]
    page = new_page(viewport)
    login(page, live_server.url, "organizer", "domino2026")
    page.goto(f"{live_server.url}/t/{t.slug}/manage/teams/")
    team = t.teams.get(number=1)
    form = page.locator(f"#team-{team.pk} form.lineup-form")
    first, second = [m.pair for m in team.members.order_by("slot")]
    form.locator("select").nth(0).select_option(str(second.pk))
    form.locator("select").nth(1).select_option(str(first.pk))
    form.locator("button[type=submit]").click()
    page.wait_for_load_state("networkidle")
    assert "сохранена" in page.inner_text("main")
    assert fits(page)
    page.screenshot(path=str(artifacts / f"teams-manage-{w}.png"), full_page=True)
    page.click("#pair-round-form button")
    page.wait_for_load_state("networkidle")
    assert page.locator("section.match").count() == 3
    page.click("#publish-form button")
    page.wait_for_load_state("networkidle")
    page.locator("main form button[type=submit]").first.click()  # the confirmation page
    page.wait_for_load_state("networkidle")
    rnd = t.rounds.get(number=1)
    assert rnd.status == "published"
    match = TeamMatch.objects.get(round=rnd, number=1)
    signers = link_signers(t, "1")
    for table in match.tables.select_related("partie__round__tournament", "partie__pair_a", "partie__pair_b"):
        play_partie(organizer, table.partie, rng(), signers)
    page.goto(f"{live_server.url}/t/{t.slug}/teams/round/1/")
    result = page.locator("#match-result-1").inner_text()
    assert "Итог матча" in result
    assert page.locator("#match-1 tbody tr").count() == 2 and page.locator("#match-2 .match-result").count() == 1
    assert "Подписан" in page.locator("#match-1").inner_text()
    if team in (match.team_a, match.team_b):  # the line-up entered: pair 2 of team 1 at table 1
        side = "A" if match.team_a_id == team.pk else "B"
        assert f"№{second.number}" in page.locator("#match-1 tbody tr").first.locator(
            "td").nth(1 if side == "A" else 2).inner_text()
    page.screenshot(path=str(artifacts / f"teams-round-{w}.png"), full_page=True)
    sheet = page.request.get(live_server.url + page.locator("#match-1 a.match-sheet").get_attribute("href"))
    assert sheet.ok and sheet.headers["content-type"] == "application/pdf" and sheet.body()[:5] == b"%PDF-"
    assert fits(page), page.evaluate("[...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > window.innerWidth).slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join('; ')")
    page.goto(f"{live_server.url}/t/{t.slug}/teams/")
    rows = page.locator("#team-standings tbody tr")
    assert rows.count() == 6
    top = rows.first.inner_text()
    assert match.team_a.name in top or match.team_b.name in top  # the only match played, won or drawn
    assert page.locator("#team-cross").is_visible()
    page.screenshot(path=str(artifacts / f"teams-standings-{w}.png"), full_page=True)
    assert fits(page)
    page.goto(f"{live_server.url}/t/{t.slug}/teams/{match.team_a.number}/")
    assert "Расстановка по турам" in page.inner_text("main")
    page.screenshot(path=str(artifacts / f"teams-team-{w}.png"), full_page=True)
    assert fits(page)
    if w == 390:
        for other in (360, 820):
            page.set_viewport_size({"width": other, "height": 900})
            for name, url in (("standings", f"/t/{t.slug}/teams/"), ("round", f"/t/{t.slug}/teams/round/1/")):
                page.goto(live_server.url + url)
                page.screenshot(path=str(artifacts / f"teams-{name}-{other}.png"), full_page=True)
                assert fits(page)
