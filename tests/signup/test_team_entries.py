"""A team event's online entries: the team, its K pairs and reserves; duplicates; the registry; the limit counts
teams; the waiting list, approval, edit and withdrawal by code, check-in and the closing on site."""
import datetime
import re

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from events.services.registration import delete_pair, withdraw_pair
from people.models import Person
from signup.checkin import check_in, close_on_site
from signup.models import Entry, EntryStatus
from signup.organizer import approve_entry
from signup.services import edit_entry, submit_entry, withdraw_entry
from teams.models import Reserve, Team
from teams.services import delete_team, number_teams, register_team, set_team_settings
from tournaments.errors import InvalidInput, TournamentError
from tournaments.models import Entrant, EntrantStatus, Player, Tournament

from .conftest import open_for

pytestmark = pytest.mark.django_db

NAMES = ["Иванов Иван", "Петров Пётр", "Сидоров Сидор", "Кузнецов Кузьма", "Смирнов Алексей", "Попов Дмитрий",
         "Волков Сергей", "Соколов Андрей", "Лебедев Олег", "Козлов Борис", "Новиков Глеб", "Морозов Юрий"]


def team_data(name, first, *, reserves=(), **extra):
    """A team of two pairs: the players NAMES[first…first + 3], and its reserves' names."""
    data = {"team_name": name, "team_club": "Тверь"}
    for i, prefix in enumerate(("pair1_player1", "pair1_player2", "pair2_player1", "pair2_player2")):
        data[f"{prefix}_name"] = NAMES[first + i]
    for r, reserve in enumerate(reserves, start=1):
        data[f"reserve{r}_name"] = reserve
    return {**data, **extra}


@pytest.fixture
def league(organizer):
    """A team event (two pairs a team), its registration open for two teams."""
    tournament = Tournament.objects.create(name="Командный кубок", slug="team-league",
                                           start_date=datetime.date(2026, 12, 20), format="teams")
    set_team_settings(organizer, tournament, pairs_per_team=2, win=2, draw=1, loss=0)
    open_for(organizer, tournament, limit=2)
    return tournament


def test_an_accepted_team_entry_becomes_the_team_with_its_pairs_and_reserves(league):
    entry, _code = submit_entry(league, team_data("Тверские", 0, reserves=["Запасной Игорь"],
                                                  pair1_player2_club="Клин", pair2_player1_city="Ржев"))
    assert entry.status == EntryStatus.ACCEPTED and entry.names() == "Тверские"
    team = entry.team
    assert (team.name, team.club) == ("Тверские", "Тверь")
    pairs = [[(p.name, p.club) for p in m.pair.players.order_by("id")] for m in team.members.order_by("slot")]
    assert pairs == [[("Иванов Иван", "Тверь"), ("Петров Пётр", "Клин")],
                     [("Сидоров Сидор", "Ржев"), ("Кузнецов Кузьма", "Тверь")]]  # club, city, else the team's
    assert all(m.pair.team_name == "Тверские" for m in team.members.all())
    assert list(team.reserves.values_list("name", "club")) == [("Запасной Игорь", "Тверь")]
    actions = list(AuditEntry.objects.filter(tournament=league).values_list("action", "note"))
    assert ("team.registered", "онлайн-регистрация") in actions
    assert [a for a, _n in actions].count("pair.registered") == 2 and ("signup.accepted", "Тверские") in actions


@pytest.mark.parametrize("data, fields", [
    (team_data("", 0), {"team_name"}),
    (team_data("x" * 201, 0, pair2_player2_name=""), {"team_name", "pair2_player2_name"}),
    (team_data("Тверь", 0, pair2_player1_name="иванов  иван"), {"pair2_player1_name"}),      # twice in the team
    (team_data("Тверь", 0, reserves=["Петров Петр"]), {"reserve1_name"}),                    # «ё» = «е»
    (team_data("Тверь", 0, reserve2_club="Клин"), {"reserve2_name"}),                        # a reserve without name
    (team_data("Тверь", 0, pair1_player1_federation_id="AB 12", pair1_player1_birth_year="1800"),
     {"pair1_player1_federation_id"}),  # the birth year is not asked: dropped
    (team_data("Тверь", 0, pair1_player1_name="Иванов\x00Иван"), {"pair1_player1_name"}),
])
def test_a_bad_team_entry_is_refused_on_its_fields_and_nothing_is_saved(league, data, fields):
    with pytest.raises(InvalidInput) as err:
        submit_entry(league, data)
    assert {f for f, _m in err.value.field_errors()} == fields
    assert all(re.search("[а-яё]{4}", message) for _f, message in err.value.field_errors())  # in Russian
    assert not Entry.objects.exists() and not Team.objects.exists() and not Entrant.objects.exists()


def test_the_same_player_twice_in_the_team_names_both_places(league):
    with pytest.raises(InvalidInput) as err:
        submit_entry(league, team_data("Тверь", 0, pair2_player2_name="Петров Пётр"))
    assert "игрок 2 пары 1" in err.value.message and "игрок 2 пары 2" in err.value.message


def test_duplicates_against_teams_pairs_reserves_and_other_entries(league, organizer):
    register_team(organizer, league, name="Клинские", pairs=[[{"name": "Орлов Олег"}, {"name": "Зайцев Захар"}],
                                                              [{"name": "Белов Богдан"}, {"name": "Чернов Яков"}]],
                  reserves=[{"name": "Ёжиков Семён"}])
    submit_entry(league, team_data("Тверские", 0))  # accepted: the limit's second team
    waiting, _c = submit_entry(league, team_data("Ржевские", 4, reserves=["Запасной Игорь"]))
    assert waiting.status == EntryStatus.WAITING
    cases = [
        (team_data("КЛИНСКИЕ", 8), "team_name", "duplicate_team"),
        (team_data("ржевские", 8), "team_name", "duplicate_team_entry"),
        (team_data("Новые", 8, pair1_player1_name="орлов олег"), "pair1_player1_name", "duplicate_player"),
        (team_data("Новые", 8, reserves=["Ежиков Семен"]), "reserve1_name", "duplicate_player"),
        (team_data("Новые", 8, pair2_player2_name="Сидоров Сидор"), "pair2_player2_name", "duplicate_player"),
        (team_data("Новые", 8, pair1_player2_name="Смирнов Алексей"), "pair1_player2_name", "duplicate_entry"),
        (team_data("Новые", 8, reserves=["Новый Один", "запасной игорь"]), "reserve2_name", "duplicate_entry"),
    ]
    for data, field, code in cases:
        with pytest.raises(InvalidInput) as err:
            submit_entry(league, data)
        assert (err.value.details["field"], err.value.code) == (field, code), data
    assert "команда «Клинские»" in _message(league, team_data("Новые", 8, pair1_player1_name="Орлов Олег"))
    assert Entry.objects.count() == 2


def _message(tournament, data) -> str:
    with pytest.raises(InvalidInput) as err:
        submit_entry(tournament, data)
    return err.value.message


def test_the_registry_for_every_player_of_the_team(league):
    namesake = Person.objects.create(name="Иванов Иван", club="Тверь")
    by_id = Person.objects.create(name="Петров Пётр", federation_id="RU-9")
    entry, _c = submit_entry(league, team_data("Тверские", 0, pair1_player2_federation_id="ru-9"))
    players = {p.name: p for p in Player.objects.filter(pair__team_entry__team=entry.team)}
    assert players["Иванов Иван"].person is None  # a namesake of the team's club: left for the organizer
    assert players["Петров Пётр"].person == by_id
    assert players["Сидоров Сидор"].person is not None
    assert Person.objects.filter(name_key="иванов иван").get() == namesake  # never a second one


def test_the_limit_counts_teams_and_the_waiting_list_moves_up_on_a_withdrawal(league):
    first, code1 = submit_entry(league, team_data("Первые", 0))
    submit_entry(league, team_data("Вторые", 4))
    third, _c = submit_entry(league, team_data("Третьи", 8))
    assert third.status == EntryStatus.WAITING and league.teams.count() == 2 and league.pairs.count() == 4
    withdraw_entry(league, code1)
    first.refresh_from_db(), third.refresh_from_db()
    assert first.status == EntryStatus.WITHDRAWN and first.team is None
    assert not Team.objects.filter(name="Первые").exists() and not Player.objects.filter(name="Иванов Иван").exists()
    assert third.status == EntryStatus.ACCEPTED and third.team.name == "Третьи"
    assert AuditEntry.objects.filter(tournament=league, action="team.deleted").count() == 1
    assert AuditEntry.objects.filter(tournament=league, action="signup.moved_up", note="Третьи").exists()


@pytest.mark.parametrize("how", ["withdraw", "delete"])
def test_the_organizer_s_removal_of_a_team_moves_the_waiting_list_up(league, organizer, how):
    first, _c = submit_entry(league, team_data("Первые", 0))
    submit_entry(league, team_data("Вторые", 4))
    third, _c = submit_entry(league, team_data("Третьи", 8))
    pairs = [m.pair for m in first.team.members.order_by("slot")]
    remove = withdraw_pair if how == "withdraw" else delete_pair
    remove(organizer, pairs[0])
    third.refresh_from_db()
    assert third.status == EntryStatus.WAITING  # one pair of the team still plays: the team is still in
    remove(organizer, pairs[1])
    first.refresh_from_db(), third.refresh_from_db()
    assert first.status == EntryStatus.WITHDRAWN and third.status == EntryStatus.ACCEPTED


def test_approval_then_the_team(league, organizer):
    open_for(organizer, league, limit=2, approval_required=True)
    entry, _c = submit_entry(league, team_data("Тверские", 0))
    assert entry.status == EntryStatus.PENDING and not Team.objects.exists()
    entry = approve_entry(organizer, league, entry.pk)
    assert entry.status == EntryStatus.ACCEPTED and entry.team.members.count() == 2
    assert AuditEntry.objects.get(tournament=league, action="team.registered").user == organizer


def test_a_waiting_team_whose_player_was_registered_meanwhile_is_refused(league, organizer):
    _a, code1 = submit_entry(league, team_data("Первые", 0))
    _b, code2 = submit_entry(league, team_data("Вторые", 4))
    third, _c = submit_entry(league, team_data("Третьи", 8, reserves=["Запасной Игорь"]))
    register_team(organizer, league, name="Ручные", pairs=[[{"name": "Орлов Олег"}, {"name": "Зайцев Захар"}],
                                                            [{"name": "Белов Богдан"}, {"name": "Чернов Яков"}]],
                  reserves=[{"name": "Запасной Игорь"}])
    withdraw_entry(league, code1)  # the organizer's team took that place (the limit counts every team)
    third.refresh_from_db()
    assert third.status == EntryStatus.WAITING
    withdraw_entry(league, code2)  # a place is free, but the third team's reserve is now another team's
    third.refresh_from_db()
    assert third.status == EntryStatus.REFUSED and "Запасной Игорь" in third.refusal_reason
    assert not Team.objects.filter(name="Третьи").exists() and not Player.objects.filter(name="Лебедев Олег").exists()


def test_edit_by_code_names_fixed_once_the_team_is_entered(league):
    entry, code = submit_entry(league, team_data("Тверские", 0, reserves=["Запасной Игорь"]))
    edit_entry(league, code, team_data("Тверские", 0, reserves=["Запасной Игорь"], team_club="Тверская обл.",
                                       pair2_player2_club="Клин"))
    team = Team.objects.get(pk=entry.team_id)
    assert team.club == "Тверская обл." and Player.objects.get(name="Кузнецов Кузьма").club == "Клин"
    assert Player.objects.get(name="Иванов Иван").club == "Тверская обл."
    assert Reserve.objects.get(team=team).club == "Тверская обл."
    assert AuditEntry.objects.filter(tournament=league, action="team.edited").exists()
    for data, field in [(team_data("Другие", 0, reserves=["Запасной Игорь"]), "team_name"),
                        (team_data("Тверские", 0, reserves=["Запасной Игорь"], pair1_player1_name="Другой Игрок"),
                         "pair1_player1_name"),
                        (team_data("Тверские", 0), "reserve1_name")]:
        with pytest.raises(InvalidInput) as err:
            edit_entry(league, code, data)
        assert field in {f for f, _m in err.value.field_errors()}
    submit_entry(league, team_data("Вторые", 4))
    waiting, code3 = submit_entry(league, team_data("Третьи", 8))
    edit_entry(league, code3, team_data("Третьи и К", 8, reserves=["Новый Запасной"]))
    waiting.refresh_from_db()
    assert (waiting.team_name, [r["name"] for r in waiting.reserves]) == ("Третьи и К", ["Новый Запасной"])


def test_check_in_and_the_closing_on_site_withdraw_the_whole_absent_team(league, organizer):
    present, _c = submit_entry(league, team_data("Первые", 0))
    absent, _c = submit_entry(league, team_data("Вторые", 4))
    check_in(organizer, league, entry_id=present.pk)
    assert close_on_site(organizer, league) == [absent]
    absent.refresh_from_db()
    assert absent.status == EntryStatus.ABSENT
    statuses = {m.pair.status for m in Team.objects.get(name="Вторые").members.select_related("pair")}
    assert statuses == {EntrantStatus.WITHDRAWN}
    assert {m.pair.status for m in present.team.members.select_related("pair")} == {EntrantStatus.ACTIVE}


def test_the_pairs_per_team_stay_while_team_entries_are_live(league, organizer):
    submit_entry(league, team_data("Тверские", 0))
    Team.objects.all().delete()  # even without the team, the live entry lists two pairs
    with pytest.raises(InvalidInput) as err:
        set_team_settings(organizer, league, pairs_per_team=3, win=2, draw=1, loss=0)
    assert err.value.code == "team_entries_live"


def test_after_the_teams_are_numbered_no_entry_and_no_withdrawal(league, organizer):
    _e, code = submit_entry(league, team_data("Первые", 0))
    submit_entry(league, team_data("Вторые", 4))
    number_teams(organizer, league, seed="1")
    with pytest.raises(TournamentError) as err:
        submit_entry(league, team_data("Третьи", 8))
    assert err.value.code == "draw_done"
    with pytest.raises(TournamentError) as err:
        withdraw_entry(league, code)
    assert err.value.code == "draw_done"


def test_the_team_form_its_errors_on_their_fields_and_the_entry_s_page(league, client):
    url = reverse("tournaments:register", args=[league.slug])
    page = client.get(url)
    assert page.status_code == 200 and "командный турнир: в команде 2 пары" in page.text
    assert 'name="team_name"' in page.text and 'name="pair2_player2_name"' in page.text
    assert 'name="reserve4_name"' in page.text and "<details" in page.text and "Осталось 2 места для команд" in page.text
    bad = client.post(url, team_data("Тверские", 0, pair2_player1_name="Иванов Иван", reserve1_city="Клин"))
    assert bad.status_code == 400 and not Entry.objects.exists()
    row = re.search(r'id="row-pair2_player1_name".*?</div>', bad.text, re.S).group(0)
    assert "указан в команде дважды" in row
    assert re.search(r'<details class="signup-reserve" open>\s*<summary>Запасной 1', bad.text)  # its error shown
    sent = client.post(url, team_data("Тверские", 0, reserves=["Запасной Игорь"]))
    assert sent.status_code == 302
    entry_page = client.get(sent["Location"])
    assert "Тверские" in entry_page.text and "Иванов Иван — Петров Пётр" in entry_page.text
    assert "Запасные: Запасной Игорь" in entry_page.text and 'class="qr"' in entry_page.text
    assert 'id="fixed-reserve1_name">Запасной Игорь<' in entry_page.text  # the edit form carries the reserve
    assert client.post(sent["Location"], team_data("Тверские", 0, reserves=["Запасной Игорь"], team_club="Клин")
                       ).status_code == 302
    assert Team.objects.get().club == "Клин"


def test_the_organizer_s_list_shows_the_team_its_pairs_and_reserves(league, organizer, client):
    submit_entry(league, team_data("Тверские", 0, reserves=["Запасной Игорь"], contact="+7 900"))
    client.force_login(organizer)
    page = client.get(reverse("tournaments:signup_entries", args=[league.slug]))
    assert page.status_code == 200
    row = re.search(r'<li id="entry-\d+".*?</li>', page.text, re.S).group(0)
    assert '<strong class="team">Тверские</strong>' in row and "Иванов Иван" in row and "Кузнецов Кузьма" in row
    assert "Запасные: Запасной Игорь" in row and "Отметить" in row


def test_the_organizer_deletes_a_team_and_the_waiting_list_moves_up(league, organizer, client):
    first, _c = submit_entry(league, team_data("Первые", 0, reserves=["Запасной Игорь"]))
    submit_entry(league, team_data("Вторые", 4))
    third, _c = submit_entry(league, team_data("Третьи", 8))
    client.force_login(organizer)
    url = reverse("teams:delete", args=[league.slug, first.team_id])
    assert f'href="{url}"' in client.get(reverse("teams:manage", args=[league.slug])).text
    assert "первая команда из листа ожидания" in client.get(url).text  # the confirmation names what happens
    assert not AuditEntry.objects.filter(action="team.deleted").exists()
    client.post(url, {"confirmed": "1"})
    first.refresh_from_db(), third.refresh_from_db()
    assert not Team.objects.filter(name="Первые").exists() and not Reserve.objects.filter(name="Запасной Игорь")
    assert not Entrant.objects.filter(team_name="Первые").exists()
    assert first.status == EntryStatus.WITHDRAWN and third.status == EntryStatus.ACCEPTED
    assert AuditEntry.objects.get(action="team.deleted").user == organizer
    number_teams(organizer, league, seed="1")
    with pytest.raises(TournamentError) as err:
        delete_team(organizer, third.team)
    assert err.value.code == "draw_done"
