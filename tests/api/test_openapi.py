"""The API's OpenAPI schema, generated from the code, at /api/v1/openapi.json."""
import re

from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import get_resolver
from drf_spectacular.validation import validate_schema


def api_paths() -> set[str]:
    """Every address of the API as OpenAPI writes it (``{slug}``), the schema's own excepted."""
    [api] = [p for p in get_resolver().url_patterns if str(p.pattern) == "api/v1/"]
    paths = set()
    for pattern in api.url_patterns:
        if pattern.name in ("openapi", "docs", "not_found"):
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


def test_the_api_page_is_served_from_the_site_itself(db):
    """/api/v1/docs/: Swagger UI over the schema, its scripts and styles the site's own static files (the hall has
    no internet), its own script a file (no inline script under the CSP); the API's root and the front page link
    it."""
    page = Client().get("/api/v1/docs/")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    html = page.content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    local = [a for a in assets if a.startswith("/static/")]
    assert {a.rsplit("/", 1)[-1] for a in local} >= {"swagger-ui-bundle.js", "swagger-ui.css", "api-docs.css"}
    assert not [a for a in assets if "//" in a]  # nothing from another host
    for asset in local:
        assert finders.find(asset.removeprefix("/static/")), asset
    assert "<script>" not in html and "<style>" not in html
    script = Client().get("/api/v1/docs/?script=")
    assert script["Content-Type"].startswith("application/javascript") and "/api/v1/openapi.json" in script.content.decode()
    assert Client().get("/api/v1/").json()["docs"].endswith("/api/v1/docs/")
    assert 'href="/api/v1/docs/"' in Client().get("/").content.decode()
