"""Score sheets (PDF text, PAdES signature), the Excel workbook read back, standings and pairings PDFs."""
import io

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from events.documents import exports
from scoring.models import Protocol
from scoring.reports import selectors
from scoring.reports.pades import pades_verify
from tests.factories import make_referee
from tournaments.models import Tournament


def pdf_text(data: bytes) -> list[str]:
    """The text of each page, table cells joined by single spaces."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]


def names_of(tournament, number):
    return [p.name for p in tournament.pairs.get(number=number).players.order_by("number")]


def test_blank_sheets_one_page_per_table_with_seats_and_rotation(cup):
    data = exports.blank_sheets_pdf(cup, 3, base_url="http://example.org/")
    pages = pdf_text(data)
    assert len(pages) == 4
    first = pages[0]
    for name in names_of(cup, 3) + names_of(cup, 1):
        assert name in first
    assert "Тур 3 · Стол 1" in first and "Кубок города" in first
    # lead / shuffle of deals 1..4 (then the rows for extra deals continue the rotation)
    for line in ("1 A1 B1", "2 B1 A2", "3 A2 B2", "4 B2 A1", "5 A1 B1"):
        assert line in first
    # remarks pair 3 received before round 3 (two: rounds 1 and 2)
    assert "№ 3 · замечаний до партии: 2" in first
    assert "http://example.org" in first and "/protocols/" in first  # a long address takes two lines


def test_signed_sheet_shows_deals_totals_remarks_and_is_digitally_signed(cup):
    before = Tournament.objects.get(pk=cup.pk).signing_cert_pem  # made by the first signature's seal (scoring.seals)
    data = exports.signed_sheets_pdf(cup, 2, base_url="http://example.org")
    cup.refresh_from_db()
    assert cup.signing_key_pem.startswith("-----BEGIN PRIVATE KEY") and cup.signing_cert_pem == before
    pages = pdf_text(data)
    assert len(pages) == 4
    sheet = pages[0]  # table 1: the §8 example, pair A already warned in round 1
    for name in names_of(cup, 3) + names_of(cup, 7):
        assert name in sheet
    for line in ("1 A1 B1 Домино A1 14 10 (0-0) 23 33 0 33 0", "2 B1 A2 Рыба 9 10 4 30 14* 0 47 0",
                 "3 A2 B2 Домино B2 8 17 5 0 25 47 25", "4 B2 A1 Ложный пас A2 0 10 47 35"):
        assert line in sheet
    assert "47 : 35" in sheet and "Победила пара A № 3" in sheet
    assert "Разговоры 3 2 раздача считается рыбой, у пары 20 очков" in sheet  # pair 3, its 2nd remark
    assert "Судьин Семён" in sheet
    protocol = Protocol.objects.get(partie__round__number=2, partie__table=1)
    assert protocol.signatures.first().fingerprint in sheet
    assert "http://example.org" in sheet and f"/protocols/{protocol.partie_id}/" in sheet

    result = pades_verify(data, cup.signing_cert_pem)
    assert result.ok, result


def test_a_changed_byte_breaks_the_signature(cup):
    data = exports.signed_sheets_pdf(cup, 1)
    assert pades_verify(data, cup.signing_cert_pem).ok
    tampered = bytearray(data)
    at = data.index(b"stream", len(data) // 4) + 40  # inside a signed content stream
    tampered[at] ^= 0x01
    result = pades_verify(bytes(tampered), cup.signing_cert_pem)
    assert not result.ok and not result.intact


def test_another_certificate_does_not_validate(cup):
    from scoring.reports.pades import _new_key_and_certificate

    data = exports.signed_sheets_pdf(cup, 1)
    _, other = _new_key_and_certificate("Чужой")
    result = pades_verify(data, other)
    assert result.intact and not result.valid and not result.ok


def test_the_organizers_own_certificate_is_used_when_given(cup):
    from scoring.reports.pades import _new_key_and_certificate

    key, cert = _new_key_and_certificate("Федерация домино")
    Tournament.objects.filter(pk=cup.pk).update(signing_key_pem=key, signing_cert_pem=cert)
    cup.refresh_from_db()
    data = exports.signed_sheets_pdf(cup, 1)
    result = pades_verify(data, cert)
    assert result.ok and "Федерация домино" in result.signer


def test_single_protocol_pdf(cup):
    protocol = Protocol.objects.get(partie__round__number=1, partie__table=3)
    data = exports.protocol_pdf(protocol)
    text = pdf_text(data)[0]
    assert "0 : 30" in text.replace("0:30", "0 : 30") and "Победила пара B № 6" in text
    assert pades_verify(data, Tournament.objects.get(pk=cup.pk).signing_cert_pem).ok


def test_workbook_holds_the_same_numbers_as_the_standings(cup):
    data = exports.workbook(cup)
    wb = load_workbook(io.BytesIO(data))
    # round 3 is paired and in play: the standings sheet says so
    assert wb.sheetnames == ["Положение, тур 3 идёт (предв.)", "Игроки", "Турнирная таблица", "Пары",
                             "Пары по турам", "Раздачи"]
    ws = wb.worksheets[0]
    header = [c.value for c in ws[1]]
    assert header[:4] == ["Место", "Пара", "Игроки", "Статус"] and ws["A1"].font.b
    assert ws.freeze_panes == "D2" and ws.column_dimensions["C"].width == 40
    standings = selectors.load_standings(cup)
    col = {h: i for i, h in enumerate(header)}
    rows = list(ws.iter_rows(min_row=2, values_only=True))
    assert len(rows) == len(standings.rows)
    for row, expected in zip(rows, standings.rows):
        assert row[col["Пара"]] == expected.pair.number
        assert row[col["Очки матча"]] == expected.match_points
        assert row[col["Очки за"]] == expected.points_for and isinstance(row[col["Очки за"]], int)
        assert row[col["Разность"]] == expected.difference
        assert row[col["Место"]] == expected.rank

    deals = list(wb["Раздачи"].iter_rows(min_row=2, values_only=True))
    assert len(deals) == 8 * 4  # every deal of every protocol, one row each
    dh = [c.value for c in wb["Раздачи"][1]]
    example = [r for r in deals if r[0] == 2 and r[1] == 1]
    assert [(r[dh.index("Раздача")], r[dh.index("Очки A")], r[dh.index("Очки B")]) for r in example] == [
        (1, 33, 0), (2, 14, 0), (3, 0, 25), (4, 0, 10)]
    assert example[0][dh.index("B1")] == 10  # a lone 0-0 counts 10
    assert "№2" in example[1][dh.index("Санкции")]
    pairs = list(wb["Пары"].iter_rows(min_row=2, values_only=True))
    assert pairs[0][:4] == (1, None, *names_of(cup, 1))
    pairings = list(wb["Пары по турам"].iter_rows(min_row=2, values_only=True))
    assert len(pairings) == 12 and pairings[4][:3] == (2, 1, 3) and pairings[4][6:8] == (47, 35)
    cross = list(wb["Турнирная таблица"].iter_rows(min_row=2, values_only=True))
    assert cross[0][:5] == (1, 3, " — ".join(names_of(cup, 3)), 4, "+")


def test_standings_only_workbook_after_a_round(cup):
    assert load_workbook(io.BytesIO(exports.standings_workbook(cup, after_round=1))).sheetnames == [
        "Положение, тур 1 идёт (предв.)"]  # round 1 is published, not finished yet
    cup.rounds.filter(number=1).update(status="finished")
    wb = load_workbook(io.BytesIO(exports.standings_workbook(cup, after_round=1)))
    assert wb.sheetnames == ["Положение после тура 1"]
    ws = wb.active
    assert [r[1] for r in ws.iter_rows(min_row=2, values_only=True)] == [6, 3, 1, 7, 4, 2, 8, 5]


def test_standings_and_pairings_pdf(cup):
    text = "\n".join(pdf_text(exports.standings_pdf(cup)))
    assert "Положение: Кубок города" in text and " — ".join(names_of(cup, 3)) in text
    text = "\n".join(pdf_text(exports.pairings_pdf(cup, 2)))
    assert "тур 2: пары по столам" in text and names_of(cup, 7)[1] in text


@pytest.mark.django_db
def test_empty_round_prints_a_notice():
    from tests.factories import make_round, make_tournament

    t = make_tournament(2, slug="empty")
    make_round(t, 1, [(1, None), (2, None)])
    assert "Нет протоколов для печати." in pdf_text(exports.blank_sheets_pdf(t, 1))[0]


@pytest.mark.django_db
def test_federation_blank_sheet_has_rows_for_a_partie_to_a_target():
    from tests.factories import make_round, make_tournament

    t = make_tournament(2, slug="fed", preset="federation")
    make_round(t, 1, [(1, 2)])
    text = pdf_text(exports.blank_sheets_pdf(t, 1))[0]
    assert "до 200 очков, 40 мин" in text
    assert "18 B1 A2" in text and "19 " not in text.split("Итог:")[0].split("Сумма B")[1]


def test_no_show_sheet_states_the_forfeit(cup):
    from scoring.services import import_protocol_json

    partie = cup.rounds.get(number=3).parties.get(table=2)  # 7 – 5
    protocol = import_protocol_json(partie, {"deals": [], "no_show": "B"}, make_referee(cup))
    text = pdf_text(exports.protocol_pdf(protocol))[0]
    assert "160 : 0" in text and "Неявка пары B № 5: победа пары A № 7 по неявке" in text
    assert b"/ByteRange" not in exports.protocol_pdf(protocol)  # not signed yet: no digital signature


def test_key_is_created_for_a_long_cyrillic_tournament_name(db):
    from cryptography import x509

    from scoring.reports.pades import ensure_signing_key
    from tests.factories import make_tournament

    tournament = make_tournament(2, slug="long-name")
    tournament.name = "Открытый кубок Тверской области по спортивному домино среди ветеранов"
    tournament.save()
    ensure_signing_key(tournament)
    tournament.refresh_from_db()
    cert = x509.load_pem_x509_certificate(tournament.signing_cert_pem.encode())
    common_name = cert.subject.get_attributes_for_oid(x509.oid.NameOID.COMMON_NAME)[0].value
    assert tournament.name.startswith(common_name) and len(common_name.encode()) <= 64


def test_only_deals_changed_by_a_sanction_are_starred(cup):
    from scoring.reports.sheets import signed_sheet
    from scoring.scores import score

    warned = Protocol.objects.get(partie__round__number=1, partie__table=1)  # a warning only
    assert warned.remarks.count() == 1
    assert not any(d.sanctioned for d in signed_sheet(warned, score(warned)).deals)
    rescored = Protocol.objects.get(partie__round__number=2, partie__table=1)  # deal 2 re-scored with 20
    assert [d.n for d in signed_sheet(rescored, score(rescored)).deals if d.sanctioned] == [2]
