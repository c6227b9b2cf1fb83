"""Registration from a file: bounded, quoting read as spreadsheets write it, every bad value named."""
import pytest
from django.test import Client

from access.models import RoleKind, TournamentRole
from events.services.imports import import_pairs, parse_pairs_file
from tests.factories import make_tournament
from tests.tournaments.conftest import pair_rows, xlsx_bytes
from tournaments.errors import ImportRejected, TournamentError
from tournaments.models import Player

HEADER = "Игрок 1,Клуб / город 1,Рейтинг 1,Игрок 2,Клуб / город 2,Рейтинг 2,Название пары,Рейтинг пары\n"


def csv_bytes(n):
    return (HEADER + "".join(f"Игрок {2 * i},Тверь,1500,Игрок {2 * i + 1},Тверь,,,\n" for i in range(n))).encode()


def test_quoted_fields_with_quotes_commas_and_line_breaks_are_read_as_written():
    text = HEADER + ('"Иванов ""Ваня"" Иван","Тверь, ДК ""Юность""",1500,"Петров\nПётр",,,"Пара ""А""",\n'
                     '"=1+1","@x",,"-Сидоров",,,,\n')
    rows = parse_pairs_file(text.encode(), "pairs.csv")
    first = rows[0]["players"]
    assert first[0]["name"] == 'Иванов "Ваня" Иван'
    assert first[0]["club"] == 'Тверь, ДК "Юность"'
    assert first[1]["name"] == "Петров Пётр"  # a line break inside the name is a space
    assert rows[0]["name"] == 'Пара "А"'
    assert [p["name"] for p in rows[1]["players"]] == ["=1+1", "-Сидоров"]  # kept as typed: text, not formulas


def test_semicolon_file_with_a_quoted_semicolon():
    text = 'Игрок 1;Игрок 2\n"Кузнецов; Кузьма";"Смирнов ""мл."""\n'
    rows = parse_pairs_file(text.encode("cp1251"), "pairs.csv")
    assert [p["name"] for p in rows[0]["players"]] == ["Кузнецов; Кузьма", 'Смирнов "мл."']


def test_an_unclosed_quote_is_refused_with_a_message():
    text = HEADER + '"Иванов,Тверь,1500,Петров,,,,\n'
    with pytest.raises(TournamentError) as err:
        parse_pairs_file(text.encode(), "pairs.csv")
    assert "кавычки" in err.value.message


def test_rows_are_bounded_by_the_setting(settings):
    settings.IMPORT_MAX_ROWS = 20
    assert len(parse_pairs_file(csv_bytes(20), "pairs.csv")) == 20
    with pytest.raises(TournamentError) as err:
        parse_pairs_file(csv_bytes(21), "pairs.csv")
    assert err.value.code == "too_many_rows" and "20" in err.value.message
    with pytest.raises(TournamentError):
        parse_pairs_file(xlsx_bytes(pair_rows(21)), "pairs.xlsx")


def test_the_default_bound_is_5000_rows():
    assert len(parse_pairs_file(csv_bytes(5000), "pairs.csv")) == 5000
    with pytest.raises(TournamentError) as err:
        parse_pairs_file(csv_bytes(5001), "pairs.csv")
    assert "5000" in err.value.message


@pytest.mark.parametrize("column, value", [
    (2, "٣"), (2, "²"), (2, "1e400"), (2, "nan"), (2, "1" + "0" * 30), (2, str(2**31)), (7, "1" + "0" * 30),
    (7, "1.5"), (0, "Щ" * 10_000), (6, "Ы" * 10_000), (4, "К" * 10_000)
])
def test_hostile_values_are_named_by_row_and_column(column, value):
    rows = pair_rows(3)
    rows[1][column] = value
    with pytest.raises(ImportRejected) as err:
        parse_pairs_file(xlsx_bytes(rows), "pairs.xlsx")
    assert [r for r, _c, _m in err.value.errors] == [3]


def test_control_characters_in_a_csv_are_refused():
    text = HEADER + "Иван\x00ов,Тверь,,Петров\x07,,,,\n"
    with pytest.raises(ImportRejected) as err:
        parse_pairs_file(text.encode(), "pairs.csv")
    assert [(r, c) for r, c, _m in err.value.errors] == [(2, "Игрок 1 (A)"), (2, "Игрок 2 (D)")]  # both named


@pytest.mark.django_db
def test_a_float_rating_from_a_spreadsheet_is_a_whole_number(organizer):
    t = make_tournament(0, slug="floats")
    rows = pair_rows(1)
    rows[0][2], rows[0][7] = 1500.0, 3000.0
    pair = import_pairs(organizer, t, xlsx_bytes(rows), "pairs.xlsx")[0]
    assert pair.rating == 3000 and Player.objects.get(pair=pair, name="Игрок 1").rating == 1500


@pytest.mark.django_db
@pytest.mark.parametrize("name, content", [
    ("pairs.xlsx", b"PK\x03\x04 not really a zip"),
    ("pairs.csv", b"\xff\xfe\x00\x00" * 100),
    ("pairs.csv", HEADER.encode() + b'"unclosed,1,2\n'),
    ("pairs.csv", b""),
    ("pairs.csv", "Игрок 1,Игрок 2\n" .encode() + b"a,b\x00c\n"),
])
def test_broken_files_uploaded_on_the_page_give_a_message_not_a_server_error(organizer, name, content):
    from django.core.files.uploadedfile import SimpleUploadedFile

    t = make_tournament(0, slug="upload")
    TournamentRole.objects.get_or_create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    client = Client()
    client.force_login(organizer)
    response = client.post(f"/t/{t.slug}/manage/import/", {"file": SimpleUploadedFile(name, content)})
    assert response.status_code == 400
    assert "errorlist" in response.content.decode() or "error" in response.content.decode()
    assert not Player.objects.filter(pair__tournament=t).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("url, data", [
    ("/t/forms/manage/pairs/{pair}/withdraw/", {"note": "болезнь\x00"}),
    ("/t/forms/manage/pairs/{pair}/withdraw/", {"note": "Щ" * 10_000}),
    ("/t/forms/manage/draw/", {"seed": "x" * 65}),
    ("/t/forms/manage/draw/", {"seed": "зерно\x00"}),
    ("/t/forms/manage/rounds/pair/", {"override_reason": "\x00"}),
])
def test_organizer_actions_refuse_bad_text_with_a_message_and_change_nothing(organizer, url, data):
    from django.contrib.messages import get_messages

    t = make_tournament(4, slug="forms", numbered=False)
    TournamentRole.objects.get_or_create(tournament=t, user=organizer, role=RoleKind.ORGANIZER)
    pair = t.pairs.order_by("pk").first()
    client = Client()
    client.force_login(organizer)
    response = client.post(url.format(pair=pair.pk), data)
    assert response.status_code == 302
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    assert shown and shown[0][0].isalpha() and all(ord(c) >= 32 for c in shown[0])
    pair.refresh_from_db()
    t.refresh_from_db()
    assert pair.status == "active" and not t.draw_seed and not t.rounds.exists()
