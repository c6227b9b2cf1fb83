"""An individual event's documents speak of sides of two players, never of pairs
(``tournaments.formats.IndividualFormat``): the protocol's sheet (its result line, the remarks' number column,
the outcome of a no-show naming the absent player) and the workbook's entrants and tables (both partners of each
side, no empty «Игрок 2» or «Рейтинг»). Read back with pdfplumber and openpyxl."""
import io

import pdfplumber
import pytest
from django.urls import reverse
from openpyxl import load_workbook

from events.documents import exports
from scoring import services
from tests.factories import make_referee
from tests.individual_tables import individual_event, names_by_number
from tests.referees.helpers import play

pytestmark = pytest.mark.django_db


def pdf_text(data: bytes) -> str:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


@pytest.fixture
def played():
    """Round 1 of nine players: table 1 (1 + 4 against 2 + 3) lost by a no-show of seat A2 (player 4), table 2
    (5 + 8 against 6 + 7) played with a remark to B2 (player 7), player 9 sits out."""
    t, rnd = individual_event()
    referee = make_referee(t)
    first = rnd.parties.get(table=1)
    protocol = services.ensure_protocol(first)
    services.record_no_show(referee, first, "A", seats=["A2"], expected_version=protocol.version)
    second = rnd.parties.get(table=2)
    protocol = services.ensure_protocol(second)
    protocol = services.give_remark(referee, second, deal=1, seat="B2", reason="talking",
                                    expected_version=protocol.version)
    play(referee, second)
    return t, rnd


def test_the_sheet_of_an_individual_table_names_sides_and_the_player_s_number(played):
    t, rnd = played
    text = pdf_text(exports.protocol_pdf(rnd.parties.get(table=2).protocol, sign=False))
    assert "Итог партии: сторона A № 5 + 8" in text and "сторона B № 6 + 7" in text
    assert "Победила сторона A № 5 + 8" in text
    assert "пары" not in text and "пара" not in text  # the remarks' column too: «№ игрока», no «№ пары»


def test_the_sheet_of_a_no_show_names_the_player_who_did_not_come(played):
    t, rnd = played
    names = names_by_number(t)
    text = pdf_text(exports.protocol_pdf(rnd.parties.get(table=1).protocol, sign=False))
    assert f"Неявка: A2 №4 {names[4]} (сторона A № 1 + 4)" in text
    assert "победа стороны B № 2 + 3" in text and "Неявка пары" not in text


def test_the_blank_sheet_of_an_individual_table_names_sides(client, organizer, played):
    t, rnd = played
    client.force_login(organizer)
    response = client.get(reverse("reports:blank_sheets", args=[t.slug, 1]))
    text = pdf_text(response.content)
    assert "сторона A № 1 + 4" in text and "Победитель: сторона" in text and "пара A №" not in text


def test_the_workbook_lists_players_and_tables_of_four(played):
    t, rnd = played
    names = names_by_number(t)
    book = load_workbook(io.BytesIO(exports.workbook(t)))
    assert "Пары" not in book.sheetnames and "Пары по турам" not in book.sheetnames
    players = list(book["Участники"].iter_rows(values_only=True))
    assert players[0][:4] == ("№ игрока", "Игрок", "Клуб / город", "Рейтинг")
    assert "Игрок 2" not in players[0]
    assert {row[0]: row[1] for row in players[1:]} == names
    tables = list(book["Столы по турам"].iter_rows(values_only=True))
    header = tables[0]
    rows = {(r[0], r[1]): dict(zip(header, r)) for r in tables[1:]}
    second = rows[(1, 2)]
    assert (second["№ A1 + A2"], second["№ B1 + B2"]) == ("5 + 8", "6 + 7")
    assert second["Игроки A"] == f"№5 {names[5]} — №8 {names[8]}"
    assert second["Игроки B"] == f"№6 {names[6]} — №7 {names[7]}"
    assert rows[(1, 1)]["Как окончена"] == f"неявка: №4 {names[4]}"
    sitout = rows[(1, None)]
    assert sitout["№ A1 + A2"] == "9" and sitout["Игроки B"] == "пропуск тура"
