"""The rating's pages (docs/rules.md Part V): the list with its filters (fast with 1,000 players, hostile input
answered in words), a player's rating after each event with its chart, the rated tournaments' choice by the
federation administrator only, and the monthly lists that stay as published."""
import datetime
import io
from decimal import Decimal

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from access.permissions import FEDERATION_ADMINS
from events.simulation import simulate
from people.models import Person
from registry.models import PersonRating, RatedTournament, RatingSnapshot
from registry.rating_services import publish_snapshot, set_rated
from tests.queries import own_queries
from tournaments.models import Player

pytestmark = pytest.mark.django_db
TODAY = datetime.date.today()


def html(response):
    return response.content.decode()


@pytest.fixture
def thousand():
    persons = Person.objects.bulk_create([
        Person(name=f"Игрок {i:04d}", name_key=f"игрок {i:04d}", club=("Дом домино" if i % 3 else "Рыба"),
               city=("Тверь" if i % 2 else "Казань")) for i in range(1000)])
    PersonRating.objects.bulk_create([
        PersonRating(person=p, rating=Decimal(2000 - i) - Decimal("0.25"), parties=5 + i % 40,
                     last_played=TODAY - datetime.timedelta(days=i)) for i, p in enumerate(persons)])
    return persons


def count(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(own_queries(queries)), html(response)


def test_the_list_of_1000_players_is_paged_in_a_bounded_number_of_queries(client, thousand):
    first, page = count(client, reverse("registry:rating"))
    assert page.count('<tr id="rating-') == 50 and "страница 1 из 20" in page
    assert 'id="rating-%s"><td class="num">1</td>' % thousand[0].pk in page
    assert "2000" in page and "пр." in page  # 1999.75 shown whole; fewer than 20 parties
    later, page = count(client, reverse("registry:rating") + "?club=Рыба&active=on&page=2")
    assert first <= 8 and later <= 8
    # the place stays the place in the whole list; the pager keeps the filters
    row = next(p for i, p in enumerate(thousand) if i % 3 == 0 and i < 365 and i >= 150)
    assert f'id="rating-{row.pk}"><td class="num">{thousand.index(row) + 1}</td>' in page
    assert "club=%D0%A0%D1%8B%D0%B1%D0%B0" in page and "active=on" in page


def test_filters_club_city_and_activity(client, thousand):
    page = html(client.get(reverse("registry:rating"), {"club": "рыба", "city": "ТВЕРЬ"}))  # any case
    rows = page.count('<tr id="rating-')
    assert rows == 50 and "страница 1 из 4" in page  # i % 3 == 0 and odd i: 167 players
    page = html(client.get(reverse("registry:rating"), {"active": "on", "page": "8"}))
    assert "страница 8 из 8" in page and page.count('<tr id="rating-') == 16  # 366 played within a year (0…365 days ago)
    Person.objects.filter(pk=thousand[0].pk).update(show_club=False)
    page = html(client.get(reverse("registry:rating"), {"club": "Рыба"}))
    assert f'id="rating-{thousand[0].pk}"' not in page  # a hidden club is not filtered on either


@pytest.mark.parametrize("query", [
    {"club": "Нет такого"}, {"city": "x' OR 1=1 --"}, {"club": "a\x00b"}, {"city": "я" * 500},
    {"page": "-1"}, {"page": "9" * 40}, {"active": "☃"},
])
def test_hostile_filters_get_a_message_never_a_500(client, thousand, query):
    response = client.get(reverse("registry:rating"), query)
    assert response.status_code in (200, 400)
    page = html(response)
    if "club" in query or "city" in query:
        assert response.status_code == 400
        assert "нет в рейтинг-листе" in page or "Убедитесь" in page or "недопустим" in page.lower()


@pytest.fixture
def rated_season(organizer):
    simulate(organizer, pairs=3, rounds=2, system="swiss", seed="p", slug="spring", rated=True)
    simulate(organizer, pairs=3, rounds=2, system="swiss", seed="p", slug="summer", rated=True)
    return Player.objects.get(pair__tournament__slug="spring", name="Игрок 1").person


def test_the_player_page_shows_his_rating_after_each_event_and_the_chart(client, rated_season):
    response = client.get(reverse("registry:person", args=[rated_season.pk]))
    page = html(response)
    row = PersonRating.objects.get(person=rated_season)
    assert f'id="rating-now">{int(row.rating.quantize(Decimal(1), rounding="ROUND_HALF_UP"))}<' in page
    assert page.count("рейтинг после турнира:") == 2 and 'id="rating-chart"' in page
    assert 'id="rating-chart-data"' in page and "/static/vendor/chartjs/chart.umd.min.js" in page
    assert "script-src 'self'" in response["Content-Security-Policy"]


def test_only_the_federation_administrator_marks_a_tournament_rated(client, organizer, federation_admin):
    simulate(organizer, pairs=2, rounds=1, system="swiss", seed="m", slug="m")
    tournament = Player.objects.filter(pair__tournament__slug="m").first().pair.tournament
    with pytest.raises(Exception) as refused:
        set_rated(organizer, tournament, True)
    assert getattr(refused.value, "code", None) or "администратор" in str(refused.value).lower()
    client.force_login(organizer)
    assert client.get(reverse("registry:rated_tournaments")).status_code == 403
    client.force_login(federation_admin)
    url = reverse("registry:rated_tournaments")
    assert client.post(url, {"tournament": tournament.pk, "rated": "2"}, follow=True).status_code == 200
    assert not RatedTournament.objects.exists()
    assert client.post(url, {"tournament": "x", "rated": "1"}).status_code == 404
    page = html(client.post(url, {"tournament": tournament.pk, "rated": "1"}, follow=True))
    assert "рейтинговый турнир" in page and RatedTournament.objects.filter(tournament=tournament).exists()
    assert PersonRating.objects.count() == 4
    assert tournament.audit_entries.filter(action="tournament.rated").exists()


def test_a_published_month_stays_as_published(client, organizer, federation_admin, rated_season):
    snapshot = publish_snapshot(federation_admin)
    rows = list(snapshot.rows)
    assert rows and rows[0]["place"] == 1 and {"player", "name", "rating", "parties", "provisional"} <= rows[0].keys()
    set_rated(federation_admin, Player.objects.filter(pair__tournament__slug="summer").first().pair.tournament, False)
    call_command("rating", "rebuild")
    assert RatingSnapshot.objects.get(pk=snapshot.pk).rows == rows
    assert PersonRating.objects.order_by("-rating").first().parties < max(r["parties"] for r in rows)
    page = html(client.get(reverse("registry:rating_snapshot", args=[f"{snapshot.month:%Y-%m}"])))
    assert rows[0]["name"] in page and f"<b>{rows[0]['rating']}</b>" in page
    with pytest.raises(Exception) as again:
        publish_snapshot(federation_admin)
    assert getattr(again.value, "code", "") == "already_published"
    assert client.get("/rating/2026-13/").status_code == 404
    assert client.get("/rating/1999-01/").status_code == 404
    assert client.post(reverse("registry:rating_publish")).status_code == 302  # anonymous: to the login


def test_the_list_as_a_workbook_and_a_pdf_with_its_filters(client, thousand):
    Person.objects.filter(pk=thousand[3].pk).update(name="=HYPERLINK(\"http://x\") <b>Очень-длинная-фамилия "
                                                         "Константинопольский-Благовещенский")
    response = client.get(reverse("registry:rating_export", args=["xlsx"]), {"club": "Рыба"})
    assert response.status_code == 200 and response["Content-Disposition"].endswith('.xlsx"')
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:3] == ("Место", "Номер в реестре", "Игрок") and len(rows) == 1 + 334
    assert rows[1][0] == 1 and rows[2][0] == 4 and rows[2][2].startswith("=HYPERLINK")  # text, not a formula
    assert sheet.cell(row=3, column=3).data_type == "s"
    response = client.get(reverse("registry:rating_export", args=["pdf"]), {"active": "on"})
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Константинопольский-Благовещенский" in text.replace("\n", " ") and "<b>" in text
    assert client.get(reverse("registry:rating_export", args=["pdf"]), {"club": "Нет"}).status_code == 400


def test_the_list_reads_in_english_under_the_en_prefix(client, thousand):
    page = html(client.get("/en/rating/"))
    assert "Rating list" in page and "Played in the last 12 months" in page and "prov." in page
    assert "Рейтинг-лист" not in page
    refused = html(client.get("/en/rating/", {"club": "Nowhere"}))
    assert "No such club in the rating list." in refused


@pytest.mark.parametrize("path", ["/rating/rating.csv", "/rating/cup/", "/rating/2026-1x/", "/rating/2026-01/rating.xls",
                                  "/rating/" + "9" * 300 + "/", "/rating/2026-01/rating.pdf"])
def test_an_unknown_file_or_month_is_a_404(client, path):
    assert client.get(path).status_code == 404


def test_publishing_the_month_s_list_asks_first(client, django_user_model):
    admin = django_user_model.objects.create_user("fed-confirm", password="x")
    admin.groups.add(Group.objects.get_or_create(name=FEDERATION_ADMINS)[0])
    client.force_login(admin)
    asked = client.post(reverse("registry:rating_publish"))
    assert asked.status_code == 200 and 'id="publish-confirm"' in asked.content.decode()
    assert "отменить публикацию нельзя" in asked.content.decode()
    assert not RatingSnapshot.objects.exists()  # nothing published by the first press
    done = client.post(reverse("registry:rating_publish"), {"confirmed": "1"})
    assert done.status_code == 302 and RatingSnapshot.objects.count() == 1


def test_the_front_page_links_the_rating_list(client):
    page = client.get(reverse("tournaments:home")).content.decode()
    assert f'href="{reverse("registry:rating")}" id="rating-list"' in page


def test_each_rated_game_shows_the_sides_ratings_the_expectation_and_the_change(client, rated_season):
    from registry.models import RatingChange
    from registry.rating_selectors import rated_games
    person = rated_season
    own = list(RatingChange.objects.filter(person=person).order_by("order_key"))
    events = rated_games(person)
    games = [g for e in events.values() for g in e.games]
    assert [g.partie_id for g in games] == [c.partie_id for c in own]
    for game, change in zip(games, own):
        table = RatingChange.objects.filter(partie_id=change.partie_id)
        mine = [c.before for c in table if c.side == change.side]
        theirs = [c.before for c in table if c.side != change.side]
        assert game.side_rating == round(sum(mine) / len(mine))
        assert game.opponents_rating == round(sum(theirs) / len(theirs))
        assert (game.expected, game.score, game.k, game.delta) == (change.expected, change.score, change.k,
                                                                   change.delta)
        assert {pk for pk, _name in game.opponents} == {c.person_id for c in table if c.side != change.side}
        assert person.pk not in {pk for pk, _name in game.partners}
    page = html(client.get(reverse("registry:person", args=[person.pk])))
    assert page.count('class="rated-games"') == 2 and "турнирный рейтинг (перформанс):" in page
    first = own[0]
    assert f"{first.expected:.2f}".replace(".", ",") in page or f"{first.expected:.2f}" in page
    assert "Начальный рейтинг" in page  # the chart and its table start where he started
    chart = page.split('id="rating-chart-data"', 1)[1]
    assert f"{int(first.before)}" in chart.split("</script>", 1)[0]


def test_the_performance_is_the_opponents_mean_plus_400_times_the_balance():
    from types import SimpleNamespace as G

    from registry.rating_selectors import performance
    games = [G(opponents_rating=1600, score=Decimal(1)), G(opponents_rating=1700, score=Decimal("0.5")),
             G(opponents_rating=1500, score=Decimal(0)), G(opponents_rating=1800, score=Decimal(1))]
    assert performance(games) == 1650 + 400 * 1 // 4  # (1600+1700+1500+1800)/4 + 400 × (2 − 1)/4 = 1750
    assert performance(games[:1]) == 2000 and performance(games[2:3]) == 1100
    assert performance([]) is None


def test_the_files_carry_the_federation_id_the_person_shows_and_a_phone_shows_club_and_city(client, thousand):
    Person.objects.filter(pk=thousand[0].pk).update(federation_id="RUS-1001")
    Person.objects.filter(pk=thousand[1].pk).update(federation_id="RUS-1002", show_federation_id=False)
    rows = list(load_workbook(io.BytesIO(client.get(reverse("registry:rating_export", args=["xlsx"])).content))
                .active.iter_rows(values_only=True))
    assert rows[0][3] == "ID федерации" and rows[1][3] == "RUS-1001" and not rows[2][3]  # hidden: not printed
    response = client.get(reverse("registry:rating_export", args=["pdf"]))
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "ID\nфедерации" in text and "RUS-1001" in text and "RUS-1002" not in text
    page = html(client.get(reverse("registry:rating")))
    row = page[page.index(f'id="rating-{thousand[0].pk}"'):].split("</tr>")[0]
    assert '<span class="narrow-only muted who">Рыба, Казань</span>' in row  # under the name on a phone
    snapshot = publish_snapshot(None, TODAY)
    month = f"{TODAY:%Y-%m}"
    rows = list(load_workbook(io.BytesIO(client.get(reverse("registry:rating_snapshot_export",
                                                            args=[month, "xlsx"])).content))
                .active.iter_rows(values_only=True))
    assert snapshot.rows[0]["federation_id"] == "RUS-1001" and rows[1][3] == "RUS-1001"
