"""A request that hangs its worker ends the worker (core/watchdog.py): logged with where its thread stands, the
process stopped so that granian (or the keeper) starts a new one; nothing happens before the limit or without one."""
import logging
import threading
import time

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from core import watchdog


@pytest.fixture(autouse=True)
def no_requests():
    watchdog._running.clear()
    yield
    watchdog._running.clear()


def test_a_request_past_the_limit_is_logged_and_stops_the_worker(caplog):
    stopped = []
    watchdog._running[threading.get_ident()] = (100.0, "/referee/t/cup/table/3/")
    with caplog.at_level(logging.ERROR, logger="domino.watchdog"):
        assert watchdog.check(120, now=100.0 + 121, stop=stopped.append) is True
    assert stopped == [watchdog.EXIT_STATUS]
    message = caplog.records[-1].getMessage()
    assert "/referee/t/cup/table/3/" in message and "121 s" in message and "test_watchdog.py" in message


def test_nothing_happens_before_the_limit():
    stopped = []
    watchdog._running[threading.get_ident()] = (100.0, "/")
    assert watchdog.check(120, now=100.0 + 119, stop=stopped.append) is False
    assert stopped == []


def test_the_middleware_notes_a_request_while_it_runs_and_forgets_it_after(settings):
    settings.DOMINO_REQUEST_TIMEOUT = 120
    seen = []

    def view(request):
        seen.append(dict(watchdog._running))
        return HttpResponse("ok")

    middleware = watchdog.RequestWatchdogMiddleware(view)
    assert middleware(RequestFactory().get("/standings/")).status_code == 200
    (start, path), = seen[0].values()
    assert path == "/standings/" and time.monotonic() - start < 60
    assert watchdog._running == {}
    assert watchdog._watcher_pid is not None  # a watcher runs in this process


def test_no_limit_no_watch(settings):
    settings.DOMINO_REQUEST_TIMEOUT = 0
    seen = []
    middleware = watchdog.RequestWatchdogMiddleware(lambda r: seen.append(dict(watchdog._running)) or HttpResponse())
    middleware(RequestFactory().get("/"))
    assert seen == [{}]
