"""The front page's calendar of tournaments: its three groups, filters, pages, privacy and query count."""
import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from events.calendar import FINISHED, IN_PLAY, UPCOMING, Progress, group_of
from events.views.public import CALENDAR_PER_PAGE
from signup.organizer import close_registration
from tests.factories import make_individual, make_round, make_tournament
from tests.queries import own_queries
from tests.signup.conftest import open_for
from tests.tournaments.test_setup import form_data
from tournaments.models import Qualification, Round, Tournament

TODAY = datetime.date(2027, 3, 10)
DAY = datetime.timedelta(days=1)


def progress(start, end=None, **counts):
    return Progress(pk=1, start=start, end=end, rounds_planned=counts.pop("planned", 3),
                    final_kind=counts.pop("final_kind", "none"), **counts)


# --- the three groups, from the dates and the rounds ---------------------------------------------

def test_a_tournament_whose_first_day_is_ahead_and_without_rounds_is_upcoming():
    assert group_of(progress(TODAY + DAY), TODAY) == UPCOMING
    assert group_of(progress(TODAY + DAY, TODAY + 3 * DAY), TODAY) == UPCOMING


def test_a_tournament_is_in_play_from_its_first_day_or_its_first_shown_round():
    assert group_of(progress(TODAY), TODAY) == IN_PLAY  # its day has come, nothing paired yet
    assert group_of(progress(TODAY - DAY, TODAY + DAY), TODAY) == IN_PLAY  # a two-day event, day 2
    assert group_of(progress(TODAY + DAY, shown=1, in_play=1, stage1=1), TODAY) == IN_PLAY  # paired early
    # two rounds of three finished: between rounds it is still in play
    assert group_of(progress(TODAY, shown=2, stage1=2), TODAY) == IN_PLAY


def test_a_tournament_is_finished_when_its_rounds_are_played_or_its_last_day_is_past():
    assert group_of(progress(TODAY, shown=3, stage1=3), TODAY) == FINISHED  # every planned round finished
    assert group_of(progress(TODAY, shown=3, in_play=1, stage1=3), TODAY) == IN_PLAY  # the last one open
    assert group_of(progress(TODAY - DAY), TODAY) == FINISHED  # one day, yesterday
    assert group_of(progress(TODAY - 3 * DAY, TODAY - DAY, shown=1, in_play=1, stage1=1), TODAY) == FINISHED


def test_an_event_in_stages_is_finished_once_its_second_stage_is_played():
    stage1 = dict(shown=3, stage1=3, final_kind="knockout")
    assert group_of(progress(TODAY, **stage1), TODAY) == IN_PLAY  # finalists not confirmed yet
    assert group_of(progress(TODAY, **stage1, finalists=8, stage2=2), TODAY) == IN_PLAY  # semi-finals played
    assert group_of(progress(TODAY, **{**stage1, "shown": 6}, finalists=8, stage2=3), TODAY) == FINISHED
    robin = dict(shown=6, stage1=3, final_kind="round-robin", finalists=4)
    assert group_of(progress(TODAY, **robin, stage2=2), TODAY) == IN_PLAY
    assert group_of(progress(TODAY, **{**robin, "shown": 6}, stage2=3), TODAY) == FINISHED


# --- the page --------------------------------------------------------------------------------------

def _cup(slug, start, *, end=None, city="", pairs=0, **kwargs):
    tournament = make_tournament(pairs, slug=slug, city=city, **kwargs)
    Tournament.objects.filter(pk=tournament.pk).update(start_date=start, end_date=end)
    return tournament


SLUGS = ("soon", "today", "played", "last-week", "tver-kozel", "solo", "private", "archived", "later")


def _sections(client, query=""):
    html = client.get(f"/{query}").content.decode()
    found = {}
    for group in (IN_PLAY, UPCOMING, FINISHED):
        start = html.find(f'id="group-{group}"')
        if start < 0:
            continue
        end = html.find("</section>", start)
        section = html[start:end]
        slugs = [s for s in SLUGS if f'id="calendar-{s}"' in section]
        found[group] = sorted(slugs, key=lambda s: section.index(f'id="calendar-{s}"'))  # in the page's order
    return html, found


@pytest.fixture
def season(db):
    today = timezone.localdate()
    _cup("soon", today + 7 * DAY, city="Тверь")
    _cup("later", today + 30 * DAY, city="Тверь")
    played = _cup("played", today - DAY, end=today, city="Москва", pairs=4, rounds_planned=1)
    make_round(played, 1, [(1, 2), (3, 4)], status="finished")
    today_cup = _cup("today", today, city="Москва", pairs=4)
    make_round(today_cup, 1, [(1, 2), (3, 4)], status="published")
    _cup("last-week", today - 7 * DAY, city="тверь")
    _cup("tver-kozel", today + 3 * DAY, city="Тверь", preset="kozel")
    solo = make_individual(4, slug="solo", city="Тверь")
    Tournament.objects.filter(pk=solo.pk).update(start_date=today + 2 * DAY)
    _cup("private", today + DAY, city="Тверь", is_public=False)
    _cup("archived", today - DAY, city="Тверь", archived_at=timezone.now())
    return today


def test_the_front_page_groups_the_public_tournaments(client, season):
    html, found = _sections(client)
    # in play first, then upcoming soonest first, then finished latest first
    assert found == {IN_PLAY: ["today"], UPCOMING: ["solo", "tver-kozel", "soon", "later"],
                     FINISHED: ["played", "last-week"]}
    assert html.index('id="group-in_play"') < html.index('id="group-upcoming"') < html.index('id="group-finished"')
    assert "Календарь турниров" in html and "туров: 1 из 7" in html  # the round reached, in play


def test_private_and_archived_tournaments_are_on_no_list_and_a_draft_round_counts_for_nothing(client, season):
    html, found = _sections(client)
    assert "private" not in str(found) and "archived" not in str(found)
    assert 'id="calendar-private"' not in html and 'id="calendar-archived"' not in html
    later = Tournament.objects.get(slug="later")
    Round.objects.create(tournament=later, number=1, status="draft")  # the organizer's alone
    assert _sections(client)[1][UPCOMING][-1] == "later"
    # a city only a private or an archived tournament has is not offered either
    Tournament.objects.filter(slug="private").update(city="Закрытогорск")
    assert "Закрытогорск" not in client.get("/").content.decode()


def test_the_filters_city_game_format_and_when(client, season):
    assert _sections(client, "?city=Тверь")[1] == {UPCOMING: ["solo", "tver-kozel", "soon", "later"],
                                                   FINISHED: ["last-week"]}  # «тверь» is the same city
    assert _sections(client, "?city=ТВЕРЬ&when=finished")[1] == {FINISHED: ["last-week"]}
    assert _sections(client, "?game=kozel")[1] == {UPCOMING: ["tver-kozel"]}
    assert _sections(client, "?game=sport&city=Москва")[1] == {IN_PLAY: ["today"], FINISHED: ["played"]}
    assert _sections(client, "?format=individual")[1] == {UPCOMING: ["solo"]}
    assert _sections(client, "?when=in_play")[1] == {IN_PLAY: ["today"]}
    html, found = _sections(client, "?game=hand")
    assert found == {} and "Таких турниров нет. Измените условия." in html
    html = client.get("/").content.decode()
    assert html.count('<option value="Тверь"') == 1 and '<option value="Москва"' in html  # each city once


@pytest.mark.parametrize("query, field", [
    ("?city=Атлантида", "city"), ("?game=chess", "game"), ("?format=teams-of-nine", "format"),
    ("?when=yesterday", "when"), ("?city=" + "Я" * 5000, "city"), ("?city=%00%01", "city"),
    ("?game[]=sport", None), ("?page=-1", None), ("?page=10000000000000000000000", None), ("?page=²", None),
])
def test_a_hostile_filter_is_named_and_ignored_never_a_server_error(client, season, query, field):
    response = client.get(f"/{query}")
    assert response.status_code == 200
    html = response.content.decode()
    if field:
        assert f'id="row-{field}"' in html and 'class="field has-error"' in html.split(f'id="row-{field}"')[0][-60:]
    assert 'id="calendar-soon"' in html and 'id="calendar-played"' in html  # the other filters still apply


def test_the_calendar_pages_keep_the_filters(client, db):
    today = timezone.localdate()
    Tournament.objects.bulk_create([
        Tournament(name=f"Турнир {k}", slug=f"cup-{k}", start_date=today + (k + 1) * DAY, city="Тверь")
        for k in range(CALENDAR_PER_PAGE + 5)])
    first = client.get("/?city=Тверь").content.decode()
    assert first.count('class="calendar-item') == CALENDAR_PER_PAGE
    assert 'id="calendar-cup-0"' in first and f'id="calendar-cup-{CALENDAR_PER_PAGE}"' not in first
    assert "?city=%D0%A2%D0%B2%D0%B5%D1%80%D1%8C&amp;page=2" in first  # the filter stays in the pager's links
    second = client.get("/?city=Тверь&page=2").content.decode()
    assert second.count('class="calendar-item') == 5 and f'id="calendar-cup-{CALENDAR_PER_PAGE + 4}"' in second


def _many(n, today):
    Tournament.objects.bulk_create([
        Tournament(name=f"Турнир {k}", slug=f"many-{k}", start_date=today + (k % 40 - 20) * DAY, city=f"Город {k % 9}",
                   rules_preset=("pusto-shest", "kozel", "federation")[k % 3], final_kind=("none", "knockout")[k % 2])
        for k in range(n)])
    ids = list(Tournament.objects.filter(slug__startswith="many-").values_list("pk", flat=True))
    Round.objects.bulk_create([Round(tournament_id=pk, number=r, status="finished") for pk in ids[::3] for r in (1, 2)])


def _count(client, path):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return len(own_queries(queries))


def test_the_calendar_asks_a_fixed_number_of_queries_for_a_thousand_tournaments(client, db):
    today = timezone.localdate()
    _many(10, today)
    few = _count(client, "/?city=Город 1")
    Tournament.objects.filter(slug__startswith="many-").delete()
    _many(1000, today)
    first = Tournament.objects.filter(slug__startswith="many-").order_by("pk").first()
    pair = first.pairs.create(number=1)
    Qualification.objects.create(tournament=first, seed=1, pair=pair)
    assert _count(client, "/") == _count(client, "/?city=Город 1&game=kozel&page=3") == few <= 5


def test_a_tournament_taking_entries_online_says_so_in_the_calendar(client, db, organizer):
    open_now = _cup("open-now", timezone.localdate() + 7 * DAY, city="Тверь")
    _cup("not-open", timezone.localdate() + 8 * DAY, city="Тверь")
    open_for(organizer, open_now)
    html = client.get("/").content.decode()
    assert 'id="signup-open-now"' in html and 'id="signup-not-open"' not in html
    assert reverse("tournaments:register", args=["open-now"]) in html
    close_registration(organizer, open_now)
    assert 'id="signup-open-now"' not in client.get("/").content.decode()


def test_the_setup_form_takes_the_city_and_the_api_shows_it(client, creator):
    client.force_login(creator)
    data = form_data(name="Кубок Твери", slug="tver-cup", city="  Тверь ")
    response = client.post("/new/", {**data, "city": "Т" * 101})
    html = response.content.decode()
    assert response.status_code == 400 and "не более 100" in html.split('id="row-city"')[1].split("</div>")[0]
    assert not Tournament.objects.filter(slug="tver-cup").exists()
    response = client.post("/new/", {**data, "city": "Тве\u202eрь"})
    assert response.status_code == 400 and "направления письма" in response.content.decode().split('id="row-city"')[1]
    assert not Tournament.objects.filter(slug="tver-cup").exists()
    client.post("/new/", data)
    assert Tournament.objects.get(slug="tver-cup").city == "Тверь"
    assert client.get("/api/v1/tournaments/tver-cup/").json()["city"] == "Тверь"


def test_groups_then_a_bracket_is_finished_only_after_the_bracket_too():
    groups = dict(stage1=3, final_kind="groups", finalists=16, groups=4, group_qualifiers=2)
    assert group_of(progress(TODAY, **groups, shown=6, stage2=3), TODAY) == IN_PLAY  # the group rounds only
    assert group_of(progress(TODAY, **groups, shown=8, stage2=5), TODAY) == IN_PLAY  # and two bracket rounds
    assert group_of(progress(TODAY, **groups, shown=9, stage2=6), TODAY) == FINISHED  # 3 + 3 rounds
