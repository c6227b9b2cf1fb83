"""A team event is presented as one (``tournaments.formats.TeamsFormat``), never as a pair event: its public
page, the calendar, the management page, the projector of the teams, the referee's pages and the team
settings speak of teams and matches."""
import re

import pytest
from django.urls import reverse

from events.services import publish_round
from teams.rounds import pair_team_round
from tests.factories import make_referee
from tests.teams.conftest import make_team_event

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode())


def test_the_public_page_of_a_team_event_speaks_of_teams_and_their_match_points(client, organizer):
    t = make_team_event(organizer, 4)
    t.team_event.win_points, t.team_event.draw_points = 3, 1
    t.team_event.save()
    page = _text(client.get(reverse("tournaments:detail", args=[t.slug])))
    facts = page.split('id="format">')[1].split("</dd>")[0]
    assert "командные матчи" in facts and "команд: 4" in facts
    assert "парный зачёт" not in facts and "пар" not in facts.replace("команд", "")
    rules = page.split('id="rules-text">')[1].split("</dd>")[0]
    assert "Очки командного матча: победа — 3, ничья — 1, поражение — 0" in rules
    assert "Очки матча: победа — 1" not in rules
    links = page.split('class="links"')[1].split("</p>")[0]
    assert f'href="{reverse("teams:standings", args=[t.slug])}"' in links
    assert f'href="{reverse("teams:standings", args=[t.slug])}?projector=1"' in links
    assert f'href="{reverse("teams:captain", args=[t.slug])}"' in links
    assert reverse("reports:projector", args=[t.slug]) not in links
    assert "Положение пар" in links and links.index("Положение команд") < links.index("Положение пар")
    entrants = page.split('id="entrants-title">')[1].split("</h2>")[0]
    assert entrants == "Команды"
    assert "Команда 1" in page.split('id="entrants"')[1] and "Запасной" not in page


def test_the_public_page_links_a_team_event_s_rounds_to_their_matches(client, organizer):
    t = make_team_event(organizer, 4)
    publish_round(organizer, pair_team_round(organizer, t))
    page = _text(client.get(reverse("tournaments:detail", args=[t.slug])))
    assert f'href="{reverse("teams:round", args=[t.slug, 1])}"' in page
    assert f'href="{reverse("tournaments:pairings", args=[t.slug, 1])}"' not in page


def test_the_calendar_counts_a_team_event_s_teams(client, organizer):
    make_team_event(organizer, 5)
    page = _text(client.get("/"))
    item = page.split('id="calendar-team-cup"')[1].split("</li>")[0]
    assert "Командные матчи · команд: 5" in item and "пар" not in item.split("Командные матчи")[1]


def test_the_management_page_of_a_team_event_leads_with_the_teams(client, organizer):
    client.force_login(organizer)
    t = make_team_event(organizer, 0, numbered=False)
    page = _text(client.get(reverse("tournaments:manage", args=[t.slug])))
    state = page.split('id="state"')[1].split("</section>")[0]
    assert "Регистрация команд" in state and "Зарегистрировать команды" in state
    assert f'href="{reverse("teams:manage", args=[t.slug])}"' in state
    assert "пар" not in state.replace("Управление", "")
    assert reverse("tournaments:pair_add", args=[t.slug]) not in page  # no form of a pair
    assert reverse("tournaments:draw_run", args=[t.slug]) not in page  # no draw of pair numbers
    assert "Зарегистрировать пары" not in page
    teams = page.split('id="teams-link"')[1]
    assert f'href="{reverse("teams:manage", args=[t.slug])}"' in teams
    assert page.index('id="teams-link"') < page.index("<h2>Туры</h2>")


def test_the_management_page_of_a_team_event_numbers_the_teams_and_pairs_a_team_round(client, organizer):
    client.force_login(organizer)
    t = make_team_event(organizer, 4, numbered=False)
    page = _text(client.get(reverse("tournaments:manage", args=[t.slug])))
    action = page.split('id="state"')[1].split("</section>")[0]
    assert f'action="{reverse("teams:number", args=[t.slug])}"' in action
    assert client.post(reverse("teams:number", args=[t.slug])).status_code == 200  # the confirmation first
    assert client.post(reverse("teams:number", args=[t.slug]), {"confirmed": "1"}).status_code == 302
    page = _text(client.get(reverse("tournaments:manage", args=[t.slug])))
    action = page.split('id="state"')[1].split("</section>")[0]
    assert f'action="{reverse("teams:pair_round", args=[t.slug])}"' in action


def test_the_projector_of_the_teams_is_a_board_without_the_site_s_header(client, organizer):
    t = make_team_event(organizer, 4)
    board = client.get(reverse("teams:standings", args=[t.slug]) + "?projector=1").content.decode()
    assert 'class="topbar"' not in board and "<header" not in board
    assert "reports/projector.css" in board and 'http-equiv="refresh"' in board
    assert board.count('id="team-row-') == 4
    light = client.get(reverse("teams:standings", args=[t.slug])).content.decode()
    assert "<header" in light and "reports/projector.css" not in light


def test_the_referee_s_pages_name_the_match_and_the_teams_of_a_table(client, organizer):
    t = make_team_event(organizer, 4)
    rnd = pair_team_round(organizer, t)
    publish_round(organizer, rnd)
    client.force_login(make_referee(t))
    first = rnd.parties.get(table=1)
    match = first.match_table.match
    tables = _text(client.get(reverse("referees:dashboard_tables", args=[t.slug])))
    row = tables.split('id="table-1"')[1].split("</li>")[0]
    assert f"Матч {match.number}" in row and match.team_a.name in row and match.team_b.name in row
    entry = _text(client.get(reverse("referees:partie", args=[first.pk])))
    assert f"Матч {match.number}" in entry and match.team_a.name in entry and match.team_b.name in entry


def test_the_team_settings_name_the_tie_breaks_in_words(client, organizer):
    client.force_login(organizer)
    t = make_team_event(organizer, 0, numbered=False)
    page = _text(client.get(reverse("teams:manage", args=[t.slug])))
    settings = page.split('id="settings-form"')[1].split("</form>")[0]
    assert "match_points" not in settings.replace('value="match_points"', "")
    assert "table_points" not in settings.replace('value="table_points"', "")
    assert "Командные очки" in settings and "Очки столов" in settings and "Личная встреча" in settings
    url = reverse("teams:settings", args=[t.slug])
    good = {"pairs_per_team": "2", "win_points": "2", "draw_points": "1", "loss_points": "0",
            "tiebreak_1": "match_points", "tiebreak_2": "buchholz", "tiebreak_3": "difference"}
    assert client.post(url, good).status_code == 302
    t.team_event.refresh_from_db()
    assert t.team_event.tiebreaks == ["match_points", "buchholz", "difference"]
    response = client.post(url, {**good, "tiebreak_1": "buchholz", "tiebreak_2": "match_points"})
    assert response.status_code == 400 and "Первый показатель — командные очки матчей" in response.content.decode()
