"""Hostile .xlsx files: refused before or while parsing, each with a Russian message naming the problem."""
import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from access.models import RoleKind, TournamentRole
from events.services.import_files import MAX_UNPACKED
from events.services.imports import parse_pairs_file
from tests.factories import make_tournament
from tests.tournaments.conftest import pair_rows, xlsx_bytes
from tournaments.errors import ImportRejected, TournamentError
from tournaments.models import Player

SHEET = "xl/worksheets/sheet1.xml"
NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
HEAD_ROW = ('<row r="1"><c r="A1" t="inlineStr"><is><t>Игрок 1</t></is></c>'
            '<c r="B1" t="inlineStr"><is><t>Игрок 2</t></is></c></row>')


def replaced(data: bytes, members: dict) -> bytes:
    """A copy of the workbook ``data`` with the given members' contents replaced (or added)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename not in members:
                dst.writestr(info, src.read(info.filename))
        for name, content in members.items():
            dst.writestr(name, content)
    return out.getvalue()


def sheet(rows_xml: str, prologue: str = "") -> str:
    return f'<?xml version="1.0" encoding="UTF-8"?>{prologue}<worksheet {NS}><sheetData>{HEAD_ROW}{rows_xml}' \
           f'</sheetData></worksheet>'


def base() -> bytes:
    return xlsx_bytes([], header=["Игрок 1", "Игрок 2"])


def external_entity() -> bytes:
    prologue = '<!DOCTYPE worksheet [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
    row = '<row r="2"><c r="A2" t="inlineStr"><is><t>&e;</t></is></c><c r="B2" t="inlineStr"><is><t>Б</t></is></c></row>'
    return replaced(base(), {SHEET: sheet(row, prologue)})


def billion_laughs() -> bytes:
    entities = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{k} "{("&lol%s;" % (k - 1 if k > 1 else "")) * 10}">' for k in range(1, 10))
    row = '<row r="2"><c r="A2" t="inlineStr"><is><t>&lol9;</t></is></c></row>'
    return replaced(base(), {SHEET: sheet(row, f"<!DOCTYPE worksheet [{entities}]>")})


def number_cell_abc() -> bytes:
    row = '<row r="2"><c r="A2" t="n"><v>abc</v></c><c r="B2" t="inlineStr"><is><t>Б</t></is></c></row>'
    return replaced(base(), {SHEET: sheet(row)})


def shared_string_99999() -> bytes:
    row = '<row r="2"><c r="A2" t="s"><v>99999</v></c><c r="B2" t="inlineStr"><is><t>Б</t></is></c></row>'
    return replaced(base(), {SHEET: sheet(row)})


def huge_cell(megabytes: int) -> bytes:
    """A sheet whose cell A2 holds ``megabytes`` MB of one letter, written in chunks (never whole in memory)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(base())) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename != SHEET:
                dst.writestr(info, src.read(info.filename))
        with dst.open(SHEET, "w", force_zip64=True) as f:
            f.write(f'<?xml version="1.0" encoding="UTF-8"?><worksheet {NS}><sheetData>{HEAD_ROW}'
                    '<row r="2"><c r="A2" t="inlineStr"><is><t>'.encode())
            chunk = b"x" * (1024 * 1024)
            for _ in range(megabytes):
                f.write(chunk)
            f.write(b"</t></is></c></row></sheetData></worksheet>")
    return out.getvalue()


HOSTILE = [
    (external_entity, "xlsx_entities", "сущностей XML"),
    (billion_laughs, "xlsx_entities", "сущностей XML"),
    (number_cell_abc, "bad_file", "испорченным значением"),
    (shared_string_99999, "bad_file", "ссылается на строку"),
]


@pytest.mark.parametrize("build, code, words", HOSTILE, ids=[h[0].__name__ for h in HOSTILE])
def test_a_hostile_workbook_is_refused_with_a_message_naming_the_problem(build, code, words):
    with pytest.raises(TournamentError) as err:
        parse_pairs_file(build(), "pairs.xlsx")
    assert err.value.code == code and words in err.value.message


def test_a_huge_cell_is_refused_from_the_archive_table_before_parsing():
    data = huge_cell(MAX_UNPACKED // (1024 * 1024) + 10)
    assert len(data) < 1024 * 1024  # a small upload…
    with pytest.raises(TournamentError) as err:
        parse_pairs_file(data, "pairs.xlsx")
    assert err.value.code == "xlsx_too_large" and "МБ" in err.value.message  # …that unpacks beyond the bound


def test_a_small_zip_bomb_is_refused_by_its_packing_ratio():
    with pytest.raises(TournamentError) as err:
        parse_pairs_file(huge_cell(5), "pairs.xlsx")
    assert err.value.code == "xlsx_bomb" and "сжата в" in err.value.message


def test_a_full_template_of_real_pairs_is_not_taken_for_a_bomb(settings):
    assert len(parse_pairs_file(xlsx_bytes(pair_rows(5000)), "pairs.xlsx")) == 5000


@pytest.mark.django_db
@pytest.mark.parametrize("build", [h[0] for h in HOSTILE] + [lambda: huge_cell(60)],
                         ids=[h[0].__name__ for h in HOSTILE] + ["huge_cell"])
def test_the_import_page_answers_a_hostile_workbook_with_a_message(organizer, build):
    t = make_tournament(0, slug="hostile-xlsx")
    TournamentRole.objects.get_or_create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    client = Client()
    client.force_login(organizer)
    response = client.post(f"/t/{t.slug}/manage/import/", {"file": SimpleUploadedFile("pairs.xlsx", build())})
    assert response.status_code == 400
    assert "errorlist" in response.content.decode()
    assert not Player.objects.filter(pair__tournament=t).exists()


def test_a_formula_as_a_pair_name_is_reported_not_dropped():
    rows = pair_rows(2)
    rows[1][6] = "=1+1"
    with pytest.raises(ImportRejected) as err:
        parse_pairs_file(xlsx_bytes(rows), "pairs.xlsx")
    assert [(r, c) for r, c, _m in err.value.errors] == [(3, "Название пары (G)")]
    assert "формула «=1+1»" in err.value.errors[0][2]


def test_every_error_of_a_row_is_listed_at_once():
    rows = pair_rows(2)
    rows[0][2], rows[0][3], rows[0][7] = "abc", rows[0][0], 99999999  # bad rating, the same player, huge rating
    with pytest.raises(ImportRejected) as err:
        parse_pairs_file(xlsx_bytes(rows), "pairs.xlsx")
    assert [(r, c) for r, c, _m in err.value.errors] == [
        (2, "Рейтинг 1 (C)"), (2, "Игрок 2 (D)"), (2, "Рейтинг пары (H)")]
    assert "дважды" in err.value.errors[1][2]


def test_a_column_that_is_not_the_templates_is_reported_not_ignored():
    header = ["Игрок 1", "Игрок 2", "Рейтнг 1"]
    with pytest.raises(ImportRejected) as err:
        parse_pairs_file(xlsx_bytes([["А", "Б", 1500]], header=header), "pairs.xlsx")
    assert [(r, c) for r, c, _m in err.value.errors] == [(1, "Рейтнг 1 (C)")]
