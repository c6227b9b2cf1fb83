"""The workbook of an individual event: the player × round grid instead of the cross table (read back with openpyxl)."""
import io

import pytest
from openpyxl import load_workbook

from events.documents import exports, pack
from tests.factories import make_individual, make_round, make_tournament
from tests.reports.test_report_pdf import text_of
from tests.tournaments.individual_events import five_players, make_individual_round, set_result

pytestmark = pytest.mark.django_db


def sheet_rows(data: bytes, title: str):
    wb = load_workbook(io.BytesIO(data), read_only=True)
    return wb.sheetnames, [list(r) for r in wb[title].iter_rows(values_only=True)] if title in wb.sheetnames else []


def test_the_grid_sheet_has_a_line_per_player_and_five_columns_per_round():
    t = five_players()
    names, rows = sheet_rows(exports.workbook(t), "Таблица по турам")
    assert "Таблица по турам" in names and "Турнирная таблица" not in names
    head, *lines = rows
    assert head[:8] == ["№", "Игрок", "Клуб / город", "Тур 1: стол", "партнёр", "соперники", "итог", "счёт"]
    assert head[-1] == "Очки матча" and len(head) == 3 + 5 * 2 + 1  # rounds 1 and 2: the draft is not in the file
    one = lines[0]
    assert one[:3] == [1, "Иванов Иван", "Тверь"]
    assert one[3:8] == [1, 2, "3, 4", "+", "101:40"]
    assert one[8:13] == [1, 3, "5, 2", "−", "30:101"]
    five = lines[4]
    assert five[0] == 5 and five[6] == "пропуск тура" and five[3] is None
    assert five[8:13] == [1, 2, "1, 3", "+", "101:30"]
    assert [line[-1] for line in lines] == [1, 2, 0, 1, 2]


def test_a_name_that_looks_like_a_formula_stays_text():
    t = five_players()
    t.pairs.get(number=2).players.update(name="=HYPERLINK(\"x\")")
    _names, rows = sheet_rows(exports.workbook(t), "Таблица по турам")
    assert rows[2][1] == "=HYPERLINK(\"x\")"
    assert rows[1][4] == 2  # the partner's number stays a number


def test_a_pair_event_keeps_its_cross_table():
    t = make_tournament(4)
    make_round(t, 1, [(1, 2), (3, 4)])
    names, rows = sheet_rows(exports.workbook(t), "Турнирная таблица")
    assert "Турнирная таблица" in names and "Таблица по турам" not in names and len(rows) == 5


def test_a_kozel_event_writes_the_goats_own_first():
    t = make_individual(4, slug="solo-kozel", rules_preset="kozel")
    rnd = make_individual_round(t, 1, [((1, 2), (3, 4))])
    set_result(rnd, 1, 90, 57, signed=True, goats=(0, 2))  # side A won: its opponents got two goats
    _names, rows = sheet_rows(exports.workbook(t), "Таблица по турам")
    head, one, _two, three, _four = rows
    assert head[7] == "козлы"
    assert one[3:8] == [1, 2, "3, 4", "+", "0:2 к."]
    assert three[3:8] == [1, 4, "1, 2", "−", "2:0 к."]
    assert "В «Козле» счёт — козлы партии." in text_of(pack.final_report(t))
