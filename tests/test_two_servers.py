"""Two app servers on one PostgreSQL behave as one site (skipped unless DATABASE_URL is PostgreSQL).

Two `manage.py serve` processes (granian, production mode) on free loopback ports point at the test
database: a referee logs in on one and enters a deal on the other; the second device's stale
version is refused on either; the live overview's ETag is the same on both and moves on both.
"""
import http.client
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from django.db import connection

from access.models import RoleKind, TournamentRole
from scoring.models import Protocol
from tests.factories import make_round, make_tournament

BASE = Path(__file__).resolve().parents[1]

pytestmark = [
    pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith(("postgres", "postgresql")),
                       reason="needs DATABASE_URL=postgres://…"),
    pytest.mark.django_db(transaction=True),
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_database_url():
    d = connection.settings_dict
    auth = quote(d["USER"] or "") + (":" + quote(d["PASSWORD"]) if d["PASSWORD"] else "")
    return f"postgres://{auth}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


test_database_url.__test__ = False


class Browser:
    def __init__(self, port):
        self.port, self.cookies = port, {}

    def go(self, method, path, form=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        h = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **(headers or {})}
        body = None
        if form is not None:
            body = urlencode(form)
            h.update({"Content-Type": "application/x-www-form-urlencoded",
                      "Referer": f"http://127.0.0.1:{self.port}{path}"})
        conn.request(method, path, body=body, headers=h)
        response = conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";")[0]
        conn.close()
        return response, text


def token(page):
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


def version(page):
    return re.search(r'name="version" value="(\d+)"', page).group(1)


@pytest.fixture
def servers(tmp_path):
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("DOMINO_", "DJANGO_SECRET"))},
           "DOMINO_MODE": "serve", "DOMINO_DATA_DIR": str(tmp_path), "DATABASE_URL": test_database_url(),
           "DJANGO_SECRET_KEY": "two-servers-test-key-" + "x" * 40, "WEB_ACCESS_LOG": "/dev/null"}
    ports = [free_port(), free_port()]
    env["SITE_URL"] = f"http://127.0.0.1:{ports[0]}"
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=BASE, env=env, check=True)
    procs = [subprocess.Popen([sys.executable, "manage.py", "serve", "--no-migrate", "--no-static", "--host", "127.0.0.1",
                               "--port", str(p), "--workers", "1", "--threads", "2"], cwd=BASE, env=env,
                              stdout=subprocess.DEVNULL, stderr=open(tmp_path / f"server-{p}.log", "w"))
             for p in ports]
    try:
        for port in ports:
            deadline = time.time() + 90
            while True:
                try:
                    if Browser(port).go("GET", "/login/")[0].status == 200:
                        break
                except OSError:
                    pass
                assert time.time() < deadline, (tmp_path / f"server-{port}.log").read_text()[-3000:]
                time.sleep(0.3)
        yield ports
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(30)


def test_log_in_on_one_server_enter_on_the_other(servers, django_user_model):
    one, two = servers
    cup = make_tournament(2)
    partie = make_round(cup, 1, [(1, 2)]).parties.get()
    referee = django_user_model.objects.create_user("judge", password="Two-servers-1")
    TournamentRole.objects.create(tournament=cup, user=referee, role=RoleKind.REFEREE)

    device = Browser(one)
    _, page = device.go("GET", "/login/")
    response, _ = device.go("POST", "/login/", {"csrfmiddlewaretoken": token(page), "username": "judge",
                                                "password": "Two-servers-1"})
    assert response.status == 302

    overview = f"/referee/t/{cup.slug}/tables/"
    response, _ = device.go("GET", overview)
    etag = response.getheader("ETag")
    assert response.status == 200 and etag
    device.port = two  # the same session on the other server
    assert device.go("GET", overview, headers={"If-None-Match": etag})[0].status == 304

    other = Browser(one)
    other.cookies = dict(device.cookies)
    _, stale = other.go("GET", f"/referee/partie/{partie.pk}/")
    response, page = device.go("GET", f"/referee/partie/{partie.pk}/")
    assert response.status == 200
    deal = {"csrfmiddlewaretoken": token(page), "n": 1, "version": version(page), "result": "domino", "out": "A1",
            "hand_B1": 10, "hand_A2": 5, "hand_B2": 7}
    response, _ = device.go("POST", f"/referee/partie/{partie.pk}/deal/", deal)
    assert response.status == 302

    # The first server sees the deal, refuses the stale version, and its overview has moved on.
    response, _ = other.go("POST", f"/referee/partie/{partie.pk}/deal/", {**deal, "csrfmiddlewaretoken": token(stale),
                                                                         "version": version(stale)})
    assert response.status == 409
    protocol = Protocol.objects.get(partie=partie)
    assert protocol.deals.count() == 1 and protocol.score_a > 0
    response, _ = other.go("GET", overview, headers={"If-None-Match": etag})
    assert response.status == 200 and response.getheader("ETag") != etag

    # Production mode on both: static files from the application, Russian error pages.
    for port in servers:
        assert Browser(port).go("GET", "/static/referees/entry.js")[0].status == 200
        response, body = Browser(port).go("GET", "/no-such-page/")
        assert response.status == 404 and "Страница не найдена" in body
