"""The player's side of the online registration: send, the limit and the waiting list, edit and withdraw by code."""
import pytest
from django.utils import timezone

from audit.models import AuditEntry
from events.services import register_pair, run_draw
from people.models import Person
from signup.models import Entry, EntryStatus
from signup.organizer import close_registration
from signup.services import NoSuchEntry, edit_entry, entry_by_code, submit_entry, withdraw_entry
from tournaments.errors import InvalidInput, TournamentError
from tournaments.models import Entrant, Player, Round

from .conftest import HOUR, open_for, pair_data

pytestmark = pytest.mark.django_db


def test_an_entry_within_the_limit_becomes_the_tournament_s_pair(cup):
    entry, code = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр", player2_city="Тверь"))
    assert entry.status == EntryStatus.ACCEPTED
    pair = entry.pair
    assert [p.name for p in pair.players.order_by("id")] == ["Иванов Иван", "Петров Пётр"]
    assert [p.club for p in pair.players.order_by("id")] == ["Тверь", "Тверь"]  # the city when no club
    assert entry_by_code(cup, code) == entry
    assert entry.code_hash != code and code not in str(Entry.objects.values().get(pk=entry.pk))
    actions = list(AuditEntry.objects.filter(tournament=cup).values_list("action", flat=True))
    assert {"signup.submitted", "pair.registered", "signup.accepted"} <= set(actions)


def test_beyond_the_limit_entries_wait_and_move_up_in_order_on_withdrawals(cup):
    first, code1 = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    third, _c3 = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    fourth, _c4 = submit_entry(cup, pair_data("Волков Сергей", "Соколов Андрей"))
    assert [third.status, fourth.status] == [EntryStatus.WAITING, EntryStatus.WAITING]
    assert cup.pairs.count() == 2
    withdraw_entry(cup, code1)
    first.refresh_from_db(), third.refresh_from_db(), fourth.refresh_from_db()
    assert first.status == EntryStatus.WITHDRAWN and first.pair is None
    assert third.status == EntryStatus.ACCEPTED and third.pair is not None  # the earliest waiting one
    assert fourth.status == EntryStatus.WAITING
    assert not Player.objects.filter(name="Иванов Иван").exists()  # the withdrawn pair left the tournament
    assert AuditEntry.objects.filter(tournament=cup, action="signup.moved_up", note__contains="Смирнов").exists()


def test_a_waiting_entry_that_became_a_duplicate_is_refused_and_the_next_moves_up(cup, organizer):
    _a, code1 = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    third, _c = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    fourth, _c = submit_entry(cup, pair_data("Волков Сергей", "Соколов Андрей"))
    open_for(organizer, cup, limit=3)  # the raised limit takes the first waiting entry at once
    third.refresh_from_db()
    assert third.status == EntryStatus.ACCEPTED
    Entrant.objects.filter(pk=third.pair_id).delete()  # the organizer deleted it by hand...
    register_pair(organizer, cup, players=[{"name": "Волков Сергей"}, {"name": "Лебедев Иван"}])  # ...and this
    withdraw_entry(cup, code1)
    fourth.refresh_from_db()
    assert fourth.status == EntryStatus.REFUSED and "Волков Сергей" in fourth.refusal_reason


def test_the_limit_counts_the_organizer_s_own_entrants(cup, organizer):
    register_pair(organizer, cup, players=[{"name": "Ручной Первый"}, {"name": "Ручной Второй"}])
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    entry, _code = submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    assert entry.status == EntryStatus.WAITING


@pytest.mark.parametrize("names, field", [
    (("ИВАНОВ иван", "Новиков Иван"), "player1_name"),   # the organizer's entrant (case ignored)
    (("Новиков Иван", "Петров Петр"), "player2_name"),    # «ё» = «е»
    (("Новиков Иван", "новиков  иван"), "player2_name"),  # the same person twice in one pair
])
def test_duplicates_of_the_organizer_s_own_entrants_are_refused_as_in_his_registration(cup, organizer, names,
                                                                                        field):
    register_pair(organizer, cup, players=[{"name": "Иванов Иван"}, {"name": "Петров Пётр"}])
    with pytest.raises(InvalidInput) as err:
        submit_entry(cup, pair_data(*names))
    assert err.value.details["field"] == field
    assert not Entry.objects.filter(tournament=cup).exists()


def test_a_player_already_waiting_gets_a_second_entry_beside_the_first_not_a_refusal(cup):
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    waiting, _c = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    second, _c = submit_entry(cup, pair_data("Волков Сергей", "смирнов алексей"))
    assert second.status == EntryStatus.PENDING  # for the organizer to decide (tests/signup/test_strangers.py)
    waiting.refresh_from_db()
    assert waiting.status == EntryStatus.WAITING


def test_hostile_and_bad_fields_are_refused_each_on_its_field(cup, organizer):
    open_for(organizer, cup, ask_birth_year=True, ask_contact=True)
    with pytest.raises(InvalidInput) as err:
        submit_entry(cup, pair_data("x" * 201, "", player1_birth_year="1e9", contact="=HYPERLINK(1)",
                                    player1_federation_id="AB 12"))
    fields = {f for f, _m in err.value.field_errors()}
    assert fields == {"player1_name", "player2_name", "player1_birth_year", "contact", "player1_federation_id"}
    with pytest.raises(InvalidInput):
        submit_entry(cup, pair_data("Иванов\x00Иван", "Петров Пётр"))
    assert not Entry.objects.exists()


def test_fields_the_organizer_did_not_ask_for_are_dropped(cup):
    entry, _code = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр", contact="+7 900 000-00-00",
                                               player1_birth_year="1970"))
    assert entry.contact == "" and entry.players[0]["birth_year"] is None


def test_the_registry_is_never_given_a_second_person_silently(cup):
    known = Person.objects.create(name="Ёлкин Пётр", city="Тверь")
    by_id = Person.objects.create(name="Сидоров Сидор", federation_id="RU-7")
    entry, _c = submit_entry(cup, pair_data("Елкин Петр", "Новый Игрок"))
    players = {p.name: p for p in entry.pair.players.all()}
    assert players["Елкин Петр"].person is None  # a namesake of Тверь: left for the organizer to link
    assert players["Новый Игрок"].person is not None and players["Новый Игрок"].person != known
    assert Person.objects.filter(name_key="елкин петр").count() == 1
    entry, _c = submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма", player1_federation_id="ru-7"))
    assert entry.pair.players.get(name="Сидоров Сидор").person == by_id


def test_individual_entries_have_one_player(solo):
    entry, _code = submit_entry(solo, {"player1_name": "Иванов Иван", "player2_name": "Лишний"})
    assert entry.status == EntryStatus.ACCEPTED and entry.pair.players.count() == 1


def test_edit_by_code_and_names_fixed_once_accepted(cup):
    entry, code = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    edit_entry(cup, code, pair_data("Иванов Иван", "Петров Пётр", player1_club="Клуб «Дубль»"))
    assert entry.pair.players.get(name="Иванов Иван").club == "Клуб «Дубль»"
    with pytest.raises(InvalidInput) as err:
        edit_entry(cup, code, pair_data("Иванов Иван", "Другой Игрок"))
    assert err.value.code == "name_fixed" and err.value.details["field"] == "player2_name"
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    waiting, code3 = submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    edit_entry(cup, code3, pair_data("Смирнов Алексей", "Морозов Иван"))
    waiting.refresh_from_db()
    assert waiting.players[1]["name"] == "Морозов Иван"
    assert AuditEntry.objects.filter(tournament=cup, action="signup.edited").count() == 2


def test_a_wrong_or_malformed_code_finds_nothing(cup):
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    for code in ("A" * 22, "x", "<script>", "\x00" * 20, "1" * 300):
        with pytest.raises(NoSuchEntry):
            entry_by_code(cup, code)
        with pytest.raises(NoSuchEntry):
            withdraw_entry(cup, code)


def test_a_withdrawn_entry_is_not_withdrawn_or_edited_again(cup):
    _e, code = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    withdraw_entry(cup, code)
    with pytest.raises(TournamentError) as err:
        withdraw_entry(cup, code)
    assert err.value.code == "not_live"
    with pytest.raises(TournamentError):
        edit_entry(cup, code, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))  # and he may send a new one


def test_after_the_draw_the_player_no_longer_withdraws(cup, organizer):
    _e, code = submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    submit_entry(cup, pair_data("Сидоров Сидор", "Кузнецов Кузьма"))
    run_draw(organizer, cup)
    with pytest.raises(TournamentError) as err:
        withdraw_entry(cup, code)
    assert err.value.code == "draw_done"
    with pytest.raises(TournamentError) as err:
        submit_entry(cup, pair_data("Смирнов Алексей", "Попов Дмитрий"))
    assert err.value.code == "draw_done"


@pytest.mark.parametrize("when, code", [(-2, "not_yet"), (+2, "ended")])
def test_the_form_takes_entries_only_between_its_dates(cup, organizer, when, code):
    now = timezone.now()
    services_now = now + when * 24 * HOUR
    with pytest.raises(TournamentError) as err:
        submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"), now=services_now)
    assert err.value.code == code and not Entry.objects.exists()


def test_the_organizer_closes_the_form_and_a_round_closes_it_too(cup, organizer):
    close_registration(organizer, cup)
    with pytest.raises(TournamentError) as err:
        submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    assert err.value.code == "closed" and "закрыл" in err.value.message
    open_for(organizer, cup)
    Round.objects.create(tournament=cup, number=1)
    with pytest.raises(TournamentError) as err:
        submit_entry(cup, pair_data("Иванов Иван", "Петров Пётр"))
    assert err.value.code == "draw_done"


def test_no_registration_opened_means_no_entry(organizer):
    from tests.factories import make_tournament

    tournament = make_tournament(0, slug="closed-cup")
    with pytest.raises(TournamentError) as err:
        submit_entry(tournament, pair_data("Иванов Иван", "Петров Пётр"))
    assert err.value.code == "none"


def test_two_entries_sent_at_the_same_instant_keep_their_order(cup):
    at = timezone.now()
    codes = [submit_entry(cup, pair_data(*names), now=at)[1] for names in (
        ("Иванов Иван", "Петров Пётр"), ("Сидоров Сидор", "Кузнецов Кузьма"),
        ("Смирнов Алексей", "Попов Дмитрий"), ("Волков Сергей", "Соколов Андрей"))]
    waiting = list(Entry.objects.filter(status=EntryStatus.WAITING).order_by("id"))
    assert [e.players[0]["name"] for e in waiting] == ["Смирнов Алексей", "Волков Сергей"]
    assert {e.submitted_at for e in waiting} == {at}  # the same instant: the id decides
    withdraw_entry(cup, codes[0])
    assert entry_by_code(cup, codes[2]).status == EntryStatus.ACCEPTED
    assert entry_by_code(cup, codes[3]).status == EntryStatus.WAITING
