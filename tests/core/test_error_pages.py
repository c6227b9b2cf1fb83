"""The site's own error pages with DEBUG off: Russian, in the site's layout, and never a second error.

A form in another charset than UTF-8 used to end as the server's bare 500: Django refused to decode it
(400), and its 400 page ran the CSRF check again, which read the form again, and so on.
"""
import logging
import sys

import pytest
from django.conf import settings
from django.db import OperationalError, connection
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from core import error_pages
from core.logs import OneLineFilter
from tests.factories import make_tournament
from tests.site_log import site_log

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("production")]


@pytest.fixture
def production():
    with override_settings(DEBUG=False):
        yield


def client_with_token():
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.get(reverse("login"))
    return client, client.cookies["csrftoken"].value


@pytest.mark.parametrize("charset", ["latin-1", "utf-7", "utf-16", "no-such-charset"])
def test_a_form_in_another_charset_is_a_russian_400(charset):
    client, token = client_with_token()
    response = client.generic("POST", reverse("login"), f"csrfmiddlewaretoken={token}&username=a&password=b",
                              content_type=f"application/x-www-form-urlencoded; charset={charset}")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Неверный запрос" in page and "ничего не сохранено" in page and 'class="topbar"' in page


def test_a_form_declared_in_utf8_passes():
    client, token = client_with_token()
    response = client.generic("POST", reverse("login"), f"csrfmiddlewaretoken={token}&username=a&password=b",
                              content_type="application/x-www-form-urlencoded; charset=UTF-8")
    assert response.status_code == 200


def test_a_bad_request_raised_anywhere_gets_the_400_page_even_with_the_csrf_check():
    """Django's own refusal (a form it cannot decode) reaches handler400, which does not read the form."""
    client, token = client_with_token()
    with override_settings(MIDDLEWARE=[m for m in settings.MIDDLEWARE
                                       if m != "core.middleware.RequestLimitsMiddleware"]):
        response = client.generic("POST", reverse("login"), f"csrfmiddlewaretoken={token}",
                                  content_type="application/x-www-form-urlencoded; charset=latin-1")
    assert response.status_code == 400
    assert "Неверный запрос" in response.content.decode()


def test_the_csrf_failure_page_is_russian_and_says_nothing_of_debug():
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": "a", "password": "b"})
    assert response.status_code == 403
    page = response.content.decode()
    assert "Форма устарела" in page and "Обновите страницу" in page and 'class="topbar"' in page
    assert "DEBUG" not in page and "CSRF" not in page


def test_404_and_403_pages_and_a_403_logs_one_line_without_traceback(django_user_model):
    make_tournament(2, slug="closed-cup")
    response = Client().get("/no/such/page/")
    assert response.status_code == 404 and "Страница не найдена" in response.content.decode()
    client = Client()
    client.force_login(django_user_model.objects.create_user("visitor", password="pw-123456"))
    with site_log() as log:
        response = client.get(reverse("tournaments:manage", args=["closed-cup"]))
    assert response.status_code == 403
    assert "Нет доступа" in response.content.decode()
    lines = log.getvalue().strip().splitlines()
    assert lines == ["Forbidden (Permission denied): /t/closed-cup/manage/"]


def test_a_real_server_error_keeps_its_traceback_in_the_log():
    record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Internal Server Error: /", (), None)
    try:
        raise ZeroDivisionError("a bug")
    except ZeroDivisionError:
        record.exc_info = sys.exc_info()
    record.status_code = 500
    assert OneLineFilter().filter(record) and record.exc_info is not None


def refuse_all_queries(execute, sql, params, many, context):
    raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')


def test_a_database_outage_is_a_503_with_retry_after_and_one_log_line():
    make_tournament(2, slug="some-cup")
    client = Client(raise_request_exception=False)
    with site_log() as log, connection.execute_wrapper(refuse_all_queries):
        responses = [client.get(reverse("tournaments:home")) for _ in range(3)]
    for response in responses:
        assert response.status_code == 503
        assert response["Retry-After"] == str(error_pages.RETRY_AFTER_SECONDS)
        assert "Сервер временно недоступен" in response.content.decode()
    lines = log.getvalue().strip().splitlines()
    assert len(lines) == 3, lines
    assert all(line.startswith("database unavailable: GET /: OperationalError") and "Connection refused" in line
               for line in lines)
    assert "Traceback" not in log.getvalue()


def test_an_outage_outside_the_views_is_a_503_too():
    """An exception in a middleware reaches handler500, which knows the database's errors."""
    request = RequestFactory().get("/")
    try:
        raise OperationalError("server closed the connection unexpectedly")
    except OperationalError:
        response = error_pages.server_error(request)
    assert response.status_code == 503 and response["Retry-After"]
    try:
        raise ZeroDivisionError
    except ZeroDivisionError:
        response = error_pages.server_error(request)
    assert response.status_code == 500 and "Ошибка сервера" in response.content.decode()
