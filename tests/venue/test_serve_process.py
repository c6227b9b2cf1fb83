"""`manage.py serve` end to end on a fresh SQLite data folder: prepare, print the address, serve.

The real thing `make serve` runs: migrations, the first organizer from the environment, the static
files collected and served by the application with DEBUG off, Russian error pages, the organizer's
login through the page.
"""
import http.client
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

BASE = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port, path, method="GET", body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response, data


@pytest.fixture
def served(tmp_path):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DOMINO_", "SITE_URL", "DATABASE_URL"))}
    env.update({"DOMINO_MODE": "serve", "DOMINO_DATA_DIR": str(tmp_path), "PORT": str(port),
                "DOMINO_ADMIN_USER": "olga", "DOMINO_ADMIN_PASSWORD": "Hall-laptop-2026",
                "WEB_ACCESS_LOG": "/dev/null"})
    log = open(tmp_path / "serve.log", "w")
    proc = subprocess.Popen([sys.executable, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--workers", "1", "--threads", "2"], cwd=BASE, env=env, stdout=log,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        deadline = time.time() + 180
        while True:
            try:
                if get(port, "/login/")[0].status == 200:
                    break
            except OSError:
                pass
            assert proc.poll() is None, (tmp_path / "serve.log").read_text()[-3000:]
            assert time.time() < deadline, (tmp_path / "serve.log").read_text()[-3000:]
            time.sleep(0.5)
        yield port, tmp_path
    finally:
        proc.terminate()
        proc.wait(30)


def test_serve_prepares_and_serves_in_production_mode(served):
    port, data_dir = served
    output = (data_dir / "serve.log").read_text()
    assert "Organizer account 'olga' created." in output
    assert "Phones in the hall open: http://" in output
    assert (data_dir / "db.sqlite3").exists() and (data_dir / "secret_key").exists()

    response, page = get(port, "/login/")
    page = page.decode()
    scripts = re.findall(r'src="(/static/[^"]+)"', page) + re.findall(r'href="(/static/[^"]+)"', page)
    assert any("htmx" in s for s in scripts), scripts
    for path in scripts:
        response, body = get(port, path)
        assert response.status == 200 and body, path

    response, body = get(port, "/no-such-page/")
    assert response.status == 404
    assert "Страница не найдена" in body.decode()
    assert "Traceback" not in body.decode()

    response, page = get(port, "/login/")
    csrf_cookie = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie") or "").group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.decode()).group(1)
    response, _ = get(port, "/login/", "POST", urlencode({"csrfmiddlewaretoken": token, "username": "olga",
                                                          "password": "Hall-laptop-2026"}),
                      {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={csrf_cookie}",
                       "Referer": f"http://127.0.0.1:{port}/login/"})
    assert response.status == 302
    assert "sessionid=" in (response.getheader("Set-Cookie") or "")
