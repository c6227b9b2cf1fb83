"""Registration and import find the registry's person (exact federation ID, or the folded name plus club /
city) and propose him: a second person is never created without the organizer saying so (docs/registry.md)."""
import pytest

from audit.models import AuditEntry
from events.services import import_pairs, register_pair, substitute_player
from people.models import Person
from tests.factories import make_individual, make_tournament
from tests.tournaments.conftest import xlsx_bytes
from tournaments.errors import ImportRejected, InvalidFields, InvalidInput, RegistryMatches
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def _first(organizer, **extra):
    """«Ёлкин Пётр» of Тверь registered in a first tournament: the registry's person he becomes."""
    t = make_tournament(0, slug="first")
    pair = register_pair(organizer, t, players=[{"name": "Ёлкин Пётр", "club": "Тверь", **extra},
                                                {"name": "Сидоров Сидор", "club": "Тверь"}])
    return pair.players.get(name="Ёлкин Пётр").person


def test_a_first_registration_creates_the_person_and_audits_it(organizer):
    person = _first(organizer, federation_id="ru-00017")
    assert person.name == "Ёлкин Пётр" and person.club == "Тверь" and person.federation_id == "RU-00017"
    assert Person.objects.count() == 2
    assert AuditEntry.objects.filter(tournament=None, action="person.created", after__id=person.pk).exists()


def test_the_folded_name_and_club_are_proposed_never_a_silent_second_person(organizer):
    person = _first(organizer)
    second = make_tournament(0, slug="second")
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, second, players=[{"name": "ЕЛКИН  пётр", "club": "тверь"},
                                                  {"name": "Новиков Иван", "club": "Тверь"}])
    assert err.value.code == "person_choice" and err.value.field == "player1_person"
    assert f"№{person.pk}" in err.value.message and "Это тот же игрок?" in err.value.message
    assert Person.objects.count() == 2 and not second.pairs.exists()  # nothing saved, no duplicate
    pair = register_pair(organizer, second, players=[{"name": "ЕЛКИН  пётр", "club": "тверь", "person": person.pk},
                                                     {"name": "Новиков Иван", "club": "Тверь"}])
    assert pair.players.get(number=None, name="ЕЛКИН пётр").person == person
    assert Person.objects.count() == 3  # only Новиков is new


def test_another_club_is_not_the_same_player_and_new_is_an_explicit_choice(organizer):
    person = _first(organizer)
    second = make_tournament(0, slug="second")
    pair = register_pair(organizer, second, players=[{"name": "Елкин Пётр", "club": "Казань"},
                                                     {"name": "Новиков Иван"}])
    assert pair.players.get(name="Елкин Пётр").person != person  # not proposed: another club
    third = make_tournament(0, slug="third")
    pair = register_pair(organizer, third, players=[{"name": "Елкин Пётр", "club": "Тверь", "person": "new"},
                                                    {"name": "Козлов Андрей"}])
    assert pair.players.get(name="Елкин Пётр").person not in (person, None)


def test_the_city_of_the_person_matches_the_entry_s_club_or_city(organizer):
    person = Person.objects.create(name="Ёлкин Пётр", club="Дом домино", city="Тверь")
    t = make_individual(0)
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, t, players=[{"name": "Елкин Петр", "club": "Тверь"}])
    assert err.value.code == "person_choice"
    pair = register_pair(organizer, t, players=[{"name": "Елкин Петр", "club": "Тверь", "person": str(person.pk)}])
    assert pair.players.get().person == person


def test_an_exact_federation_id_is_proposed_whatever_the_name(organizer):
    person = _first(organizer, federation_id="RU-00017")
    second = make_individual(0)
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, second, players=[{"name": "Елкин П.", "club": "Москва", "federation_id": "ru-00017"}])
    assert err.value.code == "person_choice" and "ID RU-00017" in err.value.message
    with pytest.raises(InvalidInput) as err:  # «new» with his ID: refused, the ID is his
        register_pair(organizer, second, players=[{"name": "Елкин П.", "club": "Москва", "federation_id": "RU-00017",
                                                   "person": "new"}])
    assert err.value.code == "federation_id_taken" and err.value.field == "player1_federation_id"
    pair = register_pair(organizer, second, players=[{"name": "Елкин П.", "federation_id": "RU-00017",
                                                      "person": person.pk}])
    assert pair.players.get().person == person and Person.objects.count() == 2


def test_a_person_who_holds_another_federation_id_is_not_proposed(organizer):
    person = _first(organizer, federation_id="RU-1")
    pair = register_pair(organizer, make_individual(0), players=[{"name": "Ёлкин Пётр", "club": "Тверь",
                                                                  "federation_id": "RU-2"}])
    assert pair.players.get().person not in (person, None)


def test_a_chosen_federation_id_is_given_to_the_person_without_one(organizer):
    person = _first(organizer)
    pair = register_pair(organizer, make_individual(0), players=[
        {"name": "Ёлкин Пётр", "club": "Тверь", "federation_id": "RU-5", "person": person.pk}])
    person.refresh_from_db()
    assert pair.players.get().person == person and person.federation_id == "RU-5"
    assert AuditEntry.objects.filter(tournament=None, action="person.edited").exists()


def test_a_person_not_proposed_or_already_in_the_tournament_is_refused(organizer):
    person = _first(organizer)
    stranger = Person.objects.create(name="Чужой Игрок")
    second = make_tournament(0, slug="second")
    for choice in (stranger.pk, 10**12, "1; DROP TABLE", "-3", "²"):
        with pytest.raises(InvalidInput) as err:
            register_pair(organizer, second, players=[{"name": "Ёлкин Пётр", "club": "Тверь", "person": choice},
                                                      {"name": "Новиков Иван"}])
        assert err.value.code == "person_not_proposed"
    register_pair(organizer, second, players=[{"name": "Ёлкин Пётр", "club": "Тверь", "person": person.pk},
                                              {"name": "Новиков Иван"}])
    first_player = Player.objects.get(pair__tournament__slug="first", name="Ёлкин Пётр")
    assert first_player.person == person
    # the same person under another spelling in the same tournament (the name check lets «Елкин П.» in)
    person.federation_id = "RU-9"
    person.save()
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, second, players=[{"name": "Елкин П.", "federation_id": "RU-9", "person": person.pk},
                                                  {"name": "Волков Иван"}])
    assert err.value.code == "person_registered"


@pytest.mark.parametrize("value, code", [
    ("RU 17", "bad_federation_id"), ("RU-17-", "bad_federation_id"), ("РУ-17", "bad_federation_id"),
    ("R" * 33, "bad_federation_id"), ("RU\x0017", "control"), ("\u202eRU17", "bidi"), ("<script>", "bad_federation_id"),
])
def test_a_hostile_federation_id_is_refused_in_russian_next_to_its_field(organizer, value, code):
    t = make_individual(0)
    with pytest.raises(InvalidInput) as err:
        register_pair(organizer, t, players=[{"name": "Ёлкин Пётр", "federation_id": value}])
    assert err.value.field == "player1_federation_id" and "ID федерации" in err.value.message
    assert err.value.code == code or code == "bad_federation_id"
    assert not Person.objects.exists()


def test_full_width_digits_and_lower_case_are_one_federation_id(organizer):
    person = _first(organizer, federation_id="ＲＵ-１７".replace("Ｒ", "r").replace("Ｕ", "u"))
    assert person.federation_id == "RU-17"


def test_a_substitute_is_not_the_person_who_left(organizer):
    person = _first(organizer)
    pair = Player.objects.get(person=person).pair
    substitute_player(organizer, pair, 1, player={"name": "Морозов Павел", "club": "Тверь"})
    assert not Player.objects.filter(person=person).exists()
    assert Player.objects.get(name="Морозов Павел").person is None  # linked on demand


# --- import ---------------------------------------------------------------------------

def row(name1, club1, name2, club2, fid1="", fid2=""):
    return [name1, club1, "", name2, club2, "", "", "", fid1, fid2]


def test_an_import_reports_the_registry_matches_and_saves_nothing_until_answered(organizer):
    person = _first(organizer, federation_id="RU-7")
    t = make_tournament(0, slug="imported")
    data = xlsx_bytes([row("Елкин Петр", "Тверь", "Новиков Иван", "Тверь"),
                       row("Другое Имя", "Казань", "Смирнов Сергей", "Тверь", fid1="ru-7")])
    with pytest.raises(RegistryMatches) as err:
        import_pairs(organizer, t, data, "pairs.xlsx")
    report = [(p.row, p.player, p.name, [c.pk for c in p.candidates]) for p in err.value.proposals]
    assert report == [(2, 1, "Елкин Петр", [person.pk]), (3, 1, "Другое Имя", [person.pk])]
    assert not t.pairs.exists() and Person.objects.count() == 2
    with pytest.raises(ImportRejected) as refused:  # the same person twice: the second row is refused
        import_pairs(organizer, t, data, "pairs.xlsx", persons={"2-1": str(person.pk), "3-1": str(person.pk)})
    assert refused.value.errors[0][0] == 3 and "уже зарегистрирован" in refused.value.errors[0][2]
    assert not t.pairs.exists() and Person.objects.count() == 2
    with pytest.raises(ImportRejected) as refused:  # «new» with the ID of a person: the row's ID is at fault
        import_pairs(organizer, t, data, "pairs.xlsx", persons={"2-1": str(person.pk), "3-1": "new"})
    assert refused.value.errors[0][:2] == (3, "ID федерации 1")
    pairs = import_pairs(organizer, t, data, "pairs.xlsx", persons={"2-1": "new", "3-1": str(person.pk)})
    assert len(pairs) == 2
    assert Player.objects.get(pair__tournament=t, name="Другое Имя").person == person
    assert Player.objects.get(pair__tournament=t, name="Елкин Петр").person not in (person, None)


def test_an_import_without_matches_creates_the_persons_with_their_federation_ids(organizer):
    t = make_tournament(0, slug="imported")
    import_pairs(organizer, t, xlsx_bytes([row("Елкин Петр", "Тверь", "Новиков Иван", "Тверь", fid2="RU-3")]),
                 "pairs.xlsx")
    assert Player.objects.get(name="Новиков Иван").person.federation_id == "RU-3"
    assert Person.objects.count() == 2


def test_a_bad_federation_id_in_a_file_names_its_row_and_column(organizer):
    t = make_tournament(0, slug="imported")
    with pytest.raises(ImportRejected) as err:
        import_pairs(organizer, t, xlsx_bytes([row("Елкин Петр", "Тверь", "Новиков Иван", "Тверь", fid1="RU 3")]),
                     "pairs.xlsx")
    assert err.value.errors[0][:2] == (2, "ID федерации 1 (I)")
    assert not Person.objects.exists()


def test_two_players_of_one_pair_choosing_badly_get_every_error_at_once(organizer):
    _first(organizer)
    with pytest.raises(InvalidFields) as err:
        register_pair(organizer, make_tournament(0, slug="x"), players=[
            {"name": "Ёлкин Пётр", "club": "Тверь"}, {"name": "Сидоров Сидор", "club": "Тверь"}])
    assert [f for f, _m in err.value.errors] == ["player1_person", "player2_person"]
