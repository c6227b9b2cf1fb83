"""The online registration in the tournament's transfer file: moved to another server, the tournament keeps its
settings and entries (status, the waiting list's order, approval, check-in, the entrant each became), and every
player's code keeps opening, editing and withdrawing his entry there; a copy beside its original never shares a
code; a registration section that fails the schema is refused naming the path."""
import datetime
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models.signals import post_save
from django.urls import reverse

from audit.models import AuditEntry
from events.services import transfer
from signup.checkin import check_in
from signup.codes import checkin_token
from signup.models import Entry, EntryStatus, SignupSettings
from signup.organizer import refuse_entry
from signup.selectors import waiting_position
from signup.services import NoSuchEntry, entry_by_code, submit_entry, withdraw_entry
from signup.transfer import SIGNUP_FIELDS
from teams.services import set_team_settings
from tests.factories import make_referee
from tournaments.errors import TournamentError
from tournaments.models import Tournament

from .conftest import open_for, pair_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def registered(cup, organizer):
    """Limit 2, contacts asked: two accepted entries (one checked in by a referee), two waiting, one refused."""
    open_for(organizer, cup, limit=2, ask_contact=True, ask_birth_year=True)
    codes = {}
    for first, second in (("Иванов Иван", "Петров Пётр"), ("Сидоров Сидор", "Кузнецов Кузьма"),
                          ("Смирнов Алексей", "Попов Дмитрий"), ("Волков Сергей", "Соколов Андрей"),
                          ("Морозов Иван", "Павлов Иван")):
        entry, code = submit_entry(cup, pair_data(first, second, contact="+7 900 123-45-67", player1_birth_year="1980"))
        codes[first] = code
    check_in(make_referee(cup), cup, entry_id=entry_by_code(cup, codes["Сидоров Сидор"]).pk)
    refuse_entry(organizer, cup, entry_by_code(cup, codes["Морозов Иван"]).pk, reason="Нет мест в зале")
    post_save.disconnect(sender=Tournament, dispatch_uid="tests-organizer-role")  # the file brings the roles
    return cup, codes


def state(t) -> dict:
    entries = Entry.objects.filter(tournament=t).select_related("pair", "checked_in_by").order_by("submitted_at", "id")
    settings = SignupSettings.objects.filter(tournament=t).values(
        "opens_at", "closes_at", "limit", "ask_club", "ask_city", "ask_birth_year", "ask_contact",
        "approval_required", "closed_at", "closed_on_site_at").get()
    return {"settings": settings, "entries": [
        (e.status, e.players, e.contact, e.code_hash, e.refusal_reason, e.submitted_at, e.accepted_at,
         e.checked_in_at, e.checked_in_by.username if e.checked_in_by else None,
         e.pair.number if e.pair else None, sorted(e.pair.players.values_list("name", flat=True)) if e.pair else [],
         waiting_position(e)) for e in entries]}


def export(t, tmp_path):
    path = tmp_path / "cup.json"
    call_command("export_tournament", t.slug, str(path), stdout=io.StringIO())
    return path


def test_moved_to_another_server_the_registration_is_kept_and_the_codes_work(registered, tmp_path):
    cup, codes = registered
    before = state(cup)
    path = export(cup, tmp_path)
    data = json.loads(path.read_text("utf-8"))
    assert len(data["signup"]) == 1 and len(data["signup_entries"]) == 5
    assert all(code not in path.read_text("utf-8") for code in codes.values())  # only the hashes travel
    cup.delete()  # as if the file went to another server
    result = transfer.import_tournament(path)
    moved = result.tournament
    assert result.new_codes == 0
    assert state(moved) == before
    assert [row[0] for row in before["entries"]] == ["accepted", "accepted", "waiting", "waiting", "refused"]
    assert before["entries"][1][8] is not None and before["entries"][0][2] == "+7 900 123-45-67"
    assert [row[11] for row in before["entries"]][2:4] == [1, 2]
    third = entry_by_code(moved, codes["Смирнов Алексей"])
    assert third.status == EntryStatus.WAITING
    withdraw_entry(moved, codes["Иванов Иван"])  # the player's code works on the new server...
    third.refresh_from_db()
    assert third.status == EntryStatus.ACCEPTED and third.pair.tournament == moved  # ...and the list moves up
    assert waiting_position(entry_by_code(moved, codes["Волков Сергей"])) == 1
    checked, done = check_in(make_referee(moved), moved, token=checkin_token(codes["Смирнов Алексей"]))
    assert done and checked == third


def test_on_a_server_with_another_key_the_entry_s_page_renews_the_check_in_mark(registered, tmp_path, settings,
                                                                               client):
    cup, codes = registered
    path = export(cup, tmp_path)
    cup.delete()
    moved = transfer.import_tournament(path).tournament
    settings.SECRET_KEY = "another-server-" + "k" * 50  # the check-in mark is an HMAC with the site's key
    referee = make_referee(moved)
    token = checkin_token(codes["Иванов Иван"])
    with pytest.raises(TournamentError):
        check_in(referee, moved, token=token)  # the mark the old server made, not this one's
    page = client.get(reverse("tournaments:signup_entry", args=[moved.slug, codes["Иванов Иван"]]))
    assert page.status_code == 200 and token in page.content.decode()
    checked, done = check_in(referee, moved, token=token)  # the page's QR code checks in now
    assert done and checked == entry_by_code(moved, codes["Иванов Иван"])
    assert AuditEntry.objects.filter(tournament=moved, action="signup.checkin_renewed").count() == 1
    client.get(reverse("tournaments:signup_entry", args=[moved.slug, codes["Иванов Иван"]]))
    assert AuditEntry.objects.filter(tournament=moved, action="signup.checkin_renewed").count() == 1  # once


def test_a_copy_beside_its_original_never_shares_a_code(registered, tmp_path):
    cup, codes = registered
    result = transfer.import_tournament(export(cup, tmp_path), slug="open-cup-copy")
    copy = result.tournament
    assert result.new_codes == 5
    assert [row[0] for row in state(copy)["entries"]] == [row[0] for row in state(cup)["entries"]]
    assert entry_by_code(cup, codes["Иванов Иван"]).tournament == cup
    with pytest.raises(NoSuchEntry):
        entry_by_code(copy, codes["Иванов Иван"])
    assert result.counts["signup_entries"] == 5
    assert AuditEntry.objects.filter(tournament=copy, action="tournament.imported", after__new_codes=5).exists()


@pytest.mark.parametrize("damage, place, words", [
    (lambda e: e["players"][0].update(email="a@b.ru"), "signup_entries[0].players[0].email", "неизвестные поля"),
    (lambda e: e.update(code_hash="ABC"), "signup_entries[0].code_hash", "текст не того вида"),
    (lambda e: e.update(status="maybe"), "signup_entries[0].status", "не из допустимых"),
    (lambda e: e.update(players=[]), "signup_entries[0].players", "элементов в списке меньше 1"),
    (lambda e: e["players"][1].update(birth_year="1980"), "signup_entries[0].players[1].birth_year",
     "неверного типа"),
])
def test_a_registration_section_that_fails_the_schema_is_refused_naming_the_path(registered, tmp_path, damage, place,
                                                                                 words):
    cup, _codes = registered
    path = export(cup, tmp_path)
    data = json.loads(path.read_text("utf-8"))
    damage(data["signup_entries"][0])
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(path), "--slug", "bad-copy", stdout=io.StringIO())
    assert f"{place} — " in str(refused.value) and words in str(refused.value), str(refused.value)
    assert not Tournament.objects.filter(slug="bad-copy").exists()


def test_an_entry_s_unsafe_text_is_refused_and_its_spaces_cleaned(registered, tmp_path):
    cup, _codes = registered
    data = json.loads(export(cup, tmp_path).read_text("utf-8"))
    data["signup_entries"][0]["players"][0]["club"] = "  Тверь   Центр "
    copy = transfer.import_data(data, slug="clean-copy").tournament
    assert Entry.objects.filter(tournament=copy).order_by("submitted_at", "id")[0].players[0]["club"] == "Тверь Центр"
    data["signup_entries"][0]["players"][0]["name"] = "Иванов\u202eИван"
    with pytest.raises(transfer.TransferError, match="Раздел «signup_entries», запись .*: players:"):
        transfer.import_data(data, slug="bad-copy")


def test_an_entry_written_by_hand_without_its_hashes_gets_new_ones_and_one_without_players_is_refused(
        registered, tmp_path):
    cup, codes = registered
    data = json.loads(export(cup, tmp_path).read_text("utf-8"))
    cup.delete()
    for row in data["signup_entries"][1:]:
        row.pop("code_hash"), row.pop("checkin_hash")
    bare = json.loads(json.dumps(data))
    bare["signup_entries"][0].pop("players")
    with pytest.raises(transfer.TransferError, match="в заявке нет игроков"):
        transfer.import_data(bare, slug="bare")
    result = transfer.import_data(data)
    assert result.new_codes == 4 and Entry.objects.filter(tournament=result.tournament).count() == 5
    assert entry_by_code(result.tournament, codes["Иванов Иван"]).status == EntryStatus.ACCEPTED


@pytest.mark.parametrize("model", [SignupSettings, Entry])
def test_every_field_of_the_registration_is_named_in_the_file_s_list(model):
    """A field added to the registration's models is not in the file until it is named (personal data never goes
    unnoticed): this fails until someone decides, in ``signup.transfer.SIGNUP_FIELDS``, whether it travels."""
    fields = {f.name for f in model._meta.concrete_fields if not f.primary_key}
    assert set(SIGNUP_FIELDS[model]) == fields, (
        f"{model.__name__}: decide whether {sorted(fields ^ set(SIGNUP_FIELDS[model]))} go into the transfer file "
        "(signup/transfer.py SIGNUP_FIELDS, docs/archive.md, docs/registration.md §8)")


def test_a_team_event_s_online_entries_move_with_their_teams_and_reserves(organizer, tmp_path):
    """A team entry carries its team's name, club / region and reserves, and the team it became; on the new server
    the team's withdrawal by code moves the waiting team up."""
    from .test_team_entries import team_data

    league = Tournament.objects.create(name="Командный кубок", slug="team-league-moved",
                                       start_date=datetime.date(2026, 12, 20), format="teams")
    set_team_settings(organizer, league, pairs_per_team=2, win=2, draw=1, loss=0)
    open_for(organizer, league, limit=1)
    first, first_code = submit_entry(league, team_data("Тверские", 0, reserves=["Запасной Игорь"]))
    waiting, waiting_code = submit_entry(league, team_data("Клинские", 4, reserves=["Запасной Олег", "Запасной Юрий"]))
    assert (first.status, waiting.status) == (EntryStatus.ACCEPTED, EntryStatus.WAITING)
    post_save.disconnect(sender=Tournament, dispatch_uid="tests-organizer-role")  # the file brings the roles
    path = export(league, tmp_path)
    rows = json.loads(path.read_text("utf-8"))["signup_entries"]
    assert [(r["team_name"], r["team_club"], [p["name"] for p in r["reserves"]]) for r in rows] == [
        ("Тверские", "Тверь", ["Запасной Игорь"]), ("Клинские", "Тверь", ["Запасной Олег", "Запасной Юрий"])]
    league.delete()
    moved = transfer.import_tournament(path).tournament
    entry = entry_by_code(moved, first_code)
    assert entry.team is not None and entry.team.tournament == moved and entry.team.name == "Тверские"
    assert entry_by_code(moved, waiting_code).team is None
    withdraw_entry(moved, first_code)
    moved_up = entry_by_code(moved, waiting_code)
    assert moved_up.status == EntryStatus.ACCEPTED and moved_up.team.name == "Клинские"
    assert list(moved_up.team.reserves.order_by("id").values_list("name", flat=True)) == ["Запасной Олег",
                                                                                           "Запасной Юрий"]


def test_a_team_entry_s_reserves_that_fail_the_schema_are_refused_naming_the_path(organizer, tmp_path):
    from .test_team_entries import team_data

    league = Tournament.objects.create(name="Командный кубок", slug="team-league-bad",
                                       start_date=datetime.date(2026, 12, 20), format="teams")
    set_team_settings(organizer, league, pairs_per_team=2, win=2, draw=1, loss=0)
    open_for(organizer, league, limit=2)
    submit_entry(league, team_data("Тверские", 0, reserves=["Запасной Игорь"]))
    path = export(league, tmp_path)
    data = json.loads(path.read_text("utf-8"))
    data["signup_entries"][0]["reserves"][0] = {"club": "Клин"}  # a reserve without a name
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(path), "--slug", "bad-team-copy", stdout=io.StringIO())
    assert "signup_entries[0].reserves[0] — " in str(refused.value) and "«name»" in str(refused.value)
    assert not Tournament.objects.filter(slug="bad-team-copy").exists()
