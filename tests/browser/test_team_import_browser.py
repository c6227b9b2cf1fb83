"""The organizer's team form and the import of teams from a file in Chromium at 390 and 1280 px: every error of
the form at once beside its field, the file's preview, the confirmation, its report of errors; and a knockout's
match the extra deals decided, marked on the bracket page with its legend."""
import io

import pytest
from django.urls import reverse
from openpyxl import Workbook

from teams.imports import COLUMNS
from teams.models import Team
from tests.teams.conftest import make_team_event
from tests.tournaments.test_bracket_extra_deals import build_knockout

from .conftest import login
from .test_hall import BROKEN_WORDS_JS, no_horizontal_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [390, 1280]


def teams_file(rows) -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.append([h for _k, h, _r in COLUMNS])
    for row in rows:
        ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def team(name, k, club="Сергиев Посад"):
    return [[name, club, 1, f"Преображенская Анастасия {k}", "Сергиев Посад", 1520, f"RU-{k}1"],
            [name, club, 1, f"Римский-Корсаков Николай {k}", "", "", ""],
            [name, club, 2, f"Власов Олег {k}", "Дмитров", "", ""],
            [name, club, 2, f"Гусев Илья {k}", "", 1400, ""],
            [name, club, "З", f"Дёмин Лев {k}", "", "", ""]]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_team_form_shows_every_error_beside_its_field(live_server, new_page, artifacts, organizer, width):
    tournament = make_team_event(organizer, 1, numbered=False)
    page = new_page({"width": width, "height": 900})
    login(page, live_server.url, "organizer", "domino2026")
    page.goto(live_server.url + reverse("teams:manage", args=[tournament.slug]))
    page.fill("#id_club", "Клин")
    page.fill("#id_pair1_player1", "Аксёнов Пётр")
    page.fill("#id_pair1_player1_rating", "много")
    page.fill("#id_pair1_player2", "Борисов Иван")
    page.fill("#id_pair2_player2", "Гусев Илья")
    page.click("#team-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    for field, words in (("name", "название команды"), ("pair1_player1_rating", "целое число"),
                         ("pair2_player1", "фамилия и имя игрока 1")):
        assert words in page.inner_text(f"#row-{field} .errorlist"), field
    assert page.query_selector_all("#team-form .errorlist").__len__() == 3
    page.screenshot(path=str(artifacts / f"team-form-errors-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page) and page.evaluate(BROKEN_WORDS_JS) == []


@pytest.mark.parametrize("width", WIDTHS)
def test_teams_from_a_file_previewed_then_confirmed(live_server, new_page, artifacts, organizer, width, tmp_path):
    tournament = make_team_event(organizer, 1, numbered=False)
    page = new_page({"width": width, "height": 900})
    login(page, live_server.url, "organizer", "domino2026")
    page.goto(live_server.url + reverse("teams:manage", args=[tournament.slug]))
    page.click("#team-import-link a")
    bad_rows = team("Сергиев Посад", 1) + team("Дмитров", 2, club="Дмитров")[:3]
    bad_rows[1][5] = "много"
    bad = tmp_path / "bad.xlsx"
    bad.write_bytes(teams_file(bad_rows))
    page.set_input_files("#id_file", str(bad))
    page.click("#import-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    report = page.inner_text(".import-errors")
    assert "Рейтинг (F)" in report and "Пара (C)" in report
    page.screenshot(path=str(artifacts / f"team-import-errors-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page) and page.evaluate(BROKEN_WORDS_JS) == []

    good = tmp_path / "teams.xlsx"
    good.write_bytes(teams_file(team("Сергиев Посад", 1) + team("Дмитров", 2, club="Дмитров")))
    page.set_input_files("#id_file", str(good))
    page.click("#import-form button[type=submit]")
    page.wait_for_load_state("networkidle")
    preview = page.inner_text("#import-preview")
    assert "Римский-Корсаков Николай 1" in preview and "Дёмин Лев 2" in preview
    assert Team.objects.filter(tournament=tournament).count() == 1
    page.screenshot(path=str(artifacts / f"team-import-preview-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page) and page.evaluate(BROKEN_WORDS_JS) == []
    page.click("#import-confirm button")
    page.wait_for_load_state("networkidle")
    assert "Зарегистрированы 2 команды из файла." in page.inner_text("main")
    assert Team.objects.filter(tournament=tournament).count() == 3


@pytest.mark.parametrize("width", WIDTHS)
def test_a_match_the_extra_deals_decided_is_marked_on_the_bracket(live_server, new_page, artifacts,
                                                                   django_user_model, width):
    tournament = build_knockout(django_user_model.objects.create_user("org", password="x"))
    page = new_page({"width": width, "height": 844})
    page.goto(live_server.url + reverse("tournaments:bracket", args=[tournament.slug]))
    assert page.inner_text("#match-1-2 .extra-mark") == "доп. раздачи"
    assert page.query_selector("#match-1-1 .extra-mark") is None
    assert page.is_visible("#legend-extra-decided") and not page.is_visible("#bracket-legend .legend-extra")
    page.screenshot(path=str(artifacts / f"bracket-extra-decided-{width}.png"), full_page=True)
    assert no_horizontal_scroll(page) and page.evaluate(BROKEN_WORDS_JS) == []
    board = new_page({"width": width, "height": 844})
    board.goto(live_server.url + reverse("tournaments:bracket_projector", args=[tournament.slug]))
    assert board.inner_text("#match-1-2 .extra-mark") == "доп. раздачи"
    assert board.is_visible(".board .foot .legend-extra-decided")
    board.screenshot(path=str(artifacts / f"bracket-board-extra-decided-{width}.png"))
