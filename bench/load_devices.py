"""The referees of the load test (bench/load_test.py): a phone or tablet on a keep-alive connection that logs in,
opens its table and posts the entry form as the page fills it, the latencies and errors they count, and one
table's partie entered from one device or from two at once."""
from __future__ import annotations

import http.client
import re
import threading
import time
from urllib.parse import urlencode

PASSWORD = "load-test-password-7"
JITTER = 0.2  # a deal takes think ± 20 % to play

VERSION_RE = re.compile(r'name="version" value="(\d+)"')
N_RE = re.compile(r'name="n" value="(\d+)"')
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.latencies, self.errors, self.conflicts, self.requests = [], [], 0, 0
        self.by_kind = {}

    def add(self, seconds, status, what):
        with self.lock:
            self.requests += 1
            self.latencies.append(seconds)
            self.by_kind.setdefault(what, []).append(seconds)
            if status == 409:
                self.conflicts += 1
            elif status is None or status >= 400:
                self.errors.append(f"{what}: {status}")


class Device:
    """One phone or tablet: a keep-alive connection, its cookies, the page it shows."""

    def __init__(self, port, stats, session=None):
        self.port, self.stats = port, stats
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.cookies = {"sessionid": session} if session else {}
        self.page = ""

    def request(self, method, path, body=None, what=""):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
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
        status, self.page, _ = self.request("GET", f"/referee/partie/{partie}/", what="table page")
        return status == 200

    def state(self):
        """(the upcoming deal number or None, the version the page shows)."""
        n, v = N_RE.search(self.page), VERSION_RE.search(self.page)
        return (int(n.group(1)) if n else None), (int(v.group(1)) if v else None)

    def post_deal(self, partie, deal, version, lone_double_blank):
        form = {"csrfmiddlewaretoken": CSRF_RE.search(self.page).group(1), "n": deal["n"], "version": version,
                "result": deal["result"], "out": deal.get("out", ""), "offender": deal.get("offender", "")}
        for seat, hand in (deal.get("hands") or {}).items():
            if isinstance(hand, list):
                form[f"tiles_{seat}"] = " ".join(hand)
            else:
                form[f"hand_{seat}"] = hand
        status, page, location = self.request("POST", f"/referee/partie/{partie}/deal/", form, what="deal")
        if status == 302:
            status, self.page, _ = self.request("GET", location, what="table page")
        else:
            self.page = page
        return status


def play_table(partie, devices, rng, rules, think, barrier_every, sent, results, lone_double_blank, start=0.0):
    """One table's partie. With ``think``: the table sits down ``start`` seconds into the run, and each deal
    takes ``think`` seconds ± ``JITTER`` to play before it is posted; without: every deal at once."""
    from scoring.rules.generate import random_deal

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
