"""The referees of the load test (bench/load_test.py): a phone or tablet on a keep-alive connection that logs in,
opens its table and posts the entry form as the page fills it, the latencies and errors they count, and one
table's partie entered from one device or from two at once.

A deal is posted as the page's script posts it (static/referees/offline.js, ``quickDeal``): the form's fields
with its one-time key, the headers ``Accept: application/json``, ``X-CSRFToken`` and ``X-Page-Shape``; a saved
deal's JSON answer brings the next deal's number, the version and a fresh key, or names the page to open
(then opened, as the browser does); a refusal is sent again as a plain form, whose answer is the page."""
from __future__ import annotations

import http.client
import json
import re
import threading
import time
from urllib.parse import urlencode

PASSWORD = "load-test-password-7"
JITTER = 0.2  # a deal takes think ± 20 % to play

VERSION_RE = re.compile(r'name="version" value="(\d+)"')
N_RE = re.compile(r'name="n" value="(\d+)"')
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
DEAL_KEY_RE = re.compile(r'id="deal-form".*?name="form_key" value="([^"]+)"', re.S)
SHAPE_RE = re.compile(r'data-shape="([^"]*)"')


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.latencies, self.errors, self.conflicts, self.requests = [], [], 0, 0
        self.by_kind = {}
        self.timeline = []  # (wall clock at the answer, seconds, what, status): DOMINO_LOAD_TIMELINE

    def add(self, seconds, status, what):
        with self.lock:
            self.timeline.append((round(time.time(), 3), round(seconds, 4), what, status))
            self.requests += 1
            self.latencies.append(seconds)
            self.by_kind.setdefault(what, []).append(seconds)
            if status == 409:
                self.conflicts += what != "deal (page)"  # a refused deal sent again the plain way: one conflict
            elif status is None or status >= 400:
                self.errors.append(f"{what}: {status}")


class Device:
    """One phone or tablet: a keep-alive connection, its cookies, the page it shows."""

    def __init__(self, port, stats, session=None):
        self.port, self.stats = port, stats
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.cookies = {"sessionid": session} if session else {}
        self.csrf = ""
        self.show("")

    def request(self, method, path, body=None, what="", extra=None):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **(extra or {})}
        if body is not None:
            body = urlencode(body)
            headers.update({"Content-Type": "application/x-www-form-urlencoded",
                            "Referer": f"http://127.0.0.1:{self.port}{path}"})
        t0 = time.perf_counter()
        status = None
        try:
            for attempt in range(2):
                try:
                    self.conn.request(method, path, body=body, headers=headers)
                    response = self.conn.getresponse()
                    break
                except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                    if attempt:  # a keep-alive connection closed by the server: once more on a new one
                        raise
                    self.conn.close()
            data = response.read().decode("utf-8", "replace")
            status = response.status
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name.strip()] = rest.split(";")[0]
            return status, data, response.getheader("Location")
        except OSError as exc:
            self.conn.close()
            return None, str(exc), None
        finally:
            self.stats.add(time.perf_counter() - t0, status, what or path)

    def login(self, username):
        status, page, _ = self.request("GET", "/login/", what="login page")
        token = CSRF_RE.search(page or "")
        status, _, _ = self.request("POST", "/login/", {"csrfmiddlewaretoken": token.group(1) if token else "",
                                                       "username": username, "password": PASSWORD}, what="login")
        return status == 302

    def open(self, partie):
        status, page, _ = self.request("GET", f"/referee/partie/{partie}/", what="table page")
        self.show(page)
        return status == 200

    def show(self, page):
        """What the device reads off a page it was given: the next deal, the version, the deal form's key."""
        self.page = page or ""
        n, v = N_RE.search(self.page), VERSION_RE.search(self.page)
        key, shape = DEAL_KEY_RE.search(self.page), SHAPE_RE.search(self.page)
        self.n, self.version = (int(n.group(1)) if n else None), (int(v.group(1)) if v else None)
        self.key, self.shape = (key.group(1) if key else ""), (shape.group(1) if shape else "")
        csrf = CSRF_RE.search(self.page)
        self.csrf = csrf.group(1) if csrf else getattr(self, "csrf", "")

    def state(self):
        """(the upcoming deal number or None, the version the page shows)."""
        return self.n, self.version

    def post_deal(self, partie, deal, version, lone_double_blank):
        form = {"csrfmiddlewaretoken": self.csrf, "form_key": self.key, "n": deal["n"], "version": version,
                "result": deal["result"], "out": deal.get("out", ""), "offender": deal.get("offender", "")}
        for seat, hand in (deal.get("hands") or {}).items():
            if isinstance(hand, list):
                form[f"tiles_{seat}"] = " ".join(hand)
            else:
                form[f"hand_{seat}"] = hand
        url = f"/referee/partie/{partie}/deal/"
        status, body, location = self.request("POST", url, form, what="deal", extra={
            "Accept": "application/json", "X-CSRFToken": self.csrf, "X-Page-Shape": self.shape})
        try:
            answer = json.loads(body) if status is not None else None
        except ValueError:
            answer = None
        if isinstance(answer, dict) and answer.get("result") == "saved":
            if answer.get("reload"):
                status, page, _ = self.request("GET", answer["reload"].split("#")[0], what="table page")
                self.show(page)
            else:
                # The partie's last deal (``ended``) brings the signatures instead of a deal form: no key.
                self.n, self.version, self.key = answer["next"], answer["version"], answer.get("form_key", "")
            return status
        if status is None or status >= 500:
            return status
        # A refusal (or an answer that is no JSON): the script sends the same form the plain way.
        status, page, location = self.request("POST", url, form, what="deal (page)")
        if status == 302:
            status, page, _ = self.request("GET", location, what="table page")
        self.show(page)
        return status


def play_table(partie, devices, rng, rules, think, barrier_every, sent, results, lone_double_blank, start=0.0):
    """One table's partie. With ``think``: the table sits down ``start`` seconds into the run, and each deal
    takes ``think`` seconds ± ``JITTER`` to play before it is posted; without: every deal at once."""
    from engine.rules.generate import random_deal

    main = devices[0]
    if start:
        time.sleep(start)
    for d in devices:
        if not d.open(partie):
            results["failed"] += 1
            return
    deals = []
    while True:
        n, version = main.state()
        if n is None or n > 12:
            break
        deal = random_deal(rng, n, rules)
        if think:  # the deal is played at the table, then entered
            time.sleep(think * rng.uniform(1 - JITTER, 1 + JITTER))
        if len(devices) > 1 and n in barrier_every:
            versions = [d.state()[1] for d in devices]
            statuses = [None, None]
            threads = [threading.Thread(target=lambda i=i: statuses.__setitem__(
                i, devices[i].post_deal(partie, deal, versions[i], lone_double_blank))) for i in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            with results["lock"]:
                results["conflicts_expected"] += 1
                results["double_saved"] += statuses.count(200) > 1
            if 409 in statuses:
                loser = devices[statuses.index(409)]
                loser.open(partie)
            if main.state()[0] == n:  # the main device lost, or both failed: read its page again
                main.open(partie)
            if main.state()[0] == n and 409 not in statuses:  # neither saved it: send it again
                main.post_deal(partie, deal, main.state()[1], lone_double_blank)
        else:
            status = main.post_deal(partie, deal, version, lone_double_blank)
            if status is None or status >= 500:
                # What a referee does after an error: open the table again; if the deal is not there, send it again.
                main.open(partie)
                if main.state()[0] == n:
                    main.post_deal(partie, deal, main.state()[1], lone_double_blank)
        if main.state()[0] == n:
            break  # refused twice: counted as errors, the table will be reported
        deals.append(deal)
    sent[str(partie)] = deals
