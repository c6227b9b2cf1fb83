"""The draw by rating (docs/rules.md V.6): number 1 to the strongest, equal ratings by lot, the unrated
after them by lot, manual numbers kept; the Swiss first round follows the numbers."""
import datetime

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from events.services.draw import entrant_ratings, run_draw, seeded_numbers
from events.services.rounds import pair_round
from people.models import Person
from registry.models import PersonRating
from tests.factories import make_tournament
from tests.tournaments.test_setup import form_data
from tournaments.models import Entrant, Tournament

AN, BOR, VET, GOR, DYM, EL = 1, 2, 3, 4, 5, 6
EXAMPLE = {AN: 1620.0, BOR: 1700.0, VET: 1580.0, GOR: 1700.0, DYM: None, EL: 1500.0}


def test_the_worked_example_of_the_rules():
    numbers = seeded_numbers([AN, BOR, VET, GOR, DYM, EL], EXAMPLE, {VET: 3}, "seed-1")
    assert numbers[VET] == 3  # by hand
    assert {numbers[BOR], numbers[GOR]} == {1, 2}
    assert (numbers[AN], numbers[EL], numbers[DYM]) == (4, 5, 6)


def test_equal_ratings_and_the_unrated_go_by_lot_the_same_for_the_same_seed():
    ids = list(range(1, 9))
    ratings = {1: 1500.0, 2: 1500.0, 3: 1500.0, 4: 1400.0, 5: None, 6: None, 7: None, 8: 1900.0}
    assert seeded_numbers(ids, ratings, {}, "x") == seeded_numbers(ids, ratings, {}, "x")
    orders = set()
    for k in range(30):
        numbers = seeded_numbers(ids, ratings, {}, f"seed-{k}")
        assert numbers[8] == 1 and numbers[4] == 5
        assert {numbers[i] for i in (1, 2, 3)} == {2, 3, 4} and {numbers[i] for i in (5, 6, 7)} == {6, 7, 8}
        orders.add(tuple(sorted((1, 2, 3), key=numbers.get)))
    assert len(orders) > 1  # the lot, not the registration order, splits equal ratings


@pytest.fixture
def cup(db):
    tournament = make_tournament(8, numbered=False, draw_by_rating=True)
    pairs = list(tournament.pairs.order_by("id"))
    for k, pair in enumerate(pairs):  # pair k registered k-th; the strongest registered last
        for player in pair.players.all():
            player.rating = 1400 + 20 * k
            player.save(update_fields=["rating"])
    return tournament, pairs


def test_an_entrant_s_rating_is_the_list_s_else_the_registration_s_else_the_pair_s(cup):
    tournament, pairs = cup
    first = pairs[0].players.order_by("id").first()
    first.person = Person.objects.create(name=first.name)
    first.save(update_fields=["person"])
    PersonRating.objects.create(person=first.person, rating="1800.00", parties=40,
                                last_played=datetime.date(2026, 10, 1))
    lone = pairs[1].players.order_by("id").last()
    lone.rating = None
    lone.save(update_fields=["rating"])
    Entrant.objects.filter(pk=pairs[2].pk).update(rating=1555)
    pairs[2].players.update(rating=None)
    Entrant.objects.filter(pk=pairs[3].pk).update(rating=None)
    pairs[3].players.update(rating=None)
    ratings = entrant_ratings(list(tournament.pairs.order_by("id")))
    assert ratings[pairs[0].pk] == (1800 + 1400) / 2  # the list's line beats the registration's
    assert ratings[pairs[1].pk] is None  # one player without a rating, and none for the pair
    assert ratings[pairs[2].pk] == 1555  # the pair's own
    assert ratings[pairs[3].pk] is None
    assert ratings[pairs[7].pk] == 1540


def test_the_draw_by_rating_numbers_the_strongest_first_and_seeds_the_swiss_first_round(cup, organizer):
    tournament, pairs = cup
    run_draw(organizer, tournament, seed="s")
    numbers = {p.pk: p.number for p in tournament.pairs.all()}
    assert [numbers[p.pk] for p in reversed(pairs)] == list(range(1, 9))
    entry = AuditEntry.objects.filter(tournament=tournament, action="draw.run").get()
    assert entry.after["by_rating"] is True
    rnd = pair_round(organizer, tournament)
    met = {frozenset((p.pair_a.number, p.pair_b.number)) for p in rnd.parties.select_related("pair_a", "pair_b")}
    assert met == {frozenset(x) for x in ((1, 5), (2, 6), (3, 7), (4, 8))}  # the top half against the bottom


def test_without_the_setting_the_lot_ignores_the_ratings(cup, organizer):
    tournament, pairs = cup
    Tournament.objects.filter(pk=tournament.pk).update(draw_by_rating=False)
    tournament.refresh_from_db()
    seen = []
    for k in range(4):
        Tournament.objects.filter(pk=tournament.pk).update(draw_done_at=None)
        run_draw(organizer, tournament, seed=f"lot-{k}")
        seen.append([p.number for p in tournament.pairs.order_by("-id")])
    assert any(order != list(range(1, 9)) for order in seen)


def test_the_setup_form_keeps_the_setting(client, creator):
    client.force_login(creator)
    response = client.post(reverse("tournaments:create"), form_data(draw_by_rating="on"))
    assert response.status_code == 302
    assert Tournament.objects.get(name="Кубок Ёлкина 2026").draw_by_rating is True
