"""The tournament's report, the table cards' lead, the PDFs' document information and the signing certificate."""
import io

import pytest
from cryptography import x509
from cryptography.x509.oid import NameOID
from pypdf import PdfReader

from engine.rules import Rules
from events.documents import exports, pack
from scoring.models import Protocol
from scoring.reports import game_sheets, pades, selectors
from tests.kozel_protocols import KOZEL_TWO_GAMES, partie_of, record
from tests.reports.test_game_sheets_pdf import deal_line, engine, pages_of
from tournaments.models import Player

pytestmark = pytest.mark.django_db
PROJECT = "Спортивное домино"


def text_of(data: bytes) -> str:
    reader = PdfReader(io.BytesIO(data))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


@pytest.fixture
def two_rounds(cup):
    """The cup with its two played rounds finished and the third one removed."""
    cup.rounds.filter(number=3).delete()
    cup.rounds.update(status="finished")
    return cup


def test_report_before_the_last_round_says_after_which_round_of_how_many(two_rounds):
    two_rounds.rounds_planned = 5
    two_rounds.save(update_fields=["rounds_planned"])
    text = text_of(pack.final_report(two_rounds))
    assert "Кубок города: отчёт, после тура 2 из 5" in text and "Положение: после тура 2 из 5" in text
    assert "итоговый" not in text.lower() and "Итоговое положение" not in text


def test_report_after_the_last_round_is_final_with_the_tiebreak_columns_and_both_signatures(two_rounds):
    two_rounds.rounds_planned = 2
    two_rounds.save(update_fields=["rounds_planned"])
    text = text_of(pack.final_report(two_rounds))
    assert "Кубок города: итоговый отчёт" in text and "Итоговое положение" in text
    assert "Главный судья" in text and "Главный секретарь" in text
    # The columns of the standings page that break ties: Buchholz (Swiss) and deals won.
    standings = selectors.load_standings(two_rounds)
    assert "buchholz" in standings.tiebreaks
    assert "Бухг." in text and "Раздач" in text
    leader = standings.rows[0]
    assert f"{leader.deals_won} {leader.buchholz:g}" in text


def test_cross_table_cell_reads_as_on_the_page(two_rounds):
    """Round 2: pair 3 beat pair 7 47 : 35; the page writes «7+», so does the PDF, never «+7»."""
    text = text_of(pack.final_report(two_rounds))
    assert "7+ 47:35" in text and "3− 35:47" in text
    assert "+7 " not in text


def test_pdfs_name_a_named_pair_and_its_players(two_rounds):
    pair = two_rounds.pairs.get(number=3)
    pair.name = "Клинчане"
    pair.save(update_fields=["name"])
    players = " — ".join(Player.objects.filter(pair=pair).order_by("number").values_list("name", flat=True))
    both = f"Клинчане ({players})"
    assert both in text_of(exports.standings_pdf(two_rounds))
    assert both in text_of(pack.final_report(two_rounds))
    assert both in text_of(exports.pairings_pdf(two_rounds, 2))
    by_table = text_of(pack.pairings_by_table(two_rounds, 2))
    assert "№3 «Клинчане»" in by_table and all(name in by_table for name in players.split(" — "))


def test_every_pdf_says_it_is_made_by_the_project(two_rounds):
    protocol = Protocol.objects.filter(partie__round__tournament=two_rounds).first()
    files = [exports.blank_sheets_pdf(two_rounds, 2), exports.protocol_pdf(protocol),
             exports.standings_pdf(two_rounds), exports.pairings_pdf(two_rounds, 2), pack.table_cards(two_rounds, 2),
             pack.pairings_by_table(two_rounds, 2), pack.pairings_by_name(two_rounds, 2), pack.final_report(two_rounds)]
    for data in files:
        info = PdfReader(io.BytesIO(data)).metadata
        assert (info.creator, info.author) == (PROJECT, PROJECT), info
        assert info.producer.startswith(PROJECT), info  # a signed file adds «; pyHanko …» after it
        assert info.subject == info.title, info


def test_a_new_signing_certificate_names_no_english_organization():
    _key, cert = pades._new_key_and_certificate("Кубок города")
    subject = x509.load_pem_x509_certificate(cert.encode()).subject
    organization = subject.get_attributes_for_oid(NameOID.ORGANIZATION_NAME)[0].value
    assert organization == "Турнир по спортивному домино"
    assert subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value == "Кубок города"


@pytest.mark.parametrize("preset,lead", [
    ("kozel", "Первую раздачу каждой игры начинает тот, у кого дубль 1-1, — с этого дубля."),
    ("morskoy-kozel", "Первую раздачу каждой игры начинает тот, у кого дубль 1-1, — с этого дубля."),
    ("pusto-shest", "Первым заходит A1."),
])
def test_table_card_says_who_leads_as_the_rules_say(db, preset, lead):
    partie = partie_of(preset, slug=f"card-{preset}")
    text = text_of(pack.table_cards(partie.round.tournament, 1))
    assert lead in text
    if preset != "pusto-shest":
        assert "Первым заходит A1" not in text


def test_table_card_of_kozel_with_rotating_lead_names_the_first_seat(db):
    partie = partie_of("kozel", {"next_lead": "rotate"}, slug="card-rotate")
    text = text_of(pack.table_cards(partie.round.tournament, 1))
    assert "Первым заходит A1." in text and "1-1" not in text


def test_blank_morskoy_sheet_has_room_for_a_long_game_and_explains_only_its_columns(db):
    assert game_sheets.BLANK_ROWS_WINNERS_RECORD[0] >= 18
    morskoy = game_sheets.blank_games(Rules.from_config({"preset": "morskoy-kozel"}))
    assert [len(g.rows) for g in morskoy.games] == [game_sheets.BLANK_ROWS_WINNERS_RECORD[0]]
    partie = partie_of("morskoy-kozel", slug="blank-morskoy")
    pages = pages_of(exports.blank_sheets_pdf(partie.round.tournament, 1))
    assert len(pages) == 1
    text = pages[0]["text"]
    assert "запомн" not in text.lower()  # Morskoy remembers nothing: no column, no word in the legend
    assert "Яйца — очки рыбы поровну" in text
    kozel = partie_of("kozel", slug="blank-kozel")
    assert "запомн. — очки ниже порога" in " ".join(p["text"] for p in pages_of(
        exports.blank_sheets_pdf(kozel.round.tournament, 1)))


def test_signed_kozel_sheet_shows_each_hand(db):
    partie = partie_of("kozel", {"games_per_partie": 2}, slug="kozel-hands")
    protocol = record(partie, KOZEL_TWO_GAMES)
    result = engine(protocol)
    lines = pages_of(exports.protocol_pdf(protocol, sign=False))[0]["lines"]
    for d, raw in zip(result.deals, KOZEL_TWO_GAMES):
        line = deal_line(lines, d.n, d.running_a, d.running_b)
        hands = " ".join(str(raw["hands"][s]) for s in ("A1", "A2", "B1", "B2") if s in raw["hands"])
        assert f" {hands} {d.points_a} {d.points_b}" in line, (line, hands)
