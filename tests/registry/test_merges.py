"""The federation administrator merges two persons who are one and splits a wrong merge: atomic, audited,
and no signed protocol's frozen header changes (docs/registry.md)."""
import pytest
from django.contrib.auth.models import Group

from audit.models import AuditEntry
from events.simulation import simulate
from people.models import Person, PersonMerge
from registry.merges import merge_persons, undo_merge
from registry.services import edit_person
from scoring import integrity
from scoring.models import Protocol
from tests.factories import make_individual, make_tournament
from tests.referees.test_tampering import verify
from tournaments.choices import ProtocolStatus
from tournaments.errors import InvalidInput, NotAllowed, TournamentError
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def _linked(tournament, name, person):
    player = Player.objects.get(pair__tournament=tournament, name=name)
    player.person = person
    player.save()
    return player


@pytest.fixture
def two(organizer):
    """«Иванов Иван» twice in the registry: a played, signed tournament as №a, another tournament as №b."""
    simulate(organizer, pairs=2, rounds=1, system="swiss", seed="merge", slug="played")
    a = Player.objects.get(pair__tournament__slug="played", name="Игрок 1").person
    Person.objects.filter(pk=a.pk).update(name="Иванов Иван", name_key="иванов иван", birth_year=None)
    other = make_tournament(2, slug="other")
    b = Person.objects.create(name="Иванов Иван", club="Тверь", city="Тверь", birth_year=1971, federation_id="RU-1")
    _linked(other, Player.objects.filter(pair__tournament=other).first().name, b)
    return Person.objects.get(pk=a.pk), b


def test_a_merge_moves_the_entries_fills_the_empty_fields_and_keeps_signed_headers(two, federation_admin):
    a, b = two
    protocols = list(Protocol.objects.filter(partie__round__tournament__slug="played"))
    assert protocols and all(p.status == ProtocolStatus.SIGNED for p in protocols)
    headers = {p.pk: p.signed_header for p in protocols}
    names = dict(Player.objects.values_list("pk", "name"))
    merge = merge_persons(federation_admin, b, a, note="одно лицо")
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.merged_into == b and Player.objects.filter(person=a).count() == 0
    assert Player.objects.filter(person=b).count() == 2 and sorted(merge.players) == sorted(
        Player.objects.filter(pair__tournament__slug="played", person=b).values_list("pk", flat=True))
    assert b.birth_year == 1971 and b.federation_id == "RU-1" and b.club == "Тверь"
    for p in Protocol.objects.filter(pk__in=headers):  # the frozen headers and every fingerprint unchanged
        assert p.signed_header == headers[p.pk]
        assert set(p.signatures.values_list("fingerprint", flat=True)) == {integrity.protocol_fingerprint(p)}
    assert dict(Player.objects.values_list("pk", "name")) == names  # the tournaments' names as registered
    assert verify()[0] == 0
    entry = AuditEntry.objects.get(action="person.merged")
    assert entry.tournament is None and entry.user == federation_admin and entry.note == "одно лицо"
    assert entry.after == {"merge": merge.pk, "kept": b.pk, "absorbed": a.pk, "players": merge.players}


def test_undo_puts_back_the_entries_and_the_fields_it_filled(two, federation_admin):
    a, b = two
    a_entries = set(Player.objects.filter(person=a).values_list("pk", flat=True))
    Person.objects.filter(pk=b.pk).update(federation_id=None)
    Person.objects.filter(pk=a.pk).update(federation_id="RU-5")
    merge = merge_persons(federation_admin, b, a, note="одно лицо")
    b.refresh_from_db()
    assert b.federation_id == "RU-5"
    undo_merge(federation_admin, merge, note="разные люди")
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.merged_into is None and a.federation_id == "RU-5" and b.federation_id is None
    assert set(Player.objects.filter(person=a).values_list("pk", flat=True)) == a_entries
    assert PersonMerge.objects.get().undone_by == federation_admin
    assert AuditEntry.objects.filter(action="person.merge_undone", tournament=None, note="разные люди").exists()
    with pytest.raises(TournamentError) as err:
        undo_merge(federation_admin, merge)
    assert err.value.code == "already_undone"


def test_a_merge_whose_kept_person_was_merged_since_waits_for_that_undo(two, federation_admin):
    a, b = two
    c = Person.objects.create(name="Иванов И.")
    first = merge_persons(federation_admin, b, a, note="одно лицо")
    second = merge_persons(federation_admin, c, b, note="одно лицо")
    with pytest.raises(TournamentError) as err:
        undo_merge(federation_admin, first)
    assert err.value.code == "merged_since" and f"№{c.pk}" in err.value.message
    undo_merge(federation_admin, second)
    undo_merge(federation_admin, first)
    assert Player.objects.filter(person=a).exists() and Player.objects.filter(person=b).exists()


@pytest.mark.parametrize("case", ["same", "merged", "two_ids", "same_tournament"])
def test_a_merge_that_cannot_be_is_refused_and_changes_nothing(two, federation_admin, case):
    a, b = two
    if case == "same":
        with pytest.raises(InvalidInput):
            merge_persons(federation_admin, a, a, note="одно лицо")
    elif case == "merged":
        c = Person.objects.create(name="Третий", merged_into=b)
        with pytest.raises(TournamentError) as err:
            merge_persons(federation_admin, a, c, note="одно лицо")
        assert err.value.code == "already_merged"
    elif case == "two_ids":
        Person.objects.filter(pk=a.pk).update(federation_id="RU-2")
        with pytest.raises(TournamentError) as err:
            merge_persons(federation_admin, a, b, note="одно лицо")
        assert err.value.code == "two_federation_ids"
    else:
        other = Player.objects.filter(pair__tournament__slug="other").exclude(person=b).first()
        other.person = a  # a and b both played in «other»: two people
        other.save()
        with pytest.raises(TournamentError) as err:
            merge_persons(federation_admin, a, b, note="одно лицо")
        assert err.value.code == "same_tournament"
    assert not PersonMerge.objects.exists() and not AuditEntry.objects.filter(action="person.merged").exists()
    assert Person.objects.filter(merged_into__isnull=False).count() == (1 if case == "merged" else 0)


def test_only_the_federation_administrator_merges_splits_and_edits(two, organizer, django_user_model,
                                                                   federation_admin):
    a, b = two
    boss = django_user_model.objects.create_superuser("root", password="domino2026")
    staff = django_user_model.objects.create_user("staff", password="domino2026", is_staff=True)
    for user in (organizer, boss, staff, None):
        with pytest.raises(NotAllowed):
            merge_persons(user, b, a, note="одно лицо")
        with pytest.raises(NotAllowed):
            edit_person(user, a, name="Другое")
    merge = merge_persons(federation_admin, b, a, note="одно лицо")
    with pytest.raises(NotAllowed):
        undo_merge(organizer, merge)
    Group.objects.get(name="federation_admin").user_set.remove(federation_admin)
    federation_admin = type(federation_admin).objects.get(pk=federation_admin.pk)
    with pytest.raises(NotAllowed):
        undo_merge(federation_admin, merge)
    assert PersonMerge.objects.get().undone_at is None


@pytest.mark.parametrize("fields, field", [
    ({"name": "  "}, "name"), ({"name": "Иванов\x00"}, "name"), ({"name": "И" * 201}, "name"),
    ({"birth_year": "1899"}, "birth_year"), ({"birth_year": "3000"}, "birth_year"), ({"birth_year": "19७1"}, "birth_year"),
    ({"birth_year": "abc"}, "birth_year"), ({"club": "\u202eклуб"}, "club"), ({"city": "Г" * 201}, "city"),
    ({"federation_id": "RU 1"}, "federation_id"), ({"shown": ["password"]}, "shown"),
])
def test_hostile_edits_are_refused_in_russian_next_to_their_field(two, federation_admin, fields, field):
    a, _b = two
    before = Person.objects.filter(pk=a.pk).values().get()
    with pytest.raises(InvalidInput) as err:
        edit_person(federation_admin, a, **{"name": "Иванов Иван", **fields})
    assert err.value.field == field and any("а" <= ch <= "я" for ch in err.value.message.lower())
    assert Person.objects.filter(pk=a.pk).values().get() == before


def test_an_edit_sets_what_is_shown_and_is_audited(two, federation_admin):
    a, b = two
    edit_person(federation_admin, a, name="Иванов Иван", birth_year="1980", club="Клуб", city="Тверь",
                federation_id="ru-9", shown=["birth_year"])
    a.refresh_from_db()
    assert (a.birth_year, a.federation_id, a.show_birth_year, a.show_club, a.show_city) == (1980, "RU-9", True,
                                                                                           False, False)
    assert a.public("birth_year") == 1980 and a.public("club") is None
    with pytest.raises(InvalidInput) as err:
        edit_person(federation_admin, a, name="Иванов Иван", federation_id="RU-1")  # b's
    assert err.value.code == "federation_id_taken"
    assert AuditEntry.objects.filter(action="person.edited", tournament=None).count() == 1


def test_an_individual_entry_merges_as_a_pair_s(federation_admin):
    t = make_individual(2)
    x, y = Person.objects.create(name="Один"), Person.objects.create(name="Один")
    _linked(t, Player.objects.filter(pair__tournament=t).first().name, x)
    merge = merge_persons(federation_admin, y, x, note="одно лицо")
    assert Player.objects.filter(person=y).count() == 1 and len(merge.players) == 1
