"""The ledger follows the registry (docs/rules.md Part V.1, V.4): a merge joins two persons' rated parties into
one chain and its undo splits them again; a player not linked to the registry is not rated until he is."""
import pytest
from django.core.management import call_command

from events.simulation import simulate
from people.models import Person
from registry.merges import merge_persons, undo_merge
from registry.models import PersonRating, RatingChange
from registry.services import link_player
from tournaments.models import Partie, Player

pytestmark = pytest.mark.django_db


def chain(person):
    return list(RatingChange.objects.filter(person=person).order_by("order_key")
                .values_list("tournament__slug", "parties", "before", "after"))


def rebuilt_equals_incremental():
    before = list(RatingChange.objects.order_by("order_key", "person_id").values_list(
        "person_id", "partie_id", "before", "after", "parties"))
    current = list(PersonRating.objects.order_by("person_id").values_list("person_id", "rating", "parties"))
    call_command("rating", "rebuild")
    return before == list(RatingChange.objects.order_by("order_key", "person_id").values_list(
        "person_id", "partie_id", "before", "after", "parties")) and current == list(
        PersonRating.objects.order_by("person_id").values_list("person_id", "rating", "parties"))


def test_a_merge_joins_the_rated_parties_and_its_undo_splits_them(organizer, federation_admin):
    simulate(organizer, pairs=2, rounds=1, system="swiss", seed="x", slug="east", rated=True)
    Person.objects.update(city="Владивосток")  # the next simulation's namesakes are other persons
    simulate(organizer, pairs=2, rounds=1, system="swiss", seed="y", slug="west", rated=True)
    kept = Player.objects.get(pair__tournament__slug="east", name="Игрок 1").person
    absorbed = Player.objects.get(pair__tournament__slug="west", name="Игрок 1").person
    assert kept != absorbed and [c[0] for c in chain(kept)] == ["east"] and [c[0] for c in chain(absorbed)] == ["west"]
    merge = merge_persons(federation_admin, kept, absorbed, note="одно лицо")
    joined = chain(kept)
    assert [(c[0], c[1]) for c in joined] == [("east", 1), ("west", 2)] and joined[0][3] == joined[1][2]
    assert not RatingChange.objects.filter(person=absorbed).exists()
    assert not PersonRating.objects.filter(person=absorbed).exists()
    assert PersonRating.objects.get(person=kept).parties == 2
    assert rebuilt_equals_incremental()
    undo_merge(federation_admin, merge)
    assert [(c[0], c[1]) for c in chain(kept)] == [("east", 1)]
    assert [(c[0], c[1]) for c in chain(absorbed)] == [("west", 1)]
    assert rebuilt_equals_incremental()


def test_an_unlinked_player_s_partie_is_rated_once_he_is_linked(organizer):
    simulate(organizer, pairs=2, rounds=1, system="swiss", seed="z", slug="north", rated=True)
    player = Player.objects.get(pair__tournament__slug="north", name="Игрок 3")
    person = player.person
    Player.objects.filter(pk=player.pk).update(person=None)
    call_command("rating", "rebuild")
    partie = Partie.objects.get(round__tournament__slug="north")
    assert not RatingChange.objects.filter(partie=partie).exists()
    link_player(organizer, Player.objects.get(pk=player.pk), person=person.pk)
    assert RatingChange.objects.filter(partie=partie).count() == 4
    assert PersonRating.objects.get(person=person).parties == 1
