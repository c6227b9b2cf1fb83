"""The standings PDF and the report of an individual event, read back with pdfplumber: a line per player with his
number, whole name, club and the tie-break figures; the report's round-by-round table names partners and
opponents."""
import io

import pdfplumber
import pytest

from events.documents import exports, pack
from tests.reports.individual_cup import BUCHHOLZ, MATCH_POINTS, NAMES, PARTNERS, individual_cup

pytestmark = pytest.mark.django_db


@pytest.fixture
def solo(db):
    return individual_cup()


def tables_of(data: bytes) -> list:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [t for page in pdf.pages for t in page.extract_tables()]


def words(value) -> str:
    return " ".join((value or "").split())


def test_the_standings_pdf_has_a_line_per_player_with_his_whole_name(solo):
    data = exports.standings_pdf(solo)
    table = tables_of(data)[0]
    header = [words(c) for c in table[0]]
    assert header[:4] == ["Место", "№ игрока", "Игрок", "Клуб / город"]
    assert {"Проп.", "Очки матча", "Бухг.", "Очки партн."} <= set(header)
    lines = {int(line[1]): dict(zip(header, map(words, line))) for line in table[1:]}
    assert sorted(lines) == [1, 2, 3, 4, 5]
    for number, line in lines.items():
        assert line["Игрок"] == NAMES[number - 1]  # whole: no word broken across lines
        assert line["Клуб / город"] == f"Клуб {number}"
        assert (int(line["Очки матча"]), int(line["Бухг."]), int(line["Очки партн."])) == (
            MATCH_POINTS[number], BUCHHOLZ[number], PARTNERS[number])
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "очки партнёров (меньше — выше)" in " ".join(text.split())


def test_the_report_lists_players_and_their_partners_round_by_round(solo):
    tables = tables_of(pack.final_report(solo))
    standings, rounds = tables[0], tables[1]
    header = [words(c) for c in standings[0]]
    assert header[1:4] == ["№ игрока", "Игрок", "Клуб / город"]
    assert [words(line[2]) for line in standings[1:]] == [NAMES[n - 1] for n in (2, 1, 5, 4, 3)]
    assert [words(c) for c in rounds[0]] == ["№", "Игрок", "Тур 1", "Тур 2", "Тур 3", "Очки"]  # the grid
    by_number = {words(line[0]): [words(c) for c in line[2:]] for line in rounds[1:]}
    assert by_number["2"] == ["ст. 1 · с 1 × 3, 4 + 20:0", "ст. 1 · с 5 × 1, 3 + 10:0", "пропуск тура", "3"]
    assert by_number["3"] == ["ст. 1 · с 4 × 1, 2 − 0:20", "ст. 1 · с 1 × 2, 5 − 0:10", "ст. 1 · с 5 × 1, 4 − 0:10",
                              "0"]


def test_a_remark_is_listed_under_the_player_who_got_it(solo):
    from scoring.models import Remark

    partie = solo.rounds.get(number=2).parties.get(table=1)  # A1 = 1, A2 = 3
    Remark.objects.create(protocol=partie.protocol, deal=1, seat="A2", reason="talking")
    rows = pack.sanctions_of(solo)
    assert [(s["pair"], s["seat"]) for s in rows] == [(3, "A2")]


def test_the_lists_turn_landscape_to_keep_every_figure(db):
    kozel = individual_cup(slug="solo-kozel", preset="kozel")
    with pdfplumber.open(io.BytesIO(exports.standings_pdf(kozel))) as pdf:
        page = pdf.pages[0]
        header = [words(c) for c in page.extract_tables()[0][0]]
        assert page.width > page.height
    assert {"Козлов", "± козлов", "Рейтинг", "Бухг.", "Очки партн."} <= set(header)
    with pdfplumber.open(io.BytesIO(exports.standings_pdf(individual_cup(slug="solo-sport")))) as pdf:
        page = pdf.pages[0]
        header = [words(c) for c in page.extract_tables()[0][0]]
        assert page.width > page.height  # every figure of docs/rules-individual.md §7, none left out
    assert header[4:] == ["Игр", "Поб.", "Нич.", "Пор.", "Проп.", "Очки матча", "За", "Против", "Разн.", "Раздач",
                          "Бухг.", "Очки партн.", "З.-Б.", "Личн. встр."]
