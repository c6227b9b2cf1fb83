"""A tournament's public page: its dates, venue, city, rules in words, entrants and, once played, its documents;
the pair and player pages link each player to his page in the registry."""
import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from events.views.public import ENTRANTS_SHOWN
from people.models import Person
from tests.factories import make_individual, make_referee, make_round, make_tournament
from tests.queries import own_queries
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db


def page(client, slug="test-cup"):
    response = client.get(f"/t/{slug}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_shows_dates_venue_city_the_rules_in_words_and_the_entrants(client):
    make_tournament(3, preset="federation", city="Тверь", end_date=datetime.date(2026, 11, 30))
    html = page(client)
    assert 'id="dates"><span class="dates">29\u00a0ноября\u00a02026 — 30\u00a0ноября\u00a02026</span>' in html
    assert 'id="city">Тверь<' in html and 'id="venue">Дом культуры<' in html
    assert ("Спортивное домино, регламент «Федерация»: партия до 200 очков, не дольше 40 минут. "
            "Очки матча: победа — 1, ничья — 0, поражение — 0.") in html
    entrants = html.split('id="entrants"')[1].split("</ol>")[0]
    assert entrants.count("<li>") == 3 and "№1</span> 1. Иванов Иван — 2. Петров Иван" in entrants
    assert "Документы" not in html  # nothing played yet


def test_a_long_list_of_entrants_is_cut_with_a_link_to_the_whole_list(client):
    make_tournament(ENTRANTS_SHOWN + 2)
    html = page(client)
    assert html.split('id="entrants"')[1].split("</ol>")[0].count("<li>") == ENTRANTS_SHOWN
    assert 'id="entrants-all">Ещё 2 — весь список и поиск<' in html


def test_the_page_asks_as_many_queries_for_seventy_entrants_as_for_four(client):
    counts = []
    for n, slug in ((4, "small"), (70, "big")):
        t = make_tournament(n, slug=slug)
        make_round(t, 1, [(1, 2), (3, 4)], status="finished")
        with CaptureQueriesContext(connection) as queries:
            page(client, slug)
        counts.append(len(own_queries(queries)))
    assert counts[0] == counts[1], counts


def test_once_a_round_is_finished_the_documents_appear_the_final_report_for_officials_only(client):
    t = make_tournament(4, rounds_planned=2)
    Tournament.objects.filter(pk=t.pk).update(start_date=timezone.localdate())  # today: in play
    make_round(t, 1, [(1, 2), (3, 4)], status="finished")
    make_round(t, 2, [(1, 3), (2, 4)], status="published")
    html = page(client)
    documents = html.split('id="documents"')[1].split("</section>")[0]
    assert "/t/test-cup/round/1/sheets-signed.pdf" in documents and "/round/2/sheets-signed.pdf" not in documents
    assert "/t/test-cup/standings.pdf" in documents and "Положение после сыгранных туров (PDF)" in documents
    assert "final-report" not in documents
    assert client.get("/t/test-cup/round/1/sheets-signed.pdf").status_code == 200  # the link is public
    client.force_login(make_referee(t))
    assert 'id="final-report"' in page(client)


def test_a_finished_tournament_says_so(client):
    t = make_tournament(4, rounds_planned=1)
    make_round(t, 1, [(1, 2), (3, 4)], status="finished")
    html = page(client)
    assert 'id="group">завершён<' in html and "Итоговое положение (PDF)" in html


def test_a_private_tournament_has_no_public_page(client):
    make_tournament(2, is_public=False)
    assert client.get("/t/test-cup/").status_code == 404


def test_the_pair_page_links_a_player_to_his_registry_page_when_linked(client):
    t = make_tournament(2)
    person = Person.objects.create(name="Иванов Иван", city="Тверь")
    Player.objects.filter(pair__tournament=t, name="Иванов Иван").update(person=person)
    html = client.get("/t/test-cup/pair/1/").content.decode()
    players = html.split('id="pair-players"')[1].split("</ul>")[0]
    assert f'<a href="/players/{person.pk}/" class="person-link"' in players
    assert players.count("person-link") == 1  # his partner is not linked: his name alone


def test_the_individual_player_page_links_to_the_registry_page_when_linked(client):
    t = make_individual(4)
    person = Person.objects.create(name="Петров Иван")
    Player.objects.filter(pair__tournament=t, pair__number=2).update(person=person)
    assert f'href="/players/{person.pk}/" class="person-link"' in client.get("/t/solo-cup/player/2/").content.decode()
    assert "person-link" not in client.get("/t/solo-cup/player/1/").content.decode()


def test_a_merged_persons_link_leads_to_the_person_he_was_merged_into(client):
    t = make_tournament(2)
    kept = Person.objects.create(name="Иванов Иван")
    absorbed = Person.objects.create(name="Иванов Иван", merged_into=kept)
    Player.objects.filter(pair__tournament=t, name="Иванов Иван").update(person=absorbed)
    html = client.get("/t/test-cup/pair/1/").content.decode()
    link = f"/players/{absorbed.pk}/"
    assert link in html
    assert client.get(link).headers["Location"] == f"/players/{kept.pk}/"
    assert Tournament.objects.count() == 1
