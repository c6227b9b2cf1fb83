"""Teams from a file: every error of every row at once with its column's letter, a preview that saves nothing,
the confirmation that registers all teams or none (audited), hostile files refused in Russian, and only the
tournament's organizer may upload."""
import io

import pytest
from django.urls import reverse
from openpyxl import Workbook

from access.models import RoleKind, TournamentRole
from audit.models import AuditEntry
from events.services.import_files import MAX_UNPACKED
from people.models import Person
from teams.imports import COLUMNS, import_teams, parse_teams_file, preview_teams, template_xlsx
from teams.models import Captain, Team
from tests.hostile.test_hostile_xlsx import HOSTILE, huge_cell
from tests.teams.conftest import make_team_event
from tournaments.errors import ImportRejected, NotAllowed, TournamentError
from tournaments.models import Player

pytestmark = pytest.mark.django_db

HEADER = [h for _k, h, _r in COLUMNS]


def xlsx(rows, header=None):
    wb = Workbook()
    ws = wb.active
    ws.append(header or HEADER)
    for row in rows:
        ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def team_rows(name, first, club="Клин"):
    """A team of two pairs and one reserve; ``first``: a number making its players' names its own."""
    return [[name, club, 1, f"Аксёнов Пётр {first}", "Клин", 1500, ""],
            [name, club, 1, f"Борисов Иван {first}", "", "", ""],
            [name, club, 2, f"Власов Олег {first}", "Дмитров", "", ""],
            [name, club, 2, f"Гусев Илья {first}", "", 1400, ""],
            [name, club, "З", f"Дёмин Лев {first}", "", "", ""]]


@pytest.fixture
def event(organizer):
    return make_team_event(organizer, 1, numbered=False)


def test_a_file_of_teams_is_previewed_without_saving_then_registered_whole_and_audited(organizer, event):
    data = xlsx(team_rows("Клин", 1) + team_rows("Дмитров", 2, club="Дмитров"))
    teams = preview_teams(organizer, event, data, "teams.xlsx")
    assert [t["name"] for t in teams] == ["Клин", "Дмитров"]
    assert event.teams.count() == 1  # the preview writes nothing
    made = import_teams(organizer, event, data, "teams.xlsx")
    assert [t.name for t in made] == ["Клин", "Дмитров"]
    klin = Team.objects.get(tournament=event, name="Клин")
    assert klin.club == "Клин" and klin.reserves.get().name == "Дёмин Лев 1"
    players = {p.name: p for p in Player.objects.filter(pair__team_entry__team=klin)}
    assert players["Аксёнов Пётр 1"].rating == 1500 and players["Аксёнов Пётр 1"].club == "Клин"
    assert players["Власов Олег 1"].club == "Дмитров" and players["Гусев Илья 1"].rating == 1400
    assert players["Борисов Иван 1"].club == ""
    assert AuditEntry.objects.filter(tournament=event, action="teams.imported").get().after["teams"] == [
        "Клин", "Дмитров"]
    assert AuditEntry.objects.filter(tournament=event, action="team.registered").count() == 3


def test_every_error_of_every_row_is_reported_at_once_with_its_column_letter(organizer, event):
    rows = team_rows("Клин", 1)
    rows[1][5] = "много"  # rating, column F
    rows[2][3] = ""  # a player's name, column D
    rows[3][2] = 7  # pair 7 of a team of 2, column C
    rows += team_rows("Дмитров", 2)
    rows[5][3] = "Аксёнов Пётр 1"  # the same player in two teams of the file
    rows[6][6] = "x" * 40  # a federation ID too long / malformed, column G
    with pytest.raises(ImportRejected) as err:
        parse_teams_file(event, xlsx(rows), "teams.xlsx")
    report = [(row, column) for row, column, _m in err.value.errors]
    assert (3, "Рейтинг (F)") in report
    assert (4, "Игрок (D)") in report
    assert (5, "Пара (C)") in report
    assert (7, "Игрок (D)") in report and any("уже есть в строке 2" in m for _r, _c, m in err.value.errors)
    assert (8, "ID федерации (G)") in report
    assert event.teams.count() == 1


def test_a_player_or_a_team_already_registered_and_a_pair_short_of_a_player_are_errors_of_their_rows(
        organizer, event):
    registered = event.teams.get()
    player = Player.objects.filter(pair__team_entry__team=registered).first().name
    rows = team_rows(registered.name.upper(), 1)  # the same team's name, in capitals
    rows[0][3] = player
    rows += team_rows("Дмитров", 2)[:3] + team_rows("Дмитров", 2)[4:]  # pair 2 has one player
    with pytest.raises(ImportRejected) as err:
        parse_teams_file(event, xlsx(rows), "teams.xlsx")
    messages = {(row, column): m for row, column, m in err.value.errors}
    assert "уже зарегистрирован" in messages[(2, "Игрок (D)")]
    assert "уже зарегистрирована" in messages[(2, "Команда (A)")]
    assert "два игрока, а в файле 1" in messages[(9, "Пара (C)")]


def test_a_player_with_a_federation_id_is_linked_to_the_registry(organizer, event):
    person = Person.objects.create(name="Аксёнов Пётр 1", federation_id="RU-123")
    rows = team_rows("Клин", 1)
    rows[0][6] = "RU-123"
    rows[1][6] = "RU-777"
    import_teams(organizer, event, xlsx(rows), "teams.xlsx")
    players = {p.name: p for p in Player.objects.filter(pair__team_entry__team__name="Клин")}
    assert players["Аксёнов Пётр 1"].person_id == person.pk
    assert players["Борисов Иван 1"].person.federation_id == "RU-777"
    assert players["Власов Олег 1"].person_id is None


def test_the_header_the_formulas_and_the_empty_file(organizer, event):
    with pytest.raises(ImportRejected) as err:
        parse_teams_file(event, xlsx([["Клин"]], header=["Команда", "Игрок"]), "t.xlsx")
    assert "Пара" in err.value.message
    rows = team_rows("Клин", 1)
    rows[0][3] = "=HYPERLINK(\"http://x\",\"y\")"
    with pytest.raises(ImportRejected) as err:
        parse_teams_file(event, xlsx(rows), "t.xlsx")
    assert any(c == "Игрок (D)" and "формула" in m for _r, c, m in err.value.errors)
    with pytest.raises(TournamentError) as err:
        parse_teams_file(event, b"", "t.csv")
    assert "пуст" in err.value.message
    with pytest.raises(TournamentError) as err:
        parse_teams_file(event, xlsx([]), "t.xlsx")
    assert "нет ни одной команды" in err.value.message


@pytest.mark.parametrize("data, name, words", [
    (b"PK\x03\x04 not a zip", "t.xlsx", "не читается"),
    (b"\x00\x01\x02garbage", "t.xlsx", "не читается"),
    (b"%PDF-1.4", "t.pdf", ".xlsx или .csv"),
    ("Команда;Пара;Игрок\nКлин;1;Ан\x00на\n".encode(), "t.csv", "управляющий символ"),
    ("Команда;Пара;Игрок\n".encode("utf-8") + b"\xff\xfe\xfa", "t.csv", "кодировке"),
])
def test_hostile_files_are_refused_in_russian_and_nothing_is_saved(organizer, event, data, name, words):
    with pytest.raises(TournamentError) as err:
        import_teams(organizer, event, data, name)
    assert words in err.value.message + " ".join(m for _r, _c, m in getattr(err.value, "errors", []))
    assert event.teams.count() == 1


@pytest.mark.parametrize("build, code, words", HOSTILE, ids=[h[0].__name__ for h in HOSTILE])
def test_a_hostile_workbook_is_refused_as_the_pairs_import_refuses_it(organizer, event, build, code, words):
    with pytest.raises(TournamentError) as err:
        preview_teams(organizer, event, build(), "teams.xlsx")
    assert err.value.code == code and words in err.value.message


@pytest.mark.parametrize("megabytes, code", [(5, "xlsx_bomb"), (MAX_UNPACKED // (1024 * 1024) + 10, "xlsx_too_large")])
def test_a_zip_bomb_is_refused_before_parsing(organizer, event, megabytes, code):
    with pytest.raises(TournamentError) as err:
        import_teams(organizer, event, huge_cell(megabytes), "teams.xlsx")
    assert err.value.code == code and event.teams.count() == 1


def test_a_csv_in_windows_1251_is_read(organizer, event):
    text = ";".join(HEADER) + "\n" + "\n".join(";".join(str(c) for c in r) for r in team_rows("Клин", 1)) + "\n"
    teams = preview_teams(organizer, event, text.encode("cp1251"), "teams.csv")
    assert teams[0]["pairs"][0][0]["name"] == "Аксёнов Пётр 1"


def test_too_many_rows_refuse_the_whole_file(organizer, event, settings):
    settings.IMPORT_MAX_ROWS = 4
    with pytest.raises(TournamentError) as err:
        parse_teams_file(event, xlsx(team_rows("Клин", 1)), "t.xlsx")
    assert err.value.code == "too_many_rows"


def test_after_the_numbers_are_drawn_no_import(organizer):
    t = make_team_event(organizer, 2, slug="numbered")
    with pytest.raises(TournamentError) as err:
        preview_teams(organizer, t, xlsx(team_rows("Клин", 1)), "t.xlsx")
    assert err.value.code == "draw_done"


def test_only_the_tournament_s_organizer_imports(organizer, event, django_user_model):
    other_official = django_user_model.objects.create_user("other", password="x")
    other = make_team_event(organizer, 1, numbered=False, slug="other-cup")
    TournamentRole.objects.create(tournament=other, user=other_official, role=RoleKind.ORGANIZER)
    captain = django_user_model.objects.create_user("captain", password="x")
    Captain.objects.create(team=event.teams.get(), user=captain)
    data = xlsx(team_rows("Клин", 1))
    for user in (other_official, captain):
        with pytest.raises(NotAllowed):
            preview_teams(user, event, data, "t.xlsx")
        with pytest.raises(NotAllowed):
            import_teams(user, event, data, "t.xlsx")
    assert event.teams.count() == 1


def test_the_pages_preview_confirm_and_refuse_strangers(client, organizer, event, django_user_model):
    url = reverse("teams:import", args=[event.slug])
    data = xlsx(team_rows("Клин", 1))
    assert client.get(url).status_code == 302  # anonymous: to the login
    upload = io.BytesIO(data)
    upload.name = "teams.xlsx"
    assert client.post(url, {"file": upload}).status_code in (302, 403)
    other = django_user_model.objects.create_user("other", password="x")
    other_event = make_team_event(organizer, 1, numbered=False, slug="other-cup")
    TournamentRole.objects.create(tournament=other_event, user=other, role=RoleKind.ORGANIZER)
    captain = django_user_model.objects.create_user("captain", password="x")
    Captain.objects.create(team=event.teams.get(), user=captain)
    player = django_user_model.objects.create_user("player", password="x")
    TournamentRole.objects.create(tournament=event, user=player, role=RoleKind.PLAYER)  # a player of this event
    for user in (other, captain, player):
        client.force_login(user)
        assert client.get(url).status_code == 403
        upload = io.BytesIO(data)
        upload.name = "teams.xlsx"
        assert client.post(url, {"file": upload}).status_code == 403
        assert client.post(url, {"confirm": "1"}).status_code == 403
    client.force_login(organizer)
    assert client.get(reverse("teams:import_template", args=[event.slug])).status_code == 200
    upload = io.BytesIO(data)
    upload.name = "teams.xlsx"
    preview = client.post(url, {"file": upload})
    assert preview.status_code == 200 and "Подтвердить и зарегистрировать команды" in preview.content.decode()
    assert event.teams.count() == 1
    done = client.post(url, {"confirm": "1"})
    assert done.status_code == 302 and event.teams.count() == 2
    again = client.post(url, {"confirm": "1"})  # the file went with the confirmation
    assert again.status_code == 400 and "не найден" in again.content.decode()
    bad = io.BytesIO(b"x" * (5 * 1024 * 1024 + 1))
    bad.name = "teams.xlsx"
    assert "больше 5 МБ" in client.post(url, {"file": bad}).content.decode()
    wrong = io.BytesIO(b"MZ")
    wrong.name = "teams.exe"
    assert "Нужен файл .xlsx или .csv" in client.post(url, {"file": wrong}).content.decode()


def test_the_template_reads_back_as_an_empty_file(organizer, event):
    with pytest.raises(TournamentError) as err:
        parse_teams_file(event, template_xlsx(2), "template.xlsx")
    assert "нет ни одной команды" in err.value.message


def test_a_file_over_the_site_s_usual_body_limit_reaches_the_organizer_s_import_page(client, organizer, event,
                                                                                      settings):
    """The import page is an upload page (``UPLOAD_URL_NAMES``): its organizer may send up to
    ``UPLOAD_MAX_BYTES``; anyone else is refused before the body is read."""
    settings.REQUEST_MAX_BYTES = 64 * 1024
    url = reverse("teams:import", args=[event.slug])
    client.force_login(organizer)
    upload = io.BytesIO(b"PK" + b"x" * (200 * 1024))
    upload.name = "teams.xlsx"
    response = client.post(url, {"file": upload})
    assert response.status_code == 400 and "не читается" in response.content.decode()
