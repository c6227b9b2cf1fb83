"""The whole-tournament workbook's deals sheet in the Kozel family: the game of each deal, the recorded and
remembered points and the eggs, as the score sheet has them; hand points: the referee's note, as text.
Every figure is compared with the engine's score of the stored protocol."""
import io

import pytest
from openpyxl import load_workbook

from engine.rules import score_protocol
from events.documents import exports
from scoring.protocol_json import protocol_to_json
from scoring.reports.game_sheets import marks_text
from tests.kozel_protocols import HAND_DEALS, KOZEL_TWO_GAMES, generated, partie_of, record

pytestmark = pytest.mark.django_db


def deal_rows(partie):
    book = load_workbook(io.BytesIO(exports.workbook(partie.round.tournament)))
    sheet = book["Раздачи"]
    header = [c.value for c in sheet[1]]
    rows = [dict(zip(header, [c.value for c in r])) for r in sheet.iter_rows(min_row=2)]
    cells = {c.value: c for r in sheet.iter_rows(min_row=2) for c in r if isinstance(c.value, str)}
    return header, rows, cells


def test_kozel_deals_carry_their_game_and_remembered_points():
    partie = partie_of("kozel", {"games_per_partie": 2})
    result = score_protocol(protocol_to_json(record(partie, KOZEL_TWO_GAMES)))
    header, rows, _cells = deal_rows(partie)
    assert header[4:6] == ["Раздача", "Игра"]
    assert {"Запомн. A", "Запомн. B", "Яйца", "Пометки"} <= set(header) and "Примечание" not in header
    assert [r["Раздача"] for r in rows] == [d.n for d in result.deals]
    for row, d in zip(rows, result.deals):
        assert (row["Игра"], row["Очки A"], row["Очки B"], row["Сумма A"], row["Сумма B"]) == (
            d.game, d.points_a, d.points_b, d.running_a, d.running_b)
        assert (row["Запомн. A"], row["Запомн. B"], row["Яйца"]) == (d.remembered["A"], d.remembered["B"], d.eggs)
        assert (row["Пометки"] or "") == marks_text(d)
    # The example has both games, remembered points, a tied block's eggs and the deal that takes them.
    assert {r["Игра"] for r in rows} == {1, 2}
    assert any(r["Запомн. B"] for r in rows) and any(r["Яйца"] for r in rows)
    assert any("+яйца" in (r["Пометки"] or "") for r in rows)
    assert next(r for r in rows if r["Раздача"] == 3)["Кто"] == "A1"  # the fisher of the block


def test_morskoy_deals_have_no_remembered_columns():
    partie = partie_of("morskoy-kozel")
    result = score_protocol(protocol_to_json(record(partie, generated(partie, 3))))
    header, rows, _cells = deal_rows(partie)
    assert "Игра" in header and "Яйца" in header and "Запомн. A" not in header  # Morskoy forgets small values
    for row, d in zip(rows, result.deals):
        assert (row["Игра"], row["Очки A"], row["Очки B"], row["Яйца"]) == (d.game, d.points_a, d.points_b, d.eggs)
        assert (row["Пометки"] or "") == marks_text(d)


def test_hand_points_deals_keep_the_note_as_text():
    partie = partie_of("hand-points")
    result = score_protocol(protocol_to_json(record(partie, HAND_DEALS)))
    header, rows, cells = deal_rows(partie)
    assert "Игра" not in header and "Примечание" in header
    for row, d, raw in zip(rows, result.deals, HAND_DEALS):
        assert (row["Очки A"], row["Очки B"], row["Примечание"] or "") == (d.points_a, d.points_b, raw.get("note", ""))
    assert cells["=1+2"].data_type == "s"  # a note that looks like a formula stays text


def test_sport_deals_sheet_is_unchanged():
    partie = partie_of("pusto-shest")
    header, _rows, _cells = deal_rows(partie)
    assert header[4:6] == ["Раздача", "Заход"]
    assert not {"Игра", "Примечание", "Пометки"} & set(header)
