"""The spectators of the load test (bench/load_test.py ``--spectators N``): phones that keep a live page open.

They run in a process of their own (asyncio, one keep-alive connection each), so that thousands of them
neither wait for the referees' threads nor slow them down. Each phone opens its page once, then polls every
``interval`` seconds what that page polls itself, with the ETag it last got (``If-None-Match``) and its
cookies, as a browser does:

* ``standings``: the standings page itself (a phone reloading it);
* ``projector``: the projector's board (htmx, ``HX-Request``), turning to the next page each time;
* ``round``: the public round page, then its results fragment (htmx, every poll).

A connection the server closed while idle (make serve keeps one alive for 20 s, ``WEB_KEEPALIVE``) is opened
again and the request sent once more, as browsers do; a second failure is an error. The parent drives the phases through a pipe:
``lone`` (one phone alone, before the hall starts), ``start``/``stop`` (all of them, while the tables play),
``ramp`` (the polling rate raised step by step on a quiet hall: the knee, where poll p95 passes 100 ms).
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import time
from pathlib import Path

KINDS = ("standings", "projector", "round")
NEXT_PAGE = re.compile(rb'hx-get="\?page=(\d+)')
KNEE_MS = 100


class Closed(Exception):
    """The server closed the connection (idle keep-alive)."""


def percentile(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


class Bucket:
    def __init__(self):
        self.latencies, self.errors, self.statuses, self.retries = [], [], {}, 0
        self.t0 = time.perf_counter()
        self.timeline = []  # (wall clock at the answer, seconds, page, status): DOMINO_LOAD_TIMELINE

    def summary(self):
        seconds = time.perf_counter() - self.t0
        return {"polls": len(self.latencies), "polls_per_s": round(len(self.latencies) / seconds, 1) if seconds else 0,
                "p50_ms": round(percentile(self.latencies, 50) * 1000, 1),
                "p95_ms": round(percentile(self.latencies, 95) * 1000, 1),
                "p99_ms": round(percentile(self.latencies, 99) * 1000, 1),
                "errors": len(self.errors), "error_kinds": sorted(set(self.errors))[:6],
                "statuses": {str(k): v for k, v in sorted(self.statuses.items())}, "reconnects": self.retries}


class Phone:
    def __init__(self, port, slug, kind):
        self.port, self.slug, self.kind = port, slug, kind
        self.reader = self.writer = None
        self.cookies, self.etags = {}, {}
        self.page = 1

    async def _connect(self):
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def _exchange(self, raw):
        self.writer.write(raw)
        await self.writer.drain()
        line = await self.reader.readline()
        if not line:
            raise Closed
        status = int(line.split()[1])
        headers = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                cookie, _, rest = value.partition("=")
                self.cookies[cookie.strip()] = rest.split(";")[0]
            headers[name] = value
        body = b""
        if status != 304 and "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        elif status != 304 and headers.get("transfer-encoding") == "chunked":
            while size := int((await self.reader.readline()).strip() or b"0", 16):
                body += await self.reader.readexactly(size)
                await self.reader.readline()
            await self.reader.readline()
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, headers, body

    async def get(self, path, htmx=False):
        """One request (with the stored ETag of ``path``); (status, body, reconnected)."""
        head = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", "Accept-Language: ru",
                "User-Agent: spectator"]
        if htmx:
            head.append("HX-Request: true")
        if path in self.etags:
            head.append(f"If-None-Match: {self.etags[path]}")
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        raw = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1")
        reconnected = 0
        for attempt in range(2):
            if self.writer is None or self.reader.at_eof():
                await self._connect()
            try:
                status, headers, body = await self._exchange(raw)
                break
            except (Closed, ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise
                reconnected = 1
        if "etag" in headers:
            self.etags[path] = headers["etag"]
        return status, body, reconnected

    def poll_path(self):
        base = f"/t/{self.slug}"
        if self.kind == "standings":
            return f"{base}/standings/", False
        if self.kind == "projector":
            return f"{base}/standings/projector/?page={self.page}", True
        return f"{base}/round/1/results/", True

    async def open(self):
        base = f"/t/{self.slug}"
        first = {"standings": f"{base}/standings/", "projector": f"{base}/standings/projector/",
                 "round": f"{base}/round/1/"}[self.kind]
        status, body, _ = await self.get(first)
        self._turn(body)
        return status

    def _turn(self, body):
        if self.kind == "projector":
            found = NEXT_PAGE.search(body)
            if found:
                self.page = int(found.group(1))

    async def poll(self, bucket):
        path, htmx = self.poll_path()
        t0 = time.perf_counter()
        status = None
        try:
            status, body, reconnected = await self.get(path, htmx)
            bucket.retries += reconnected
            self._turn(body)
        except (OSError, Closed, asyncio.IncompleteReadError, ValueError) as exc:
            self.close()
            bucket.errors.append(f"{self.kind}: {type(exc).__name__}")
        else:
            if status >= 400:
                bucket.errors.append(f"{self.kind}: {status}")
        bucket.latencies.append(time.perf_counter() - t0)
        bucket.timeline.append((round(time.time(), 3), round(bucket.latencies[-1], 4), self.kind, status))
        bucket.statuses[status] = bucket.statuses.get(status, 0) + 1


class Hall:
    """All the phones and the phase their polls are counted in."""

    def __init__(self, port, slug, n, interval, seed):
        self.rng = random.Random(f"spectators:{seed}")
        self.phones = [Phone(port, slug, KINDS[i % len(KINDS)]) for i in range(n)]
        self.interval, self.bucket, self.running = interval, Bucket(), False
        self.port, self.slug = port, slug
        self.tasks = []

    async def lone(self, polls=30):
        """One phone alone, each page: its first visit, then ``polls`` polls 50 ms apart."""
        out = {}
        for kind in KINDS:
            phone, bucket = Phone(self.port, self.slug, kind), Bucket()
            await phone.open()
            for _ in range(polls):
                await phone.poll(bucket)
                await asyncio.sleep(0.05)
            phone.close()
            out[kind] = bucket
        every = Bucket()
        for b in out.values():
            every.latencies += b.latencies
            every.errors += b.errors
            for k, v in b.statuses.items():
                every.statuses[k] = every.statuses.get(k, 0) + v
        return {"all": every.summary(), **{k: b.summary() for k, b in out.items()}}

    async def _run(self, phone):
        await asyncio.sleep(self.rng.uniform(0, self.interval))  # the phones came in at random moments
        try:
            await phone.open()
        except (OSError, Closed, asyncio.IncompleteReadError, ValueError) as exc:
            self.bucket.errors.append(f"{phone.kind} first visit: {type(exc).__name__}")
        due = time.perf_counter()
        while self.running:
            await phone.poll(self.bucket)
            due += self.interval
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            if due < time.perf_counter() - self.interval:  # far behind: do not fire a burst to catch up
                due = time.perf_counter()

    def start(self):
        self.running = True
        self.bucket = Bucket()
        self.tasks = [asyncio.ensure_future(self._run(p)) for p in self.phones]

    def phase(self):
        """The polls counted since the last call; a new count starts."""
        done, self.bucket = self.bucket, Bucket()
        keep = os.environ.get("DOMINO_LOAD_TIMELINE")
        if keep:  # a folder: every poll of the phase, a line each, for a look at what happened when
            with open(Path(keep) / "polls.jsonl", "a") as out:
                out.writelines(json.dumps(row) + "\n" for row in done.timeline)
        return done.summary()

    async def stop(self):
        self.running = False
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for p in self.phones:
            p.close()


async def _serve(conn, port, slug, n, interval, seed):
    hall = Hall(port, slug, n, interval, seed)
    loop = asyncio.get_running_loop()
    while True:
        command, *args = await loop.run_in_executor(None, conn.recv)
        if command == "lone":
            conn.send(await hall.lone())
        elif command == "start":
            hall.start()
            conn.send("started")
        elif command == "phase":
            conn.send(hall.phase())
        elif command == "ramp":
            rates, step = args
            steps = []
            for rate in rates:
                hall.interval = len(hall.phones) / rate
                await asyncio.sleep(step / 3)  # the phones move to the new pace
                hall.phase()
                await asyncio.sleep(step)
                result = {"target_polls_per_s": rate, **hall.phase()}
                steps.append(result)
                if result["p95_ms"] > KNEE_MS or result["polls_per_s"] < 0.8 * rate:
                    break
            conn.send(steps)
        elif command == "stop":
            await hall.stop()
            conn.send("stopped")
            return


def serve(conn, port, slug, n, interval, seed):
    """The child process's entry point (multiprocessing)."""
    asyncio.run(_serve(conn, port, slug, n, interval, seed))


def knee(steps):
    """The first polling rate whose p95 passed the mark (None: never within the steps)."""
    for s in steps:
        if s["p95_ms"] > KNEE_MS:
            return s["polls_per_s"]
    return None
