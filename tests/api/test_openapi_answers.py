"""Every endpoint's real answers hold to the published schema (/api/v1/openapi.json), as a client generated
from it reads them: checked by openapi-core (a validator of OpenAPI 3 requests and answers), on tournaments
with byes and sit-outs, unplayed and half-played tables, no-shows, Kozel's goats, a knockout stage, an
individual event and a team event."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from openapi_core import OpenAPI
from openapi_core.contrib.django import DjangoOpenAPIRequest, DjangoOpenAPIResponse

from api.schema import nullable_references
from events.simulation import simulate
from teams.simulation import simulate_teams
from tests.reports.conftest import blocks, cup, play  # noqa: F401  (the played tournament)

API = "/api/v1"


@pytest.fixture
def season(cup):  # noqa: F811
    """The cup (round 3 paired, unplayed, and its table 2 begun), a Kozel event in a round robin of five pairs
    (a bye each round, a no-show, a knockout of four after it), an individual event of nine players (a
    sit-out each round) and a team event of four teams with a final."""
    organizer = get_user_model().objects.create_user("schema-organizer")
    play(cup.rounds.get(number=3), 2, blocks(5))
    events = [
        simulate(organizer, pairs=5, rounds=3, system="round-robin", seed="k", slug="kozel-five", preset="kozel",
                 no_shows=1, final="knockout:4", rated=True),
        simulate(organizer, pairs=9, rounds=2, system="random", seed="s", slug="solo-nine", format="individual",
                 rated=True),
        simulate_teams(organizer, teams=4, pairs_per_team=2, rounds=2, system="swiss", seed="t", slug="teams-four",
                       final="knockout:2"),
    ]
    assert all(e["finished"] for e in events)
    return ["cup", "kozel-five", "solo-nine", "teams-four"]


class Checker:
    """Asks the API and validates each answer against the schema; remembers which paths it saw."""

    def __init__(self):
        self.client = Client()
        self.openapi = OpenAPI.from_dict(self.client.get(f"{API}/openapi.json").json())
        self.seen = set()

    def get(self, path) -> dict:
        answer = self.client.get(path if path.startswith("http") else API + path)
        assert answer.status_code == 200, (path, answer.status_code)
        request = DjangoOpenAPIRequest(answer.wsgi_request)
        self.openapi.validate_response(request, DjangoOpenAPIResponse(answer))
        self.seen.add(request.path_pattern)
        return answer.json()

    def every_page(self, path) -> list:
        rows, page = [], self.get(path + ("&" if "?" in path else "?") + "page_size=7")
        while True:
            rows += page["results"]
            if not page["next"]:
                return rows
            page = self.get(page["next"])


def test_every_answer_of_every_endpoint_holds_to_the_schema(season):
    check = Checker()
    check.get("/")
    listed = {t["slug"] for t in check.every_page("/tournaments/")}
    assert set(season) <= listed
    seen_null = {"B": 0, "score": 0, "goats": 0, "kozel": 0, "winner": 0}
    for slug in season:
        base = f"/tournaments/{slug}/"
        check.get(base)
        check.every_page(base + "entrants/")
        check.every_page(base + "players/")
        for rnd in check.every_page(base + "rounds/"):
            for table in check.every_page(f"{base}rounds/{rnd['number']}/pairings/"):
                seen_null["B"] += table["B"] is None
            for result in check.every_page(f"{base}rounds/{rnd['number']}/results/"):
                seen_null["score"] += result["score"] is None and not result["bye"]
                seen_null["goats"] += result["goats"] is None
                seen_null["winner"] += result["winner"] is None and not result["bye"]
        protocols = check.every_page(base + "protocols/")
        check.every_page(base + "protocols/?round=1")
        for protocol in protocols[:3]:
            check.get(f"{base}protocols/{protocol['partie']}/")
        for row in check.every_page(base + "standings/") + check.every_page(base + "standings/?after=1"):
            seen_null["kozel"] += row["kozel"] is None
        check.every_page(base + "final-places/")
        if slug != "solo-nine":  # an individual event's standings are its players'
            check.every_page(base + "standings/players/")
    check.every_page("/rating/")
    assert [t["slug"] for t in check.every_page("/rating/tournaments/")] == ["kozel-five", "solo-nine"]
    assert all(seen_null.values()), seen_null  # the nullable objects were met as null, not only filled
    schema_paths = set(check.openapi.spec["paths"].keys())
    assert check.seen == schema_paths - {"/api/v1/openapi.json"}


def test_a_nullable_nested_object_is_one_of_the_object_or_null():
    schema = {"paths": {}, "components": {"schemas": {
        "Side": {"type": "object"},
        "Pairing": {"type": "object", "properties": {
            "A": {"$ref": "#/components/schemas/Side"},
            "B": {"allOf": [{"$ref": "#/components/schemas/Side"}], "nullable": True, "description": "Bye: null."},
        }}}}}
    out = nullable_references(schema, None, None, True)["components"]["schemas"]
    assert out["Pairing"]["properties"]["B"] == {
        "oneOf": [{"$ref": "#/components/schemas/Side"}, {"$ref": "#/components/schemas/NullEnum"}],
        "nullable": True, "description": "Bye: null."}
    assert out["Pairing"]["properties"]["A"] == {"$ref": "#/components/schemas/Side"}
    assert out["NullEnum"] == {"enum": [None]}


def test_the_published_schema_has_no_nullable_allof_left(db):
    text = Client().get(f"{API}/openapi.json").content.decode()
    assert not re.search(r'"allOf"', text)
