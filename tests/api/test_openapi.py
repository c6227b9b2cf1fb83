"""The API's OpenAPI schema, generated from the code, at /api/v1/openapi.json."""
import re

from django.test import Client
from django.urls import get_resolver
from drf_spectacular.validation import validate_schema


def api_paths() -> set[str]:
    """Every address of the API as OpenAPI writes it (``{slug}``), the schema's own excepted."""
    [api] = [p for p in get_resolver().url_patterns if str(p.pattern) == "api/v1/"]
    paths = set()
    for pattern in api.url_patterns:
        if pattern.name in ("openapi", "not_found"):
            continue
        paths.add("/api/v1/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(pattern.pattern)))
    return paths


def test_the_schema_is_valid_openapi_and_lists_every_path(db):
    answer = Client().get("/api/v1/openapi.json")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("application/vnd.oai.openapi+json")
    schema = answer.json()
    validate_schema(schema)  # raises on a schema that is not OpenAPI 3
    assert schema["openapi"].startswith("3.") and schema["info"]["version"] == "1"
    assert set(schema["paths"]) == api_paths() and len(api_paths()) == 15  # final-places, rating/tournaments among them
    for path, operations in schema["paths"].items():
        assert set(operations) == {"get"}, path  # read only
    protocols = schema["paths"]["/api/v1/tournaments/{slug}/protocols/"]["get"]
    assert {p["name"] for p in protocols["parameters"]} >= {"slug", "page", "page_size", "round"}
    standing = schema["components"]["schemas"]["PaginatedStandingList"]["properties"]
    assert {"count", "next", "results", "after_round", "provisional", "stage", "tiebreaks"} <= set(standing)


def test_the_api_is_mounted_once_outside_the_language_prefix():
    routes = [str(p.pattern) for p in get_resolver().url_patterns]
    assert routes.count("api/v1/") == 1
    assert Client().get("/en/api/v1/").status_code == 404

