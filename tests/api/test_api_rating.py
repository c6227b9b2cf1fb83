"""The rating list in the open read API (/api/v1/rating/): paged, filtered as its page is, with an ETag that
moves when a rating moves, and a JSON 400 for a refused filter."""
import datetime
from decimal import Decimal

import pytest
from django.test import Client

from people.models import Person
from registry.models import PersonRating

pytestmark = pytest.mark.django_db
TODAY = datetime.date.today()


def get(path, **headers):
    return Client().get("/api/v1" + path, **headers)


@pytest.fixture
def listed():
    persons = Person.objects.bulk_create([
        Person(name=f"Игрок {i}", name_key=f"игрок {i}", club="Рыба" if i % 2 else "Дупль", city="Тверь",
               show_city=i != 3) for i in range(6)])
    PersonRating.objects.bulk_create([
        PersonRating(person=p, rating=Decimal(1600 - 10 * i) + Decimal("0.5"), parties=10 * i,
                     last_played=TODAY - datetime.timedelta(days=200 * i)) for i, p in enumerate(persons)])
    return persons


def test_the_rating_list_is_paged_and_filtered(listed):
    data = get("/rating/").json()
    assert data["count"] == 6 and [r["player"] for r in data["results"]] == [p.pk for p in listed]
    first = data["results"][0]
    assert first == {**first, "place": 1, "name": "Игрок 0", "rating": 1601, "parties": 0, "provisional": True,
                     "club": "Дупль", "city": "Тверь", "last_played": TODAY.isoformat()}
    assert first["page"].endswith(f"/players/{listed[0].pk}/")
    assert data["results"][3]["city"] == "" and data["results"][2]["provisional"] is False
    club = get("/rating/?club=рыба").json()["results"]
    assert [(r["place"], r["player"]) for r in club] == [(2, listed[1].pk), (4, listed[3].pk), (6, listed[5].pk)]
    active = get("/rating/?active=true").json()
    assert active["count"] == 2  # 0 and 200 days ago
    assert get("/rating/?page_size=2&page=3").json()["results"][0]["player"] == listed[4].pk
    assert "rating" in get("/").json()


@pytest.mark.parametrize("query, field", [("club=Нет", "club"), ("city=x%00y", "city"), ("active=maybe", "active")])
def test_a_refused_filter_is_a_json_400_naming_it(listed, query, field):
    answer = get(f"/rating/?{query}")
    assert answer.status_code == 400 and field in answer.json()


def test_the_etag_moves_with_a_rating(listed):
    first = get("/rating/")
    tag = first["ETag"]
    assert get("/rating/", HTTP_IF_NONE_MATCH=tag).status_code == 304
    PersonRating.objects.filter(person=listed[2]).update(rating=Decimal("1700"))
    changed = get("/rating/", HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed.json()["results"][0]["player"] == listed[2].pk
