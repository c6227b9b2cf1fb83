"""The pages of a team event: the organizer's teams page (a team, numbers, a line-up, a substitution, the next
round), the round's matches with their tables, a team's page and the team standings with the cross table;
hostile input gets a Russian message and never a server error."""
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from events.services import finish_round, publish_round
from events.simulation import link_signers, play_partie
from teams.models import LineUp, Team, TeamMatch
from teams.rounds import pair_team_round
from teams.services import lineup_for
from tests.teams.conftest import make_team_event, rng

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged(client, organizer):
    client.force_login(organizer)
    return client


def test_the_organizer_registers_a_team_and_a_hostile_one_is_refused_in_russian(logged, organizer):
    t = make_team_event(organizer, 1, numbered=False)
    url = reverse("teams:add", args=[t.slug])
    data = {"name": "Клин", "club": "Клин", "pair1_player1": "Аксёнов Пётр", "pair1_player2": "Борисов Иван",
            "pair2_player1": "Власов Олег", "pair2_player2": "Гусев Илья", "reserve1_name": "Дёмин Лев"}
    assert logged.post(url, data).status_code == 302
    team = Team.objects.get(tournament=t, name="Клин")
    assert team.members.count() == 2 and team.reserves.get().name == "Дёмин Лев"
    other = {"pair1_player1": "Елисеев Ян", "pair1_player2": "Жуков Ян", "pair2_player1": "Зотов Ян",
             "pair2_player2": "Ильин Ян", "reserve1_name": ""}
    for bad, words in (({"name": ""}, "Укажите: название команды"), ({"name": "a\x00b"}, "Название команды"),
                       ({"pair2_player2": ""}, "Пара 2: Укажите: фамилия и имя игрока 2"),
                       ({"name": "x" * 300}, "не длиннее"), ({"reserve1_name": "Зотов Ян"}, "дважды"),
                       ({"pair1_player1": "Аксёнов Пётр"}, "Пара 1: Игрок «Аксёнов Пётр» уже зарегистрирован")):
        response = logged.post(url, {**data, **other, "name": "Новая", **bad})
        assert response.status_code == 400
        assert words in response.content.decode()
    page = logged.get(reverse("teams:manage", args=[t.slug]))
    assert "Клин" in page.content.decode() and "Разыграть номера команд" in page.content.decode()


def test_a_line_up_through_the_page_and_the_round_page_shows_each_match_and_its_tables(logged, organizer):
    t = make_team_event(organizer, 4)
    team = t.teams.get(number=1)
    first, second = lineup_for(team, 1)
    url = reverse("teams:lineup", args=[t.slug, team.pk])
    prefix = f"t{team.pk}"
    assert logged.post(url, {f"{prefix}-round": "1", f"{prefix}-table1": str(second),
                             f"{prefix}-table2": str(first)}).status_code == 302
    assert LineUp.objects.get(team=team, round_number=1).pairs == [second, first]
    for bad in ({f"{prefix}-round": "1", f"{prefix}-table1": str(first), f"{prefix}-table2": str(first)},
                {f"{prefix}-round": "один", f"{prefix}-table1": str(first), f"{prefix}-table2": str(second)},
                {f"{prefix}-round": "1", f"{prefix}-table1": "99999999999999999999", f"{prefix}-table2": "x"}):
        response = logged.post(url, bad)
        assert response.status_code == 400
        text = response.content.decode()
        assert "ровно за одним столом" in text or "целое число" in text or "Выберите" in text
    assert logged.post(reverse("teams:pair_round", args=[t.slug])).status_code == 302
    rnd = t.rounds.get(number=1)
    page = logged.get(reverse("teams:round", args=[t.slug, 1])).content.decode()
    assert page.count('class="match"') == 2 and "Опубликовать тур" in page
    assert TeamMatch.objects.filter(round=rnd).count() == 2
    publish_round(organizer, rnd)
    response = logged.post(url, {f"{prefix}-round": "1", f"{prefix}-table1": str(first),
                                 f"{prefix}-table2": str(second)})
    assert response.status_code == 400 and "расстановка команды на него закрыта" in response.content.decode()


def test_the_public_pages_show_the_matches_the_team_and_the_standings(client, organizer):
    t = make_team_event(organizer, 4, rounds=1)
    rnd = pair_team_round(organizer, t)
    publish_round(organizer, rnd)
    signers = link_signers(t, "1")
    for partie in rnd.parties.select_related("round__tournament", "pair_a", "pair_b"):
        play_partie(organizer, partie, rng(), signers)
    finish_round(organizer, rnd)
    page = client.get(reverse("teams:round", args=[t.slug, 1])).content.decode()
    assert "Итог матча" in page and page.count("/protocols/") == 4
    standings = client.get(reverse("teams:standings", args=[t.slug])).content.decode()
    assert "Турнирная таблица команд" in standings and standings.count('id="team-row-') == 4
    team = client.get(reverse("teams:team", args=[t.slug, 1])).content.decode()
    assert "Расстановка по турам" in team and "протокол" in team
    assert client.get(reverse("teams:team", args=[t.slug, 99])).status_code == 404
    assert client.get(reverse("teams:manage", args=[t.slug])).status_code == 302  # login first
    sheet = client.get(reverse("teams:match_sheet", args=[t.slug, 1, 1]))
    assert sheet["Content-Type"] == "application/pdf"
    text = PdfReader(io.BytesIO(sheet.content)).pages[0].extract_text()
    match = TeamMatch.objects.get(round=rnd, number=1)
    result = text.split("Итог матча")[1]
    assert "Протокол матча команд" in text and match.team_a.name in text and "Капитан команды B" in text
    assert "Судья матча" in text and "командные очки" in result and "____" not in result.split("Капитан")[0]
    assert client.get(reverse("teams:match_sheet", args=[t.slug, 1, 9])).status_code == 404
    book = load_workbook(io.BytesIO(client.get(reverse("teams:workbook", args=[t.slug])).content))
    standings_rows = list(book.worksheets[0].iter_rows(values_only=True))
    assert len(standings_rows) == 5 and standings_rows[1][0] == 1
    assert sum(r[4] for r in standings_rows[1:]) == 4  # two matches: 2 points each (won) or 1 + 1 (drawn)
    assert len(list(book.worksheets[1].iter_rows(values_only=True))) == 1 + 4  # a row per table


def test_the_settings_form_refuses_hostile_values_in_russian(logged, organizer):
    t = make_team_event(organizer, 0, numbered=False)
    url = reverse("teams:settings", args=[t.slug])
    good = {"pairs_per_team": "3", "win_points": "3", "draw_points": "1", "loss_points": "0"}
    for bad, words in (({"pairs_per_team": "9"}, "от 1 до 4"), ({"win_points": "٣"}, "целое число"),
                       ({"tiebreak_1": "match_points", "tiebreak_2": "<script>"}, "Выберите корректный вариант"),
                       ({"tiebreak_1": "match_points", "tiebreak_2": "match_points"}, "Показатель повторяется"),
                       ({"draw_points": "5"}, "больше очков")):
        response = logged.post(url, {**good, **bad})
        assert response.status_code == 400 and words in response.content.decode()
    assert logged.post(url, good).status_code == 302
    t.team_event.refresh_from_db()
    assert (t.team_event.pairs_per_team, t.team_event.win_points) == (3, 3)
    assert 'id="teams-link"' in logged.get(reverse("tournaments:manage", args=[t.slug])).content.decode()
