"""docs/rules-individual.md §7 on a small event worked out by hand: five players, three rounds, a drawn partie and a
sit-out each round (a win 2 match points, a draw 1, a sit-out the win, 0 : 0). Every output of the standings — the
page, the projector, the workbook's standings sheet and the PDF — prints every column §7 lists, with these figures.

Round 1: 1 + 2 beat 3 + 4, 20 : 0 (one deal won), 5 sits out.
Round 2: 1 + 3 and 2 + 5 draw 5 : 5 (one deal each), 4 sits out.
Round 3: 1 + 4 beat 3 + 5, 10 : 0 (two deals), 2 sits out.

Match points: 1 — 2 + 1 + 2 = 5; 2 — 2 + 1 + 2 (sit-out) = 5; 3 — 0 + 1 + 0 = 1; 4 — 0 + 2 (sit-out) + 2 = 4;
5 — 2 (sit-out) + 1 + 0 = 3.
Buchholz (both opponents of each partie): 1 — (3, 4) 1 + 4, (2, 5) 5 + 3, (3, 5) 1 + 3 = 17; 2 — (3, 4) 5 +
(1, 3) 6 = 11; 3 — (1, 2) 10 + (2, 5) 8 + (1, 4) 9 = 27; 4 — (1, 2) 10 + (3, 5) 4 = 14; 5 — (1, 3) 6 + (1, 4) 9 = 15.
Partners: 1 — 2, 3, 4: 5 + 1 + 4 = 10; 2 — 1, 5: 8; 3 — 4, 1, 5: 12; 4 — 3, 1: 6; 5 — 2, 3: 6.
Sonneborn-Berger (a win the opponents' sum, a draw half of it): 1 — 5 + 8/2 + 4 = 13; 2 — 5 + 6/2 = 8;
3 — 8/2 = 4; 4 — 4; 5 — 6/2 = 3.
Order (match points, difference): 1 (5, +30), 2 (5, +20), 4 (4), 5 (3), 3 (1).
"""
import io
import re

import pdfplumber
import pytest
from django.urls import reverse
from openpyxl import load_workbook

from events.documents import exports
from tests.factories import make_individual
from tests.reports.individual_cup import play_rounds
from tests.reports.test_individual_standings_pages import RULES_HEADINGS, page_headers, page_rows

pytestmark = pytest.mark.django_db

ROUNDS = [(1, 2, 3, 4, 5, (20, 0, 0, 0)), (1, 3, 2, 5, 4, (5, -5, 0, 0)), (1, 4, 3, 5, 2, (5, 5, 0, 0))]
# number: played, wins, draws, losses, sit-outs, match points, for, against, difference, deals won, Buchholz,
# partners' score, Sonneborn-Berger — §7's columns in its order
BY_HAND = {
    1: (3, 2, 1, 0, 0, 5, 35, 5, 30, 4, 17, 10, 13),
    2: (2, 1, 1, 0, 1, 5, 25, 5, 20, 2, 11, 8, 8),
    3: (3, 0, 1, 2, 0, 1, 5, 35, -30, 1, 27, 12, 4),
    4: (2, 1, 0, 1, 1, 4, 10, 20, -10, 2, 14, 6, 4),
    5: (2, 0, 1, 1, 1, 3, 5, 15, -10, 1, 15, 6, 3),
}
ORDER = [1, 2, 4, 5, 3]


@pytest.fixture
def drawn(db):
    t = make_individual(5, slug="drawn-cup", is_public=True, pairing_system="round_robin", rounds_planned=5,
                        rules_overrides={"partie_length": "deals", "deals_per_partie": 4, "extra_deal_on_tie": False,
                                         "match_points_win": 2, "match_points_draw": 1})
    return play_rounds(t, ROUNDS)


def test_the_page_prints_every_column_of_the_rules_with_the_figures_worked_out_by_hand(client, drawn):
    html = client.get(reverse("reports:standings", args=[drawn.slug])).content.decode()
    # then the default order's head-to-head, which §7 does not list (empty: it decided nothing here)
    assert page_headers(html)[4:] == [*RULES_HEADINGS, "Личные встречи"]
    rows = page_rows(html)
    assert [int(r[1]) for r in rows] == ORDER and [r[0] for r in rows] == ["1", "2", "3", "4", "5"]
    assert {int(r[1]): tuple(int(x) for x in r[4:17]) for r in rows} == BY_HAND
    assert {r[17] for r in rows} == {""}


def test_the_workbook_prints_them_too(drawn):
    for data in (exports.workbook(drawn), exports.standings_workbook(drawn)):
        sheet = load_workbook(io.BytesIO(data)).worksheets[0]
        header = [c.value for c in sheet[1]]
        assert header[5:] == ["Партий", "Побед", "Ничьих", "Поражений", "Пропусков", "Очки матча", "Очки за",
                              "Очки против", "Разность", "Выиграно раздач", "Бухгольц соперников", "Очки партнёров",
                              "Зоннеборн-Бергер", "Личные встречи"]
        lines = list(sheet.iter_rows(min_row=2, values_only=True))
        assert [line[1] for line in lines] == ORDER
        assert {line[1]: tuple(line[5:18]) for line in lines} == BY_HAND


def test_the_pdf_prints_them_on_a_landscape_page(drawn):
    with pdfplumber.open(io.BytesIO(exports.standings_pdf(drawn))) as pdf:
        page = pdf.pages[0]
        table = page.extract_tables()[0]
        assert page.width > page.height
    header = [" ".join((c or "").split()) for c in table[0]]
    assert header[4:] == ["Игр", "Поб.", "Нич.", "Пор.", "Проп.", "Очки матча", "За", "Против", "Разн.", "Раздач",
                          "Бухг.", "Очки партн.", "З.-Б.", "Личн. встр."]
    assert {int(line[1]): tuple(int(x) for x in line[4:17]) for line in table[1:]} == BY_HAND


def test_the_projector_adds_the_rest_of_the_figures(client, drawn):
    html = client.get(reverse("reports:projector", args=[drawn.slug])).content.decode()
    head = html.split("<thead>", 1)[1].split("</thead>", 1)[0]
    headings = [" ".join(re.sub(r"<[^>]+>", " ", th).split()) for th in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)]
    assert headings == ["Место", "№ игрока", "Игрок", "Партий", "Очки матча", "Очки", "Разность", "Ничьих",
                        "Против", "Раздач", "Бухгольц", "Очки партнёров", "З.-Б."]
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    lines = [[" ".join(re.sub(r"<[^>]+>", " ", td).split()) for td in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
             for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]
    by_number = {int(line[1]): [int(x) for x in line[3:]] for line in lines}
    for number, (played, _w, draws, _l, _b, mp, points, against, diff, deals, buchholz, partners, sb) in BY_HAND.items():
        assert by_number[number] == [played, mp, points, diff, draws, against, deals, buchholz, partners, sb]
    # the tie-breaks of the order from a tablet on, the others on a full-HD hall screen
    assert '<th class="num opt">Бухгольц</th>' in head and '<th class="num opt wide xwide">Ничьих</th>' in head
