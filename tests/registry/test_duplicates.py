"""Suspected duplicates (registry.duplicates, docs/registry.md §3): which pairs of persons are suspected and which
are not, the administrator's «two people» and its undo (audited), and who may see and act."""
import pytest
from django.urls import reverse

from audit.models import AuditEntry
from people.models import Person
from registry import duplicates
from registry.models import NotDuplicate
from tests.factories import make_tournament
from tournaments.errors import NotAllowed, TournamentError
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def person(name, **kwargs):
    return Person.objects.create(name=name, **kwargs)


def pairs():
    return {frozenset((s.kept.name, s.other.name)) for s in duplicates.suspects()}


def test_one_name_as_the_registry_compares_names_is_suspected():
    person("Ёлкин Пётр", city="Тверь")
    person("ЕЛКИН  петр")
    person("Ёлкин Павел")
    assert pairs() == {frozenset(("Ёлкин Пётр", "ЕЛКИН  петр"))}


def test_an_initial_of_the_first_name_is_suspected_another_first_name_is_not():
    person("Ёлкин Пётр")
    person("Елкин П.")
    person("Ёлкин Олег")
    person("Ёлкина Пелагея")  # another surname
    found = {frozenset((s.kept.name, s.other.name)): s.same_name for s in duplicates.suspects()}
    assert found == {frozenset(("Ёлкин Пётр", "Елкин П.")): False}


@pytest.mark.parametrize("a, b", [
    ({"federation_id": "RUS-1"}, {"federation_id": "RUS-2"}),
    ({"birth_year": 1961}, {"birth_year": 1962}),
])
def test_two_ids_or_two_birth_years_are_two_people(a, b):
    person("Ёлкин Пётр", **a)
    person("Ёлкин Пётр", **b)
    assert pairs() == set()


def test_one_id_or_one_birth_year_given_is_still_suspected():
    person("Ёлкин Пётр", federation_id="RUS-1", birth_year=1961)
    person("Ёлкин Пётр")
    assert len(pairs()) == 1


def test_two_entries_in_one_tournament_are_two_people_and_merged_persons_are_not_listed():
    tournament = make_tournament(2, slug="one-day")
    a, b = person("Иванов Иван"), person("Иванов Иван")
    players = list(Player.objects.filter(pair__tournament=tournament).order_by("pk")[:2])
    for player, p in zip(players, (a, b)):
        player.person = p
        player.save(update_fields=["person"])
    assert pairs() == set()
    c, d = person("Петров Пётр"), person("Петров Пётр")
    Person.objects.filter(pk=d.pk).update(merged_into=c)
    assert pairs() == set()


def test_the_merge_keeps_the_one_with_more_tournaments():
    few, many = person("Сидоров Олег"), person("Сидоров Олег")
    tournament = make_tournament(1, slug="played")
    player = Player.objects.filter(pair__tournament=tournament).first()
    player.person = many
    player.save(update_fields=["person"])
    (suspect,) = duplicates.suspects()
    assert (suspect.kept.pk, suspect.other.pk) == (many.pk, few.pk)


def test_two_people_leave_the_list_audited_and_come_back_on_undo(federation_admin):
    a, b = person("Ёлкин Пётр"), person("Ёлкин Пётр")
    row = duplicates.mark_two_people(federation_admin, b, a, note="отец и сын")
    assert (row.low_id, row.high_id) == (a.pk, b.pk) and pairs() == set()
    entry = AuditEntry.objects.get(action="person.not_duplicate")
    assert entry.note == "отец и сын" and entry.user == federation_admin
    with pytest.raises(TournamentError):
        duplicates.mark_two_people(federation_admin, a, b)
    duplicates.unmark(federation_admin, row)
    assert len(pairs()) == 1 and AuditEntry.objects.filter(action="person.not_duplicate_undone").exists()


def test_only_the_federation_administrator_marks_two_people(organizer):
    a, b = person("Ёлкин Пётр"), person("Ёлкин Пётр")
    with pytest.raises(NotAllowed):
        duplicates.mark_two_people(organizer, a, b)
    assert not NotDuplicate.objects.exists()


def test_the_page_lists_the_pair_with_a_merge_that_needs_a_reason(client, federation_admin):
    a, b = person("Ёлкин Пётр", city="Тверь"), person("Елкин П.")
    client.force_login(federation_admin)
    page = client.get(reverse("registry:duplicates")).content.decode()
    assert f'id="suspect-{a.pk}-{b.pk}"' in page and 'name="note"' in page and "required" in page
    assert reverse("registry:duplicates") in client.get(reverse("registry:players")).content.decode()
    response = client.post(reverse("registry:merge", args=[a.pk]), {"other": b.pk, "note": "тот же"})
    assert "merge-preview" in response.content.decode()  # the merge still shows both first
    response = client.post(reverse("registry:two_people"), {"a": a.pk, "b": b.pk, "note": "<b>x</b>"})
    assert response.status_code == 302 and NotDuplicate.objects.count() == 1
    page = client.get(reverse("registry:duplicates")).content.decode()
    assert f'id="suspect-{a.pk}-{b.pk}"' not in page and "&lt;b&gt;x&lt;/b&gt;" in page
    row = NotDuplicate.objects.get()
    assert client.post(reverse("registry:two_people_undo", args=[row.pk])).status_code == 302
    assert not NotDuplicate.objects.exists()


@pytest.mark.parametrize("data", [{"a": "1", "b": "x"}, {"a": "", "b": ""}, {"a": "99999", "b": "1"},
                                  {"a": "1", "b": "1"}, {"a": "1", "b": "2", "note": "x" * 400},
                                  {"a": "1", "b": "2", "note": "a\x00b"}])
def test_hostile_marks_are_refused_in_words(client, federation_admin, data):
    person("Ёлкин Пётр"), person("Ёлкин Пётр")
    client.force_login(federation_admin)
    response = client.post(reverse("registry:two_people"), data)
    assert response.status_code == 400 and 'id="two-people-errors"' in response.content.decode()
    assert not NotDuplicate.objects.exists()


def test_anyone_else_is_refused(client, organizer, django_user_model):
    a, b = person("Ёлкин Пётр"), person("Ёлкин Пётр")
    assert client.get(reverse("registry:duplicates")).status_code == 302  # to the login
    client.force_login(organizer)
    assert client.get(reverse("registry:duplicates")).status_code == 403
    assert client.post(reverse("registry:two_people"), {"a": a.pk, "b": b.pk}).status_code == 403
    assert "to-duplicates" not in client.get(reverse("registry:players")).content.decode()
    assert not NotDuplicate.objects.exists()
