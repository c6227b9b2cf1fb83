"""A request for a host name the site does not serve (a forged Host header) is a 400 and one line in the log.

Run in a process of its own: the site's logging exactly as configured (pytest puts its own handlers on
every logger, so the one that printed the tracebacks, Python's last resort on stderr, never runs here).
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REQUESTS = """
import django
django.setup()
from django.test import Client
client = Client(raise_request_exception=False)
for _ in range({n}):
    assert client.get("/", HTTP_HOST="evil.example").status_code == 400
"""


@pytest.mark.parametrize("requests", [1, 3])
def test_each_forged_host_is_one_line_without_a_traceback(tmp_path, requests):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DOMINO_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", REQUESTS.format(n=requests)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = (done.stdout + done.stderr).splitlines()
    assert len(lines) == requests, lines
    assert all("evil.example" in line for line in lines)
