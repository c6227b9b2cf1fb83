"""The team standing under the pairs' standings on a phone and a laptop: each team's line, then its entrants
across the width; no word broken inside, no sideways scroll."""
import io
import json

import pytest
from django.core.management import call_command

from tests.browser.test_kozel_standings import cell_words_unbroken, fits, table_fits
from tournaments.models import Entrant, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = ["Сборная Верхнеднепровского района", "Клин", "Тверь-1", "Тверь-2"]


def simulated(slug="team-cup"):
    out = io.StringIO()
    call_command("simulate", "--pairs", "12", "--rounds", "3", "--system", "swiss", "--seed", "7", "--slug", slug,
                 stdout=out)
    assert json.loads(out.getvalue())["finished"]
    Tournament.objects.filter(slug=slug).update(is_public=True, team_standing="team", team_best=2)
    for pair in Entrant.objects.filter(tournament__slug=slug).order_by("number")[:11]:  # pair 12 has no team
        pair.team_name = TEAMS[pair.number % len(TEAMS)]
        pair.save(update_fields=["team_name"])


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}],
                         ids=["390", "1280"])
def test_the_team_standing_on_a_phone_and_a_laptop(live_server, new_page, artifacts, viewport):
    simulated()
    expected = json.loads(_command("team-cup"))
    page = new_page(viewport)
    page.goto(f"{live_server.url}/t/team-cup/standings/")
    page.click("a[href='#teams']")
    section = page.locator("section#teams")
    assert section.is_visible()
    names = [t.strip() for t in section.locator("tbody.team tr.head td.name strong").all_inner_texts()]
    assert names == [t["team"] for t in expected] and len(names) == 4
    places = [t.strip() for t in section.locator("tbody.team tr.head td:first-child").all_inner_texts()]
    assert places == [f"{t['rank']}{'=' if t['tied'] else ''}" for t in expected]
    first = section.locator("tbody.team").first.inner_text()
    assert all(f"№{e['entrant']} " in first for e in expected[0]["counted"])
    assert "Без команды" in section.inner_text() and "№12" in section.inner_text()
    w = viewport["width"]
    page.screenshot(path=str(artifacts / f"team-standing-{w}.png"), full_page=True)
    assert fits(page) and cell_words_unbroken(page, "table.teams") and table_fits(page, "table.teams")
    if w == 390:
        for other in (360, 820):
            page.set_viewport_size({"width": other, "height": 900})
            page.screenshot(path=str(artifacts / f"team-standing-{other}.png"), full_page=True)
            assert fits(page) and table_fits(page, "table.teams")


def _command(slug) -> str:
    out = io.StringIO()
    call_command("standings", slug, "--teams", "--json", stdout=out)
    return out.getvalue()
