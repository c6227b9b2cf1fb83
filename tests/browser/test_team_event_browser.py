"""A team event of 6 teams × 2 pairs on a phone and a laptop: the organizer gives team 1's captain an account on
the teams page; the captain logs in and enters his team's line-up; the organizer pairs round 1 and publishes it;
the referee enters and signs match 1's two tables on his partie page, deal by deal, as on the day; the round page
shows the match and its tables and gives its match sheet (PDF, rendered); the team standings and the cross table
fit the screen."""
import io
import shutil
import subprocess

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from access.models import RoleKind, TournamentRole
from scoring.models import Protocol
from teams.models import Captain, LineUp, TeamMatch
from tests.browser.conftest import login
from tests.browser.test_event_day import enter_table_on_page
from tests.browser.test_kozel_standings import fits
from tests.teams.conftest import make_team_event
from tournaments.choices import ProtocolStatus
from tournaments.models import SigningMethod

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "domino2026"
CAPTAIN_PASSWORD = "Kapitan-2026!"


def wait(page):
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}],
                         ids=["390", "1280"])
def test_a_team_round_from_the_line_up_to_the_standings(live_server, new_page, artifacts, organizer, viewport,
                                                        django_user_model):
    t = make_team_event(organizer, 6, rounds=3)
    t.signing_method = SigningMethod.REFEREE_ATTESTS
    t.save(update_fields=["signing_method"])
    referee = django_user_model.objects.create_user("referee", password=PASSWORD, first_name="Анна",
                                                    last_name="Судейская")
    TournamentRole.objects.create(tournament=t, user=referee, role=RoleKind.REFEREE)
    base, w = live_server.url, viewport["width"]
    page = new_page(viewport)
    login(page, base, "organizer", PASSWORD)

    # The organizer gives team 1's captain an account on the teams page.
    page.goto(f"{base}/t/{t.slug}/manage/teams/")
    team = t.teams.get(number=1)
    box = page.locator(f"#captain-{team.pk}")
    box.locator("summary").click()
    box.locator("input[name$=full_name]").fill("Капитанов Пётр")
    box.locator("input[name$=username]").fill("captain1")
    box.locator("input[name$=password]").fill(CAPTAIN_PASSWORD)
    box.locator("button[type=submit]").click()
    wait(page)
    expect(page.locator("main")).to_contain_text("создана учётная запись «captain1»")
    assert Captain.objects.filter(team=team, user__username="captain1").exists()
    assert fits(page)
    page.screenshot(path=str(artifacts / f"teams-manage-{w}.png"), full_page=True)

    # The captain logs in and swaps his pairs for round 1.
    captain = new_page(viewport)
    login(captain, base, "captain1", CAPTAIN_PASSWORD)
    captain.goto(f"{base}/t/{t.slug}/teams/captain/")
    first, second = [m.pair for m in team.members.order_by("slot")]
    form = captain.locator("#captain-lineup-form")
    form.locator("select").nth(0).select_option(str(second.pk))
    form.locator("select").nth(1).select_option(str(first.pk))
    form.locator("button[type=submit]").click()
    wait(captain)
    expect(captain.locator("main")).to_contain_text("сохранена")
    assert LineUp.objects.get(team=team, round_number=1).pairs == [second.pk, first.pk]
    assert fits(captain)
    captain.screenshot(path=str(artifacts / f"teams-captain-{w}.png"), full_page=True)

    # The organizer pairs round 1 and publishes it.
    page.goto(f"{base}/t/{t.slug}/manage/teams/")
    page.click("#pair-round-form button")
    wait(page)
    assert page.locator("section.match").count() == 3
    page.click("#publish-form button")
    wait(page)
    page.locator("main form button[type=submit]").first.click()  # the confirmation page
    wait(page)
    rnd = t.rounds.get(number=1)
    assert rnd.status == "published"
    captain.goto(f"{base}/t/{t.slug}/teams/captain/")
    expect(captain.locator("#lineup-1")).to_contain_text("закрыта")

    # The referee enters and signs both tables of match 1 on his partie page.
    match = TeamMatch.objects.get(round=rnd, number=1)
    desk = new_page(viewport)
    login(desk, base, "referee", PASSWORD)
    for table in match.tables.select_related("partie").order_by("board"):
        enter_table_on_page(desk, base, table.partie)
        desk.click("#countersign")
        wait(desk)
        desk.click("#confirm-yes")
        wait(desk)
        expect(desk.locator("#locked")).to_contain_text("Протокол подписан и закрыт")
        protocol = Protocol.objects.get(partie=table.partie)
        assert protocol.status == ProtocolStatus.SIGNED and (protocol.score_a, protocol.score_b) == (48, 35)
    desk.screenshot(path=str(artifacts / f"teams-referee-{w}.png"), full_page=True)

    # The round page: match 1 won by team A 2 : 0 at both tables; its match sheet.
    page.goto(f"{base}/t/{t.slug}/teams/round/1/")
    result = page.locator("#match-result-1").inner_text()
    assert "Итог матча" in result
    assert page.locator("#match-1 tbody tr").count() == 2 and page.locator("#match-2 .match-result").count() == 1
    assert page.locator("#match-1").inner_text().count("Подписан") >= 2
    if team in (match.team_a, match.team_b):  # the captain's line-up: pair 2 of team 1 at table 1
        column = 1 if match.team_a_id == team.pk else 2
        assert f"№{second.number}" in page.locator("#match-1 tbody tr").first.locator("td").nth(column).inner_text()
    page.screenshot(path=str(artifacts / f"teams-round-{w}.png"), full_page=True)
    assert fits(page)
    sheet = page.request.get(base + page.locator("#match-1 a.match-sheet").get_attribute("href"))
    assert sheet.ok and sheet.headers["content-type"] == "application/pdf"
    text = " ".join(PdfReader(io.BytesIO(sheet.body())).pages[0].extract_text().split())
    assert "48 : 35" in text and "командные очки 2 : 0" in text and match.team_a.name in text
    (artifacts / f"teams-sheet-{w}.pdf").write_bytes(sheet.body())
    if shutil.which("pdftoppm"):  # poppler-utils, installed by `make test` with chromium
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-singlefile", str(artifacts / f"teams-sheet-{w}.pdf"),
                        str(artifacts / f"teams-sheet-{w}")], check=True)
        assert (artifacts / f"teams-sheet-{w}.png").stat().st_size > 10_000

    # The team standings: team A of match 1 on top with 2 points, the cross table beside.
    page.goto(f"{base}/t/{t.slug}/teams/")
    rows = page.locator("#team-standings tbody tr")
    assert rows.count() == 6
    assert match.team_a.name in rows.first.inner_text()
    assert page.locator("#team-cross").is_visible()
    page.screenshot(path=str(artifacts / f"teams-standings-{w}.png"), full_page=True)
    assert fits(page)
    page.goto(f"{base}/t/{t.slug}/teams/{match.team_a.number}/")
    assert "Расстановка по турам" in page.inner_text("main")
    page.screenshot(path=str(artifacts / f"teams-team-{w}.png"), full_page=True)
    assert fits(page)
    if w == 390:
        for other in (360, 820):
            page.set_viewport_size({"width": other, "height": 900})
            for name, url in (("standings", f"/t/{t.slug}/teams/"), ("round", f"/t/{t.slug}/teams/round/1/")):
                page.goto(base + url)
                page.screenshot(path=str(artifacts / f"teams-{name}-{other}.png"), full_page=True)
                assert fits(page)
