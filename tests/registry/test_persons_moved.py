"""The registry's persons moved from the ``registry`` app to ``people`` (below the tournaments): their tables stay,
only Django's state moves (people 0001, tournaments 0017, registry 0003). A database of the schema before the move
keeps its persons, their merges, their players' links and their ratings through the upgrade, and back."""
from decimal import Decimal

import pytest
from django.db import connection

from people.models import Person, PersonMerge
from registry.models import PersonRating
from tests.audit.test_moved_models import migrate
from tests.factories import make_tournament

BEFORE = [("registry", "0002_s27_rating_ledger"), ("tournaments", "0001_squashed_0016")]  # 0001–0016, squashed


@pytest.mark.django_db(transaction=True)
def test_an_old_database_keeps_its_persons_through_the_move():
    t = make_tournament(4, slug="persons-moved")
    player_id = t.pairs.first().players.first().pk
    executor = migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    OldPerson, OldMerge = old.get_model("registry", "Person"), old.get_model("registry", "PersonMerge")
    kept = OldPerson.objects.create(name="Ёлкин Пётр", name_key="елкин петр", city="Тверь", birth_year=1961)
    gone = OldPerson.objects.create(name="Елкин Петр", name_key="елкин петр", merged_into=kept)
    OldMerge.objects.create(kept=kept, absorbed=gone, players=[player_id])
    old.get_model("tournaments", "Player").objects.filter(pk=player_id).update(person=kept)
    old.get_model("registry", "PersonRating").objects.create(
        person=kept, rating=Decimal("1512.50"), parties=3, last_played="2026-11-01")
    with pytest.raises(LookupError):
        old.get_model("people", "Person")

    migrate(executor.loader.graph.leaf_nodes())
    person = Person.objects.get(pk=kept.pk)
    assert (person.name, person.city, person.birth_year) == ("Ёлкин Пётр", "Тверь", 1961)
    assert Person.objects.get(pk=gone.pk).merged_into == person
    assert PersonMerge.objects.get().kept == person
    assert list(person.entries.values_list("pk", flat=True)) == [player_id]  # the tournaments' players point here
    assert PersonRating.objects.get(person=person).rating == Decimal("1512.50")
    with connection.cursor() as cursor:  # the same tables as before
        cursor.execute("SELECT COUNT(*) FROM registry_person")
        assert cursor.fetchone()[0] == 2

    migrate(BEFORE)  # and back: the registry's state again, the rows untouched
    migrate(executor.loader.graph.leaf_nodes())
    assert Person.objects.count() == 2
