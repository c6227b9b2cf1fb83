"""A third party computes the rating list again from the open API's answers alone (docs/api.md, «Пересчитать
рейтинг-лист»; docs/rules.md Part V) and gets the site's list: the rated tournaments and their order
(/rating/tournaments/), each seat's registry person (pairings), each table's result (results), each person's
starting rating (players). The Elo below is written from the rules' text, not imported from the site."""
import datetime
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from events.simulation import federation_admin, simulate
from people.models import Person
from registry import rating
from registry.merges import merge_persons, undo_merge
from registry.rating_services import set_rated
from tests.reports.conftest import blocks, cup, play  # noqa: F401  (the played tournament)
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db
API = "/api/v1"
PROVISIONAL_BELOW = 20  # RATING_PROVISIONAL_PARTIES, the site's default


def get(path):
    answer = Client().get(path if path.startswith("http") else API + path)
    assert answer.status_code == 200, path
    return answer.json()


def every_page(path) -> list:
    rows, page = [], get(path)
    while True:
        rows += page["results"]
        if not page["next"]:
            return rows
        page = get(page["next"])


# --- the third party's program: only the API's answers and the rules' text --------------------------------

def k_factor(parties_before: int) -> int:
    return 40 if parties_before < 30 else 20 if parties_before < 200 else 10


def hundredths(value: float) -> Decimal:
    return Decimal(repr(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def rated_games():
    """Every rated partie in the order it is applied: (date, [persons A], [persons B], score of A, starts)."""
    tournaments = every_page("/rating/tournaments/")
    assert tournaments == sorted(tournaments, key=lambda t: (t["start_date"], t["sequence"]))
    assert [t["position"] for t in tournaments] == list(range(1, len(tournaments) + 1))
    for t in tournaments:
        base = f"/tournaments/{t['slug']}/"
        starts = {p["person"]: p["rating"] for p in every_page(base + "players/") if p["person"] is not None}
        for rnd in sorted(every_page(base + "rounds/"), key=lambda r: r["number"]):
            seats = {p["partie"]: p for p in every_page(f"{base}rounds/{rnd['number']}/pairings/")}
            results = every_page(f"{base}rounds/{rnd['number']}/results/")
            for result in sorted(results, key=lambda r: (r["table"] or 0, r["partie"])):
                if (result["bye"] or not result["signed"] or not result["finished"] or result["no_show"]
                        or result["abandoned"] or result["disqualified"]):
                    continue
                table = seats[result["partie"]]
                sides = [[p["person"] for p in table[side]["players"]] for side in ("A", "B")]
                persons = sides[0] + sides[1]
                if None in persons or len(set(persons)) != len(persons):
                    continue
                score = {"A": Decimal(1), "B": Decimal(0), "draw": Decimal("0.5")}[result["winner"]]
                yield t["start_date"], sides[0], sides[1], score, starts


def site_list() -> list[dict]:
    return [{k: r[k] for k in ("player", "place", "rating", "parties", "provisional", "last_played")}
            for r in every_page("/rating/")]


def recompute() -> list[dict]:
    states, last = {}, {}  # person -> (rating, parties); person -> the date of his last rated tournament
    for date, side_a, side_b, score_a, starts in rated_games():
        now = {}
        for person in side_a + side_b:
            start = starts.get(person)
            fresh = Decimal(start) if start is not None and 100 <= start <= 3000 else Decimal(1500)
            now[person] = states.get(person, (fresh, 0))
        rating_a = sum(now[p][0] for p in side_a) / len(side_a)
        rating_b = sum(now[p][0] for p in side_b) / len(side_b)
        expected_a = 1.0 / (1.0 + 10.0 ** (float(rating_b - rating_a) / 400.0))
        for players, expected, score in ((side_a, expected_a, score_a), (side_b, 1.0 - expected_a, 1 - score_a)):
            for person in players:
                value, parties = now[person]
                states[person] = (value + hundredths(k_factor(parties) * (float(score) - expected)), parties + 1)
                last[person] = date
    order = sorted(states, key=lambda p: (-states[p][0], p))
    return [{"player": p, "place": 1 + sum(states[q][0] > states[p][0] for q in states),
             "rating": int(states[p][0].quantize(Decimal(1), rounding=ROUND_HALF_UP)), "parties": states[p][1],
             "provisional": states[p][1] < PROVISIONAL_BELOW, "last_played": last[p]} for p in order]


# --- the site ----------------------------------------------------------------------------------------------

@pytest.fixture
def season():
    """Three rated tournaments (pairs with byes and a no-show, an individual event with sit-outs, pairs with a
    knockout) and one not rated, all begun today; the last created is then moved a day earlier, so it is applied
    first. Some players came with a rating, one outside 100–3000 (he starts at 1500)."""
    organizer = get_user_model().objects.create_user("rating-organizer")
    simulate(organizer, pairs=5, rounds=3, system="round-robin", seed="r", slug="first", no_shows=1, rated=True)
    simulate(organizer, pairs=9, rounds=2, system="random", seed="r", slug="solo", format="individual", rated=True)
    simulate(organizer, pairs=6, rounds=2, system="swiss", seed="r", slug="unrated")
    simulate(organizer, pairs=6, rounds=2, system="swiss", seed="r", slug="earlier", final="knockout:4", rated=True)
    for k, player in enumerate(Player.objects.filter(pair__tournament__slug="first").order_by("pk")[:4]):
        player.rating = [1720, 1380, 5000, 1610][k]
        player.save(update_fields=["rating"])
    yesterday = datetime.date.today() - datetime.timedelta(days=1)
    Tournament.objects.filter(slug="earlier").update(start_date=yesterday)
    rating.rebuild()


def test_the_rating_list_is_computed_again_from_the_api_alone(season):
    tournaments = every_page("/rating/tournaments/")
    assert [t["slug"] for t in tournaments] == ["earlier", "first", "solo"]  # date, then the system's number
    assert get("/rating/tournaments/")["complete"] is True
    assert get("/tournaments/first/")["rated"] is True and get("/tournaments/unrated/")["rated"] is False
    site = site_list()
    assert len(site) >= 10  # the same seed: the same persons play in the three tournaments
    mine = recompute()
    assert mine == site
    assert max(r["parties"] for r in mine) >= 5 and len({r["rating"] for r in mine}) > 5
    starts = {p["person"]: p["rating"] for p in every_page("/tournaments/first/players/")}
    assert 5000 in starts.values() and 1720 in starts.values()  # the starting ratings were read, one refused


def test_the_order_is_the_one_the_rating_applies(season):
    """Ordered by sequence only (as the site's own ids would), «first» and «earlier» swap: the list differs, so the
    order the API gives is the one that matters."""
    ordered = every_page("/rating/tournaments/")
    assert ordered[0]["start_date"] < ordered[1]["start_date"] and ordered[0]["sequence"] > ordered[1]["sequence"]
    assert ordered[1]["start_date"] == ordered[2]["start_date"] and ordered[1]["sequence"] < ordered[2]["sequence"]


def test_a_rated_tournament_not_shown_makes_the_list_incomplete_and_says_nothing_more(season):
    listed = Client().get(f"{API}/rating/tournaments/")
    Tournament.objects.filter(slug="solo").update(is_public=False)
    hidden = Client().get(f"{API}/rating/tournaments/", HTTP_IF_NONE_MATCH=listed["ETag"])
    assert hidden.status_code == 200  # the tag moved with it
    answer = hidden.json()
    assert answer["complete"] is False and [t["slug"] for t in answer["results"]] == ["earlier", "first"]
    assert answer["count"] == listed.json()["count"] - 1 and "solo" not in str(answer)


def test_marking_a_tournament_moves_the_lists_etag_and_its_rated_field(season):
    tag = Client().get(f"{API}/rating/tournaments/")["ETag"]
    detail_tag = Client().get(f"{API}/tournaments/unrated/")["ETag"]
    set_rated(federation_admin(), Tournament.objects.get(slug="unrated"), True)
    moved = Client().get(f"{API}/rating/tournaments/", HTTP_IF_NONE_MATCH=tag)
    assert moved.status_code == 200 and "unrated" in [t["slug"] for t in moved.json()["results"]]
    detail = Client().get(f"{API}/tournaments/unrated/", HTTP_IF_NONE_MATCH=detail_tag)
    assert detail.status_code == 200 and detail.json()["rated"] is True
    assert recompute() == site_list()


def test_a_merge_of_persons_moves_the_players_etag(cup):  # noqa: F811
    """Merging two persons relinks tournament players by an update (no signal): the tournament's data version
    still moves, so a client holding the old ETag gets the new person number."""
    kept, absorbed = (Person.objects.create(name=n, name_key=n.lower()) for n in ("Кепт Ян", "Абсорб Ян"))
    player = Player.objects.filter(pair__tournament=cup).order_by("pk").first()
    player.person = absorbed
    player.save(update_fields=["person"])
    first = Client().get(f"{API}/tournaments/cup/players/")
    assert first.json()["results"][0]["person"] == absorbed.pk
    merge = merge_persons(federation_admin(), kept, absorbed, note="одно лицо")
    after = Client().get(f"{API}/tournaments/cup/players/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after.json()["results"][0]["person"] == kept.pk
    undo_merge(federation_admin(), merge, note="ошибка")
    again = Client().get(f"{API}/tournaments/cup/players/", HTTP_IF_NONE_MATCH=after["ETag"])
    assert again.status_code == 200 and again.json()["results"][0]["person"] == absorbed.pk
    pairing = get("/tournaments/cup/rounds/1/pairings/")["results"]
    seats = {p["person"] for t in pairing for side in ("A", "B") for p in t[side]["players"]}
    assert absorbed.pk in seats  # each seat names its person too
