"""The registry shows the public what the published tournaments show: a person known only from unpublished
tournaments is neither found nor shown, and a person's count of tournaments counts the published ones."""
import re

import pytest
from django.urls import reverse

from access.models import RoleKind, TournamentRole
from people.models import Person
from registry import selectors
from tests.factories import make_tournament
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def _play(person, tournament, number):
    Player.objects.filter(pair__tournament=tournament, pair__number=number, number=1).update(person=person)


@pytest.fixture
def hidden_and_open():
    """Ёлкин plays only in a hidden tournament; Ёжиков in it and in a published one."""
    hidden = make_tournament(2, slug="hidden", is_public=False)
    shown = make_tournament(2, slug="shown")
    elkin = Person.objects.create(name="Ёлкин Пётр", club="Тверь", federation_id="RU-1")
    ezhikov = Person.objects.create(name="Ёжиков Иван", club="Тверь")
    _play(elkin, hidden, 1)
    _play(ezhikov, hidden, 2)
    _play(ezhikov, shown, 1)
    return elkin, ezhikov


def listed(client, q):
    page = client.get(reverse("registry:players"), {"q": q}).content.decode()
    return re.findall(r'<li><a href="/players/\d+/">([^<]+)</a>.*?(\d+) турнир', page)


def test_a_person_only_of_unpublished_tournaments_is_not_found(client, hidden_and_open):
    assert listed(client, "ё") == [("Ёжиков Иван", "1")]  # one tournament: the published one
    assert listed(client, "ёлкин") == [] and listed(client, "RU-1") == []


def test_the_public_rule_holds_for_officials_too(client, hidden_and_open, django_user_model):
    user = django_user_model.objects.create_user("org", password="x" * 10)
    TournamentRole.objects.create(tournament_id=Player.objects.filter(pair__tournament__slug="hidden").first()
                                  .pair.tournament_id, user=user, role=RoleKind.ORGANIZER)
    client.force_login(user)
    assert listed(client, "ё") == [("Ёжиков Иван", "1")]


def test_a_person_of_no_tournament_yet_is_still_found(client, hidden_and_open):
    Person.objects.create(name="Ёршов Олег")  # entered in the registry, no tournament: nothing unpublished to tell
    assert ("Ёршов Олег", "0") in listed(client, "ё")


def test_counts_are_of_published_tournaments(hidden_and_open):
    elkin, ezhikov = hidden_and_open
    counted = {p.name: p.entries_count for p in selectors.with_entry_counts([elkin, ezhikov])}
    assert counted == {"Ёлкин Пётр": 0, "Ёжиков Иван": 1}


def test_the_page_of_a_person_only_of_unpublished_tournaments(client, hidden_and_open, django_user_model):
    """Not found for the public; its tournament's organizer (who sees that tournament) and the federation's
    administrator (whose forms are on it) see it."""
    from django.contrib.auth.models import Group

    from access.permissions import FEDERATION_ADMINS

    elkin, ezhikov = hidden_and_open
    url = reverse("registry:person", args=[elkin.pk])
    assert client.get(url).status_code == 404
    assert client.get(reverse("registry:person", args=[ezhikov.pk])).status_code == 200
    stranger = django_user_model.objects.create_user("stranger", password="x" * 10)
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    organizer = django_user_model.objects.create_user("org", password="x" * 10)
    TournamentRole.objects.create(tournament=Player.objects.get(person=elkin).pair.tournament, user=organizer,
                                  role=RoleKind.ORGANIZER)
    client.force_login(organizer)
    assert client.get(url).status_code == 200
    admin = django_user_model.objects.create_user("federation", password="x" * 10)
    admin.groups.add(Group.objects.get_or_create(name=FEDERATION_ADMINS)[0])
    client.force_login(admin)
    assert client.get(url).status_code == 200
