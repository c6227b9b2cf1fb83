"""The tournament's report of an individual event prints the player × round grid in place of the cross table."""
import io
import re

import pdfplumber
import pytest

from core.pdf import WIDTH
from events import individual_selectors
from events.documents import pack
from scoring.reports.pdf_grid import grid_flowables
from tests.factories import make_individual, make_round, make_tournament
from tests.reports.test_report_pdf import text_of
from tests.tournaments.individual_events import five_players, make_individual_round, set_result

pytestmark = pytest.mark.django_db
LONG = "Константинопольская-Преображенская Анастасия-Виктория Александровна-Владимировна"


def test_the_report_holds_the_grid_with_each_players_cells():
    t = five_players()
    text = text_of(pack.final_report(t))
    assert "Таблица по турам" in text and "Турнирная таблица" not in text
    assert "ст. 1 · с 2 × 3, 4 + 101:40" in text  # player 1, round 1
    assert "ст. 1 · с 3 × 5, 2 − 30:101" in text  # player 1, round 2
    assert "пропуск тура" in text and "Семёнов Пётр" in text


def test_a_pair_events_report_keeps_its_cross_table():
    t = make_tournament(4)
    make_round(t, 1, [(1, 2), (3, 4)])
    text = text_of(pack.final_report(t))
    assert "Турнирная таблица" in text and "Таблица по турам" not in text


def _words(data: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [w["text"] for page in pdf.pages for w in page.extract_words()]


def test_long_names_print_whole_and_many_rounds_split_into_tables_that_fit_the_page():
    t = make_individual(8, slug="solo-long")
    t.pairs.get(number=4).players.update(name=LONG)
    for n in range(1, 12):  # eleven rounds: more than one A4 width holds
        rnd = make_individual_round(t, n, [((1, 2), (3, 4)), ((5, 6), (7, 8))])
        set_result(rnd, 1, 101, 40, signed=True)
        set_result(rnd, 2, 12, 101, signed=True)
    grid = individual_selectors.grid(t)
    tables = grid_flowables(grid)
    widths = [sum(table._colWidths) for table in tables if hasattr(table, "_colWidths")]
    assert len(widths) >= 2 and all(w <= WIDTH + 0.01 for w in widths)  # A4 less the margins
    words = _words(pack.final_report(t))
    for piece in (p for word in LONG.split() for p in re.split(r"(?<=\w-)(?=\w)", word)):
        assert any(piece in w for w in words), piece  # whole, or broken only after a hyphen
    assert "Тур 11" in " ".join(words)


def test_the_sanctions_table_of_an_individual_event_keeps_its_number_heading_whole(monkeypatch):
    t = five_players()
    remark = {"pair": 3, "round": 1, "table": 1, "deal": 2, "seat": "B1", "name": "Семёнов Пётр",
              "reason": "Разговоры", "number": 1, "effect": "предупреждение"}
    monkeypatch.setattr(pack, "sanctions_of", lambda tournament: [remark])
    words = _words(pack.final_report(t))
    assert "игрока" in words and "игр" not in words and "ока" not in words  # «№ игрока», not «№ игр / ока»
    assert "предупреждение" in words
