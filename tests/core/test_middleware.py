"""Bodies too large are refused unread: by their Content-Length, or counted when they come chunked.

Before, a 1,000 MB multipart body to the login page was parsed by the CSRF check and left a 968 MB
temporary file; now nothing of it is read and no temporary file is opened.
"""
import io
import sys
from unittest import mock

import pytest
from django.core.files import temp as upload_temp
from django.core.handlers.wsgi import WSGIHandler, WSGIRequest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from access.models import RoleKind, TournamentRole
from core.middleware import READ_CHUNK, RequestLimitsMiddleware
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

GB = 1000 * 1000 * 1000
# Any well-formed CSRF cookie makes the CSRF check read the form (an attacker sends one).
COOKIE = {"HTTP_COOKIE": "csrftoken=" + "a" * 32}
LIMITS = {"REQUEST_MAX_BYTES": 20_000, "UPLOAD_MAX_BYTES": 200_000}


class Source(io.RawIOBase):
    """A client's body of ``size`` bytes, produced as it is read; counts what the server read."""

    def __init__(self, size, head=b""):
        self.size, self.head, self.read_bytes = size, head, 0

    def readable(self):
        return True

    def read(self, n=-1):
        left = self.size - self.read_bytes
        n = left if n is None or n < 0 else min(n, left)
        start = self.read_bytes
        self.read_bytes += n
        data = (self.head[start:start + n] + b"x" * n)[:n]
        return data

    def readline(self, limit=-1):
        return self.read(min(limit, 1024) if limit and limit > 0 else 1024)


def multipart_head(boundary="zzz"):
    return (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.csv\"\r\n"
            f"Content-Type: text/csv\r\n\r\n").encode()


def call_wsgi(environ):
    """The site's WSGI application, as the server calls it: (status, headers, body)."""
    base = {"SERVER_NAME": "testserver", "SERVER_PORT": "80", "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr,
            "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False, "SCRIPT_NAME": ""}
    started = []
    body = b"".join(WSGIHandler()({**base, **environ}, lambda status, headers, exc_info=None: started.append(
        (status, headers))))
    return started[0][0], dict(started[0][1]), body.decode()


@pytest.fixture
def temp_files():
    """Every temporary file Django's upload handlers open (none should be)."""
    opened = []
    real = upload_temp.NamedTemporaryFile

    def spy(*args, **kwargs):
        opened.append(kwargs)
        return real(*args, **kwargs)

    with mock.patch.object(upload_temp, "NamedTemporaryFile", spy):
        yield opened


def test_a_gigabyte_declared_to_the_login_page_is_refused_unread(temp_files):
    source = Source(GB, head=multipart_head())
    status, headers, page = call_wsgi({
        "REQUEST_METHOD": "POST", "PATH_INFO": "/login/", "CONTENT_LENGTH": str(GB),
        "CONTENT_TYPE": "multipart/form-data; boundary=zzz", "wsgi.input": source, **COOKIE})
    assert status.startswith("413")
    assert source.read_bytes == 0
    assert temp_files == []
    assert "Слишком большой запрос" in page and "ничего не сохранил" in page
    assert 'class="topbar"' in page  # the site's layout


def test_a_chunked_body_is_counted_and_refused_past_the_limit(temp_files, settings):
    settings.REQUEST_MAX_BYTES = 100_000
    source = Source(GB, head=multipart_head())
    status, _headers, page = call_wsgi({
        "REQUEST_METHOD": "POST", "PATH_INFO": "/login/", "HTTP_TRANSFER_ENCODING": "chunked",
        "CONTENT_TYPE": "multipart/form-data; boundary=zzz", "wsgi.input": source, "wsgi.input_terminated": True,
        **COOKIE})
    assert status.startswith("413")
    assert settings.REQUEST_MAX_BYTES < source.read_bytes <= settings.REQUEST_MAX_BYTES + READ_CHUNK
    assert temp_files == []
    assert "Слишком большой запрос" in page


def test_a_small_chunked_form_is_read_whole_and_parsed():
    body = b"username=anna&password=%D0%BF%D0%B0%D1%80%D0%BE%D0%BB%D1%8C"
    request = WSGIRequest({
        "REQUEST_METHOD": "POST", "PATH_INFO": "/login/", "SERVER_NAME": "testserver", "SERVER_PORT": "80",
        "wsgi.url_scheme": "http", "HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input_terminated": True,
        "CONTENT_TYPE": "application/x-www-form-urlencoded", "wsgi.input": io.BytesIO(body)})
    seen = {}
    RequestLimitsMiddleware(lambda req: seen.update(post=req.POST.dict()))(request)
    assert seen["post"] == {"username": "anna", "password": "пароль"}


@override_settings(**LIMITS)
def test_a_body_over_the_limit_gets_the_russian_413_page():
    response = Client().post(reverse("login"), {"username": "x" * 30_000, "password": "y"})
    assert response.status_code == 413
    page = response.content.decode()
    assert "Слишком большой запрос" in page and "больше допустимых 19 КБ" in page


@override_settings(**LIMITS)
def test_a_body_under_the_limit_passes():
    response = Client().post(reverse("login"), {"username": "anna", "password": "y" * 1000})
    assert response.status_code == 200  # the login form again, with its error


@pytest.fixture
def cup(django_user_model):
    tournament = make_tournament(2, slug="upload-cup")
    people = {}
    for name, role in (("org", RoleKind.ORGANIZER), ("ref", RoleKind.REFEREE)):
        people[name] = django_user_model.objects.create_user(name, password="pw-123456")
        TournamentRole.objects.create(tournament=tournament, user=people[name], role=role)
    other = make_tournament(2, slug="other-upload-cup")
    people["other_org"] = django_user_model.objects.create_user("other", password="pw-123456")
    TournamentRole.objects.create(tournament=other, user=people["other_org"], role=RoleKind.ORGANIZER)
    tournament.people = people
    return tournament


def upload(client, cup, size, url_name="tournaments:import"):
    data = io.BytesIO(b"a;b\n" * (size // 4))
    data.name = "pairs.csv"
    return client.post(reverse(url_name, args=[cup.slug]), {"file": data})


@override_settings(**LIMITS)
def test_the_larger_limit_only_for_an_organizer_on_his_upload_page(cup, temp_files):
    organizer = Client()
    organizer.force_login(cup.people["org"])
    response = upload(organizer, cup, 100_000)
    assert response.status_code == 400  # read and judged by the import (not refused for its size)
    assert "Слишком большой запрос" not in response.content.decode()
    assert temp_files == []  # under the upload limit a file stays in memory

    assert upload(organizer, cup, 300_000).status_code == 413  # over the upload limit
    assert upload(organizer, cup, 100_000, "tournaments:pair_add").status_code == 413  # not an upload page
    for who in ("ref", "other_org"):
        client = Client()
        client.force_login(cup.people[who])
        assert upload(client, cup, 100_000).status_code == 413
    assert upload(Client(), cup, 100_000).status_code == 413  # anonymous


def test_a_content_length_that_is_not_a_number_is_a_400():
    status, _headers, page = call_wsgi({
        "REQUEST_METHOD": "POST", "PATH_INFO": "/login/", "CONTENT_LENGTH": "12abc",
        "CONTENT_TYPE": "application/x-www-form-urlencoded", "wsgi.input": Source(5)})
    assert status.startswith("400")
    assert "Неверный запрос" in page


@override_settings(**LIMITS)
def test_the_413_page_in_english_under_the_en_prefix():
    with translation.override("ru"):  # the request's language does not stay with the tests after it
        response = Client().post("/en/login/", {"username": "x" * 30_000, "password": "y"})
    assert response.status_code == 413
    assert "Request too large" in response.content.decode() and "19 KB" in response.content.decode()
