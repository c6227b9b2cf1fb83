"""An official sees his own action on his next page against the real thing: `manage.py serve` with several workers
and the hall's window (DOMINO_LIVE_STALE_SECONDS, 15 s under make serve), asked as a browser asks — its cookies
and its ETag — on new connections, so that different workers answer. The organizer publishes a draft round; every
next request of his round page is the published round (a 200, not the draft's 304). (That a spectator still
follows the window is tests/venue/test_live_officials.py's, with the clock held.)"""
import re
import subprocess
import sys
from urllib.parse import urlencode

import pytest

from tests.venue.serving import ORGANIZER, PASSWORD, running_site
from tests.venue.test_serve_process import BASE, get

SETUP = """
from django.contrib.auth import get_user_model
from access.models import RoleKind, TournamentRole
from tests.factories import make_round, make_tournament
t = make_tournament(8, slug="hall-cup")
TournamentRole.objects.create(tournament=t, user=get_user_model().objects.get(username="olga"),
                              role=RoleKind.ORGANIZER)
make_round(t, 1, [(1, 2), (3, 4), (5, 6), (7, 8)], status="published")
make_round(t, 2, [(1, 3), (2, 4), (5, 7), (6, 8)], status="draft")
"""


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    with running_site(tmp_path_factory.mktemp("hall"), workers=3, DOMINO_LIVE_STALE_SECONDS="15") as (
            _proc, port, _log, env):
        subprocess.run([sys.executable, "manage.py", "shell", "-c", SETUP], cwd=BASE, env=env, check=True,
                       capture_output=True, timeout=120)
        yield port


class Browser:
    """Cookies kept as a browser keeps them; every request on a new connection (any worker may answer)."""

    def __init__(self, port):
        self.port, self.cookies = port, {}

    def request(self, path, method="GET", form=None, headers=None):
        head = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                "Referer": f"http://127.0.0.1:{self.port}{path}", **(headers or {})}
        body = None
        if form is not None:
            body = urlencode({**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")})
            head["Content-Type"] = "application/x-www-form-urlencoded"
        response, data = get(self.port, path, method, body, head)
        for name, value in re.findall(r"(csrftoken|sessionid)=([^;]*)", response.getheader("Set-Cookie") or ""):
            self.cookies[name] = value
        return response, data.decode()

    def log_in(self):
        self.request("/login/")
        response, _page = self.request("/login/", "POST", {"username": ORGANIZER, "password": PASSWORD})
        assert response.status == 302


def test_the_organizer_sees_his_publication_on_every_worker(hall):
    organizer = Browser(hall)
    organizer.log_in()
    url = "/t/hall-cup/round/2/"
    organizer.request(url)
    response, page = organizer.request(url)
    assert response.status == 200 and "черновик" in page.lower()
    etag = response.getheader("ETag")
    published, _page = organizer.request("/t/hall-cup/manage/rounds/2/publish/", "POST", {"confirmed": "1"})
    assert published.status == 302
    for _attempt in range(6):  # new connections: the workers take turns
        again, page = organizer.request(url, headers={"If-None-Match": etag})
        assert again.status == 200 and "черновик" not in page.lower()

