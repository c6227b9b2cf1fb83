"""An individual event's printouts: table cards, blank and signed sheets, the print pack and the pairings PDF print
every table's four players whole, in seat order, with their numbers, on A4; a pair event's prints are unchanged."""
import io

import pdfplumber
import pytest
from django.urls import reverse
from pypdf import PdfReader

from events.documents import exports
from scoring import services
from tests.factories import make_referee, make_round, make_tournament
from tests.individual_tables import individual_event, names_by_number
from tests.kozel_protocols import KOZEL_TWO_GAMES, record
from tests.referees.helpers import play
from tests.reports.conftest import sign
from tests.reports.test_names_whole_pdf import LONG, assert_names_whole_and_inside
from tournaments.models import Player

pytestmark = pytest.mark.django_db
SEATS = (("A1", 1), ("A2", 4), ("B1", 2), ("B2", 3))  # table 1 of tests.individual_tables


def text_of(data: bytes) -> str:
    reader = PdfReader(io.BytesIO(data))
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (595, 842)  # A4
    return " ".join("\n".join(page.extract_text() for page in reader.pages).split())


@pytest.fixture
def event(organizer):
    t, rnd = individual_event()
    Player.objects.filter(pair__tournament=t, pair__number=4).update(name=LONG)  # the longest plausible name
    return t, rnd, names_by_number(t)


def pdf(client, organizer, t, kind):
    client.force_login(organizer)
    if kind in ("blank", "signed"):
        response = client.get(reverse(f"reports:{kind}_sheets", args=[t.slug, 1]))
    elif kind == "pairings":
        response = client.get(reverse("reports:pairings_pdf", args=[t.slug, 1]))
    else:
        response = client.get(reverse("tournaments:print", args=[t.slug, 1, kind]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return response.content


def test_a_table_card_prints_the_four_players_with_seats_and_numbers(client, organizer, event):
    t, _rnd, names = event
    data = pdf(client, organizer, t, "table-cards")
    first = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    flat = " ".join(first.split())
    assert "Стол 1" in flat and "A: №1 (A1) + №4 (A2)" in flat and "B: №2 (B1) + №3 (B2)" in flat
    for seat, number in SEATS:
        assert f"№{number}" in flat and seat in flat
    assert "Партнёры сидят друг напротив друга" in flat
    assert len(PdfReader(io.BytesIO(data)).pages) == 2  # two tables; the sit-out has no card
    for seat, number in SEATS:  # each seat over its player's number and name on the card of table 1
        assert f"{seat} №{number} {names[number].split()[0]}" in flat, seat
    assert_names_whole_and_inside(data, [names[n] for n in range(1, 9)], per_page=False)


def test_the_blank_sheet_heads_each_side_with_its_two_numbers_and_prints_every_name_whole(client, organizer, event):
    t, _rnd, names = event
    data = pdf(client, organizer, t, "blank")
    text = text_of(data)
    assert "№1 + №4" in text and "№2 + №3" in text and "Сторона A" in text
    assert "сторона A № 1 + 4" in text and "сторона B № 2 + 3" in text and "пара A" not in text
    with pdfplumber.open(io.BytesIO(data)) as doc:
        first = doc.pages[0].extract_text()
    # seat order on the sheet: A1 then A2 on the left, B1 then B2 on the right
    assert f"A1 №1 {names[1]} B1 №2 {names[2]}" in first and f"B2 №3 {names[3]}" in first
    assert first.index("A1 №1") < first.index("№4 Константинопольская") < first.index("B2 №3")
    assert_names_whole_and_inside(data, [names[n] for n in range(1, 9)], per_page=False)


def test_the_signed_sheet_of_an_individual_table(client, organizer, event):
    t, rnd, names = event
    partie = rnd.parties.get(table=1)
    referee = make_referee(t)
    protocol = play(referee, partie)  # RULES.md §8: the partie ends 48 : 35
    t.signing_method = "referee_attests"  # the referee attests the four players' signatures on paper
    t.save(update_fields=["signing_method"])
    services.sign_protocol(referee, partie, role="referee", expected_version=protocol.version)
    data = pdf(client, organizer, t, "signed")
    text = text_of(data)
    assert "Протокол партии (подписан)" in text and "№1 + №4" in text
    assert ("Победила сторона A № 1 + 4" in text) or ("Победила сторона B № 2 + 3" in text)
    assert "пара A" not in text and "пара B" not in text
    assert_names_whole_and_inside(data, [names[1], names[4], names[2], names[3]])


def test_the_print_pack_and_the_pairings_pdf_list_tables_and_the_sit_out(client, organizer, event):
    t, _rnd, names = event
    by_table = text_of(pdf(client, organizer, t, "pairings-tables"))
    assert "игроки по столам" in by_table and "Сторона A: A1 + A2" in by_table
    assert f"A1 №1 {names[1]}" in by_table and f"B2 №3 {names[3]}" in by_table
    assert f"№9 {names[9]} Пропускает тур" in by_table
    by_name = text_of(pdf(client, organizer, t, "pairings-names"))
    assert "игроки по алфавиту" in by_name and names[9] in by_name
    data = pdf(client, organizer, t, "pairings")
    listing = text_of(data)
    assert "1 + 4" in listing and "2 + 3" in listing and f"A1 {names[1]}" in listing and "пропускает тур" in listing
    assert_names_whole_and_inside(data, [names[1], names[2], names[3]], per_page=False)


def test_a_pair_events_table_card_and_sheet_are_unchanged(client, organizer):
    t = make_tournament(4)
    make_round(t, 1, [(1, 2), (3, 4)])
    card = text_of(pdf(client, organizer, t, "table-cards"))
    assert "Пара A: №1" in card and "Партнёры сидят" not in card and "(A1)" not in card
    sheet = text_of(pdf(client, organizer, t, "blank"))
    assert "Пара A" in sheet and "Сторона A" not in sheet and "пара A № 1 " in sheet


def test_a_signed_kozel_sheet_names_each_side_by_its_two_numbers_and_a_remark_by_its_player(db):
    t, rnd = individual_event(rules_preset="kozel", rules_overrides={"games_per_partie": 2}, slug="solo-kozel")
    names = names_by_number(t)
    partie = rnd.parties.get(table=1)
    protocol = record(partie, KOZEL_TWO_GAMES, [{"deal": 5, "player": "B2", "reason": "talking"}], signed=False)
    protocol = sign(protocol, *(names[n] for _seat, n in SEATS))  # A1, A2, B1, B2
    data = exports.protocol_pdf(protocol, sign=False)
    text = text_of(data)
    assert "Итог партии: сторона A № 1 + 4 — козлов" in text and "сторона B № 2 + 3" in text
    assert "козёл — сторона" in text and "Победила сторона B № 2 + 3" in text and "пара" not in text
    with pdfplumber.open(io.BytesIO(data)) as doc:
        remarks = doc.pages[0].extract_text()
    remark = remarks[remarks.index("Замечания и санкции"):].splitlines()[2]
    assert remark == f"5 B2 {names[3]} Разговоры 3 1 предупреждение"  # «№» is B2's own number, not side B's 2
    assert_names_whole_and_inside(data, [names[n] for _s, n in SEATS])
