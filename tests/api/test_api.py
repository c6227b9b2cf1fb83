"""The open read API (/api/v1/): what the public pages show, paged, with ETags, throttled."""
import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring import services
from tests.factories import make_round, make_tournament
from tests.queries import own_queries
from tests.reports.conftest import blocks, cup, play  # noqa: F401  (the played tournament)
from tests.tournaments.individual_events import five_players
from tests.versions import shown_version
from tournaments.models import Entrant, Player

API = "/api/v1"


def get(path, **headers):
    return Client().get(f"{API}{path}", **headers)


def test_the_tournaments_list_pages_and_hides_the_private_and_archived(db):
    for k in range(3):
        make_tournament(0, slug=f"open-{k}")
    make_tournament(0, slug="private", is_public=False)
    make_tournament(0, slug="archived", archived_at=timezone.now())
    first = get("/tournaments/?page_size=2")
    assert first.status_code == 200 and first["Content-Type"] == "application/json"
    body = first.json()
    assert body["count"] == 3 and len(body["results"]) == 2 and body["previous"] is None
    second = Client().get(body["next"]).json()
    slugs = {t["slug"] for t in body["results"] + second["results"]}
    assert slugs == {"open-0", "open-1", "open-2"} and second["next"] is None
    assert get("/tournaments/private/").status_code == 404
    assert get("/tournaments/archived/entrants/").status_code == 404
    assert get("/tournaments/open-1/")["Content-Type"] == "application/json"
    for path in ("/", "/tournaments/", "/tournaments/private/", "/nothing-here"):
        assert get(path)["Access-Control-Allow-Origin"] == "*"  # any site's page may read it


def test_a_tournament_its_entrants_and_players_as_the_pages_show_them(cup):  # noqa: F811
    detail = get("/tournaments/cup/").json()
    assert detail["name"] == "Кубок города" and detail["format"] == "pairs" and detail["rules"]["preset"] == "pusto-shest"
    assert detail["url"].endswith("/api/v1/tournaments/cup/") and detail["page"].endswith("/t/cup/")
    player = cup.pairs.get(number=1).players.order_by("number").first()
    player.pin_hash = "secret-pin-hash"
    player.save()
    entrants = get("/tournaments/cup/entrants/").json()
    assert entrants["count"] == 8
    first = entrants["results"][0]
    assert first["number"] == 1 and first["status"] == "active"
    assert [p["name"] for p in first["players"]] == [p.name for p in cup.pairs.get(number=1).players.order_by("number")]
    players = get("/tournaments/cup/players/?page_size=5").json()
    assert players["count"] == 16 and len(players["results"]) == 5
    assert players["results"][0] == {"name": player.name, "club": "Тверь", "rating": None, "number": 1, "entrant": 1,
                                      "person": None}  # not linked to the registry
    for path in ("/tournaments/cup/entrants/", "/tournaments/cup/players/"):
        text = get(path).content.decode()
        assert "pin" not in text and "secret" not in text and "user" not in text


def test_rounds_pairings_results_and_protocols_of_published_rounds_only(cup):  # noqa: F811
    draft = make_round(cup, 4, [(1, 2), (3, 4), (5, 6), (7, 8)], status="draft")
    draft.parties.filter(table=1).update(reason="organizer's private note")
    rounds = get("/tournaments/cup/rounds/").json()
    assert [(r["number"], r["status"], r["tables"]) for r in rounds["results"]] == [
        (1, "published", 4), (2, "published", 4), (3, "published", 4)]
    assert get("/tournaments/cup/rounds/4/pairings/").status_code == 404
    assert get("/tournaments/cup/rounds/4/results/").status_code == 404
    pairings = get("/tournaments/cup/rounds/2/pairings/").json()["results"]
    table1 = pairings[0]
    assert table1["A"]["entrants"] == [3] and table1["B"]["entrants"] == [7]
    assert [p["seat"] for p in table1["A"]["players"] + table1["B"]["players"]] == ["A1", "A2", "B1", "B2"]
    results = get("/tournaments/cup/rounds/2/results/").json()["results"]
    assert results[0]["score"] == {"A": 47, "B": 35} and results[0]["winner"] == "A" and results[0]["signed"]
    unplayed = get("/tournaments/cup/rounds/3/results/").json()["results"]
    assert all(r["score"] is None and r["winner"] is None for r in unplayed)
    protocols = get("/tournaments/cup/protocols/?page_size=3").json()
    assert protocols["count"] == 8 and len(protocols["results"]) == 3  # rounds 1 and 2; round 3 not begun
    one = protocols["results"][0]["protocol"]
    assert one["format"] == "domino-protocol/2" and one["tournament"] == "cup" and one["deals"]
    draft_partie = draft.parties.get(table=1)
    assert get(f"/tournaments/cup/protocols/{draft_partie.pk}/").status_code == 404
    r2t1 = cup.rounds.get(number=2).parties.get(table=1)
    single = get(f"/tournaments/cup/protocols/{r2t1.pk}/").json()
    assert single["round"] == 2 and single["signed"] and len(single["protocol"]["deals"]) == 4
    assert get("/tournaments/cup/protocols/?round=2").json()["count"] == 4
    refused = get("/tournaments/cup/protocols/?round=x")
    assert refused.status_code == 400 and "Номер тура" in refused.json()["round"][0]
    for path in ("/tournaments/cup/rounds/4/pairings/", "/tournaments/cup/protocols/?round=4"):
        assert "private note" not in get(path).content.decode()


def test_the_standings_of_a_pair_event_and_of_an_individual_event(cup):  # noqa: F811
    standings = get("/tournaments/cup/standings/?page_size=3").json()
    assert standings["count"] == 8 and len(standings["results"]) == 3 and standings["next"]
    assert standings["after_round"] == 3 and standings["rounds"] == [1, 2, 3]
    top = standings["results"][0]
    assert top["rank"] == 1 and top["entrant"] and top["played"] == 2 and top["kozel"] is None
    after_one = get("/tournaments/cup/standings/?after=1&page_size=100").json()
    assert after_one["after_round"] == 1 and all(r["played"] <= 1 for r in after_one["results"])
    players = get("/tournaments/cup/standings/players/?page_size=100").json()
    assert players["count"] == 16 and players["after_round"] == 3
    pair_of_top = [p for p in players["results"] if p["pair"] == top["entrant"]]
    assert len(pair_of_top) == 2 and all(p["rank"] == 1 and p["match_points"] == top["match_points"]
                                         for p in pair_of_top)
    five_players()
    assert get("/tournaments/solo-five/standings/players/").status_code == 404  # its standings are the players'
    solo = get("/tournaments/solo-five/standings/").json()
    assert solo["count"] == 5 and solo["rounds"] == [1, 2]  # round 3 is a draft
    assert all(len(r["players"]) == 1 and r["partners_score"] is not None for r in solo["results"])
    pairings = get("/tournaments/solo-five/rounds/1/pairings/").json()["results"]
    seated = [(p["seat"], p["entrant"]) for side in ("A", "B") for p in pairings[0][side]["players"]]
    assert seated == [("A1", 1), ("A2", 2), ("B1", 3), ("B2", 4)]
    assert pairings[1]["bye"] and pairings[1]["A"]["players"][0]["seat"] == "" and pairings[1]["B"] is None
    assert get("/tournaments/solo-five/rounds/3/pairings/").status_code == 404


def test_a_repeated_request_is_answered_304_and_a_change_gives_a_new_etag(cup):  # noqa: F811
    for path in ("/tournaments/cup/standings/", "/tournaments/cup/rounds/3/results/", "/tournaments/"):
        first = get(path)
        tag = first["ETag"]
        assert first.status_code == 200 and tag
        again = get(path, HTTP_IF_NONE_MATCH=tag)
        assert again.status_code == 304 and again["ETag"] == tag and not again.content
        assert get(path + "?page=1", HTTP_IF_NONE_MATCH=tag).status_code == 200  # another address, another tag
    tag = get("/tournaments/cup/rounds/3/results/")["ETag"]
    list_tag = get("/tournaments/")["ETag"]
    partie = cup.rounds.get(number=3).parties.get(table=1)
    referee = partie.round.tournament.roles.filter(role="referee").first().user
    services.record_deal(referee, partie, blocks(5)[0], expected_version=shown_version(partie))
    changed = get("/tournaments/cup/rounds/3/results/", HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed["ETag"] != tag
    assert changed.json()["results"][0]["score"] is not None
    assert get("/tournaments/", HTTP_IF_NONE_MATCH=list_tag).status_code == 200  # cup's version moved


def test_a_tournament_going_private_leaves_the_list_and_its_etag(cup):  # noqa: F811
    tag = get("/tournaments/")["ETag"]
    cup.is_public = False
    cup.save()
    answer = get("/tournaments/", HTTP_IF_NONE_MATCH=tag)
    assert answer.status_code == 200 and answer.json()["count"] == 0
    assert get("/tournaments/cup/standings/").status_code == 404


def test_reads_are_throttled_per_address(db, low_rates):
    make_tournament(0, slug="open")
    low_rates(burst="3/min")
    answers = [get("/tournaments/open/", REMOTE_ADDR="10.0.0.1").status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    assert get("/tournaments/open/", REMOTE_ADDR="10.0.0.2").status_code == 200  # another address
    refused = get("/tournaments/open/", REMOTE_ADDR="10.0.0.1")
    assert refused.status_code == 429 and "Retry-After" in refused


def test_the_api_writes_nothing(db):
    make_tournament(1, slug="open")
    assert Client().post(f"{API}/tournaments/open/entrants/", {"name": "x"}).status_code == 405
    assert Client().delete(f"{API}/tournaments/open/").status_code == 405
    assert Entrant.objects.count() == 1 and Player.objects.count() == 2


@pytest.mark.parametrize("path", ["/tournaments/nope/", "/tournaments/cup/rounds/99/pairings/",
                                  "/tournaments/cup/protocols/999999/", "/tournaments/?page=abc"])
def test_what_is_not_there_is_a_json_404(db, path):
    make_round(make_tournament(2, slug="cup"), 1, [(1, 2)])
    answer = get(path)
    assert answer.status_code == 404 and answer.json()["detail"]



def test_a_page_asks_as_many_queries_for_two_rows_as_for_all(cup):  # noqa: F811
    for path in ("/tournaments/cup/protocols/", "/tournaments/cup/entrants/", "/tournaments/cup/players/",
                 "/tournaments/cup/rounds/2/pairings/", "/tournaments/cup/rounds/2/results/",
                 "/tournaments/cup/standings/", "/tournaments/cup/standings/players/"):
        counts = []
        for size in (2, 100):
            with CaptureQueriesContext(connection) as queries:
                assert get(f"{path}?page_size={size}").status_code == 200
            counts.append(len(own_queries(queries)))
        assert counts[0] == counts[1] and counts[1] <= 14, (path, counts)
