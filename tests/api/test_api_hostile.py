"""The API attacked as the hostile sweep attacks the pages: a JSON answer under 500 whatever comes in."""
import pytest
from django.test import Client

from tests.hostile.conftest import world  # noqa: F401  (a tournament in play)
from tests.hostile.test_sweep import QUERY, urls
from tests.referees.conftest import fast_password_hasher, table  # noqa: F401

# Words for numbers, numbers beyond any database, other scripts' digits, a NUL byte, a very long text.
VALUES = ["abc", "1" + "0" * 30, "-1", "٣", "\x00", "x" * 10_000]
DATA = ("application/json", "application/vnd.oai")
PAGE = ("text/html", "application/javascript")  # the API's page for people (Swagger UI) and its script


@pytest.mark.django_db
def test_no_api_address_answers_hostile_input_with_a_server_error(world, low_rates):  # noqa: F811
    low_rates()
    client, failures, seen = Client(), [], 0
    for url, hostile in urls(world):
        if not url.startswith("/api/"):
            continue
        seen += 1
        for value in [""] if hostile else VALUES:
            answer = client.get(url, {q: value for q in QUERY + ["page_size"]} if value else {})
            kinds = PAGE if url.startswith("/api/v1/docs/") else DATA
            if answer.status_code >= 500 or not answer["Content-Type"].startswith(kinds):
                failures.append(f"{url[:100]} {value[:20]!r}: {answer.status_code} {answer['Content-Type']}")
    assert seen > 20
    assert not failures, "\n".join(failures[:20])
