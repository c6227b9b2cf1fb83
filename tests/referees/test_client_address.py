"""The client address the login throttle counts: the connection's, unless it comes from a trusted reverse proxy."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from access.throttle import client_ip

from .conftest import PASSWORD

pytestmark = pytest.mark.axes
PROXY = "127.0.0.1"
ROOT = Path(__file__).resolve().parents[2]


def login(client, username, password, *, remote, forwarded=None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def ip_of(rf, remote, forwarded=None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client_ip(rf.post("/login/", **extra))


@pytest.fixture
def behind_proxy(settings):
    settings.DOMINO_TRUSTED_PROXIES = [PROXY, "10.9.0.0/16"]
    settings.DOMINO_PROXY_COUNT = 0
    settings.AXES_IPWARE_PROXY_COUNT = None


def test_without_a_proxy_in_the_settings_a_forged_header_changes_nothing(rf, settings):
    assert settings.DOMINO_TRUSTED_PROXIES == [] and settings.DOMINO_PROXY_COUNT == 0
    assert ip_of(rf, "192.168.1.5", "1.2.3.4") == "192.168.1.5"
    assert ip_of(rf, "192.168.1.5", "8.8.8.8, 9.9.9.9") == "192.168.1.5"


def test_a_forged_header_does_not_buy_new_tries_without_a_proxy(client, table):
    for i in range(5):
        login(client, "org", "wrong-password", remote="192.168.1.5", forwarded=f"203.0.113.{i}")
    r = login(client, "org", PASSWORD, remote="192.168.1.5", forwarded="203.0.113.99")
    assert r.status_code == 429


def test_behind_a_trusted_proxy_the_client_is_the_last_hop_it_added(rf, behind_proxy):
    assert ip_of(rf, PROXY, "192.168.1.10") == "192.168.1.10"
    # A client's own forged header comes first; the proxy appends the real address.
    assert ip_of(rf, PROXY, "1.2.3.4, 192.168.1.10") == "192.168.1.10"
    # Two proxies of ours (the second one's address is in the chain): skipped.
    assert ip_of(rf, PROXY, "1.2.3.4, 192.168.1.10, 10.9.0.7") == "192.168.1.10"
    # No header, or garbage where our proxy writes: the proxy's own address.
    assert ip_of(rf, PROXY) == PROXY
    assert ip_of(rf, PROXY, "not-an-address") == PROXY
    # A device that is no proxy of ours keeps its own address, whatever it sends.
    assert ip_of(rf, "192.168.1.66", "192.168.1.10") == "192.168.1.66"


def test_with_a_proxy_count_django_ipware_picks_the_hop(rf, settings):
    settings.DOMINO_TRUSTED_PROXIES = []
    settings.DOMINO_PROXY_COUNT = 1
    settings.AXES_IPWARE_PROXY_COUNT = 0
    assert ip_of(rf, PROXY, "192.168.1.10") == "192.168.1.10"
    assert ip_of(rf, PROXY, "1.2.3.4, 192.168.1.10") == "192.168.1.10"
    assert ip_of(rf, PROXY) == PROXY
    settings.DOMINO_PROXY_COUNT = 2  # a balancer in front of nginx
    settings.AXES_IPWARE_PROXY_COUNT = 1
    assert ip_of(rf, PROXY, "1.2.3.4, 192.168.1.10, 10.9.0.7") == "192.168.1.10"


def test_behind_the_proxy_wrong_passwords_lock_only_the_device_they_came_from(client, table, behind_proxy):
    for i in range(5):
        # The attacker varies his own header: the proxy's hop is what counts.
        login(client, "org", "wrong-password", remote=PROXY, forwarded=f"203.0.113.{i}, 192.168.1.66")
    assert login(client, "org", PASSWORD, remote=PROXY, forwarded="192.168.1.66").status_code == 429
    own = client.__class__()
    r = login(own, "org", PASSWORD, remote=PROXY, forwarded="192.168.1.10")
    assert r.status_code == 302
    other = client.__class__()
    assert login(other, "chief", PASSWORD, remote=PROXY, forwarded="192.168.1.66").status_code == 302


def test_the_proxy_settings_are_read_from_the_environment():
    code = ("import json, config.settings as s; print(json.dumps([s.DOMINO_TRUSTED_PROXIES, s.DOMINO_PROXY_COUNT,"
            " s.AXES_IPWARE_PROXY_COUNT, s.AXES_CLIENT_IP_CALLABLE]))")
    env = {**os.environ, "DOMINO_TRUSTED_PROXIES": "127.0.0.1, 10.9.0.0/16", "DOMINO_PROXY_COUNT": "2"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [
        ["127.0.0.1", "10.9.0.0/16"], 2, 1, "access.throttle.client_ip"]


def test_ipware_is_a_dependency():
    import ipware.ip  # noqa: F401

    requirements = (ROOT / "requirements.txt").read_text()
    assert "django-ipware==" in requirements
